//===- rewrite/templates/LoweringParses.cpp - A lowering's parses ---------===//
//
// See LoweringParses.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/LoweringParses.h"
#include "rewrite/FeatureGroups.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::templates {

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
