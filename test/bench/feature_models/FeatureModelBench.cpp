//===- test/bench/feature_models/FeatureModelBench.cpp --------------------===//
//
// A generated FeatureIDE model with 200 features (and-, or- and alternative
// groups, mandatory and abstract features) and 50 cross-tree constraints is
// read, counted, and pair-wise sampled; the figures are printed against the
// one-second budget. Deterministic: the generator has a fixed seed.
//
// Usage: feature_models_bench [FEATURES [CONSTRAINTS [SEED [WINDOW]]]]
//
// WINDOW (default 16): the leaves of one constraint lie within WINDOW leaves
// of each other in depth-first order, as constraints between related
// features do. WINDOW 0 spreads them uniformly over the whole tree: the
// BDD's fixed depth-first variable order then grows exponentially with the
// number of constraints that cross it (no dynamic reordering yet).
//
//===----------------------------------------------------------------------===//

#include "feature_models/FeatureModel.h"
#include "support/Diagnostic.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace varsim::fm;

namespace {

struct Generated {
  std::string Xml;
  unsigned Alternatives = 0, Ors = 0, Mandatory = 0;
};

/// A random tree with the given number of features, then random clauses
/// over its leaves: A => B, A => !B, A | B | C. The other leaves of a clause
/// are at most Window leaves away from A in depth-first order (0: anywhere).
Generated generate(unsigned Features, unsigned Constraints, uint64_t Seed,
                   unsigned Window) {
  std::mt19937_64 Rng(Seed);
  auto Pick = [&](size_t N) { return static_cast<size_t>(Rng() % N); };
  struct Node {
    std::vector<unsigned> Kids;
    int Group = 0; // 0 and, 1 or, 2 alt
    bool Mandatory = false;
  };
  std::vector<Node> Nodes(1);
  std::vector<unsigned> Open{0};
  while (Nodes.size() < Features) {
    unsigned Parent = Open[Pick(Open.size())];
    unsigned Kids = 2 + static_cast<unsigned>(Pick(4));
    if (!Nodes[Parent].Kids.empty())
      continue;
    Nodes[Parent].Group = Parent == 0 ? 0 : static_cast<int>(Pick(5)) % 3;
    for (unsigned K = 0; K < Kids && Nodes.size() < Features; ++K) {
      Nodes[Parent].Kids.push_back(static_cast<unsigned>(Nodes.size()));
      Nodes.emplace_back();
      Nodes.back().Mandatory = Nodes[Parent].Group == 0 && Pick(5) == 0;
      Open.push_back(static_cast<unsigned>(Nodes.size() - 1));
    }
  }
  Generated G;
  std::vector<unsigned> Leaves;
  std::function<void(unsigned, unsigned)> Emit = [&](unsigned I,
                                                     unsigned Depth) {
    const Node &N = Nodes[I];
    std::string Indent(2 * Depth + 4, ' ');
    std::string Name = ("F" + llvm::Twine(I)).str();
    std::string Attrs = " name=\"" + Name + "\"";
    if (N.Mandatory) {
      Attrs += " mandatory=\"true\"";
      ++G.Mandatory;
    }
    if (N.Kids.empty()) {
      Leaves.push_back(I);
      G.Xml += Indent + "<feature" + Attrs + "/>\n";
      return;
    }
    const char *Tag = N.Group == 1 ? "or" : N.Group == 2 ? "alt" : "and";
    G.Alternatives += N.Group == 2;
    G.Ors += N.Group == 1;
    G.Xml += Indent + "<" + Tag + " abstract=\"true\"" + Attrs + ">\n";
    for (unsigned K : N.Kids)
      Emit(K, Depth + 1);
    G.Xml += Indent + "</" + Tag + ">\n";
  };
  G.Xml = "<featureModel>\n  <struct>\n";
  Emit(0, 0);
  G.Xml += "  </struct>\n  <constraints>\n";
  auto Var = [](unsigned I, bool Negated) {
    std::string V = ("<var>F" + llvm::Twine(I) + "</var>").str();
    return Negated ? "<not>" + V + "</not>" : V;
  };
  for (unsigned C = 0; C < Constraints; ++C) {
    size_t At = Pick(Leaves.size());
    auto Near = [&] {
      if (Window == 0)
        return Leaves[Pick(Leaves.size())];
      size_t Lo = At > Window ? At - Window : 0;
      size_t Hi = std::min(Leaves.size(), At + Window + 1);
      return Leaves[Lo + Pick(Hi - Lo)];
    };
    unsigned A = Leaves[At], B = Near(), D = Near();
    std::string Rule;
    switch (Pick(3)) {
    case 0:
      Rule = "<imp>" + Var(A, false) + Var(B, false) + "</imp>";
      break;
    case 1:
      Rule = "<imp>" + Var(A, false) + Var(B, true) + "</imp>";
      break;
    default:
      Rule =
          "<disj>" + Var(A, false) + Var(B, false) + Var(D, true) + "</disj>";
      break;
    }
    G.Xml += "    <rule>" + Rule + "</rule>\n";
  }
  G.Xml += "  </constraints>\n</featureModel>\n";
  return G;
}

double millisecondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - Start)
      .count();
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Features = Argc > 1 ? std::atoi(Argv[1]) : 200;
  unsigned Constraints = Argc > 2 ? std::atoi(Argv[2]) : 50;
  uint64_t Seed = Argc > 3 ? std::strtoull(Argv[3], nullptr, 10) : 1;
  unsigned Window = Argc > 4 ? std::atoi(Argv[4]) : 16;
  llvm::raw_ostream &OS = llvm::outs();

  // Regenerate (deterministically) until the model has valid
  // configurations: random clauses can contradict the tree.
  for (unsigned Attempt = 0; Attempt < 100; ++Attempt, ++Seed) {
    Generated G = generate(Features, Constraints, Seed, Window);
    auto Start = std::chrono::steady_clock::now();
    llvm::Expected<FeatureModel> M = parseFeatureModel(G.Xml, "generated.xml");
    double ReadMs = millisecondsSince(Start);
    if (!M) {
      varsim::reportError(M.takeError());
      return 1;
    }
    Start = std::chrono::steady_clock::now();
    double Count = M->count();
    double CountMs = millisecondsSince(Start);
    if (Count == 0)
      continue;
    Start = std::chrono::steady_clock::now();
    std::clock_t CpuStart = std::clock();
    SampleOptions O;
    O.Strategy = SampleStrategy::PairWise;
    llvm::Expected<std::vector<Configuration>> Sample = M->sample(O);
    double PairwiseMs = millisecondsSince(Start);
    double PairwiseCpuMs =
        1000.0 * static_cast<double>(std::clock() - CpuStart) / CLOCKS_PER_SEC;
    if (!Sample) {
      varsim::reportError(Sample.takeError());
      return 1;
    }
    Start = std::chrono::steady_clock::now();
    size_t Groups = M->exclusiveGroups().size();
    double GroupsMs = millisecondsSince(Start);
    Start = std::chrono::steady_clock::now();
    O.Strategy = SampleStrategy::Random;
    O.Count = 100;
    llvm::Expected<std::vector<Configuration>> Random = M->sample(O);
    double RandomMs = millisecondsSince(Start);
    if (!Random) {
      varsim::reportError(Random.takeError());
      return 1;
    }

    double Total = ReadMs + CountMs + PairwiseMs;
    OS << "model: " << M->features().size() << " features (" << G.Alternatives
       << " alternative groups, " << G.Ors << " or-groups, " << G.Mandatory
       << " mandatory), " << M->constraintTexts().size()
       << " cross-tree constraints (window " << Window << "), seed " << Seed
       << "\n";
    OS << llvm::format("read:      %8.2f ms\n", ReadMs);
    OS << llvm::format("count:     %8.2f ms  (%s valid configurations)\n",
                       CountMs, formatCount(Count).c_str());
    OS << llvm::format("pair-wise: %8.2f ms  (%zu configurations; %.2f ms "
                       "of CPU time)\n",
                       PairwiseMs, Sample->size(), PairwiseCpuMs);
    OS << llvm::format("total:     %8.2f ms  = %.1f%% of the 1000 ms "
                       "budget: %s\n",
                       Total, Total / 10.0, Total < 1000 ? "OK" : "TOO SLOW");
    OS << llvm::format("also: exclusive groups %.2f ms (%zu groups), "
                       "random:100 %.2f ms\n",
                       GroupsMs, Groups, RandomMs);
    return Total < 1000 ? 0 : 1;
  }
  llvm::errs() << "no satisfiable model generated\n";
  return 1;
}
