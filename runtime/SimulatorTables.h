//===- runtime/SimulatorTables.h - What a simulator is told -----*- C++ -*-===//
//
// The varsim-side half of runtime/: the tables that `varsim rewrite` hands
// to the runtime header compiled into the simulator (features, regions,
// constraints, default configuration), and the spellings of the code that
// the rewriter emits. The rewriter fills SimulatorTables and never writes
// runtime syntax by hand, so the runtime can change its macros in one place.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_RUNTIME_SIMULATORTABLES_H
#define VARSIM_RUNTIME_SIMULATORTABLES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace varsim::runtime {

/// File names inside the simulator's runtime directory (OUT/.../varsim/).
inline constexpr llvm::StringLiteral RuntimeHeaderName = "varsim_runtime.h";
inline constexpr llvm::StringLiteral GeneratedHeaderName = "varsim_generated.h";

/// What the simulator reads from its environment (docs/runtime.md).
inline constexpr llvm::StringLiteral ConfigEnvVar = "VARSIM_CONFIG";
inline constexpr llvm::StringLiteral TraceEnvVar = "VARSIM_TRACE";
inline constexpr llvm::StringLiteral ChromeTraceEnvVar = "VARSIM_CHROME_TRACE";
inline constexpr llvm::StringLiteral ChromeEventsEnvVar =
    "VARSIM_CHROME_EVENTS";
/// The trace path when VARSIM_TRACE is unset (relative to the working
/// directory the simulator starts in).
inline constexpr llvm::StringLiteral DefaultTraceName = "calltrace.json";

/// Exit codes of a simulator that refuses to run, before main: an invalid
/// VARSIM_CONFIG (unknown feature, malformed or out-of-range value, violated
/// constraint), or no memory for the runtime's own state.
inline constexpr int BadConfigExitCode = 86;
inline constexpr int NoMemoryExitCode = 87;

/// Where a child of the simulator after fork() writes its trace, given the
/// parent's trace path: "calltrace.json" -> "calltrace.<pid>.json"
/// (a trailing ".json" is replaced, anything else gets ".<pid>.json").
std::string forkChildTracePath(llvm::StringRef TracePath, int64_t Pid);

enum class RegionKind { Function, Region, Switch };

/// "function", "region" or "switch", as in calltrace.json.
llvm::StringRef regionKindName(RegionKind K);

struct FeatureDesc {
  std::string Name;  ///< As in the feature model and in CONFIG strings.
  std::string Macro; ///< As in the sources; VARSIM_F_<Macro> reads it.
  bool Numeric = false;
  int64_t Min = 0, Max = 1;
  int64_t Default = 0;    ///< Numeric: value when the CONFIG does not name it.
  bool Mandatory = false; ///< Selected whenever its parent is.
  bool Abstract = false;  ///< Selected when any child is.
  std::optional<unsigned> Parent; ///< Index into Features (parents first).
};

struct RegionDesc {
  RegionKind Kind = RegionKind::Function;
  std::string Function;  ///< Enclosing function (qualified name).
  std::string Condition; ///< Presence condition; "1" for Base.
  std::string File;      ///< Original source file (as in the compile db).
  unsigned Line = 0, EndLine = 0;
};

/// A constraint the simulator checks on its configuration at start-up.
struct ConstraintDesc {
  /// A C expression over VARSIM_F_<Macro> reads that is non-zero when the
  /// constraint holds (e.g. "!(VARSIM_F_A && VARSIM_F_B)").
  std::string Expression;
  /// What to tell the user when it is violated
  /// (e.g. "alternative group 'Codec': at most one of GZIP, LZ4").
  std::string Description;
};

struct SimulatorTables {
  std::vector<FeatureDesc> Features;
  std::vector<RegionDesc> Regions; ///< Region id = index.
  std::vector<ConstraintDesc> Constraints;
  std::string DefaultConfig; ///< Used when VARSIM_CONFIG is unset.
  /// Whether tiny hot Base functions fold at run time unless VARSIM_FOLD
  /// says otherwise (off for `--granularity all`, which keeps every marker).
  bool FoldByDefault = true;
  /// The rewrite's build id (BuildFingerprint.h), written into every trace;
  /// empty: none (test harnesses).
  std::string BuildId;
};

/// Writes varsim_generated.h: includes varsim_runtime.h, defines the tables
/// (once per program, whatever the number of translation units including
/// it), the VARSIM_F_<Macro> reads and the constraint check.
void writeGeneratedHeader(const SimulatorTables &Tables, llvm::raw_ostream &OS);

/// The text of varsim_runtime.h, embedded in varsim at build time, which the
/// rewriter copies beside the generated header.
llvm::StringRef runtimeHeaderText();

/// Spellings of the code the rewriter emits.
/// An rvalue of type long long: 0/1 for boolean features, the value for
/// numeric ones. E.g. "VARSIM_F_LOGGING".
std::string featureValueExpr(const FeatureDesc &F);
/// The same value, spelled "VARSIM_D_LOGGING": read only by the dispatcher
/// of per-configuration versions, which the data-flow checks do not count
/// as a feature read (each version's own VARSIM_F_ reads carry the facts).
std::string featureDispatchExpr(const FeatureDesc &F);
/// Where the program's code uses the feature's macro as a value
/// (`printf("%d", LEVEL)`): the read with the type of the literal the
/// variant is compiled with (-DLEVEL=3: an int), "VARSIM_INT(VARSIM_F_LEVEL)",
/// when every value of the feature fits an int; else "(VARSIM_F_LEVEL)".
/// A long long there was passed for printf's %d and had another sizeof.
std::string featureValueUse(const FeatureDesc &F);
/// A statement that opens a scope marker for region Id, valid as the first
/// statement of a function body or block in C and C++; closed at scope exit
/// on every path. E.g. "VARSIM_REGION(3);".
std::string regionMarker(RegionKind K, unsigned Id);

} // namespace varsim::runtime

#endif // VARSIM_RUNTIME_SIMULATORTABLES_H
