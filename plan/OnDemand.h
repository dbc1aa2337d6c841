//===- plan/OnDemand.h - Cover a function's copies once it runs -*- C++ -*-===//
//
// A function copied per configuration (plan/CopyFamilies.h) has one copy
// per configuration of what its body depends on: SQLite's
// `sqlite3CompileOptions` reads the compile-option table that every
// option changes, so it has a copy (and a dispatcher branch) per valid
// configuration, 96 of them. Rule 1 (every region runs in some planned
// run) made each copy's configuration a run: every valid configuration,
// for a function the workload never calls.
//
// Each call of the function runs exactly one copy (their conditions
// partition the configurations), so the function runs in a run iff one of
// its copies has visits there. Until some run shows that, the plan covers
// the function as one region: a stand-in whose condition is where it
// exists (any copy's condition), so that some run could call it. When a
// run's visit counts show that it runs, its members (the copies, the
// regions inside them, the dispatcher's branches, with their data-flow
// facts) are covered as every region is: `varsim run` adds the runs
// (driver/AdaptiveRun.h). When no run made calls it, it is timed as 0 in
// every configuration, which the runs show for theirs; for another
// configuration a call could only come from code whose running depends on
// the configuration, which the plan covers by the presence conditions and
// the data-flow facts of the callers' regions (docs/plan.md, "Covered on
// demand").
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_ONDEMAND_H
#define VARSIM_PLAN_ONDEMAND_H

#include "plan/CopyFamilies.h"
#include "plan/Evidence.h"
#include "plan/Plan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::plan {

/// Moves the members of each family (RegionToCover::CopyOf) out of Regions
/// and puts in one stand-in per family: a variant (no region id) whose
/// condition is where the function exists (Copied, from
/// summarizeManifest). Families the reachability left
/// without members have none.
std::vector<OnDemandFamily>
collapseCopyFamilies(std::vector<RegionToCover> &Regions,
                     const std::map<std::string, CopiedFunction> &Copied);

/// The families (indices into Families) some region of which has visits
/// in some of Runs.
std::vector<size_t> familiesThatRan(llvm::ArrayRef<OnDemandFamily> Families,
                                    llvm::ArrayRef<RunEvidence> Runs);

/// Regions with the stand-ins of the families Ran replaced by their
/// members.
std::vector<RegionToCover>
expandFamilies(const std::vector<RegionToCover> &Regions,
               llvm::ArrayRef<OnDemandFamily> Families,
               llvm::ArrayRef<size_t> Ran);

/// How many regions the families Ran bring (a bound on the runs their
/// presence conditions need).
size_t membersOf(llvm::ArrayRef<OnDemandFamily> Families,
                 llvm::ArrayRef<size_t> Ran);

/// For `varsim plan --report`: the functions covered on demand, and why.
void printOnDemand(llvm::ArrayRef<OnDemandFamily> Families,
                   llvm::raw_ostream &OS);

} // namespace varsim::plan

#endif // VARSIM_PLAN_ONDEMAND_H
