//===- rewrite/CopiedMacros.cpp - Loop-header macros per configuration ----===//
//
// The kernel's `for_each_cpu(c)` is the header of a `for` statement whose
// body follows the use, defined per (numeric) option:
//
//     #if CONFIG_NR_CPUS == 1
//     #define for_each_cpu(c) for ((c) = 0; (c) < 1; (c)++)
//     #else
//     #define for_each_cpu(c) for ((c) = 0; (c) < CONFIG_NR_CPUS; (c)++)
//     #endif
//
// Neither an expression nor a statement, it cannot be selected at run time
// (MacroMerging.cpp). But every function using it can be copied per
// configuration, each copy with that configuration's definition (pushed
// and popped around the copy, as for a constant expression using a macro
// defined per feature, Lifting.cpp): so each function that uses such a
// macro is copied. Its definition in the header becomes a name that does
// not compile, which no use outside a copy can reach: a use elsewhere (at
// file scope, in a function that cannot be copied) is refused, located.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"

namespace varsim::rewrite::detail {

bool copiedPerConfiguration(const std::string &Name, const PerFeatureMacro &P) {
  for (const std::string &D : P.Definitions) {
    if (D.empty())
      continue;
    llvm::StringRef R = llvm::StringRef(D).drop_front(Name.size());
    if (R.starts_with("(")) {
      size_t Close = R.find(')');
      if (Close == llvm::StringRef::npos)
        return false;
      R = R.drop_front(Close + 1);
    }
    if (classifyMacroBody(R.trim()).K == MacroBody::Other)
      return true;
  }
  return false;
}

llvm::Error FileRewriter::liftCopiedMacros() {
  std::set<std::string> Names;
  for (const auto &[M, P] : Ctx.PerFeatureMacros)
    if (copiedPerConfiguration(M, P))
      Names.insert(M);
  if (Names.empty())
    return llvm::Error::success();
  for (const auto &[Offset, M] : findIdentifiers(In.Text, Names)) {
    // Its #defines, and other macros' bodies naming it (their uses then
    // reach the header's definition, which does not compile: the
    // simulator check fails the rewrite).
    if (llvm::any_of(FS.Directives, [&](const Directive &D) {
          return D.Begin <= Offset && Offset < D.End;
        }))
      continue;
    std::string What = "the macro '" + M + "' (defined per feature " +
                       Ctx.PerFeatureMacros.at(M).Features +
                       ") has a body that is neither an expression nor a "
                       "statement (a loop header), so each function using it "
                       "is copied per configuration";
    const FunctionFact *Fn = enclosingFunction(Offset, Offset + 1);
    if (!Fn || Offset < Fn->BodyBegin)
      return error(Offset, What + "; this use is outside a function body: "
                                  "keep one definition and write what "
                                  "differs as an expression of the feature "
                                  "inside it");
    if (const char *Why = notDuplicable(*Fn))
      return error(Offset, What + ", which is not supported for '" + Fn->Name +
                               "': " + Why);
    Duplicate &D = Duplicates[Fn->BodyBegin];
    D.Fn = Fn;
    D.Macros.insert(M);
    // A feature's value in a definition (`(c) < CONFIG_NR_CPUS`): the
    // simulator reads features at run time, the copy needs a constant.
    for (const std::string &Def : Ctx.PerFeatureMacros.at(M).Definitions)
      forEachToken(Def, [&](const SourceToken &T) {
        llvm::StringRef Id = llvm::StringRef(Def).slice(T.Begin, T.End);
        if (T.K == SourceToken::Identifier && Id != M && F.isFeatureMacro(Id))
          D.Macros.insert(Id.str());
      });
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::detail
