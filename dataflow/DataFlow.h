//===- dataflow/DataFlow.h - Feature data reaching control flow -*- C++ -*-===//
//
// ConfigCrusher-style static taint analysis over the SIMULATOR's sources
// (the rewritten mirror, where every encoded #if is explicit run-time code:
// `if (VARSIM_F_A) { VARSIM_REGION(7); ... }`).
//
//  - Sources: values written in code that is control-dependent on a feature
//    (inside an encoded #if, or under a tainted condition), and feature reads
//    used as data (`n = VARSIM_F_LEVEL * 2`).
//  - Propagation: assignments and arithmetic (flow-sensitive for local
//    variables, so an unconditional overwrite kills the taint), calls
//    (argument to parameter, return value to caller; interprocedural, a
//    fixpoint over every translation unit), globals and struct fields
//    (field-based, flow-insensitive), pointers and references
//    (conservatively: whatever is reachable through a pointer is one cell).
//  - Sinks: conditions of if/while/for/do/switch/?: (not a ?: that only
//    selects between plain values), i.e. also loop bounds,
//    except the guards that ARE the encoded #ifs (pure feature reads).
//
// The result, per region (the innermost region marker around the sink) and
// per function: the features whose data reaches its control flow, with one
// piece of evidence (source and sink locations) per feature.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DATAFLOW_DATAFLOW_H
#define VARSIM_DATAFLOW_DATAFLOW_H

#include "support/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace varsim::dataflow {

/// Why a feature influences a region: its data, written or read at Source,
/// reaches the control-flow decision at Sink through Via.
struct Evidence {
  std::string Feature;
  SourcePoint Source;
  SourcePoint Sink;
  std::string Via; ///< What carried it: "n", "struct Opts::size", "f()".
  /// "data": the feature's data reaches a decision at Sink; "control": an
  /// exit (Via: "return", "break", ...) at Sink out of a region of the
  /// feature (or a condition on its data) at Source, so the rest of the
  /// function or loop runs only when the exit is not taken. "callee": the
  /// data reaches a decision in a function without a marker (Via ends with
  /// "in FUNCTION at FILE:LINE") called at Sink, whose time is the
  /// region's. "unmarked":
  /// added by the planner (never stored) for feature code without a marker
  /// timed in the region (plan/OutDir.cpp); Via says which.
  std::string Kind = "data";
};

/// The features whose data reaches the control flow of one region or
/// function.
struct Influence {
  /// The innermost region marker around the sinks (a region or function
  /// id of the region table); none for code outside any marker.
  std::optional<unsigned> Region;
  std::string Function; ///< Qualified name of the enclosing function.
  std::vector<std::string> Features; ///< Sorted, unique.
  std::vector<Evidence> Evidences;   ///< One per feature.
};

struct DataFlowFacts {
  std::vector<Influence> Regions;   ///< Sinks inside a marker, by region id.
  std::vector<Influence> Functions; ///< Per function, by name.
  /// True if locations are in the original sources; false if they are in
  /// the simulator's (rewritten) sources.
  bool OriginalLocations = false;
  unsigned TranslationUnits = 0;
  /// Code no run of the program can execute (dataflow/Reachability.cpp):
  /// the region ids of the markers inside C functions that no entry point
  /// (main, a function whose address reachable code or a table it names
  /// takes, a constructor/destructor
  /// function, ...) reaches through direct calls, and those functions'
  /// names (where no reachable function has the same name). Empty when
  /// the program has no main or the criterion cannot be applied (a
  /// lookup by name, dlsym): everything is then taken as reachable. The
  /// plan needs no run for these (plan/OutDir.cpp).
  std::vector<unsigned> UnreachableRegions;
  std::vector<std::string> UnreachableFunctions;

  /// The influencing features of a region, empty if none.
  std::vector<std::string> featuresOf(unsigned Region) const;
};

struct AnalysisOptions {
  /// A feature read is an expansion of a macro with this prefix; the rest
  /// of the macro's name is the feature's macro.
  std::string FeatureReadPrefix = "VARSIM_F_";
  /// Statement macros that open a region scope, with the id as argument.
  std::vector<std::string> MarkerMacros = {"VARSIM_REGION"};
  /// Regions of kind "switch": the feature conditions of their dispatch
  /// code are guards (they choose a renamed definition), not decisions.
  std::set<unsigned> SwitchRegions;
  /// Functions (qualified names) whose feature conditions are guards too:
  /// unmarked feature switches whose variants each return a constant (a
  /// lowered constant's value function, `kNormalize__varsim_value`), and
  /// unmarked dispatches whose variants each have a function region of
  /// their own (a clone per configuration: its time is its region's).
  /// Which variant runs costs the switch the same; the value returned
  /// carries the features as data, and decides where it is tested.
  std::set<std::string> GuardFunctions;
  /// Feature macro -> feature name (from the manifest); unmapped macros are
  /// reported as they are.
  std::map<std::string, std::string> FeatureNames;
  /// Function region id -> feature macros its presence condition fixes (a
  /// conjunction of feature literals, `!A && B`: a clone of a function per
  /// configuration, or a definition renamed per variant). The function runs
  /// only under its condition, so these features decide nothing inside it.
  std::map<unsigned, std::set<std::string>> FixedInRegion;
  /// Translation units to analyse; empty: every file of the database.
  std::vector<std::string> Files;
  /// Walk again only the bodies whose inputs changed since their last walk
  /// (same facts, less time); off only to test that the facts are the same.
  bool SkipUnchangedBodies = true;
};

/// Parses every translation unit of Db and analyses the whole program.
/// Translation units that fail to parse are an error.
llvm::Expected<DataFlowFacts>
analyzeDataFlow(const clang::tooling::CompilationDatabase &Db,
                const AnalysisOptions &Options = {});

/// Analyses the whole program of Units, parsed already (without errors),
/// in the order given (analyzeDataFlow's: by file name, then database
/// order).
DataFlowFacts analyzeUnits(llvm::ArrayRef<clang::ASTUnit *> Units,
                           const AnalysisOptions &Options = {});

/// Analyses one translation unit given as text (for tests and tools).
llvm::Expected<DataFlowFacts> analyzeCode(llvm::StringRef Code,
                                          const std::vector<std::string> &Args,
                                          llvm::StringRef FileName = "input.cc",
                                          const AnalysisOptions &Options = {});

/// The JSON form stored in the manifest under "dataflow".
llvm::json::Value toJSON(const DataFlowFacts &F);
bool fromJSON(const llvm::json::Value &V, DataFlowFacts &F, llvm::json::Path P);

/// A readable report: per region and function, the features and why.
/// RegionLabel (optional) names a region id, e.g. "main (src/a.c:14)".
void printReport(const DataFlowFacts &F, llvm::raw_ostream &OS,
                 const std::map<unsigned, std::string> &RegionLabels = {});

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_DATAFLOW_H
