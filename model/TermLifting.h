//===- model/TermLifting.h - Shared time moved to the shared term -*- C++ -*-=//
//
// The rewrite copies a function per configuration of what its body depends
// on (Lua's `luaV_execute` per LUA_USE_JUMPTABLE and LUAI_MAXSHORTLEN), and
// each copy's time goes to the term of its copy's condition: the model of
// Lua read "LUA_USE_JUMPTABLE#LUAI_MAXSHORTLEN == 64: 1.34 s (84 %)", six
// such terms side by side, Base 0.4 % and "LUA_USE_JUMPTABLE: -0.31 s",
// although most of that time is the interpreter's, whatever the options.
//
// Rewritings of the terms that leave every valid configuration's
// prediction as it was (the feature model's valid configurations are
// enumerated, so all are exact):
//  - A term that holds in no valid configuration is reported and left out;
//    an atom without which its term holds in the same configurations is
//    dropped; terms that hold in the same configurations are one term
//    (`!LUA_USE_JUMPTABLE` and `LUA_USE_JUMPTABLE == 0` over {0, 1}), the
//    name with fewer atoms staying.
//  - A family of terms P#X1, ..., P#Xk of which exactly one holds in each
//    valid configuration where P holds (the Xi are conditions over one
//    feature: its values, or it and its negation), and which all hold time
//    of the same code (Term::SharedCode: a function or region the rewrite
//    copied per configuration, or a context whose local model split its
//    time by configuration), gives its smallest seconds to P; each Xi keeps
//    what it costs beyond the cheapest (a term left at zero is gone).
//    Repeated to a fixpoint, so that Lua's six copies give an
//    interpreter's time to Base and small terms to what each option
//    changes. Alternatives whose code differs (a policy per feature, an
//    `#if`/`#else`) keep their own times, as the paper's model gives them,
//    even where they call one helper.
//  - The other way: a term P whose seconds, given to each of P#(F == v)
//    over the values of one feature F where P holds, leave fewer terms
//    (Lua: `!J#H` +0.0098 s, `!J#H#M == 40` and `!J#H#M == 64` -0.0098 s
//    each, read as three effects, are one: `!J#H#M == 20`, +0.0098 s).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_TERMLIFTING_H
#define VARSIM_MODEL_TERMLIFTING_H

#include "model/PerformanceModel.h"

#include <cstddef>

namespace varsim::fm {
class FeatureModel;
}

namespace varsim::model {

/// Rewrites M.Terms as above; predictions of valid configurations do not
/// change. Does nothing if FM has more than MaxConfigurations valid
/// configurations (Skipped says so).
TermLiftingSummary liftSharedTime(PerformanceModel &M,
                                  const fm::FeatureModel &FM,
                                  size_t MaxConfigurations = 1u << 14);

} // namespace varsim::model

#endif // VARSIM_MODEL_TERMLIFTING_H
