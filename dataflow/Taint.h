//===- dataflow/Taint.h - Taint values --------------------------*- C++ -*-===//
//
// Private to the data-flow checks. A taint value is the set of features
// whose data a value may carry, each with the first place it was found
// (the evidence). Taint only grows, so the whole-program fixpoint ends.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DATAFLOW_TAINT_H
#define VARSIM_DATAFLOW_TAINT_H

#include "support/Diagnostic.h"

#include <map>
#include <set>
#include <string>

namespace varsim::dataflow {

/// Where a feature's data entered the program.
struct Origin {
  SourcePoint Source;
  std::string Via; ///< The variable, field or call that first carried it.
  /// A control context (a feature guard): the source is the write that
  /// happens under it, filled in when it happens.
  bool AtWrite = false;
  /// Came with an argument from the caller's control context (the call was
  /// under a guard): fixed in that calling context, so not an influence on
  /// the callee's own decisions, but a real source once it escapes into a
  /// global, a field or memory.
  bool FromCaller = false;
  /// Came in through these parameters (their keys) as data: a decision in
  /// the callee on it is a decision of each caller that passes such data,
  /// so it is recorded at the call sites, in the callers' regions (calls
  /// by context: a checksum routine called from feature code with a
  /// feature-sized buffer and from the workload with a fixed one is
  /// influenced in the first calling context only). Empty once the value
  /// escapes the call (a global, a field, memory).
  std::set<std::string> Params;
  /// The evidence of a control dependence (an exit out of a feature
  /// region), not of data.
  bool Control = false;
  /// A decision on this data in a callee without a marker (Via says
  /// where): its time is its callers', so it is a fact of each call site's
  /// region (evidence kind "callee").
  bool Callee = false;

  /// 2: real data; 1: data of the callers (through parameters); 0: the
  /// caller's control context.
  int rank() const { return FromCaller ? 0 : Params.empty() ? 2 : 1; }

  friend bool operator==(const Origin &A, const Origin &B) {
    return A.Source.File == B.Source.File && A.Source.Line == B.Source.Line &&
           A.Via == B.Via && A.AtWrite == B.AtWrite &&
           A.FromCaller == B.FromCaller && A.Params == B.Params &&
           A.Control == B.Control && A.Callee == B.Callee;
  }
};

/// Feature macro -> where its data came from.
using Taint = std::map<std::string, Origin>;

/// Adds From's features to Into (keeping Into's evidence); true if Into
/// grew.
inline bool join(Taint &Into, const Taint &From) {
  bool Grew = false;
  for (const auto &[Feature, O] : From) {
    auto [It, New] = Into.try_emplace(Feature, O); // No copy if present.
    if (!New && O.rank() > It->second.rank()) {
      It->second = O; // Real data beats a caller's data or context.
      New = true;
    } else if (!New && O.rank() == 1 && It->second.rank() == 1) {
      for (const std::string &P : O.Params) // Through several parameters.
        New |= It->second.Params.insert(P).second;
    }
    Grew |= New;
  }
  return Grew;
}

/// T escaping its calling context: every feature becomes a real source.
inline Taint escaped(Taint T) {
  for (auto &[Feature, O] : T) {
    O.FromCaller = false;
    O.Params.clear();
  }
  return T;
}

/// T stored where another call may read it: the parameter labels (which
/// only mean something inside the callee) become real data; the caller's
/// context stays.
inline Taint unlabelled(Taint T) {
  for (auto &[Feature, O] : T)
    O.Params.clear();
  return T;
}

/// T without what only the caller's context put there.
inline Taint withoutCallerContext(Taint T) {
  std::erase_if(T, [](const auto &E) { return E.second.FromCaller; });
  return T;
}

inline Taint unite(Taint A, const Taint &B) {
  join(A, B);
  return A;
}

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_TAINT_H
