//===- rewrite/FeatureGroups.cpp - #if groups on feature macros -----------===//

#include "rewrite/FeatureGroups.h"

#include "runtime/SimulatorTables.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <set>

namespace varsim::rewrite {

namespace {

/// Splits a conjunction into its operands over non-feature macros only
/// (Platform) and over features only (Feature); false if an operand mixes
/// both.
bool splitCondition(const CondPtr &C, const FeatureSetup &F, CondPtr &Platform,
                    CondPtr &Feature) {
  std::vector<CondPtr> Operands, P, Fe;
  std::function<void(const CondPtr &)> Flatten = [&](const CondPtr &N) {
    if (N->K == Cond::Binary && N->Op == "&&") {
      Flatten(N->Operands[0]);
      Flatten(N->Operands[1]);
    } else {
      Operands.push_back(N);
    }
  };
  Flatten(C);
  for (const CondPtr &O : Operands) {
    std::set<std::string> Ms;
    collectMacros(*O, Ms);
    bool AnyFeature = false, AnyOther = false;
    for (const std::string &M : Ms)
      (F.isFeatureMacro(M) ? AnyFeature : AnyOther) = true;
    if (AnyFeature && AnyOther)
      return false;
    (AnyOther ? P : Fe).push_back(O);
  }
  Platform = P.empty() ? nullptr : makeAnd(P);
  Feature = Fe.empty() ? nullptr : makeAnd(Fe);
  return true;
}

} // namespace

FileGroups analyzeGroups(const FileStructure &FS, const FeatureSetup &F) {
  FileGroups R;
  size_t N = FS.Groups.size();
  R.Groups.resize(N);
  for (size_t GI = 0; GI < N; ++GI) {
    const CondGroup &G = FS.Groups[GI];
    GroupInfo &Info = R.Groups[GI];
    std::set<std::string> Macros;
    for (const CondGroup::Branch &B : G.Branches)
      if (B.Condition)
        collectMacros(*B.Condition, Macros);
    for (const std::string &M : Macros) {
      if (F.isFeatureMacro(M))
        Info.IsFeature = true;
      else
        Info.MixedMacros.push_back(M);
    }
    if (!Info.IsFeature)
      Info.MixedMacros.clear();
    Info.PlatformPart.resize(G.Branches.size());
    Info.FeaturePart.resize(G.Branches.size());
    if (Info.IsFeature && !Info.MixedMacros.empty()) {
      bool Ok = true;
      for (size_t BI = 0; BI < G.Branches.size() && Ok; ++BI)
        if (G.Branches[BI].Condition)
          Ok = splitCondition(G.Branches[BI].Condition, F,
                              Info.PlatformPart[BI], Info.FeaturePart[BI]);
      Info.Separable = Ok;
      if (Ok)
        Info.MixedMacros.clear();
    }

    // The presence condition of the enclosing feature branch, if any.
    CondPtr Outer = makeInt(1);
    if (G.ParentGroup) {
      // Groups come in order of their #if, so the parent is done.
      Outer = R.Groups[*G.ParentGroup].Presence[G.ParentBranch];
    }
    std::vector<CondPtr> Earlier, EarlierWithoutPlatform;
    bool AfterPlatformPart = false;
    Info.PresenceIfPlatformFalse.resize(G.Branches.size());
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      CondPtr Test =
          Info.Separable && B.Condition
              ? (Info.FeaturePart[BI] ? Info.FeaturePart[BI] : makeInt(1))
              : B.Condition;
      auto OwnOf = [&](const std::vector<CondPtr> &Before) {
        std::vector<CondPtr> Parts;
        for (const CondPtr &E : Before)
          Parts.push_back(makeNot(E));
        if (Test)
          Parts.push_back(Test);
        return Info.IsFeature ? makeAnd(Parts) : makeInt(1);
      };
      CondPtr Own = OwnOf(Earlier);
      Info.Own.push_back(Own);
      Info.Presence.push_back(makeAnd({Outer, Own}));
      if (AfterPlatformPart)
        Info.PresenceIfPlatformFalse[BI] =
            makeAnd({Outer, OwnOf(EarlierWithoutPlatform)});
      if (Test)
        Earlier.push_back(Test);
      bool HasPlatformPart = Info.Separable && Info.PlatformPart[BI];
      if (Test && !HasPlatformPart)
        EarlierWithoutPlatform.push_back(Test);
      AfterPlatformPart = AfterPlatformPart || HasPlatformPart;
    }
    if (Info.IsFeature) {
      for (const CondGroup::Branch &B : G.Branches)
        R.Watched.push_back(B.DirectiveIndex);
      R.Watched.push_back(G.EndifIndex);
    }
  }
  return R;
}

CondPtr FileGroups::presenceAt(const FileStructure &FS, unsigned Offset) const {
  CondPtr Best = makeInt(1);
  unsigned BestSize = ~0u;
  for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!Groups[GI].IsFeature)
      continue;
    const CondGroup &G = FS.Groups[GI];
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (B.ContentBegin <= Offset && Offset < B.ContentEnd &&
          B.ContentEnd - B.ContentBegin < BestSize) {
        BestSize = B.ContentEnd - B.ContentBegin;
        Best = Groups[GI].Presence[BI];
      }
    }
  }
  return Best;
}

unsigned declarationStart(const FileStructure &FS, unsigned Begin,
                          unsigned Name) {
  auto Close = [&](unsigned GI) {
    return FS.Directives[FS.Groups[GI].EndifIndex].End;
  };
  // Only groups that close in (Begin, Name] can move Begin; each move
  // (to a group's #if) can bring earlier-closing groups in.
  for (bool Changed = true; Changed;) {
    Changed = false;
    auto First = llvm::partition_point(
        FS.GroupsByEnd, [&](unsigned GI) { return Close(GI) <= Begin; });
    for (auto It = First; It != FS.GroupsByEnd.end() && Close(*It) <= Name;
         ++It) {
      const CondGroup &G = FS.Groups[*It];
      unsigned Open = FS.Directives[G.Branches.front().DirectiveIndex].Begin;
      if (Open < Begin && Begin < Close(*It)) {
        Begin = Open;
        Changed = true;
      }
    }
  }
  return Begin;
}

bool holds(const Cond &C, const fm::Configuration &Cfg, const FeatureSetup &F) {
  return evaluate(C, [&](llvm::StringRef M) { return F.macroValue(Cfg, M); }) !=
         0;
}

namespace {

/// The model literals of a conjunction over boolean features, if it is one.
std::optional<std::vector<fm::Literal>> literalsOf(const Cond &C,
                                                   const FeatureSetup &F) {
  auto Conj = asConjunction(C);
  if (!Conj)
    return std::nullopt;
  std::vector<fm::Literal> Out;
  for (const MacroLiteral &L : *Conj) {
    auto It = F.ByMacro.find(L.Macro);
    if (It == F.ByMacro.end() || F.isNumeric(L.Macro))
      return std::nullopt;
    Out.push_back({It->second, L.Negated});
  }
  return Out;
}

std::optional<fm::Configuration> satisfying(const Cond &C,
                                            const FeatureSetup &F) {
  if (auto Lits = literalsOf(C, F)) {
    auto Cfg = F.Model.findValid(*Lits);
    if (Cfg && holds(C, *Cfg, F))
      return Cfg;
    if (!Cfg)
      return std::nullopt;
  }
  std::optional<fm::Configuration> Found;
  unsigned Budget = 200000;
  F.Model.forEachValid([&](const fm::Configuration &Cfg) {
    if (holds(C, Cfg, F)) {
      Found = Cfg;
      return false;
    }
    return --Budget != 0;
  });
  return Found;
}

} // namespace

std::optional<fm::Configuration> findSatisfying(const Cond &C,
                                                const FeatureSetup &F) {
  return satisfying(C, F);
}

bool isSatisfiable(const Cond &C, const FeatureSetup &F) {
  return satisfying(C, F).has_value();
}

namespace {

/// includeContexts' walk: each file's context, memoized.
class IncludeContexts {
public:
  IncludeContexts(const std::map<std::string, FileStructure> &Structures,
                  const std::map<std::string, FileGroups> &Groups,
                  const std::set<std::string> &Units, const FeatureSetup &F)
      : Units(Units), F(F) {
    IncludeTargets Targets(Structures);
    for (const auto &[File, FS] : Structures) {
      auto G = Groups.find(File);
      for (const Directive &D : FS.Directives) {
        std::optional<llvm::StringRef> Name = includedName(D);
        if (!Name)
          continue; // Not an #include, or a macro names it.
        CondPtr At =
            G == Groups.end() ? makeInt(1) : G->second.presenceAt(FS, D.Begin);
        for (const std::string &Other : Targets.of(*Name))
          if (Other != File)
            Sites[Other].push_back({File, At});
      }
    }
  }

  /// nullptr: always read (or unknown).
  CondPtr of(const std::string &File) {
    if (auto It = Done.find(File); It != Done.end())
      return It->second;
    auto Sites = this->Sites.find(File);
    if (Units.count(File) || Sites == this->Sites.end())
      return Done[File] = nullptr;
    if (!Visiting.insert(File).second)
      return nullptr; // A cycle: this chain says nothing.
    CondPtr Found;
    bool Always = false;
    for (const auto &[Includer, At] : Sites->second) {
      if (Visiting.count(Includer))
        continue;
      CondPtr Outer = of(Includer);
      bool AtAlways = At->K == Cond::Int && At->Value != 0;
      if (!Outer && AtAlways) {
        Always = true;
        break;
      }
      if (Found)
        continue;
      CondPtr Chain = !Outer ? At : AtAlways ? Outer : makeAnd({Outer, At});
      if (isSatisfiable(*Chain, F))
        Found = Chain;
    }
    Visiting.erase(File);
    return Done[File] = Always ? nullptr : Found;
  }

private:
  const std::set<std::string> &Units;
  const FeatureSetup &F;
  std::map<std::string, std::vector<std::pair<std::string, CondPtr>>> Sites;
  std::map<std::string, CondPtr> Done;
  std::set<std::string> Visiting;
};

} // namespace

std::map<std::string, CondPtr>
includeContexts(const std::map<std::string, FileStructure> &Structures,
                const std::map<std::string, FileGroups> &Groups,
                const std::set<std::string> &Units, const FeatureSetup &F) {
  IncludeContexts Walk(Structures, Groups, Units, F);
  std::map<std::string, CondPtr> Out;
  for (const auto &[File, FS] : Structures) {
    auto G = Groups.find(File);
    if (G == Groups.end() ||
        llvm::none_of(G->second.Groups,
                      [](const GroupInfo &I) { return I.IsFeature; }))
      continue; // Nothing to cover in it.
    if (CondPtr C = Walk.of(File))
      Out.emplace(File, std::move(C));
  }
  return Out;
}

std::vector<fm::Configuration>
chooseParseConfigurations(const std::vector<CondPtr> &Conditions,
                          const FeatureSetup &F) {
  std::vector<fm::Configuration> Chosen;
  std::vector<const Cond *> Open;
  for (const CondPtr &C : Conditions)
    Open.push_back(C.get());
  while (!Open.empty()) {
    const Cond *First = Open.front();
    bool Done = false;
    for (const fm::Configuration &Cfg : Chosen)
      if (holds(*First, Cfg, F))
        Done = true;
    if (Done) {
      Open.erase(Open.begin());
      continue;
    }
    // Greedily add the literals of other open conjunctions that agree.
    std::optional<fm::Configuration> Cfg;
    if (auto Lits = literalsOf(*First, F)) {
      std::vector<fm::Literal> All = *Lits;
      if (F.Model.isSatisfiable(All)) {
        for (const Cond *Other : Open) {
          auto More = literalsOf(*Other, F);
          if (!More)
            continue;
          std::vector<fm::Literal> Try = All;
          Try.insert(Try.end(), More->begin(), More->end());
          if (F.Model.isSatisfiable(Try))
            All = std::move(Try);
        }
        Cfg = F.Model.findValid(All);
        if (Cfg && !holds(*First, *Cfg, F))
          Cfg.reset();
      }
    }
    if (!Cfg)
      Cfg = satisfying(*First, F);
    Open.erase(Open.begin());
    if (!Cfg)
      continue; // Dead code under the model.
    std::vector<const Cond *> Still;
    for (const Cond *C : Open)
      if (!holds(*C, *Cfg, F))
        Still.push_back(C);
    Open = std::move(Still);
    Chosen.push_back(std::move(*Cfg));
  }
  if (Chosen.empty()) {
    if (auto D = F.Model.defaultConfiguration())
      Chosen.push_back(std::move(*D));
  }
  return Chosen;
}

std::string conditionText(const Cond &C, const FeatureSetup &F) {
  return printCondition(C, [&](llvm::StringRef M, bool Defined) {
    auto It = F.ByMacro.find(M.str());
    if (It == F.ByMacro.end())
      return M.str();
    if (Defined && F.isNumeric(M))
      return std::string("1");
    return F.Model.feature(It->second).Name;
  });
}

std::string conditionCode(const Cond &C, const FeatureSetup &F) {
  return printCondition(C, [&](llvm::StringRef M, bool Defined) {
    // Compile-time parts of mixed conditions, computed by the preprocessor
    // into helper macros (FileRewriter).
    if (M.starts_with("VARSIM_PP_"))
      return M.str();
    if (!F.isFeatureMacro(M))
      return std::string("0");
    if (Defined && F.isNumeric(M))
      return std::string("1");
    return runtime::featureValueExpr(F.descOf(M));
  });
}

} // namespace varsim::rewrite
