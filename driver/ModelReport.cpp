//===- driver/ModelReport.cpp - varsim model's notes ----------------------===//
//
// Part of `varsim model` (driver/ModelCommand.cpp): see ModelReport.h.
//
//===----------------------------------------------------------------------===//

#include "driver/ModelReport.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>

namespace varsim::driver {

using namespace varsim::model;

namespace {

void reportNote(const llvm::Twine &Message) {
  llvm::errs() << "varsim: note: " << Message << "\n";
}

} // namespace

void reportModel(const model::PerformanceModel &M) {
  for (const std::string &W : M.Warnings)
    reportWarning(W);
  if (!M.Dropped.empty()) {
    double Sum = 0;
    for (const Term &T : M.Dropped)
      Sum += T.Seconds;
    reportWarning(fmt::format(
        "dropped {} term(s) below the threshold of {} s (together {:.9f} "
        "s); they are listed in MODEL.json under \"dropped\"",
        M.Dropped.size(), M.ThresholdSeconds, Sum));
  }
  if (M.Lifting.Families != 0 || M.Lifting.Merged != 0 ||
      M.Lifting.AtomsDropped != 0 || M.Lifting.PushedDown != 0)
    reportNote(fmt::format(
        "{} atom(s) that the others imply dropped, {} term(s) merged with a "
        "term of the same meaning, {} family(ies) of copies of shared code "
        "gave their common time to the term they share, {} term(s) gave "
        "theirs to their terms per value of one feature, as that left fewer "
        "terms ({} term(s) left at zero); no prediction changed",
        M.Lifting.AtomsDropped, M.Lifting.Merged, M.Lifting.Families,
        M.Lifting.PushedDown, M.Lifting.Removed));
  if (!M.Folding.Folded.empty()) {
    double Sum = 0;
    for (const model::FoldedTerm &F : M.Folding.Folded)
      Sum += std::abs(F.Seconds);
    reportNote(fmt::format(
        "{} term(s) below {:.6f} s (the --fold share of the total: no run "
        "can measure them) folded into their closest ancestor terms; together "
        "{:.6f} s, the most any prediction moved (MODEL.json \"folded\"; "
        "--fold 0 keeps them)",
        M.Folding.Folded.size(), M.Folding.ThresholdSeconds, Sum));
  }
  if (!M.Lifting.Skipped.empty())
    reportNote("the terms are as the contexts gave them (copies of a "
               "function keep their whole time): " +
               M.Lifting.Skipped);
  // Repetitions (`varsim run --repeat`): the run-to-run noise that the
  // model kept out of its interaction terms.
  unsigned MaxReps = 0;
  double Range = 0, RangeShare = 0;
  for (const RunSummary &R : M.Runs) {
    MaxReps = std::max(MaxReps, R.Repetitions);
    if (R.RangeSeconds > Range) {
      Range = R.RangeSeconds;
      RangeShare = R.Seconds > 0 ? R.RangeSeconds / R.Seconds : 0;
    }
  }
  if (MaxReps > 1)
    reportNote(fmt::format(
        "{} configuration(s), each the median of up to {} repetitions; "
        "the largest run-to-run range {:.6f} s ({:.1f} % of its run); "
        "a context's differences within its typical range (the median "
        "over the configurations) make no interaction term",
        M.Runs.size(), MaxReps, Range, 100 * RangeShare));
  if (M.LocalModelCount != 0)
    reportNote(fmt::format(
        "data flow: local models for {} calling context(s), over the "
        "features of the {}; they are listed in MODEL.json under "
        "\"local_models\"",
        M.LocalModelCount,
        M.DataFlowMode == "facts" ? "data-flow facts"
                                  : "differences between runs"));
  for (const DataFlowFinding &F : M.DataFlow)
    reportWarning(
        SourcePoint{F.Location, 0, 0},
        fmt::format("likely data-flow interaction: the self time of {} "
                    "(term {}) differs between runs by {:.6f} s: {:.6f} s "
                    "in {}, {:.6f} s in {}{}",
                    F.Function, F.Term, F.MaxSeconds - F.MinSeconds,
                    F.MinSeconds, F.MinRun, F.MaxSeconds, F.MaxRun,
                    F.CountWitness ? "; its visit counts differ too (an "
                                     "exact witness)"
                                   : ""));
}

} // namespace varsim::driver
