//===- rewrite/templates/LoweringParses.h - A lowering's parses -*- C++ -*-===//
//
// The template lowerings (templates, pointer wrappers, feature
// specialisations) each parse the project's translation units under the
// configurations that cover the branches they look at, in parallel, and
// stop at the first unit that does not compile. The jobs, the loop and
// that error live here once.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_LOWERINGPARSES_H
#define VARSIM_REWRITE_TEMPLATES_LOWERINGPARSES_H

#include "condition/Condition.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/templates/TemplateLowering.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace varsim::rewrite::templates {

/// One parse: a translation unit with a parse configuration's -D flags.
struct LoweringParse {
  const CompileEntry *Entry = nullptr;
  std::vector<std::string> Defines;
};

/// Every translation unit (only the C++ ones with CxxOnly) under each
/// configuration that chooseParseConfigurations picks to cover ToCover.
std::vector<LoweringParse>
loweringParses(const LoweringInput &In,
               const std::vector<condition::CondPtr> &ToCover, bool CxxOnly);

/// "FILE: does not compile with DEFINES (WHAT parse):" and the compiler's
/// diagnostics.
llvm::Error loweringParseError(const LoweringParse &P, llvm::StringRef What,
                               llvm::StringRef Diagnostics);

/// Collect(P) for every parse, on In.Jobs threads; the first result whose
/// Failed is set becomes loweringParseError. Facts: default-constructible,
/// with `bool Failed` and `std::string Diagnostics`.
template <typename Facts>
llvm::Expected<std::vector<Facts>>
runLoweringParses(const LoweringInput &In,
                  const std::vector<LoweringParse> &Parses,
                  llvm::StringRef What,
                  llvm::function_ref<Facts(const LoweringParse &)> Collect) {
  std::vector<Facts> Results(Parses.size());
  parseInParallel(In.Jobs, Parses.size(),
                  [&](size_t I) { Results[I] = Collect(Parses[I]); });
  for (size_t I = 0; I < Parses.size(); ++I)
    if (Results[I].Failed)
      return loweringParseError(Parses[I], What, Results[I].Diagnostics);
  return Results;
}

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_LOWERINGPARSES_H
