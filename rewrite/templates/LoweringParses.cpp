//===- rewrite/templates/LoweringParses.cpp - A lowering's parses ---------===//
//
// See LoweringParses.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/LoweringParses.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/SyntaxOnlyAST.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::templates {
namespace {

SyntaxOnlyParse
syntaxOnlyParseOf(const LoweringParse &P,
                  const std::vector<std::string> &StripMacros,
                  const std::map<std::string, std::string> *Overlay) {
  SyntaxOnlyParse S;
  S.Entry = P.Entry;
  S.Defines = P.Defines;
  S.StripMacros = StripMacros;
  S.Overlay = Overlay;
  return S;
}

/// Status takes R's failure; whether there was one.
bool failed(SyntaxOnlyResult R, LoweringParseStatus &Status) {
  if (R.Failed) {
    Status.Failed = true;
    Status.Diagnostics = std::move(R.Diagnostics);
  }
  return R.Failed;
}

} // namespace

std::vector<LoweringParse>
loweringParses(const LoweringInput &In,
               const std::vector<condition::CondPtr> &ToCover, bool CxxOnly) {
  std::vector<LoweringParse> Parses;
  for (const fm::Configuration &C :
       chooseParseConfigurations(ToCover, In.Features))
    for (const CompileEntry &E : In.Project.Entries)
      if (!CxxOnly || isCxxCompile(E.File, E.Arguments))
        Parses.push_back({&E, In.Features.defines(C)});
  return Parses;
}

std::unique_ptr<clang::ASTUnit>
buildLoweringAST(const LoweringParse &P,
                 const std::vector<std::string> &StripMacros,
                 const std::map<std::string, std::string> *Overlay,
                 LoweringParseStatus &Status) {
  std::unique_ptr<clang::ASTUnit> AST;
  SyntaxOnlyResult R =
      buildSyntaxOnlyAST(syntaxOnlyParseOf(P, StripMacros, Overlay), AST);
  R.Failed = R.Failed || !AST;
  if (failed(std::move(R), Status))
    return nullptr;
  return AST;
}

void runLoweringActions(const LoweringParse &P,
                        const std::vector<std::string> &StripMacros,
                        const std::map<std::string, std::string> *Overlay,
                        clang::tooling::FrontendActionFactory &Factory,
                        LoweringParseStatus &Status) {
  failed(runSyntaxOnly(syntaxOnlyParseOf(P, StripMacros, Overlay), Factory),
         Status);
}

llvm::Error loweringParseError(const LoweringParse &P, llvm::StringRef What,
                               llvm::StringRef Diagnostics) {
  std::string Defines = llvm::join(P.Defines, " ");
  return makeError(
      P.Entry->File, 0, 0,
      "does not compile with " +
          (Defines.empty() ? std::string("no feature defined") : Defines) +
          " (" + What.str() + " parse):\n" + Diagnostics.rtrim().str());
}

} // namespace varsim::rewrite::templates
