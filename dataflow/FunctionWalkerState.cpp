//===- dataflow/FunctionWalkerState.cpp - The walker's locals -------------===//
//
// The undo log of LocalState (FunctionWalkerState.h). Each merge states the
// outcome the former copies gave, per local, so that the walk's facts stay
// the same.
//
//===----------------------------------------------------------------------===//

#include "dataflow/FunctionWalkerState.h"

#include "llvm/ADT/DenseMap.h"

#include <cassert>

namespace varsim::dataflow {

LocalState::Slot &LocalState::slotForChange(const clang::VarDecl *V,
                                            bool Overwrite) {
  auto [It, New] = Locals.try_emplace(V);
  Slot &S = It->second;
  if (Scopes.empty() || S.LoggedIn == Scopes.back().Id)
    return S;
  if (New)
    Log.push_back({V, std::nullopt, 0});
  else if (Overwrite)
    Log.push_back({V, std::move(S.Value), S.LoggedIn});
  else
    Log.push_back({V, S.Value, S.LoggedIn});
  S.LoggedIn = Scopes.back().Id;
  return S;
}

const Taint &LocalState::get(const clang::VarDecl *V) {
  if (auto It = Locals.find(V); It != Locals.end())
    return It->second.Value;
  return slotForChange(V, /*Overwrite=*/false).Value;
}

void LocalState::set(const clang::VarDecl *V, Taint T) {
  slotForChange(V, /*Overwrite=*/true).Value = std::move(T);
}

bool LocalState::joinInto(const clang::VarDecl *V, const Taint &T) {
  return join(slotForChange(V, /*Overwrite=*/false).Value, T);
}

void LocalState::mark() { Scopes.push_back({NextScope++, Log.size()}); }

LocalState::Changes LocalState::undo() {
  assert(!Scopes.empty() && "undo without mark");
  size_t Start = Scopes.back().LogStart;
  Scopes.pop_back();
  Changes Out;
  Out.reserve(Log.size() - Start);
  // Newest first: each local is logged once per scope, so the order only
  // matters for the tags, which go back to what they were.
  for (size_t I = Log.size(); I-- > Start;) {
    LogEntry &E = Log[I];
    auto It = Locals.find(E.V);
    assert(It != Locals.end() && "a logged local has a slot");
    Out.push_back({E.V, std::move(It->second.Value), !E.Old});
    if (!E.Old) {
      Locals.erase(It);
      continue;
    }
    It->second.Value = std::move(*E.Old);
    It->second.LoggedIn = E.PrevLoggedIn;
  }
  Log.resize(Start);
  return Out;
}

void LocalState::mergeBranches(Changes Then, Changes Else) {
  // Per local, with X the value before the branches: Then's value (or X)
  // joined with Else's value (or X); a local neither branch changed keeps
  // X, and one with no entry before and after a branch is left out of the
  // join, as a copied state without the key was.
  llvm::DenseMap<const clang::VarDecl *, Taint *> ElseOf;
  for (Change &C : Else)
    ElseOf[C.V] = &C.Value;
  for (Change &C : Then) {
    Taint R = std::move(C.Value);
    if (auto It = ElseOf.find(C.V); It != ElseOf.end()) {
      join(R, *It->second);
      It->second = nullptr; // Done.
    } else if (auto Before = Locals.find(C.V); Before != Locals.end()) {
      join(R, Before->second.Value);
    }
    set(C.V, std::move(R));
  }
  for (Change &C : Else)
    if (ElseOf.lookup(C.V))
      joinInto(C.V, C.Value); // X (or a new empty entry) joined with Else.
}

bool LocalState::mergeOptional(const Changes &Body) {
  bool Changed = false;
  for (const Change &C : Body)
    Changed |= joinInto(C.V, C.Value) || C.WasAbsent;
  return Changed;
}

} // namespace varsim::dataflow
