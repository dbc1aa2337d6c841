//===- dataflow/FunctionWalkerState.h - The walker's locals ------*- C++
//-*-===//
//
// Private to the function walker. The taint of the flow-sensitive locals of
// one function body, changed in place. A branch (or a loop round) runs on
// the one state between mark() and undo(): the first time it changes a
// local, the local's old value goes to an undo log, and undo() puts the old
// values back and hands over the branch's own values of what it changed.
// The walker then joins the branches into the state.
//
// Why: copying every local at every branch made the walk quadratic in
// practice (Lua's luaV_execute: a switch of ~80 cases, each with nested
// branches, over a function with many locals: most of the data-flow pass's
// time went to copying maps of taint). Now a branch costs what it changes.
// The results are those of the copies: each merge below computes what the
// joins of the copied states did, key for key (a local read for the first
// time inside a branch exists, empty, after the merge, as with the copies).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DATAFLOW_FUNCTIONWALKERSTATE_H
#define VARSIM_DATAFLOW_FUNCTIONWALKERSTATE_H

#include "dataflow/Taint.h"

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace clang {
class VarDecl;
} // namespace clang

namespace varsim::dataflow {

class LocalState {
public:
  /// V's taint; a local read before any write gets an empty entry.
  const Taint &get(const clang::VarDecl *V);
  /// A strong update: V holds T from now on.
  void set(const clang::VarDecl *V, Taint T);
  /// A weak update: T joined into V. True if V's taint grew.
  bool joinInto(const clang::VarDecl *V, const Taint &T);

  /// A local a scope changed: its value at the scope's end, and whether it
  /// had no entry before the scope.
  struct Change {
    const clang::VarDecl *V;
    Taint Value;
    bool WasAbsent;
  };
  using Changes = std::vector<Change>;

  /// Begins a scope (a branch, a loop round); scopes nest.
  void mark();
  /// Ends the innermost scope: the state is as at its mark() again; what
  /// the scope changed is returned.
  Changes undo();

  /// After both branches of a two-way choice ran from the same state (each
  /// undone): the state becomes the join of the two outcomes, Then's
  /// evidence first (as `St = Then; join Else into St` did).
  void mergeBranches(Changes Then, Changes Else);
  /// After a body that may or may not run (a loop round, a switch) was
  /// undone: its outcome joined into the state. True if the state changed
  /// (a local grew or got its first entry): the loop is not stable yet.
  bool mergeOptional(const Changes &Body);

  /// Every local with an entry (tests compare it with copied states).
  std::map<const clang::VarDecl *, Taint> snapshot() const {
    std::map<const clang::VarDecl *, Taint> Out;
    for (const auto &[V, S] : Locals)
      Out.emplace(V, S.Value);
    return Out;
  }

private:
  struct Slot {
    Taint Value;
    uint64_t LoggedIn = 0; ///< The scope that last logged this local.
  };
  struct LogEntry {
    const clang::VarDecl *V;
    std::optional<Taint> Old; ///< None: the local had no entry.
    uint64_t PrevLoggedIn;
  };
  struct Scope {
    uint64_t Id;
    size_t LogStart;
  };
  /// V's slot about to be changed; its old value logged for the innermost
  /// scope if not yet (moved if Overwrite: the caller replaces it).
  Slot &slotForChange(const clang::VarDecl *V, bool Overwrite);

  std::unordered_map<const clang::VarDecl *, Slot> Locals;
  std::vector<LogEntry> Log;
  std::vector<Scope> Scopes;
  uint64_t NextScope = 1;
};

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_FUNCTIONWALKERSTATE_H
