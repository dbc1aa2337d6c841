//===- rewrite/templates/FlagLowering.cpp - Flags read at run time --------===//

#include "rewrite/templates/FlagLowering.h"
#include "rewrite/templates/TemplateLowering.h"

namespace varsim::rewrite::templates {

std::set<std::string> FlagPlan::argumentRefs() const {
  std::set<std::string> Out;
  for (const Flag &F : Flags)
    for (const FlagBinding *B : F.Bindings)
      Out.insert(B->RefKey);
  return Out;
}

FlagPlan planFlags(const TemplateFacts &Facts, const SiteMap &Sites) {
  std::map<std::string, std::vector<const FlagBinding *>> ByParam;
  for (const auto &[_, B] : Facts.FlagBindings)
    ByParam[B.ParamKey].push_back(&B);
  FlagPlan Plan;
  for (const auto &[Key, P] : Facts.FlagParams) {
    auto It = ByParam.find(Key);
    if (!P.NotLowerable.empty() || It == ByParam.end())
      continue;
    // Every argument is the same feature constant, named alone.
    std::string Site = It->second.front()->DefKey;
    bool Same = llvm::all_of(It->second, [&](const FlagBinding *B) {
      return !B->DefKey.empty() && B->DefKey == Site;
    });
    auto S = Sites.find(Site);
    if (!Same || S == Sites.end())
      continue;
    const NameDef &D = *S->second.begin()->second;
    // The value function is declared before the template, in its
    // namespace, under the constant's own name.
    if (D.IsType || D.IsMacro || D.ValueType != "bool" || !D.DeclEnd ||
        D.Qualifier != P.Qualifier)
      continue;
    Plan.Flags.push_back({&P, Site, It->second});
  }
  return Plan;
}

std::string lowerFlag(const FlagPlan::Flag &Flag, const SiteMap &Sites,
                      std::map<std::string, std::set<TextEdit>> &Edits) {
  const NameDef &D = *Sites.at(Flag.SiteKey).begin()->second;
  std::string Value = D.Name + ValueSuffix.str();
  const FlagParam &P = *Flag.Param;
  // On the `template` line, so that line numbers stay.
  Edits[P.File].insert(
      {P.TemplateBegin, 0, "static inline bool " + Value + "(); "});
  for (const auto &[_, U] : P.Uses) {
    Edits[U.File].insert({U.ConstexprAt, 9, ""});
    Edits[U.File].insert({U.Offset, U.Length, Value + "()"});
  }
  for (const FlagBinding *B : Flag.Bindings)
    Edits[B->File].insert({B->Begin, B->End - B->Begin, "false"});
  return Flag.SiteKey;
}

} // namespace varsim::rewrite::templates
