//===- test/model/DriftingVm.h - A small VM on a drifting machine -*- C++
//-*-===//
//
// The synthetic program of the native-reference and native-variant tests:
// an interpreter's main with 20 opcode functions and a region under C,
// run in the pair-wise plan of A, B and C for three rounds on a machine
// whose speed drifts by up to 30 % between runs. Each test says what the
// opcodes cost in its scenario and what native times it records beside
// the simulator's runs; the trace shape, the plan, the model build and the
// error over every configuration are shared here.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_MODEL_DRIFTINGVM_H
#define VARSIM_TEST_MODEL_DRIFTINGVM_H

#include "model/NativeReference.h"
#include "model/RunObservations.h"
#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace varsim::model::test::vm {

constexpr double Ms = 1e6;
constexpr int Functions = 20;

/// The machine's speed in each of the twelve runs (a time multiplier), and
/// their median.
constexpr std::array<double, 12> DriftSpeeds = {
    1.0, 1.3, 0.85, 1.2, 1.1, 0.9, 1.25, 1.0, 0.8, 1.15, 1.3, 1.0};
constexpr double MedianSpeed = 1.05;

/// `A,C`: the selected features of a configuration.
inline std::string configOf(bool A, bool B, bool C) {
  std::string Config;
  for (auto [On, Name] : {std::pair{A, "A"}, {B, "B"}, {C, "C"}})
    if (On)
      Config += (Config.empty() ? "" : ",") + std::string(Name);
  return Config;
}

/// The VM's layout: main's own time, the opcode functions (each visited
/// 1000 times), the region under C, and extra time on the first opcode
/// (repetition jitter), in ms.
struct VmShape {
  int Functions = vm::Functions;
  double MainOwnMs = 2, RegionCMs = 30, FirstOpExtraMs = 0;
};

/// A simulator trace of (A, B, C): each opcode function takes OpMs; every
/// time is multiplied by NsPerMs (the simulator's slowdown and the
/// machine's speed).
inline callgraph::CallTrace vmTrace(bool A, bool B, bool C, double OpMs,
                                    double NsPerMs, std::string Path,
                                    const VmShape &Shape = {}) {
  callgraph::test::TraceBuilder T(configOf(A, B, C), std::move(Path));
  T.feature("A", A).feature("B", B).feature("C", C);
  using callgraph::RegionKind;
  uint32_t Main = T.region(RegionKind::Function, "main", "1", 1, "vm.c");
  std::vector<uint32_t> Ops;
  for (int F = 0; F < Shape.Functions; ++F)
    Ops.push_back(T.region(RegionKind::Function, "op" + std::to_string(F), "1",
                           10 + F, "vm.c"));
  uint32_t InC = T.region(RegionKind::Region, "main", "C", 5, "vm.c");
  int64_t M = T.node(-1, Main, 1,
                     (Shape.MainOwnMs + Shape.Functions * OpMs +
                      Shape.FirstOpExtraMs + (C ? Shape.RegionCMs : 0)) *
                         NsPerMs);
  for (int F = 0; F < Shape.Functions; ++F)
    T.node(M, Ops[F], 1000,
           (OpMs + (F == 0 ? Shape.FirstOpExtraMs : 0)) * NsPerMs);
  if (C)
    T.node(M, InC, 1, Shape.RegionCMs * NsPerMs);
  return T.trace();
}

/// The pair-wise plan of A, B, C run Rounds rounds: Run(A, B, C, I, Path)
/// makes the I-th run (in order; 0-11 in three rounds, as DriftSpeeds),
/// named as `varsim run` names repetitions.
inline std::vector<callgraph::CallTrace> pairwiseRounds(
    const std::function<callgraph::CallTrace(bool, bool, bool, size_t,
                                             std::string)> &Run,
    int Rounds = 3) {
  std::vector<callgraph::CallTrace> Traces;
  size_t I = 0;
  for (int Round = 1; Round <= Rounds; ++Round) {
    int K = 0;
    for (auto [A, B, C] : {std::tuple{false, false, false},
                           {true, true, false},
                           {true, false, true},
                           {false, true, true}}) {
      Traces.push_back(Run(A, B, C, I,
                           "run-" + std::to_string(++K) + ".rep-" +
                               std::to_string(Round) + ".json"));
      ++I;
    }
  }
  return Traces;
}

struct Built {
  NativeCalibration Native;
  PerformanceModel M;
};

/// The model as `varsim model` builds it: the traces calibrated to their
/// native reference, data-flow observations, no threshold, and the native
/// variants' totals fitted when every run has one.
inline Built buildCalibrated(std::vector<callgraph::CallTrace> Traces) {
  Built Out;
  Out.Native = calibrateToNative(Traces);
  callgraph::CallGraph G = graphOf(Traces);
  RunObservations Runs = observationsOf(G, Traces);
  DataFlowOptions DF;
  DF.Runs = &Runs;
  ModelOptions O;
  O.ThresholdSeconds = 0;
  O.DataFlow = &DF;
  if (Out.Native.Variants)
    O.NativeTotalOf = [&](llvm::StringRef Config) {
      return Out.Native.variantTotal(Config);
    };
  Out.M = modelWith(G, O);
  Out.M.Native = Out.Native;
  return Out;
}

/// The mean and the largest absolute percentage error of M over all eight
/// configurations against WantMs(A, B, C) at the median speed.
inline std::pair<double, double>
errorsOverAll(const PerformanceModel &M,
              const std::function<double(bool, bool, bool)> &WantMs) {
  double Sum = 0, Max = 0;
  for (int Bits = 0; Bits < 8; ++Bits) {
    bool A = Bits & 1, B = Bits & 2, C = Bits & 4;
    std::set<std::string> On;
    for (auto [X, Name] : {std::pair{A, "A"}, {B, "B"}, {C, "C"}})
      if (X)
        On.insert(Name);
    double Want = WantMs(A, B, C) * 1e-3 * MedianSpeed;
    double E = 100 * std::abs(predictSelected(M, On) - Want) / Want;
    Sum += E;
    Max = std::max(Max, E);
  }
  return {Sum / 8, Max};
}

} // namespace varsim::model::test::vm

#endif // VARSIM_TEST_MODEL_DRIFTINGVM_H
