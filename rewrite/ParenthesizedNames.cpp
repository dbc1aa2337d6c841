//===- rewrite/ParenthesizedNames.cpp - Definitions a macro would expand --===//
//
// A function-like macro defined per feature, where the function of its name
// is not, becomes a run-time selection present in every configuration
// (MacroSelection.cpp's selectFunctionOrMacro, Prototypes.h): `#define
// sqlite3BtreeLeave(X) ((c) ? (void)0 : (void)sqlite3BtreeLeave(X))`. The
// function's definition after it, which no variant with the macro compiles,
// would then be expanded: its name is put in parentheses, `void
// (sqlite3BtreeLeave)(Btree *p){`, which declares the same function and is
// no macro invocation. Only where every definition of the macro is present
// in no configuration together with the function's definition (so no
// variant expands the definition: `#define f(a) f_impl(a)` renaming a
// definition is left alone), for C functions that no other edit renames.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/Prototypes.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

namespace varsim::rewrite::detail {

void FileRewriter::parenthesizeMacroNames() {
  if (!Ctx.PresenceAt)
    return;
  // The sites that may define the name where this file is read: not in a
  // file no parse reads with this one (the source tree an amalgamation was
  // made from), nor in a branch no configuration enters (sqlite3ext.h's
  // `#define sqlite3_mutex_alloc sqlite3_api->mutex_alloc` under `#if
  // !defined(SQLITE_CORE)` in the amalgamation).
  auto ReadHere = Ctx.ReadBy.find(In.Path);
  std::map<std::string, std::vector<ProjectContext::DefineSite>> DefinedAt;
  for (const auto &[M, Sites] : Ctx.DefinedAt)
    for (const ProjectContext::DefineSite &S : Sites) {
      auto There = Ctx.ReadBy.find(S.File);
      bool ReadWithThis = S.File == In.Path || ReadHere == Ctx.ReadBy.end() ||
                          (There != Ctx.ReadBy.end() &&
                           llvm::any_of(There->second, [&](unsigned I) {
                             return ReadHere->second.count(I);
                           }));
      if (ReadWithThis && !settledOff(S.File, S.Offset))
        DefinedAt[M].push_back(S);
    }
  std::set<unsigned> Done;
  for (const ParseView &V : In.Parses)
    for (const FunctionFact &Fn : V.Facts->Functions) {
      if (!Fn.CLanguage || Fn.Member || Fn.Lambda || Fn.NameLength == 0 ||
          Duplicates.count(Fn.BodyBegin) || !Done.insert(Fn.NameBegin).second)
        continue;
      auto Sites = DefinedAt.find(Fn.Name);
      if (Sites == DefinedAt.end() || Sites->second.empty() ||
          !llvm::all_of(Sites->second, [](const ProjectContext::DefineSite &S) {
            return S.FunctionLike;
          }))
        continue;
      if (llvm::StringRef(In.Text).substr(Fn.NameBegin, Fn.NameLength) !=
          Fn.Name)
        continue;
      CondPtr Here = Ctx.PresenceAt(In.Path, Fn.NameBegin);
      bool Apart =
          llvm::all_of(Sites->second, [&](const ProjectContext::DefineSite &S) {
            CondPtr There = Ctx.PresenceAt(S.File, S.Offset);
            return !isSatisfiable(*makeAnd({Here, There}), F);
          });
      unsigned B = Fn.NameBegin, E = Fn.NameBegin + Fn.NameLength;
      bool Touched = llvm::any_of(
          Edits, [&](const Edit &Ed) { return Ed.Begin < E && B < Ed.End; });
      if (!Apart || Touched)
        continue;
      addEdit(B, B, "(");
      addEdit(E, E, ")");
    }
  // Prototypes likewise (sqliteInt.h's `SQLITE_PRIVATE sqlite3_mutex
  // *sqlite3MutexAlloc(int);` under `#ifndef SQLITE_MUTEX_OMIT`, after
  // mutex.h's macro).
  // Only names that occur in this file as an identifier can be a
  // prototype's (findPrototypes matches identifier tokens): one pass over
  // the text instead of a substring search per macro of the project.
  llvm::StringSet<> Identifiers;
  forEachToken(In.Text, [&](const SourceToken &T) {
    if (T.K == SourceToken::Identifier)
      Identifiers.insert(llvm::StringRef(In.Text).slice(T.Begin, T.End));
  });
  std::set<std::string> Names;
  for (const auto &[M, Sites] : DefinedAt)
    if (!Sites.empty() &&
        llvm::all_of(Sites,
                     [](const ProjectContext::DefineSite &S) {
                       return S.FunctionLike;
                     }) &&
        Identifiers.contains(M))
      Names.insert(M);
  if (Names.empty())
    return;
  for (const Prototype &P : findPrototypes(
           In.Text, 0, static_cast<unsigned>(In.Text.size()), Names)) {
    unsigned B = P.Offset, E = P.Offset + static_cast<unsigned>(P.Name.size());
    CondPtr Here = Ctx.PresenceAt(In.Path, B);
    bool Apart = llvm::all_of(
        DefinedAt.at(P.Name), [&](const ProjectContext::DefineSite &S) {
          CondPtr There = Ctx.PresenceAt(S.File, S.Offset);
          return !isSatisfiable(*makeAnd({Here, There}), F);
        });
    bool Touched = llvm::any_of(
        Edits, [&](const Edit &Ed) { return Ed.Begin < E && B < Ed.End; });
    if (Apart && !Touched) {
      addEdit(B, B, "(");
      addEdit(E, E, ")");
    }
  }
}

} // namespace varsim::rewrite::detail
