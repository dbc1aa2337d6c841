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

#include "llvm/ADT/STLExtras.h"

#include <initializer_list>
#include <map>
#include <memory>
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

/// Feature macro -> where its data came from. A value with shared,
/// copy-on-write contents: the walks copy taint at every read of a cell
/// and every expression (Lua's simulator: ten thousand walks over cells
/// holding most features, each origin with its path), and copying the maps
/// and their strings was most of the data-flow pass. A copy now shares the
/// map; edit() makes it its own before a change.
class Taint {
public:
  using Map = std::map<std::string, Origin>;
  using const_iterator = Map::const_iterator;

  Taint() = default;
  Taint(std::initializer_list<Map::value_type> Entries)
      : Shared(Entries.size() ? std::make_shared<Map>(Entries) : nullptr) {}

  bool empty() const { return !Shared || Shared->empty(); }
  size_t size() const { return Shared ? Shared->size() : 0; }
  const_iterator begin() const { return map().begin(); }
  const_iterator end() const { return map().end(); }
  const_iterator find(const std::string &Feature) const {
    return map().find(Feature);
  }
  size_t count(const std::string &Feature) const {
    return Shared ? Shared->count(Feature) : 0;
  }
  /// The same contents without comparing them (one shared map).
  bool sharesWith(const Taint &Other) const {
    return Shared && Shared == Other.Shared;
  }

  /// The map, this value's own from now on (copied if shared).
  Map &edit() {
    if (!Shared)
      Shared = std::make_shared<Map>();
    else if (Shared.use_count() > 1)
      Shared = std::make_shared<Map>(*Shared);
    return *Shared;
  }
  /// Adds Feature with O unless present (then no copy); true if added.
  bool emplace(const std::string &Feature, Origin O) {
    if (count(Feature))
      return false;
    return edit().emplace(Feature, std::move(O)).second;
  }

  friend bool operator==(const Taint &A, const Taint &B) {
    return A.Shared == B.Shared || A.map() == B.map();
  }

private:
  const Map &map() const {
    static const Map None;
    return Shared ? *Shared : None;
  }
  std::shared_ptr<Map> Shared; ///< Null: no feature.
};

namespace detail {

/// Whether join(Into, From) would change Into (decided without a copy).
inline bool joinGrows(const Taint &Into, const Taint &From) {
  for (const auto &[Feature, O] : From) {
    auto It = Into.find(Feature);
    if (It == Into.end() || O.rank() > It->second.rank())
      return true;
    if (O.rank() == 1 && It->second.rank() == 1)
      for (const std::string &P : O.Params)
        if (!It->second.Params.count(P))
          return true;
  }
  return false;
}

} // namespace detail

/// Adds From's features to Into (keeping Into's evidence); true if Into
/// grew.
inline bool join(Taint &Into, const Taint &From) {
  if (From.empty() || Into.sharesWith(From))
    return false;
  if (Into.empty()) {
    Into = From;
    return true;
  }
  if (!detail::joinGrows(Into, From))
    return false;
  Taint::Map &M = Into.edit();
  bool Grew = false;
  for (const auto &[Feature, O] : From) {
    auto [It, New] = M.try_emplace(Feature, O); // No copy if present.
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
  if (llvm::none_of(T, [](const auto &E) {
        return E.second.FromCaller || !E.second.Params.empty();
      }))
    return T;
  for (auto &[Feature, O] : T.edit()) {
    O.FromCaller = false;
    O.Params.clear();
  }
  return T;
}

/// T stored where another call may read it: the parameter labels (which
/// only mean something inside the callee) become real data; the caller's
/// context stays.
inline Taint unlabelled(Taint T) {
  if (llvm::none_of(T, [](const auto &E) { return !E.second.Params.empty(); }))
    return T;
  for (auto &[Feature, O] : T.edit())
    O.Params.clear();
  return T;
}

/// T without what only the caller's context put there.
inline Taint withoutCallerContext(Taint T) {
  if (llvm::none_of(T, [](const auto &E) { return E.second.FromCaller; }))
    return T;
  std::erase_if(T.edit(), [](const auto &E) { return E.second.FromCaller; });
  return T;
}

inline Taint unite(Taint A, const Taint &B) {
  join(A, B);
  return A;
}

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_TAINT_H
