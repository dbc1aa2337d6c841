//===- plan/AnalysisOptions.cpp - The analysis' view of a manifest -------===//

#include "plan/AnalysisOptions.h"

#include "condition/Condition.h"
#include "manifest/Manifest.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace varsim::plan {

namespace json = llvm::json;

/// What the analysis needs from the manifest: the switch regions (whose
/// dispatch conditions are guards), the feature names by macro, and the
/// features a function region's condition fixes (FixedInRegion).
dataflow::AnalysisOptions analysisOptions(const json::Object &Root) {
  dataflow::AnalysisOptions Analysis;
  std::map<std::string, std::string> MacroOf, BooleanMacroOf, OneOrZeroMacroOf;
  if (const json::Array *Features = Root.getArray("features"))
    for (const json::Value &F : *Features)
      if (const json::Object *O = F.getAsObject())
        if (auto Name = O->getString("name")) {
          std::string Macro = O->getString("macro").value_or(*Name).str();
          Analysis.FeatureNames[Macro] = Name->str();
          MacroOf[Name->str()] = Macro;
          // A numeric literal (`LEVEL`: not 0) fixes no value, unless 1
          // is the only value other than 0 (Lua's LUA_USE_JUMPTABLE 0/1,
          // whose `luaV_execute` is a copy per value).
          if (O->getString("kind").value_or("bool") == "bool")
            BooleanMacroOf[Name->str()] = Macro;
          else if (O->getInteger("min") == 0 && O->getInteger("max") == 1)
            OneOrZeroMacroOf[Name->str()] = Macro;
        }
  // Clones: function regions that share their definition's file and line
  // (copies of one definition, one per configuration). Definitions renamed
  // per variant (`compress_block` per algorithm, different code) are left
  // as they were: their facts shape samples/compressor's covering array,
  // whose model is measured against it (model.dataflow_compressor).
  std::map<std::pair<std::string, int64_t>, unsigned> FunctionsAt;
  auto SiteOf = [](const json::Object &R) {
    return std::make_pair(R.getString("file").value_or("").str(),
                          R.getInteger("line").value_or(-1));
  };
  if (const json::Array *Regions = Root.getArray("regions"))
    for (const json::Value &V : *Regions)
      if (const json::Object *R = V.getAsObject())
        if (R->getString("kind") == "function")
          ++FunctionsAt[SiteOf(*R)];
  // A lowered constant's value function: each variant returns a constant.
  // And the dispatch of a definition renamed per configuration whose every
  // variant is a function region of its own (a clone, at the original's
  // place and under its condition): the dispatch only chooses which region
  // runs, and each variant's time is its own region's, not the callers'.
  // Its test was a decision in an unmarked function (a `callee` fact of
  // every caller's region) and its arguments carried the feature into the
  // variants (Lua's `luaV_execute` per LUA_USE_JUMPTABLE: every API region).
  std::set<std::tuple<std::string, int64_t, std::string>> FunctionRegionsAt;
  if (const json::Array *Regions = Root.getArray("regions"))
    for (const json::Value &V : *Regions)
      if (const json::Object *R = V.getAsObject())
        if (R->getString("kind") == "function")
          FunctionRegionsAt.insert(
              {R->getString("file").value_or("").str(),
               R->getInteger("line").value_or(-1),
               R->getString("condition").value_or("1").str()});
  std::map<std::string, bool> EveryVariantMarked;
  if (const json::Array *Renamings = Root.getArray("renamings"))
    for (const json::Value &V : *Renamings)
      if (const json::Object *R = V.getAsObject())
        if (auto Original = R->getString("original")) {
          if (Original->ends_with(manifest::ConstantValueSuffix)) {
            Analysis.GuardFunctions.insert(Original->str());
            continue;
          }
          bool Marked = FunctionRegionsAt.count(
              {R->getString("file").value_or("").str(),
               R->getInteger("line").value_or(-2),
               R->getString("condition").value_or("1").str()});
          auto [It, New] =
              EveryVariantMarked.try_emplace(Original->str(), Marked);
          if (!New)
            It->second = It->second && Marked;
        }
  for (const auto &[Original, Marked] : EveryVariantMarked)
    if (Marked)
      Analysis.GuardFunctions.insert(Original);
  if (const json::Array *Regions = Root.getArray("regions"))
    for (const json::Value &V : *Regions)
      if (const json::Object *R = V.getAsObject()) {
        auto Id = R->getInteger("id");
        if (!Id || *Id < 0)
          continue;
        if (R->getString("kind") == "switch")
          Analysis.SwitchRegions.insert(static_cast<unsigned>(*Id));
        // A function that exists only under its condition (a clone per
        // configuration, a renamed definition) runs only where it holds.
        if (R->getString("kind") != "function" || FunctionsAt[SiteOf(*R)] < 2)
          continue;
        auto Cond =
            condition::parsePresence(R->getString("condition").value_or("1"));
        if (!Cond) {
          llvm::consumeError(Cond.takeError()); // The planner reports it.
          continue;
        }
        condition::FixedFeatures Fixed = condition::fixedFeatures(**Cond);
        auto Fix = [&](const std::map<std::string, std::string> &Macros,
                       const std::vector<std::string> &Names) {
          for (const std::string &Name : Names) {
            auto Macro = Macros.find(Name);
            if (Macro != Macros.end() && !Macro->second.empty())
              Analysis.FixedInRegion[static_cast<unsigned>(*Id)].insert(
                  Macro->second);
          }
        };
        Fix(BooleanMacroOf, Fixed.Truths);
        Fix(MacroOf, Fixed.Values);
        Fix(OneOrZeroMacroOf, Fixed.Truths);
        // `!LEVEL`: LEVEL is 0 wherever the clone runs.
        Fix(MacroOf, Fixed.Negated);
      }
  return Analysis;
}

} // namespace varsim::plan
