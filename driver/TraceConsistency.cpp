//===- driver/TraceConsistency.cpp - Traces that prove a wrong simulator -===//

#include "driver/TraceConsistency.h"

#include "support/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <set>

namespace varsim::driver {

bool refuseInconsistentTraces(const callgraph::CallGraph &CG) {
  std::set<uint32_t> Reported;
  size_t Runs = 0;
  for (const callgraph::ConditionViolation &V : CG.inconsistencies()) {
    ++Runs;
    if (!Reported.insert(V.Region).second)
      continue;
    reportError(makeError(
        SourcePoint{V.File, V.Line, 0},
        fmt::format("region {} (condition '{}') ran in {}, whose "
                    "configuration '{}' makes its condition false: the "
                    "simulator does not match its variants here; please "
                    "report it (--allow-inconsistent-traces builds the "
                    "model anyway)",
                    V.Region, V.Condition, V.TracePath, V.Config)));
  }
  if (Reported.empty())
    return true;
  llvm::errs() << "varsim: note: "
               << fmt::format(
                      "{} region(s) ran where their condition is false, "
                      "{} time(s) over the runs; no model was written",
                      Reported.size(), Runs)
               << "\n";
  return false;
}

} // namespace varsim::driver
