//===- rewrite/IncludeLift.cpp - An #include in a body under a feature ----===//
//
// An interpreter's computed-goto dispatch (Lua's `#if LUA_USE_JUMPTABLE` /
// `#include "ljumptab.h"` inside luaV_execute) includes a header in the
// middle of a function body: a table of label addresses, and dispatch
// macros redefined for the rest of the body. As a run-time branch, its
// declarations would be scoped to the branch. The function is copied per
// configuration instead (Lifting.cpp), each copy including the header or
// not; the header's macros are saved and restored around every copy, so
// that each copy starts from the definitions before the function, as the
// variant does. The variant keeps the header's definitions after the
// function, so none of those macros may occur after it in the file.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/MacroUses.h"

#include "llvm/Support/Path.h"

namespace varsim::rewrite::detail {

std::string FileRewriter::liftableInclude(const Directive &Include) {
  llvm::StringRef Name = llvm::StringRef(Include.Body).trim();
  if (Name.size() < 3 || !Name.starts_with("\"") || !Name.ends_with("\""))
    return "only a project header named in quotes is";
  llvm::SmallString<256> Path(llvm::sys::path::parent_path(In.Path));
  llvm::sys::path::append(Path, Name.drop_front().drop_back());
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  if (!Ctx.Structures)
    return "the project's headers are not known here";
  auto It = Ctx.Structures->find(std::string(Path));
  if (It == Ctx.Structures->end())
    return "'" + Name.str() + "' is not a header of the project next to '" +
           llvm::sys::path::filename(In.Path).str() + "'";
  std::set<std::string> Macros;
  for (const Directive &D : It->second.Directives) {
    if (D.Kind == DirectiveKind::Include)
      return "the header includes other files";
    if (D.Kind == DirectiveKind::Define || D.Kind == DirectiveKind::Undef)
      Macros.insert(D.Macro);
  }
  const FunctionFact *Fn = enclosingFunction(Include.Begin, Include.End);
  if (!Fn)
    return "it is not inside a function definition";
  if (const char *Why = notDuplicable(*Fn))
    return Why;
  unsigned After = Fn->BodyEnd + 1;
  for (const auto &[Offset, M] :
       findIdentifiers(llvm::StringRef(In.Text).drop_front(After), Macros))
    return "the header redefines '" + M + "', which line " +
           std::to_string(FS.lineOf(After + Offset)) +
           " uses after the function";
  IncludedMacros.insert(Macros.begin(), Macros.end());
  return "";
}

} // namespace varsim::rewrite::detail
