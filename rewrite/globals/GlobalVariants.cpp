//===- rewrite/globals/GlobalVariants.cpp - File-scope variability --------===//
//
// An *item* is a file-scope entity that differs per configuration (a table
// with #if'd entries, a variable/constant/typedef/struct defined in several
// feature branches, a declaration that uses a macro defined per feature or
// a feature macro's value, or one that uses such an entity), or a function
// whose body uses one. Each item gets one copy per configuration of the
// decisions it depends on (planCopies, capped), each copy the item's text
// with those #ifs resolved, those macros replaced by their values and the
// references to other items renamed to the copy of the same configuration.
//
//   - The copy of the base configuration (the model's default where it
//     applies) stays in place. An entity's base copy keeps its name, so uses
//     that cannot be renamed (through a macro body) see the base copy.
//   - Other copies are appended after the file's last line, each under
//     `#line` (its original line numbers), inside the namespaces and #if
//     branches that enclose the original; a reference spelled in a macro
//     body is renamed by an object-like `#define name name__varsim_X`
//     around the copy.
//   - A function with several copies is renamed in every copy
//     (`f__varsim_X`); the dispatcher under its own name and signature is
//     appended, its body one #if/#elif/#else chain over the copies'
//     conditions, which the #if rewriter encodes as a run-time switch with a
//     region per branch. The dispatcher is declared on the line of the
//     original definition.
//
// The pass is split by concept (LoweringState.h names the records the
// pieces pass to each other): Discovery.cpp (candidates, macros, facts),
// ItemClosure.cpp (the items and the fixed point over their users),
// EnumValues.cpp and LargestBounds.cpp (per-kind lowerings), Refusals.cpp,
// CopyPlan.cpp (the copies), CopyText.cpp (a copy's text) and
// RenderFiles.cpp (the emitted texts). This file runs them in order.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/globals/LoweringState.h"

#include <chrono>
#include <cstdlib>

namespace varsim::rewrite::globals {
namespace {

using namespace lowering;

bool isCxxEntry(const CompileEntry &E) {
  return isCxxCompile(E.File, E.Arguments);
}

/// With VARSIM_GLOBALS_TIMING set, the pass's wall time goes to the log
/// (docs/globals.md, "Cost").
class PassTimer {
public:
  explicit PassTimer(llvm::raw_ostream *Log)
      : Log(std::getenv("VARSIM_GLOBALS_TIMING") ? Log : nullptr),
        Start(std::chrono::steady_clock::now()) {}
  ~PassTimer() {
    if (!Log)
      return;
    auto Us = std::chrono::duration_cast<std::chrono::microseconds>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
    *Log << "file-scope variability pass: " << Us << " us ("
         << (Parsed ? "parsed" : "pre-check only, no parse") << ")\n";
  }
  bool Parsed = false;

private:
  llvm::raw_ostream *Log;
  std::chrono::steady_clock::time_point Start;
};

} // namespace

std::set<std::string> globalsWatchedMacros(const GlobalsInput &In) {
  Discovered Dx(In);
  for (const auto &[File, FS] : In.Structures)
    Dx.Groups.emplace(File, analyzeGroups(FS, In.Features));
  collectMacroDefs(Dx);
  return std::move(Dx.Watched);
}

llvm::Expected<GlobalsResult> lowerGlobalVariability(const GlobalsInput &In) {
  PassTimer Timer(In.Log);
  GlobalsResult Result;
  if (In.Features.macros().empty())
    return Result;
  Discovered Dx(In);
  for (const auto &[File, FS] : In.Structures)
    Dx.Groups.emplace(File, analyzeGroups(FS, In.Features));
  collectMacroDefs(Dx);
  if (!precheck(Dx))
    return Result;
  for (const CompileEntry &E : In.Project.Entries)
    (isCxxEntry(E) ? Dx.AnyCxx : Dx.AnyC) = true;
  Timer.Parsed = true;
  if (!parseAll(Dx))
    return Result;
  ItemTable Tab;
  Additions Add;
  buildItems(Dx, Tab, Add);
  while (withdrawUnlowerable(Dx, Tab))
    buildItems(Dx, Tab, Add);
  if (llvm::Error E = checkRefusals(Dx, Tab))
    return E;
  if (llvm::Error E = judgeBounds(Dx, Add))
    return E;
  // A table whose copies exceed the budget is filled at start-up
  // instead, where it can be (FilledTables.cpp): then nothing varies with
  // it, and the items are built again. One whose count a function copied
  // for another reason reads is copied after all.
  auto Rebuild = [&]() -> llvm::Error {
    Tab.Withdrawn.clear();
    buildItems(Dx, Tab, Add);
    while (withdrawUnlowerable(Dx, Tab))
      buildItems(Dx, Tab, Add);
    if (llvm::Error E = checkRefusals(Dx, Tab))
      return E;
    return judgeBounds(Dx, Add);
  };
  for (;;) {
    std::string Failed;
    llvm::Error E = planItems(Dx, Tab, &Failed);
    if (!E) {
      std::string Conflict = filledTableReadInACopy(Dx, Tab);
      if (Conflict.empty())
        break;
      Tab.Filled.erase(Conflict);
      Tab.Unfillable.insert(Conflict);
    } else {
      auto It = Tab.Items.find(Failed);
      std::string Why;
      if (It == Tab.Items.end() || Tab.Filled.count(Failed) ||
          Tab.Unfillable.count(Failed) || !filledLayout(Dx, It->second, Why))
        return E;
      llvm::consumeError(std::move(E));
      Tab.Filled.insert(Failed);
    }
    if (llvm::Error E2 = Rebuild())
      return E2;
  }
  if (llvm::Error E = render(Dx, Tab, Add, Result))
    return E;
  if (In.Log)
    for (const templates::LoweredSite &S : Result.Sites)
      *In.Log << "lowered file-scope variability: "
              << In.Project.relativeToRoot(S.File) << ":" << S.Line << " ("
              << S.Idiom << ", " << S.Features << ")\n";
  return Result;
}

} // namespace varsim::rewrite::globals
