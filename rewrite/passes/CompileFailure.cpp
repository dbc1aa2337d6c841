//===- rewrite/passes/CompileFailure.cpp ----------------------------------===//

#include "rewrite/passes/CompileFailure.h"
#include "rewrite/SyntaxOnlyParse.h"

#include "clang/Frontend/FrontendActions.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

namespace varsim::rewrite {
namespace {

/// The first `file:line:col: error:` of the compiler's messages, the file
/// made absolute against the entry's directory. Lowered texts carry `#line`
/// and the original file names, so this is a line of the user's file.
SourcePoint firstError(const std::string &Diagnostics,
                       const std::string &Directory,
                       const std::string &Fallback) {
  llvm::Regex Located("^(.+):([0-9]+):([0-9]+): (fatal )?error: ");
  llvm::SmallVector<llvm::StringRef, 5> M;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  llvm::StringRef(Diagnostics).split(Lines, '\n');
  for (llvm::StringRef L : Lines)
    if (Located.match(L, &M)) {
      llvm::SmallString<256> Path(M[1]);
      if (!llvm::sys::path::is_absolute(Path)) {
        Path = Directory;
        llvm::sys::path::append(Path, M[1]);
      }
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      unsigned Line = 0, Column = 0;
      M[2].getAsInteger(10, Line);
      M[3].getAsInteger(10, Column);
      return {std::string(Path), Line, Column};
    }
  return {Fallback, 0, 0};
}

/// Whether the user's own sources (no lowered text) compile in the job's
/// configuration.
bool originalCompiles(const ParseJob &Job) {
  SyntaxOnlyParse P;
  P.Entry = Job.Entry;
  P.Defines = Job.Defines;
  P.StripMacros = Job.StripMacros;
  auto Factory =
      actionFactory([] { return std::make_unique<clang::SyntaxOnlyAction>(); });
  return !runSyntaxOnly(P, Factory).Failed;
}

} // namespace

llvm::Error compileFailure(const RewriteState &S, const ParseJob &Job,
                           const std::string &ConfigName,
                           const std::string &Diagnostics) {
  std::string Messages = llvm::StringRef(Diagnostics).rtrim().str();
  SourcePoint Where =
      firstError(Messages, Job.Entry->Directory, Job.Entry->File);
  std::string Config =
      ConfigName.empty() ? std::string("no optional feature") : ConfigName;
  if (Job.Overlay && !Job.Overlay->empty() && originalCompiles(Job)) {
    std::string Sites;
    for (const auto *List : {&S.ForeignSites, &S.TemplateSites, &S.GlobalSites})
      for (const templates::LoweredSite &L : *List)
        Sites += "\n  " + S.Project->relativeToRoot(L.File) + ":" +
                 std::to_string(L.Line) + " (" + L.Idiom + ", " + L.Features +
                 ")";
    return makeError(
        Where,
        "varsim's lowering of this translation unit does not compile in the "
        "parse configuration '" +
            Config +
            "', although your sources do: a limitation of varsim, not an "
            "error in your code (names with '__varsim_' are varsim's). "
            "Keep the constructs it lowered out of the model to go on; what "
            "was lowered:" +
            Sites + "\nthe compiler's messages on the lowered code:\n" +
            Messages);
  }
  return makeError(Where,
                   "does not compile in the parse configuration '" + Config +
                       "' (a valid configuration of the model):\n" + Messages);
}

} // namespace varsim::rewrite
