//===- rewrite/AssertUndefs.cpp - #undef NDEBUG under a feature -----------===//

#include "rewrite/AssertUndefs.h"

#include "rewrite/MacroUses.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace varsim::rewrite {
namespace {

bool includesAssertHeader(const Directive &D) {
  llvm::StringRef B = llvm::StringRef(D.Body).trim();
  return D.Kind == DirectiveKind::Include &&
         (B == "<assert.h>" || B == "\"assert.h\"");
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

std::map<std::pair<std::string, unsigned>, std::string>
findAssertUndefs(const std::map<std::string, std::string> &Texts,
                 const std::map<std::string, FileStructure> &Structures,
                 const std::map<std::string, FileGroups> &Groups,
                 const std::vector<ParseResult> &Results,
                 const std::map<std::string, std::set<unsigned>> &ReadBy,
                 const std::set<std::string> &TestedMacros,
                 const std::function<std::string(const std::string &)> &Shown,
                 const FeatureSetup &F) {
  std::map<std::pair<std::string, unsigned>, std::string> Out;
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
            std::string &Why = Out[{File, Ds[K]}];
            Why = Elsewhere;
            if (!Why.empty())
              continue;
            // Every occurrence of `assert` in the files read with this one.
            const CondPtr &Where = FG.Groups[GI].Presence[BI];
            auto Here = ReadBy.find(File);
            if (Here == ReadBy.end())
              continue;
            for (const auto &[Other, Text] : Texts) {
              auto Readers = ReadBy.find(Other);
              auto OS = Structures.find(Other);
              auto OG = Groups.find(Other);
              if (Readers == ReadBy.end() || OS == Structures.end() ||
                  OG == Groups.end() ||
                  llvm::none_of(Readers->second, [&](unsigned I) {
                    return Here->second.count(I) != 0;
                  }))
                continue;
              for (const auto &[Offset, Name] :
                   findIdentifiers(Text, {"assert"})) {
                auto DIt = llvm::partition_point(
                    OS->second.Directives,
                    [&](const Directive &X) { return X.End <= Offset; });
                if (DIt != OS->second.Directives.end() &&
                    DIt->Begin <= Offset && includesAssertHeader(*DIt))
                  continue; // The header's name.
                if (reachableOutside(Other, Offset, OS->second, OG->second,
                                     Results, Readers->second, Where, F)) {
                  Why = "'assert' is used at " + Shown(Other) + ":" +
                        std::to_string(lineOf(Text, Offset)) +
                        ", where the feature's branch may be off (there, "
                        "NDEBUG would still be defined)";
                  break;
                }
              }
              if (!Why.empty())
                break;
            }
          }
        }
      });
  return Out;
}

} // namespace varsim::rewrite
