//===- model/TermKeys.h - Simplified terms of calling contexts --*- C++ -*-===//
//
// The simplification rules of the paper (S-Ref: f#f -> f; S-Mand: a
// mandatory first atom drops out) and of the full mode (a term is the set
// of its non-mandatory atoms, unsatisfiable sets are named), over the atom
// ids of one call graph; and the key of every interned calling context's
// term, computed incrementally along the context tree. buildModel
// (model/PerformanceModel.cpp) merges contexts whose keys are equal into
// one term.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_TERMKEYS_H
#define VARSIM_MODEL_TERMKEYS_H

#include "callgraph/CallGraph.h"
#include "feature_models/FeatureModel.h"
#include "model/PerformanceModel.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::model {

/// A term after simplification: its atoms, or why it cannot hold.
struct Simplified {
  std::vector<callgraph::AtomId> Key; ///< Terms with equal keys merge.
  /// The atoms in the order they are shown: in paper and none mode the key
  /// itself; in full mode the key in call order (of the first occurrence).
  std::vector<callgraph::AtomId> Display;
  std::string Unsatisfiable; ///< Empty if some configuration may have it.
};

/// The simplification rules, over the atom ids of one call graph.
class Simplifier {
public:
  /// Atoms: the graph's atoms and those the local models added.
  Simplifier(const callgraph::CallGraph &CG, const callgraph::AtomTable &Atoms,
             const ModelOptions &Options);

  /// Simplifies a term given by its atoms; FirstSeq is a raw sequence of
  /// the term, whose order the full mode shows.
  Simplified simplify(std::vector<callgraph::AtomId> Seq,
                      callgraph::SeqId FirstSeq) const;

  /// Base, or a selected feature that every valid configuration has.
  bool mandatory(callgraph::AtomId A) const;

private:
  struct AtomInfo {
    std::optional<fm::FeatureId> Id; ///< In the feature model, if any.
  };
  const callgraph::CallGraph &CG;
  const callgraph::AtomTable &Atoms;
  const ModelOptions &Options;
  std::vector<AtomInfo> Info;
  std::set<fm::FeatureId> Core;

  const callgraph::Atom &atom(callgraph::AtomId A) const { return Atoms[A]; }
  std::vector<callgraph::AtomId>
  paper(std::vector<callgraph::AtomId> Seq) const;
  Simplified full(std::vector<callgraph::AtomId> Set,
                  const std::vector<callgraph::AtomId> &CallOrder) const;
  Simplified fullKey(std::vector<callgraph::AtomId> Seq) const;
  /// Whether A is a disjunction of feature literals that Seq's literals
  /// (Known: those in the feature model) make true.
  bool disjunctionHolds(callgraph::AtomId A,
                        const std::vector<callgraph::AtomId> &Seq,
                        const std::vector<fm::Literal> &Known) const;
};

/// The key of every interned sequence's term under the mode's rules,
/// computed incrementally: a sequence's key follows from its parent's key and
/// its last atom, so that a million deep contexts cost one step each. Paper
/// mode keeps the S-Ref/S-Mand normal form (in a trie of its own); full mode
/// the set of atoms without mandatory ones; none mode the sequence itself.
class IncrementalKeys {
public:
  IncrementalKeys(const callgraph::CallGraph &CG, Simplification Mode,
                  const Simplifier &S);

  uint32_t keyOf(callgraph::SeqId S) const { return KeyOf[S]; }
  std::vector<callgraph::AtomId> atoms(uint32_t Key) const;

private:
  const callgraph::AtomSequences &Seqs;
  Simplification Mode;
  std::vector<uint32_t> KeyOf;
  callgraph::AtomSequences Paper;
  std::vector<std::vector<callgraph::AtomId>> Sets; ///< Sorted; 0: empty.
  std::map<std::vector<callgraph::AtomId>, uint32_t> SetIndex;
  llvm::DenseMap<uint64_t, uint32_t> SetSteps;

  uint32_t paperStep(callgraph::SeqId Q, callgraph::AtomId A,
                     const Simplifier &S);
  uint32_t setStep(uint32_t Set, callgraph::AtomId A);
};

} // namespace varsim::model

#endif // VARSIM_MODEL_TERMKEYS_H
