//===- rewrite/SyntaxOnlyParse.h - One TU, one configuration --*- C++ -*-===//
//
// The rewriter's passes (template lowering, variant safety, the parse facts)
// each parse every translation unit in the configurations they need. They
// share how: the compile database entry's own flags, less its outputs,
// dependency files and the feature macros' -D/-U, plus the configuration's
// defines and Clang's resource directory; a file system of the parse's own
// (parses run in parallel from different directories); optional in-memory
// texts that replace files (the lowered sources).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SYNTAXONLYPARSE_H
#define VARSIM_REWRITE_SYNTAXONLYPARSE_H

#include "rewrite/ProjectLayout.h"

#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace varsim::rewrite {

struct SyntaxOnlyParse {
  const CompileEntry *Entry = nullptr;
  std::vector<std::string> Defines;     ///< "-DNAME" / "-DNAME=V".
  std::vector<std::string> StripMacros; ///< Their -D/-U in Entry are dropped.
  std::vector<std::string> ExtraFlags;  ///< Appended after the defines.
  /// Absolute path -> text that replaces the file (may be null).
  const std::map<std::string, std::string> *Overlay = nullptr;
};

struct SyntaxOnlyResult {
  bool Failed = false;
  std::string Diagnostics; ///< The compiler's messages, if Failed.
};

/// The compiler arguments of the parse (argv[0] first). Besides Defines,
/// each macro of StripMacros gets its run-time read defined as its value
/// in this configuration (`-DVARSIM_F_NDEBUG=1`, 0 when not defined).
std::vector<std::string> syntaxOnlyArguments(const SyntaxOnlyParse &P);

/// Parses P.Entry's file, running the actions Factory creates.
SyntaxOnlyResult runSyntaxOnly(const SyntaxOnlyParse &P,
                               clang::tooling::FrontendActionFactory &Factory);

/// A FrontendActionFactory whose create() calls Make, a callable returning
/// std::unique_ptr<clang::FrontendAction> (or of a subclass). Spares each
/// pass its own factory class:
///
///   auto F = actionFactory([&] { return std::make_unique<Action>(State); });
///   runSyntaxOnly(P, F);
template <class MakeAction>
class CallableActionFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit CallableActionFactory(MakeAction Make) : Make(std::move(Make)) {}
  std::unique_ptr<clang::FrontendAction> create() override { return Make(); }

private:
  MakeAction Make;
};

template <class MakeAction>
CallableActionFactory<MakeAction> actionFactory(MakeAction Make) {
  return CallableActionFactory<MakeAction>(std::move(Make));
}

/// A factory of ActionT(Args&...): the arguments (usually the pass's state)
/// are held by reference and must outlive the factory.
template <class ActionT, class... Args> auto actionFactoryFor(Args &...A) {
  return actionFactory([&A...] { return std::make_unique<ActionT>(A...); });
}

/// Runs the actions Make creates (see actionFactory) on P.
template <class MakeAction>
SyntaxOnlyResult runSyntaxOnlyWith(const SyntaxOnlyParse &P, MakeAction Make) {
  auto Factory = actionFactory(std::move(Make));
  return runSyntaxOnly(P, Factory);
}

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_SYNTAXONLYPARSE_H
