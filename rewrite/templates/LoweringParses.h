//===- rewrite/templates/LoweringParses.h - A lowering's parses -*- C++ -*-===//
//
// The template lowerings (templates, value arguments, pointer wrappers,
// feature specialisations and overloads) each parse the project's
// translation units under the configurations that cover the branches they
// look at, in parallel, and stop at the first unit that does not compile.
// The jobs, the parse of one job, the loop, that error and the steps of a
// lowering whose candidates are found on the texts live here once.
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

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
namespace tooling {
class FrontendActionFactory;
} // namespace tooling
} // namespace clang

namespace varsim::rewrite::templates {

/// One parse: a translation unit with a parse configuration's -D flags.
struct LoweringParse {
  const CompileEntry *Entry = nullptr;
  std::vector<std::string> Defines;
};

/// Whether a lowering's parse compiled. Each lowering's facts derive from
/// it: runLoweringParses turns the first failure into an error.
struct LoweringParseStatus {
  bool Failed = false;
  std::string Diagnostics; ///< The compiler's messages, if Failed.
};

/// Every translation unit (only the C++ ones with CxxOnly) under each
/// configuration that chooseParseConfigurations picks to cover ToCover.
std::vector<LoweringParse>
loweringParses(const LoweringInput &In,
               const std::vector<condition::CondPtr> &ToCover, bool CxxOnly);

/// P's unit parsed syntax-only (rewrite/SyntaxOnlyParse.h: its own flags
/// less the -D/-U of StripMacros, the feature macros, then P.Defines;
/// Overlay's texts in place of the files, may be null) into an AST. Null
/// where it does not compile: then Status is Failed, with the compiler's
/// messages.
std::unique_ptr<clang::ASTUnit>
buildLoweringAST(const LoweringParse &P,
                 const std::vector<std::string> &StripMacros,
                 const std::map<std::string, std::string> *Overlay,
                 LoweringParseStatus &Status);

/// The same parse running the actions Factory creates instead of keeping
/// an AST; Status as buildLoweringAST's.
void runLoweringActions(const LoweringParse &P,
                        const std::vector<std::string> &StripMacros,
                        const std::map<std::string, std::string> *Overlay,
                        clang::tooling::FrontendActionFactory &Factory,
                        LoweringParseStatus &Status);

/// "FILE: does not compile with DEFINES (WHAT parse):" and the compiler's
/// diagnostics.
llvm::Error loweringParseError(const LoweringParse &P, llvm::StringRef What,
                               llvm::StringRef Diagnostics);

/// Collect(P, the feature macros) for every parse of loweringParses(In,
/// ToCover, CxxOnly), on In.Jobs threads; the first result whose Failed is
/// set becomes loweringParseError. Facts: default-constructible, a
/// LoweringParseStatus.
template <typename Facts>
llvm::Expected<std::vector<Facts>> runLoweringParses(
    const LoweringInput &In, const std::vector<condition::CondPtr> &ToCover,
    bool CxxOnly, llvm::StringRef What,
    llvm::function_ref<Facts(const LoweringParse &,
                             const std::vector<std::string> &StripMacros)>
        Collect) {
  std::vector<LoweringParse> Parses = loweringParses(In, ToCover, CxxOnly);
  std::vector<std::string> StripMacros = In.Features.macros();
  std::vector<Facts> Results(Parses.size());
  parseInParallel(In.Jobs, Parses.size(), [&](size_t I) {
    Results[I] = Collect(Parses[I], StripMacros);
  });
  for (size_t I = 0; I < Parses.size(); ++I)
    if (Results[I].Failed)
      return loweringParseError(Parses[I], What, Results[I].Diagnostics);
  return Results;
}

/// The steps of a lowering whose candidates are found on the texts:
/// L.findCandidates(ToCover) (false: nothing to lower, the texts stay),
/// L.parse(ToCover) (the parses that cover ToCover), L.lower(Result); the
/// first error ends it.
template <typename Lowering>
llvm::Expected<LoweringResult> runTextLowering(Lowering &L) {
  LoweringResult Result;
  std::vector<condition::CondPtr> ToCover;
  if (!L.findCandidates(ToCover))
    return Result;
  if (llvm::Error E = L.parse(ToCover))
    return E;
  if (llvm::Error E = L.lower(Result))
    return E;
  return Result;
}

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_LOWERINGPARSES_H
