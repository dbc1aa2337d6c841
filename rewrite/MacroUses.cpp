//===- rewrite/MacroUses.cpp - Where a macro's name occurs ----------------===//

#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace varsim::rewrite {
namespace {

bool isConditional(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::If:
  case DirectiveKind::Ifdef:
  case DirectiveKind::Ifndef:
  case DirectiveKind::Elif:
  case DirectiveKind::Elifdef:
  case DirectiveKind::Elifndef:
  case DirectiveKind::Else:
  case DirectiveKind::Endif:
    return true;
  default:
    return false;
  }
}

/// Where a macro is defined: one feature group's branches, or anywhere
/// else (then it is not a candidate).
struct Definitions {
  std::string File;
  unsigned Group = 0;
  std::set<unsigned> Branches;
  std::set<unsigned> Directives;
  bool Candidate = true;
  /// Every #define in some feature group (perhaps several): the macro may
  /// be unread (only tested by #if lines, which the rewrite resolves).
  bool InFeatureGroups = true;
  std::map<std::string, std::set<unsigned>> AllDirectives; ///< By file.
  /// Definitions that an #undef in the same place ends before any other
  /// directive names the macro (`#define ROTL8(x) ...` / uses / `#undef
  /// ROTL8`; in a feature branch, only before a definition in another
  /// group): (file, offset range, #undef index).
  /// Their uses are theirs; they must end before the candidate group.
  struct Closed {
    std::string File;
    unsigned Begin = 0, End = 0, Undef = 0;
  };
  std::vector<Closed> ClosedBefore;
};

/// Whether directive DI (Holder: its innermost group and branch) lies in
/// a branch whose test is 0, directly or in an enclosing branch.
bool settledOff(const FileStructure &FS,
                const std::map<unsigned, std::pair<unsigned, unsigned>> &Holder,
                unsigned DI) {
  auto H = Holder.find(DI);
  if (H == Holder.end())
    return false;
  std::optional<unsigned> GI = H->second.first;
  unsigned BI = H->second.second;
  while (GI) {
    const CondGroup &G = FS.Groups[*GI];
    const CondPtr &C = G.Branches[BI].Condition;
    if (C && C->K == Cond::Int && C->Value == 0)
      return true;
    BI = G.ParentBranch;
    GI = G.ParentGroup;
  }
  return false;
}

} // namespace

std::vector<std::pair<unsigned, std::string>>
findIdentifiers(llvm::StringRef Text, const std::set<std::string> &Names) {
  std::vector<std::pair<unsigned, std::string>> Out;
  forEachToken(Text, [&](const SourceToken &T) {
    if (T.K != SourceToken::Identifier)
      return;
    std::string Id = Text.slice(T.Begin, T.End).str();
    if (Names.count(Id))
      Out.push_back({T.Begin, std::move(Id)});
  });
  return Out;
}

std::set<std::string> findConfinedMacros(
    const std::map<std::string, std::string> &Texts,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, FileGroups> &Groups, const FeatureSetup &F,
    const UnexpandedText &Unexpanded,
    std::map<std::string, std::pair<std::string, unsigned>> *UsedOutside) {
  // Every #define of the project, by macro.
  std::map<std::string, Definitions> Defs;
  for (const auto &[File, FS] : Structures) {
    auto FGIt = Groups.find(File);
    std::map<unsigned, std::pair<unsigned, unsigned>> Holder;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
      for (unsigned BI = 0; BI < FS.Groups[GI].Branches.size(); ++BI)
        for (unsigned D : FS.Groups[GI].Branches[BI].Directives)
          Holder[D] = {GI, BI};
    auto PlaceOf = [&](unsigned DI) {
      auto H = Holder.find(DI);
      return H == Holder.end() ? std::pair<unsigned, unsigned>{~0u, 0}
                               : H->second;
    };
    for (unsigned DI = 0; DI < FS.Directives.size(); ++DI) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind != DirectiveKind::Define)
        continue;
      // In a branch no configuration enters (its test settled to 0 by
      // rewrite/DerivedMacros.h): defines nothing.
      if (settledOff(FS, Holder, DI))
        continue;
      Definitions &Ds = Defs[D.Macro];
      auto H = Holder.find(DI);
      bool InFeatureGroup = H != Holder.end() && FGIt != Groups.end() &&
                            FGIt->second.Groups[H->second.first].IsFeature;
      auto NextNaming = [&](unsigned From) {
        while (From < FS.Directives.size() &&
               FS.Directives[From].Macro != D.Macro)
          ++From;
        return From;
      };
      unsigned Next = NextNaming(DI + 1);
      bool ClosedHere = Next < FS.Directives.size() &&
                        FS.Directives[Next].Kind == DirectiveKind::Undef &&
                        PlaceOf(Next) == PlaceOf(DI);
      // In a feature branch, a closed pair is another macro only when the
      // next definition lies in another group (Mbed TLS AES: `#define
      // ROTL8` / uses / `#undef ROTL8` in the #else of
      // MBEDTLS_AES_ROM_TABLES, then ROTL8 again under
      // MBEDTLS_AES_FEWER_TABLES); pairs in the branches of one group stay
      // that group's definitions.
      if (ClosedHere && InFeatureGroup) {
        unsigned After = NextNaming(Next + 1);
        ClosedHere = After < FS.Directives.size() &&
                     FS.Directives[After].Kind == DirectiveKind::Define &&
                     PlaceOf(After).first != PlaceOf(DI).first;
      }
      if (ClosedHere) {
        Ds.ClosedBefore.push_back(
            {File, D.Begin, FS.Directives[Next].End, Next});
        Ds.AllDirectives[File].insert(DI);
        Ds.InFeatureGroups = false;
        continue;
      }
      Ds.AllDirectives[File].insert(DI);
      if (H == Holder.end() || FGIt == Groups.end() ||
          !FGIt->second.Groups[H->second.first].IsFeature)
        Ds.InFeatureGroups = false;
      if (H == Holder.end() || FGIt == Groups.end() ||
          !FGIt->second.Groups[H->second.first].IsFeature ||
          (!Ds.Directives.empty() &&
           (Ds.File != File || Ds.Group != H->second.first))) {
        Ds.Candidate = false;
        continue;
      }
      Ds.File = File;
      Ds.Group = H->second.first;
      Ds.Branches.insert(H->second.second);
      Ds.Directives.insert(DI);
    }
  }
  // Unread: defined in several feature groups, named nowhere but in
  // conditional directives (which the rewrite resolves into feature
  // conditions, or else refuses) and in its own #defines.
  std::set<std::string> Unread;
  for (const auto &[M, Ds] : Defs)
    if (!Ds.Candidate && Ds.InFeatureGroups && !F.isFeatureMacro(M))
      Unread.insert(M);
  for (const auto &[File, Text] : Texts) {
    if (Unread.empty())
      break;
    auto SIt = Structures.find(File);
    if (SIt == Structures.end())
      continue;
    const FileStructure &FS = SIt->second;
    for (const auto &[Offset, M] : findIdentifiers(Text, Unread)) {
      auto DIt = llvm::partition_point(
          FS.Directives, [&](const Directive &D) { return D.End <= Offset; });
      bool InDirective = DIt != FS.Directives.end() && DIt->Begin <= Offset;
      unsigned DI = static_cast<unsigned>(DIt - FS.Directives.begin());
      auto &Own = Defs.at(M).AllDirectives;
      bool OwnDefine = InDirective && Own.count(File) && Own[File].count(DI);
      if (!(InDirective && (isConditional(DIt->Kind) || OwnDefine)))
        Unread.erase(M);
    }
  }

  std::set<std::string> Names;
  for (const auto &[M, Ds] : Defs)
    if (Ds.Candidate && !Ds.Directives.empty() && !F.isFeatureMacro(M) &&
        llvm::all_of(Ds.ClosedBefore, [&](const Definitions::Closed &C) {
          return C.File == Ds.File && C.Undef < *Ds.Directives.begin();
        }))
      Names.insert(M);
  if (Names.empty())
    return Unread;

  // Where each candidate is defined (the disjunction of its branches'
  // presence conditions), and whether every occurrence implies it.
  std::map<std::string, CondPtr> Where;
  for (const std::string &M : Names) {
    const Definitions &Ds = Defs.at(M);
    const FileGroups &FG = Groups.at(Ds.File);
    std::vector<CondPtr> Any;
    for (unsigned BI : Ds.Branches)
      Any.push_back(FG.Groups[Ds.Group].Presence[BI]);
    Where[M] = makeOr(Any);
  }
  std::map<std::pair<std::string, std::string>, bool> Implied;
  for (const auto &[File, Text] : Texts) {
    auto SIt = Structures.find(File);
    auto GIt = Groups.find(File);
    if (SIt == Structures.end() || GIt == Groups.end())
      continue;
    const FileStructure &FS = SIt->second;
    for (const auto &[Offset, M] : findIdentifiers(Text, Names)) {
      if (!Names.count(M))
        continue;
      // The directive holding the occurrence, if any.
      auto DIt = llvm::partition_point(
          FS.Directives, [&](const Directive &D) { return D.End <= Offset; });
      const Directive *In =
          DIt != FS.Directives.end() && DIt->Begin <= Offset ? &*DIt : nullptr;
      unsigned DI = static_cast<unsigned>(DIt - FS.Directives.begin());
      const Definitions &Ds = Defs.at(M);
      if (In && (isConditional(In->Kind) ||
                 (File == Ds.File && Ds.Directives.count(DI))))
        continue;
      if (llvm::any_of(Ds.ClosedBefore, [&](const Definitions::Closed &C) {
            return C.File == File && C.Begin <= Offset && Offset < C.End;
          }))
        continue; // A use of the earlier, closed definition.
      if (Unexpanded.contains(File, Offset))
        continue; // Never expanded: `assert(M(x))` under NDEBUG.
      CondPtr PC = GIt->second.presenceAt(FS, Offset);
      std::string Key = conditionText(*PC, F);
      auto [It, New] = Implied.try_emplace({M, Key}, false);
      if (New)
        It->second = !isSatisfiable(*makeAnd({PC, makeNot(Where.at(M))}), F);
      if (!It->second) {
        Names.erase(M);
        if (UsedOutside)
          UsedOutside->try_emplace(M, File, Offset);
      }
    }
  }
  Names.insert(Unread.begin(), Unread.end());
  return Names;
}

std::set<std::string> macroParameters(llvm::StringRef Definition,
                                      llvm::StringRef Name) {
  std::set<std::string> Params;
  llvm::StringRef List = Definition.drop_front(Name.size());
  if (!List.consume_front("("))
    return Params;
  List = List.take_until([](char C) { return C == ')'; });
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',');
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Params.insert(P.trim().str());
  return Params;
}

} // namespace varsim::rewrite
