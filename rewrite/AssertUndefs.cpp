//===- rewrite/AssertUndefs.cpp - #undef NDEBUG under a feature -----------===//

#include "rewrite/AssertUndefs.h"

#include "rewrite/IncludeGuards.h"
#include "rewrite/MacroUses.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite {
namespace {

bool includesAssertHeader(const Directive &D) {
  llvm::StringRef B = llvm::StringRef(D.Body).trim();
  return D.Kind == DirectiveKind::Include &&
         (B == "<assert.h>" || B == "\"assert.h\"" || B == "<cassert>");
}

/// The project file a quoted #include of Includer names: next to the
/// includer, else the one project file of that name (found through -I).
std::optional<std::string>
includedFile(const std::string &Includer, const Directive &D,
             const std::map<std::string, FileStructure> &Structures) {
  auto Path = quotedIncludePath(Includer, D);
  if (!Path)
    return std::nullopt;
  if (Structures.count(*Path))
    return Path;
  llvm::StringRef Name =
      llvm::StringRef(D.Body).trim().drop_front().drop_back();
  std::optional<std::string> Found;
  for (const auto &[File, _] : Structures)
    if (llvm::StringRef(File).ends_with("/" + Name.str())) {
      if (Found)
        return std::nullopt; // Ambiguous.
      Found = File;
    }
  return Found;
}

/// The project files that File includes through directives before
/// Offset, and what they include, transitively.
std::set<std::string>
includedBefore(const std::string &File, unsigned Offset,
               const std::map<std::string, FileStructure> &Structures) {
  std::set<std::string> Out;
  std::vector<std::pair<std::string, unsigned>> Work = {{File, Offset}};
  while (!Work.empty()) {
    auto [Includer, Limit] = Work.back();
    Work.pop_back();
    for (const Directive &D : Structures.at(Includer).Directives) {
      if (D.Begin >= Limit)
        break;
      if (D.Kind != DirectiveKind::Include)
        continue;
      if (auto Inc = includedFile(Includer, D, Structures))
        if (Out.insert(*Inc).second)
          Work.push_back({*Inc, ~0u});
    }
  }
  return Out;
}

/// Whether directive J of Other, a file no project file includes (a
/// translation unit's own source), comes before every directive of Other
/// that leads to File: `#include <assert.h>` above `#include "debug.h"`.
bool aboveFirstInclusion(
    const std::string &Other, unsigned J, const std::string &File,
    const std::map<std::string, FileStructure> &Structures) {
  for (const auto &[Includer, FS] : Structures)
    for (const Directive &D : FS.Directives)
      if (D.Kind == DirectiveKind::Include &&
          includedFile(Includer, D, Structures) == Other)
        return false;
  const FileStructure &OS = Structures.at(Other);
  for (unsigned I = 0; I < J; ++I) {
    const Directive &D = OS.Directives[I];
    if (D.Kind != DirectiveKind::Include)
      continue;
    auto Inc = includedFile(Other, D, Structures);
    if (Inc &&
        (*Inc == File || includedBefore(*Inc, ~0u, Structures).count(File)))
      return false;
  }
  return true;
}

/// Whether `assert` at Offset of File may be reached where Where does not
/// hold: some parse reading File did not skip it, and its presence
/// condition does not imply Where.
bool reachableOutside(const std::string &File, unsigned Offset,
                      const FileStructure &FS, const FileGroups &FG,
                      const std::vector<ParseResult> &Results,
                      const std::set<unsigned> &Readers, const CondPtr &Where,
                      const FeatureSetup &F) {
  bool Live = llvm::any_of(Readers, [&](unsigned I) {
    auto It = Results[I].Files.find(File);
    return It != Results[I].Files.end() &&
           !It->second.isSkippedByEveryInclusion(Offset);
  });
  if (!Live)
    return false;
  CondPtr PC = FG.presenceAt(FS, Offset);
  return isSatisfiable(*makeAnd({PC, makeNot(Where)}), F);
}

unsigned lineOf(llvm::StringRef Text, unsigned Offset) {
  return 1 + static_cast<unsigned>(Text.take_front(Offset).count('\n'));
}

} // namespace

std::string assertSwitchName(llvm::StringRef File, unsigned Line) {
  std::string Name = "VARSIM_ASSERT_ON_";
  for (char C : llvm::sys::path::stem(File))
    Name += llvm::isAlnum(C) ? C : '_';
  return Name + "_" + std::to_string(Line);
}

std::map<std::pair<std::string, unsigned>, AssertUndef>
findAssertUndefs(const std::map<std::string, std::string> &Texts,
                 const std::map<std::string, FileStructure> &Structures,
                 const std::map<std::string, FileGroups> &Groups,
                 const std::vector<ParseResult> &Results,
                 const std::map<std::string, std::set<unsigned>> &ReadBy,
                 const std::set<std::string> &TestedMacros,
                 const std::function<std::string(const std::string &)> &Shown,
                 const FeatureSetup &F) {
  std::map<std::pair<std::string, unsigned>, AssertUndef> Out;
  if (F.isFeatureMacro("NDEBUG"))
    return Out;
  // NDEBUG defined by the project, or tested by its #if lines: the #undef
  // would be seen by more than <assert.h>.
  std::string Elsewhere;
  if (TestedMacros.count("NDEBUG"))
    Elsewhere = "NDEBUG is tested by an #if of the project";
  for (const auto &[File, FS] : Structures)
    for (const Directive &D : FS.Directives)
      if (Elsewhere.empty() && D.Kind == DirectiveKind::Define &&
          D.Macro == "NDEBUG")
        Elsewhere = "NDEBUG is defined at " + Shown(File) + ":" +
                    std::to_string(D.Line);

  forEachFeatureGroup(
      Structures, Groups,
      [&](const std::string &File, const FileStructure &FS,
          const FileGroups &FG, unsigned GI) {
        const CondGroup &G = FS.Groups[GI];
        for (unsigned BI = 0; BI < G.Branches.size(); ++BI) {
          const std::vector<unsigned> &Ds = G.Branches[BI].Directives;
          for (size_t K = 0; K + 1 < Ds.size(); ++K) {
            const Directive &D = FS.Directives[Ds[K]];
            if (D.Kind != DirectiveKind::Undef || D.Macro != "NDEBUG" ||
                Ds[K + 1] != Ds[K] + 1 ||
                !includesAssertHeader(FS.Directives[Ds[K + 1]]))
              continue;
            AssertUndef &U = Out[{File, Ds[K]}];
            U.Refusal = Elsewhere;
            if (!U.Refusal.empty())
              continue;
            // Every occurrence of `assert` in the files read with this one.
            const CondPtr &Where = FG.Groups[GI].Presence[BI];
            U.Presence = Where;
            auto Here = ReadBy.find(File);
            if (Here == ReadBy.end())
              continue;
            auto ReadWithThis = [&](const std::string &Other) {
              auto Readers = ReadBy.find(Other);
              return Readers != ReadBy.end() && Structures.count(Other) &&
                     Groups.count(Other) &&
                     llvm::any_of(Readers->second, [&](unsigned I) {
                       return Here->second.count(I) != 0;
                     });
            };
            std::string Outside;
            for (const auto &[Other, Text] : Texts) {
              if (!ReadWithThis(Other))
                continue;
              const FileStructure &OS = Structures.at(Other);
              for (const auto &[Offset, Name] :
                   findIdentifiers(Text, {"assert"})) {
                auto DIt = llvm::partition_point(
                    OS.Directives,
                    [&](const Directive &X) { return X.End <= Offset; });
                if (DIt != OS.Directives.end() && DIt->Begin <= Offset &&
                    includesAssertHeader(*DIt))
                  continue; // The header's name.
                if (reachableOutside(Other, Offset, OS, Groups.at(Other),
                                     Results, ReadBy.at(Other), Where, F)) {
                  Outside = "'assert' is used at " + Shown(Other) + ":" +
                            std::to_string(lineOf(Text, Offset)) +
                            ", where the feature's branch may be off (there, "
                            "NDEBUG would still be defined)";
                  break;
                }
              }
              if (!Outside.empty())
                break;
            }
            if (Outside.empty())
              continue;
            // `assert` made conditional after this inclusion, unless
            // <assert.h> may be included again after it.
            std::set<std::string> Before =
                includedBefore(File, D.Begin, Structures);
            std::string Again;
            for (const auto &[Other, OS] : Structures) {
              if (!ReadWithThis(Other))
                continue;
              for (unsigned J = 0; J < OS.Directives.size() && Again.empty();
                   ++J) {
                const Directive &I = OS.Directives[J];
                if (!includesAssertHeader(I) ||
                    (Other == File && J <= Ds[K] + 1))
                  continue;
                auto OtherText = Texts.find(Other);
                if (Other != File && Before.count(Other) &&
                    OtherText != Texts.end() &&
                    guardsItself(OtherText->second, OS))
                  continue;
                if (Other != File &&
                    aboveFirstInclusion(Other, J, File, Structures))
                  continue;
                bool Live = llvm::any_of(ReadBy.at(Other), [&](unsigned R) {
                  auto It = Results[R].Files.find(Other);
                  return It != Results[R].Files.end() &&
                         !It->second.isSkippedByEveryInclusion(I.Begin);
                });
                if (Live)
                  Again = Shown(Other) + ":" + std::to_string(I.Line);
              }
              if (!Again.empty())
                break;
            }
            if (Again.empty())
              U.Conditional = true;
            else
              U.Refusal = Outside + ", and <assert.h> is included again at " +
                          Again +
                          ", which could make `assert` check there in every "
                          "configuration";
          }
        }
      });
  return Out;
}

} // namespace varsim::rewrite
