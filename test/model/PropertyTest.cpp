//===- test/model/PropertyTest.cpp - Prediction of the run itself ---------===//
//
// For random calling-context trees with random feature annotations, the
// model's prediction for the configuration that ran equals the trace's total
// time minus the instrumentation overhead, in every simplification mode.
//
//===----------------------------------------------------------------------===//

#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

#include <random>

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

struct RandomTrace {
  callgraph::CallTrace Trace;
  double ExpectedNs = 0; ///< Total minus overhead, computed independently.
  std::map<std::string, int64_t> Values;
};

/// A random condition that holds under Values.
std::string randomCondition(std::mt19937_64 &R,
                            const std::map<std::string, int64_t> &Values) {
  auto Feature = [&] {
    return std::string("F").append(std::to_string(R() % 6));
  };
  std::string C;
  switch (R() % 7) {
  case 0:
    return "1";
  case 1:
    C = Feature();
    break;
  case 2:
    C = "!" + Feature();
    break;
  case 3:
    C = Feature() + " && !" + Feature();
    break;
  case 4:
    C = Feature() + " || " + Feature();
    break;
  case 5:
    C = "LEVEL >= " + std::to_string(R() % 4);
    break;
  default:
    C = "(" + Feature() + " || LEVEL == 2) && " + Feature();
    break;
  }
  llvm::Expected<condition::CondPtr> Parsed = condition::parsePresence(C);
  EXPECT_TRUE(static_cast<bool>(Parsed));
  bool Holds = condition::evaluatePresence(**Parsed, [&](llvm::StringRef N) {
    auto It = Values.find(N.str());
    return It == Values.end() ? 0 : It->second;
  });
  return Holds ? C : "!(" + C + ")";
}

/// With Sampled, some nodes have only some of their visits timed (as the
/// runtime's sampling writes them), all visits of a node lasting the same,
/// so that the estimate from the timed visits is exact.
RandomTrace randomTrace(uint64_t Seed, bool Sampled = false) {
  std::mt19937_64 R(Seed);
  RandomTrace Out;
  std::string Config;
  for (int F = 0; F < 6; ++F) {
    std::string Name = std::string("F").append(std::to_string(F));
    Out.Values[Name] = R() % 2;
    if (Out.Values[Name])
      Config += (Config.empty() ? "" : ",") + Name;
  }
  Out.Values["LEVEL"] = R() % 4;
  Config += (Config.empty() ? "" : ",") + std::string("LEVEL=") +
            std::to_string(Out.Values["LEVEL"]);

  TraceBuilder B(Config);
  for (const auto &[Name, Value] : Out.Values)
    B.feature(Name, Value, Name == "LEVEL");
  double Inner = static_cast<double>(R() % 50) / 4;
  double Outer = static_cast<double>(R() % 50) / 4;
  B.calibration(Inner, Outer);
  double Untimed = Sampled ? static_cast<double>(R() % 20) / 4 : 0;
  B.untimedCost(Untimed);

  // Parents first; inclusive times are filled in bottom-up afterwards.
  size_t Threads = 1 + R() % 2;
  for (size_t Th = 0; Th < Threads; ++Th) {
    size_t N = 1 + R() % 150;
    std::vector<int64_t> Parent(N);
    std::vector<uint64_t> Calls(N), Timed(N);
    std::vector<double> Incl(N);
    std::vector<uint32_t> Region(N);
    for (size_t I = 0; I < N; ++I) {
      Parent[I] = I == 0 || R() % 10 == 0 ? -1 : static_cast<int64_t>(R() % I);
      Calls[I] = 1 + R() % 20;
      Timed[I] = Sampled && R() % 2 ? 1 + R() % Calls[I] : Calls[I];
      RegionKind Kind = static_cast<RegionKind>(R() % 3);
      Region[I] = B.region(Kind, "fn" + std::to_string(R() % 8),
                           randomCondition(R, Out.Values),
                           static_cast<unsigned>(I + 1));
      Incl[I] = static_cast<double>(R() % 1000000) +
                static_cast<double>(Calls[I]) * Inner;
    }
    // A child's visits cost its parent OuterNs more when timed, UntimedNs
    // in all (instead of its inner cost) when not.
    auto OutsideNs = [&](size_t I) {
      return static_cast<double>(Timed[I]) * Outer +
             static_cast<double>(Calls[I] - Timed[I]) * (Untimed - Inner);
    };
    for (size_t I = N; I-- > 0;) {
      if (Parent[I] < 0)
        continue;
      Incl[Parent[I]] += Incl[I] + OutsideNs(I);
    }
    for (size_t I = 0; I < N; ++I) {
      if (Timed[I] == Calls[I])
        B.node(Parent[I], Region[I], Calls[I], Incl[I], Th);
      else
        B.sampledNode(Parent[I], Region[I], Calls[I], Timed[I],
                      Incl[I] * static_cast<double>(Timed[I]) /
                          static_cast<double>(Calls[I]),
                      Th);
      // What the model should predict: top-level inclusive times minus
      // every visit's overhead.
      if (Parent[I] < 0)
        Out.ExpectedNs += Incl[I];
      Out.ExpectedNs -= static_cast<double>(Calls[I]) * Inner;
      if (Parent[I] >= 0)
        Out.ExpectedNs -= OutsideNs(I);
    }
  }
  Out.Trace = B.trace();
  return Out;
}

TEST(ModelProperty, PredictsTheRunThatWasMeasured) {
  for (uint64_t Seed = 1; Seed <= 400; ++Seed) {
    // Odd seeds: traces with sampled nodes.
    RandomTrace RT = randomTrace(Seed, Seed % 2 == 1);
    callgraph::CallGraph G = graphOf({RT.Trace});
    EXPECT_NEAR(G.runs()[0].CorrectedTotalNs, RT.ExpectedNs,
                1e-9 * RT.ExpectedNs + 1e-3);
    auto ValueOf = [&](llvm::StringRef N) -> int64_t {
      auto It = RT.Values.find(N.str());
      return It == RT.Values.end() ? 0 : It->second;
    };
    for (Simplification Mode :
         {Simplification::None, Simplification::Paper, Simplification::Full}) {
      PerformanceModel M = modelOf(G, Mode);
      EXPECT_TRUE(M.Unsatisfiable.empty()) << "seed " << Seed;
      EXPECT_NEAR(M.predict(ValueOf), RT.ExpectedNs * 1e-9,
                  1e-9 * std::abs(RT.ExpectedNs * 1e-9) + 1e-12)
          << "seed " << Seed << ", mode " << simplificationName(Mode).str();
    }
  }
}

TEST(ModelProperty, OtherConfigurationsLoseTheTermsThatDoNotHold) {
  // Flipping every feature makes every non-Base atom false: what remains is
  // the time of the contexts whose whole prefix is Base.
  for (uint64_t Seed = 1; Seed <= 50; ++Seed) {
    RandomTrace RT = randomTrace(Seed);
    callgraph::CallGraph G = graphOf({RT.Trace});
    PerformanceModel M = modelOf(G, Simplification::Full);
    double BaseOnly = 0;
    for (callgraph::Vertex V = 0; V < G.size(); ++V) {
      bool AllBase = true;
      for (callgraph::AtomId A : G.sequences().atoms(G[V].Term))
        AllBase &= A == callgraph::AtomTable::Base;
      if (AllBase)
        BaseOnly += G[V].SelfNs * 1e-9;
    }
    double Predicted = 0;
    for (const Term &T : M.Terms)
      if (T.Atoms.empty())
        Predicted += T.Seconds;
    EXPECT_NEAR(Predicted, BaseOnly, 1e-9 * std::abs(BaseOnly) + 1e-12);
  }
}

} // namespace
