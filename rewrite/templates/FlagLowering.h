//===- rewrite/templates/FlagLowering.h - Flags read at run time -*- C++
//-*-===//
//
// A class template's `bool` parameter bound to a feature constant at every
// use (`Histogram<Scheme, kNormalize>`) and used only as the whole
// condition of `if constexpr` whose branches compile for either value
// (FlagParam) is not a template parameter in the simulator: each
// `if constexpr (Normalize)` becomes `if (kNormalize__varsim_value())`, a
// feature switch, and each argument becomes `false` (the parameter is then
// unused). One instantiation serves every value of the flag, so a policy
// group of three with a flag is three instantiations, not six, and the
// plan needs one run per policy. A flag whose branches differ in types
// stays a template parameter (one instantiation per value).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FLAGLOWERING_H
#define VARSIM_REWRITE_TEMPLATES_FLAGLOWERING_H

#include "rewrite/TextEdits.h"
#include "rewrite/templates/TemplateFacts.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates {

/// The flags that can be read at run time, by FlagParam key.
struct FlagPlan {
  struct Flag {
    const FlagParam *Param = nullptr;
    std::string SiteKey; ///< The constant every argument names.
    std::vector<const FlagBinding *> Bindings;
  };
  std::vector<Flag> Flags;

  /// The NameRef keys of the arguments (no longer references once
  /// lowered).
  std::set<std::string> argumentRefs() const;
};

using SiteMap = std::map<std::string, std::map<unsigned, const NameDef *>>;

/// The lowerable flags of Facts whose constant is a site of Sites.
FlagPlan planFlags(const TemplateFacts &Facts, const SiteMap &Sites);

/// Adds the edits of Flag to Edits; returns the constant's site key (its
/// value function is needed).
std::string lowerFlag(const FlagPlan::Flag &Flag, const SiteMap &Sites,
                      std::map<std::string, std::set<TextEdit>> &Edits);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_FLAGLOWERING_H
