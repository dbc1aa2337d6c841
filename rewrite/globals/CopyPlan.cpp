//===- rewrite/globals/CopyPlan.cpp - The copies of each item -------------===//
//
// Reads the Discovered record and the items' decisions; adds to each item
// of the ItemTable its copies (one per configuration of its decisions,
// capped by CopyBudget.h), their names, the base copy and which copies stay
// in place (planItems), and the base configuration.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "rewrite/ErrorText.h"
#include "rewrite/globals/CopyBudget.h"

namespace varsim::rewrite::globals::lowering {

std::vector<Decision> decisionsOf(const Discovered &Dx, const Item &I) {
  std::vector<Decision> Out;
  std::map<DecisionKey, size_t> Index;
  for (const DecisionKey &K : I.Decisions) {
    Decision D;
    if (K.Kind == 1) {
      D = valueDecision(Dx.In.Features, K.Macro);
    } else {
      const FileStructure &FS = Dx.structure(K.File);
      const FileGroups &FG = Dx.Groups.at(K.File);
      D = decisionOf(FS, FG, K.Group);
      // Decided only under its nearest enclosing feature branch.
      unsigned Child = K.Group;
      for (auto P = FS.Groups[K.Group].ParentGroup; P;
           P = FS.Groups[*P].ParentGroup) {
        if (FG.Groups[*P].IsFeature) {
          auto It = Index.find({0, K.File, *P, ""});
          if (It != Index.end()) {
            D.Parent = It->second;
            D.ParentBranch = FS.Groups[Child].ParentBranch;
          }
          break;
        }
        Child = *P;
      }
    }
    Index[K] = Out.size();
    Out.push_back(std::move(D));
  }
  return Out;
}

llvm::Error planItems(const Discovered &Dx, ItemTable &Tab,
                      std::string *FailedKey) {
  if (auto D = Dx.In.Features.Model.defaultConfiguration())
    Tab.BaseCfg = *D;
  else
    Tab.BaseCfg = findSatisfying(*makeInt(1), Dx.In.Features);
  std::vector<Item *> Order;
  for (auto &[_, I] : Tab.Items)
    if (I.variant())
      Order.push_back(&I);
  std::sort(Order.begin(), Order.end(), [](const Item *A, const Item *B) {
    return std::tie(A->File, A->Line, A->Column) <
           std::tie(B->File, B->Line, B->Column);
  });
  for (Item *IP : Order) {
    Item &I = *IP;
    std::size_t TextBytes = 0;
    if (I.IsFunction)
      TextBytes = I.Fn->BodyEnd + 1 - I.Fn->DeclBegin;
    for (const EntityDef *D : I.Defs)
      TextBytes = std::max<std::size_t>(TextBytes, D->End - D->Begin);
    // A table that can be filled at start-up (FilledTables.cpp) is, rather
    // than copied more than a function would be.
    std::string Why;
    unsigned Cap = !I.IsFunction && !Tab.Unfillable.count(I.Key) &&
                           filledLayout(Dx, I, Why)
                       ? MaxFunctionCopies
                       : copyCap(TextBytes);
    auto Plan = planCopies(decisionsOf(Dx, I), Dx.In.Features, I.Presence, Cap);
    if (!Plan && FailedKey)
      *FailedKey = I.Key;
    if (!Plan)
      return Dx.located(I.File, I.Line, I.Column,
                        describe(Dx, I) + ": " + errorText(Plan.takeError()));
    std::set<std::string> Names;
    for (FunctionCopy &FC : Plan->Copies) {
      Copy C;
      C.Condition = FC.Condition;
      auto Cfg =
          findSatisfying(*makeAnd({I.Presence, FC.Condition}), Dx.In.Features);
      if (!Cfg)
        continue;
      C.Cfg = *Cfg;
      std::string Suffix =
          suffixOf(conditionText(*FC.Condition, Dx.In.Features));
      C.Name = I.Name + "__varsim_" + Suffix;
      C.Suffix = Suffix;
      for (unsigned N = 2; !Names.insert(C.Name).second; ++N) {
        C.Suffix = Suffix + "_" + std::to_string(N);
        C.Name = I.Name + "__varsim_" + C.Suffix;
      }
      I.Copies.push_back(std::move(C));
    }
    if (I.Copies.empty())
      continue;
    I.Base = 0;
    if (Tab.BaseCfg)
      for (size_t K = 0; K < I.Copies.size(); ++K)
        if (holds(*I.Copies[K].Condition, *Tab.BaseCfg, Dx.In.Features) &&
            holds(*I.Presence, *Tab.BaseCfg, Dx.In.Features)) {
          I.Base = K;
          break;
        }
    if (I.keepsName())
      I.Copies[I.Base].Name = I.Name;
    if (!I.IsFunction) {
      for (Copy &C : I.Copies)
        for (size_t DI = 0; DI < I.Defs.size(); ++DI)
          if (holds(*Dx.Groups.at(I.Defs[DI]->File)
                         .presenceAt(Dx.structure(I.Defs[DI]->File),
                                     I.Defs[DI]->NameOffset),
                    C.Cfg, Dx.In.Features)) {
            C.Def = static_cast<int>(DI);
            break;
          }
      // In place: a definition in a feature branch holds the first copy
      // made of it (it exists where its branch does); a single definition
      // with several copies is replaced by copies that each exist in
      // their configurations only (every parse must compile).
      std::set<int> Placed;
      if (!I.EnumValues && (I.Defs.size() > 1 || I.Copies.size() == 1)) {
        if (I.Copies[I.Base].Def >= 0) {
          I.Copies[I.Base].InPlace = true;
          Placed.insert(I.Copies[I.Base].Def);
        }
        for (Copy &C : I.Copies)
          if (C.Def >= 0 && Placed.insert(C.Def).second)
            C.InPlace = true;
      }
    } else if (I.Copies.size() == 1) {
      I.Copies[I.Base].InPlace = true;
    }
  }
  return llvm::Error::success();
}

/// The copy of Target that runs in Cfg, if any.
const Copy *copyFor(const Discovered &Dx, const Item &Target,
                    const fm::Configuration &Cfg) {
  if (!holds(*Target.Presence, Cfg, Dx.In.Features))
    return nullptr;
  for (const Copy &C : Target.Copies)
    if (holds(*C.Condition, Cfg, Dx.In.Features))
      return &C;
  return nullptr;
}

} // namespace varsim::rewrite::globals::lowering
