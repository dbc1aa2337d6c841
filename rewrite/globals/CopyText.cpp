//===- rewrite/globals/CopyText.cpp - The text of a copy ------------------===//
//
// Reads the Discovered record and the planned ItemTable; adds nothing but
// returns text: the edits that turn a range into one copy of an item
// (copyEdits: decided #ifs resolved, macros per feature replaced by their
// values, references renamed to the same configuration's copies), an
// appended copy under its #if, #line and namespaces (appended, which records
// the macros it defines in Additions), a function's head and dispatcher.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "rewrite/SourceText.h"
#include "rewrite/globals/SettledDefaults.h"

#include "llvm/Support/Regex.h"

namespace varsim::rewrite::globals::lowering {

namespace {

bool isIncludeGuard(const FileStructure &FS, unsigned GI) {
  const CondGroup &G = FS.Groups[GI];
  if (G.ParentGroup || G.Branches.size() != 1)
    return false;
  const Directive &If = FS.Directives[G.Branches[0].DirectiveIndex];
  if (If.Kind != DirectiveKind::Ifndef || G.Branches[0].Directives.empty())
    return false;
  const Directive &First = FS.Directives[G.Branches[0].Directives.front()];
  return First.Kind == DirectiveKind::Define && First.Macro == If.Macro;
}

/// Text's code: comments and literals blanked (a name in a comment names
/// nothing).
std::string codeOnly(llvm::StringRef Text) {
  std::string Out = Text.str();
  for (size_t I = 0; I < Out.size(); ++I) {
    size_t E = I;
    if (Out.compare(I, 2, "//") == 0)
      E = std::min(Out.find('\n', I), Out.size());
    else if (Out.compare(I, 2, "/*") == 0)
      E = std::min(Out.find("*/", I + 2), Out.size() - 2) + 2;
    else if (Out[I] == '"' || Out[I] == '\'') {
      E = I + 1;
      while (E < Out.size() && Out[E] != Out[I] && Out[E] != '\n')
        E += Out[E] == '\\' ? 2 : 1;
      E = std::min(E + 1, Out.size());
    }
    for (size_t J = I; J < E; ++J)
      if (Out[J] != '\n')
        Out[J] = ' ';
    if (E > I)
      I = E - 1;
  }
  return Out;
}

/// A function's local declared in a branch of G that this copy never
/// enters (State 0) and named after the group, up to the function's End
/// (SQLite's `#if SQLITE_THREADSAFE` / `sqlite3_mutex *mutex =
/// sqlite3MutexAlloc(...);` / `#endif`, then `sqlite3_mutex_enter(mutex)`,
/// a no-op macro where the option is 0, selected at run time in the
/// simulator, whose other arm still names it): the branch's replacement,
/// the same declaration zero-initialized (`sqlite3_mutex *mutex = {0};`,
/// its lines kept), by branch. Only where nothing else of its name can be
/// visible (the parses' declarations, GlobalFacts::Locals and
/// FileScopeNames): no name declared at file scope in any unit (system
/// headers too), no macro of the project, no parameter or local of the
/// function declared before the group whose block reaches it. The
/// variant compiles no read of it (it declares no such name), so the
/// simulator's copy never reads the zero either.
std::map<size_t, std::string>
declaredLocals(const Discovered &Dx, const std::string &File, llvm::StringRef T,
               const CondGroup &G, const std::vector<int> &State,
               const FileStructure &FS, unsigned FnBegin, unsigned End) {
  static const llvm::Regex Decl(
      "^[[:space:]]*([A-Za-z_][A-Za-z0-9_ ]*[ *]+)([A-Za-z_][A-Za-z0-9_]*)"
      "[[:space:]]*(=[^;{}]*)?;[[:space:]]*$");
  std::map<size_t, std::string> Out;
  unsigned GroupBegin = FS.Directives[G.Branches.front().DirectiveIndex].Begin;
  unsigned After = FS.Directives[G.EndifIndex].End;
  for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
    const CondGroup::Branch &B = G.Branches[BI];
    if (State[BI] != 0 || B.ContentEnd <= B.ContentBegin)
      continue;
    llvm::StringRef Content = T.slice(B.ContentBegin, B.ContentEnd);
    llvm::SmallVector<llvm::StringRef, 4> M;
    if (!Decl.match(Content, &M))
      continue;
    std::string Name = M[2].str();
    bool Storage = false;
    forIdentifiers(M[1], [&](size_t, llvm::StringRef Id) {
      Storage = Storage || Id == "static" || Id == "extern" ||
                Id == "typedef" || Id == "return" || Id == "goto";
    });
    if (Storage || Dx.MacroDefs.count(Name))
      continue;
    bool Visible = Dx.Facts.FileScopeNames.count(Name) != 0, Used = false;
    for (const auto &[_, D] : Dx.Facts.Defs)
      Visible = Visible || D.Name == Name;
    for (const auto &[_, Fn] : Dx.Facts.Functions)
      Visible = Visible || Fn.Name == Name;
    for (const auto &[_, L] : Dx.Facts.Locals)
      Visible =
          Visible || (L.Name == Name && L.File == File && L.Offset >= FnBegin &&
                      L.Offset < GroupBegin && L.ScopeEnd >= GroupBegin);
    forIdentifiers(
        codeOnly(T.slice(After, End)),
        [&](size_t, llvm::StringRef Id) { Used = Used || Id == Name; });
    if (Visible || !Used)
      continue;
    Out[BI] = M[1].str() + Name + " = {0};" + newlinesOf(Content);
  }
  return Out;
}

/// #if lines re-creating the branches that enclose Offset (not an
/// include guard), and as many #endif lines.
std::pair<std::string, std::string>
enclosing(const Discovered &Dx, const std::string &File, unsigned Offset) {
  const FileStructure &FS = Dx.structure(File);
  std::string Open, Close;
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (Offset < B.ContentBegin || Offset >= B.ContentEnd)
        continue;
      if (isIncludeGuard(FS, GI))
        continue;
      std::string Test = branchCondition(FS, G, static_cast<unsigned>(BI));
      Open += "#if " + (Test.empty() ? std::string("1") : Test) + "\n";
      Close += "#endif\n";
    }
  }
  return {Open, Close};
}

std::string namespacesOpen(const NamespaceChain &NS) {
  std::string Out;
  for (const auto &[Name, Inline] : NS)
    Out += std::string(Inline ? "inline " : "") + "namespace " + Name +
           (Name.empty() ? "" : " ") + "{\n";
  return Out;
}

/// Whether Macro is defined in every configuration where Here holds,
/// with one body wherever a unit reads a definition of it (no run-time
/// selection among bodies can stand in the copy's text), and it is no
/// feature: then the in-place text means the same in each of them. Its
/// definitions may hold outside Here too: Mbed TLS AES defines the table
/// list `FT` under MBEDTLS_AES_ROM_TABLES, and `FT1 = { FT }` is copied
/// in place for the configurations with it and without
/// MBEDTLS_AES_FEWER_TABLES.
bool definedThroughout(const Discovered &Dx, const std::string &Macro,
                       const CondPtr &Here) {
  if (Dx.In.Features.isFeatureMacro(Macro))
    return false;
  auto It = Dx.MacroDefs.find(Macro);
  if (It == Dx.MacroDefs.end())
    return false;
  std::set<std::string> Bodies;
  std::vector<CondPtr> Where;
  for (const MacroDef &D : It->second) {
    if (!Dx.unitsRead(D.File))
      continue;
    if (!D.Presence)
      return false;
    Where.push_back(D.Presence);
    Bodies.insert(D.Params + " " + llvm::StringRef(D.Replacement).trim().str());
  }
  return Bodies.size() == 1 &&
         !isSatisfiable(*makeAnd({Here, makeNot(makeOr(Where))}),
                        Dx.In.Features);
}

} // namespace

/// Edits that turn [Begin, End) of File into copy C of item I. Renames
/// that must go through a macro are added to Defines (appended copies
/// only; in place they are an error).
llvm::Error copyEdits(const Discovered &Dx, const ItemTable &Tab, const Item &I,
                      const Copy &C, const std::string &File, unsigned Begin,
                      unsigned End, bool InPlace, std::set<Edit> &Out,
                      std::map<std::string, std::string> &Defines,
                      std::map<std::string, std::string> *MacroDefinesOut) {
  std::map<std::string, std::string> Unused;
  std::map<std::string, std::string> &MacroDefines =
      MacroDefinesOut ? *MacroDefinesOut : Unused;
  const FileStructure &FS = Dx.structure(File);
  const FileGroups &FG = Dx.Groups.at(File);
  const std::string &T = Dx.text(File);
  CondPtr Here = makeAnd({I.Presence, C.Condition});
  std::vector<std::pair<unsigned, unsigned>> Removed;
  auto IsRemoved = [&](unsigned Off) {
    for (const auto &[B, E] : Removed)
      if (Off >= B && Off < E)
        return true;
    return false;
  };
  // Defaults the original text has settled: no-ops in an appended copy.
  if (!InPlace)
    for (const auto &[B, E] : settledDefaults(FS, FG, Begin, End)) {
      Out.insert({B, E - B, newlinesOf(llvm::StringRef(T).slice(B, E))});
      Removed.push_back({B, E});
    }
  // #if groups decided by the copy: resolved.
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    const CondGroup &G = FS.Groups[GI];
    const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
    if (If.Begin < Begin || If.Begin >= End || IsRemoved(If.Begin))
      continue;
    if (FS.Directives[G.EndifIndex].End > End)
      return Dx.located(File, If.Line, If.Column,
                        describe(Dx, I) +
                            ", and this #if group extends past "
                            "the end of its declaration: it cannot be copied "
                            "per configuration");
    std::vector<int> State; // 1 always, 0 never, -1 undecided.
    bool Decided = true;
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondPtr &Own = FG.Groups[GI].Own[BI];
      bool Can = isSatisfiable(*makeAnd({Here, Own}), Dx.In.Features);
      bool CanNot =
          isSatisfiable(*makeAnd({Here, makeNot(Own)}), Dx.In.Features);
      State.push_back(Can && !CanNot ? 1 : !Can ? 0 : -1);
      Decided = Decided && State.back() >= 0;
    }
    if (!Decided)
      continue;
    std::map<size_t, std::string> Locals;
    if (I.IsFunction)
      Locals = declaredLocals(Dx, File, T, G, State, FS, I.Fn->DeclBegin, End);
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      const Directive &D = FS.Directives[B.DirectiveIndex];
      Out.insert({D.Begin, D.End - D.Begin,
                  newlinesOf(llvm::StringRef(T).slice(D.Begin, D.End))});
      if (State[BI] == 0 && B.ContentEnd > B.ContentBegin) {
        auto L = Locals.find(BI);
        Out.insert({B.ContentBegin, B.ContentEnd - B.ContentBegin,
                    L != Locals.end() ? L->second
                                      : newlinesOf(llvm::StringRef(T).slice(
                                            B.ContentBegin, B.ContentEnd))});
        Removed.push_back({B.ContentBegin, B.ContentEnd});
      }
    }
    const Directive &Endif = FS.Directives[G.EndifIndex];
    Out.insert({Endif.Begin, Endif.End - Endif.Begin,
                newlinesOf(llvm::StringRef(T).slice(Endif.Begin, Endif.End))});
  }
  // Macros that differ per configuration: their value in this copy.
  std::map<unsigned, std::vector<const MacroExpansion *>> AtOffset;
  for (const auto &[_, E] : Dx.Facts.Expansions)
    if (E.File == File && E.Offset >= Begin && E.Offset < End &&
        !IsRemoved(E.Offset) && !Dx.onDirectiveLine(File, E.Offset))
      AtOffset[E.Offset].push_back(&E);
  for (const auto &[Off, Es] : AtOffset) {
    const MacroExpansion *Direct = nullptr;
    for (const MacroExpansion *E : Es)
      if (E->Direct && llvm::StringRef(T).substr(Off).starts_with(E->Macro))
        Direct = E;
    std::optional<std::string> Value;
    bool Determined = false;
    if (Direct) {
      DecisionSet Needs;
      macroDecisions(Dx, Direct->Macro, Needs, File, Off);
      Determined = std::includes(I.Decisions.begin(), I.Decisions.end(),
                                 Needs.begin(), Needs.end());
      if (Determined)
        Value = macroValue(Dx, Direct->Macro, C.Cfg, File, Off, 0,
                           InPlace ? nullptr : &MacroDefines);
    }
    if (Value) {
      Out.insert({Off, static_cast<unsigned>(Direct->Macro.size()), *Value});
      continue;
    }
    // A feature undefined in this configuration, stringified: the
    // variant's string spells its name, as the copy's text does.
    if (Direct && Determined && Direct->Stringified &&
        Dx.In.Features.isFeatureMacro(Direct->Macro) &&
        !Dx.In.Features.macroValue(C.Cfg, Direct->Macro))
      continue;
    if (I.IsFunction || (Direct && !Determined))
      continue; // The #if rewriter selects it at run time.
    // In place, a macro of one body defined wherever this copy is (`#if
    // ROM_TABLES` / `#define FT V(..), ...` / `#define V(a, b, c, d) ...` /
    // `static const uint32_t FT0[256] = { FT };`): the text stays as it
    // is, and the #if rewriter keeps or refuses those definitions as for
    // any code of the branch. The macros in its body are fixed per copy
    // (Determined: the decisions of the definitions that reach the use).
    if (InPlace && Direct && definedThroughout(Dx, Direct->Macro, Here))
      continue;
    const MacroExpansion &E = *Es.front();
    return Dx.located(File, E.Line, E.Column,
                      describe(Dx, I) + ", and uses '" + E.Macro +
                          "' here, whose value per configuration cannot be "
                          "substituted (a function-like macro, or one "
                          "reached through another macro's body)");
  }
  // References to other items: their copy of this configuration.
  for (const auto &[_, R] : Dx.Facts.Refs) {
    if (R.File != File || R.Offset < Begin || R.Offset >= End ||
        IsRemoved(R.Offset))
      continue;
    auto T2 = Tab.Items.find(R.Target);
    if (T2 == Tab.Items.end() || !T2->second.variesAt(R))
      continue;
    const Item &Target = T2->second;
    const Copy *TC = copyFor(Dx, Target, C.Cfg);
    if (Target.EnumValues) {
      // The enumerator's value in this configuration; one absent there
      // is in code this configuration does not run (its variant would
      // not compile otherwise): the union's name serves.
      if (!TC || !enumeratorPresent(Dx, Target, R.Member, C.Cfg))
        continue;
      std::string Renamed = R.Member + "__varsim_" + TC->Suffix;
      if (!R.ViaMacro) {
        Out.insert({R.Offset, static_cast<unsigned>(R.Member.size()), Renamed});
        continue;
      }
      if (InPlace && !I.IsFunction)
        return Dx.located(R.File, R.Line, R.Column,
                          "the enumerator '" + R.Member + "' of " +
                              describe(Dx, Target) +
                              " is used here through a "
                              "macro in '" +
                              I.Name +
                              "', which is not copied "
                              "per configuration");
      Defines[R.Member] = Renamed;
      continue;
    }
    // A configuration in which no definition of the target exists (Mbed
    // TLS AES: `FT1` with MBEDTLS_AES_FEWER_TABLES) reaches it only in
    // code it does not run: a per-feature macro's other body (`#define
    // AES_FT1(idx) FT1[idx]`), which the #if rewriter selects at run time
    // and so compiles in every copy. The union's name serves, as for an
    // absent enumerator.
    if (!TC || TC->Name == Target.Name || (!Target.IsFunction && TC->Def < 0))
      continue;
    if (!R.ViaMacro) {
      Out.insert(
          {R.Offset, static_cast<unsigned>(Target.Name.size()), TC->Name});
      continue;
    }
    if (InPlace && !I.IsFunction)
      return Dx.located(R.File, R.Line, R.Column,
                        describe(Dx, Target) +
                            " and is used here through a "
                            "macro in '" +
                            I.Name +
                            "', whose in-place copy "
                            "needs another configuration's '" +
                            Target.Name + "' than the base configuration's");
    Defines[Target.Name] = TC->Name;
  }
  // The item's own name.
  if (I.IsFunction) {
    // The definition's name, or a prototype's (CrossUnit.cpp).
    std::optional<unsigned> NameAt;
    if (File == I.Fn->File && I.Fn->NameOffset >= Begin &&
        I.Fn->NameOffset < End)
      NameAt = I.Fn->NameOffset;
    for (const auto &[_, P] : Dx.Facts.Protos)
      if (!NameAt && P.File == File && P.EntityKey == I.Key &&
          P.NameOffset >= Begin && P.NameOffset < End)
        NameAt = P.NameOffset;
    if (NameAt && C.Name != I.Name &&
        (I.Copies.size() > 1 || I.SignatureVaries))
      Out.insert({*NameAt, static_cast<unsigned>(I.Name.size()), C.Name});
    if (I.Fn->Main && I.Copies.size() > 1 && NameAt == I.Fn->NameOffset)
      Out.insert({I.Fn->BodyEnd, 0, " return 0; "});
  } else {
    const EntityDef &D = *I.Defs[C.Def];
    if (!D.Name.empty() && C.Name != I.Name && D.NameOffset >= Begin &&
        D.NameOffset < End)
      Out.insert({D.NameOffset, static_cast<unsigned>(D.Name.size()), C.Name});
  }
  return llvm::Error::success();
}

/// An appended copy: renaming macros, enclosing branches, namespaces,
/// `#line`, the text.
llvm::Expected<std::string> appended(const Discovered &Dx, const ItemTable &Tab,
                                     Additions &Add, const Item &I,
                                     const Copy &C, const std::string &File,
                                     unsigned Begin, unsigned End,
                                     const NamespaceChain &NS) {
  std::set<Edit> E;
  std::map<std::string, std::string> Defines, MacroDefines;
  if (llvm::Error Err = copyEdits(Dx, Tab, I, C, File, Begin, End, false, E,
                                  Defines, &MacroDefines))
    return Err;
  const std::string &T = Dx.text(File);
  auto Body = applyEdits(File, llvm::StringRef(T).slice(Begin, End), Begin, E);
  if (!Body)
    return Body.takeError();
  size_t LS = llvm::StringRef(T).rfind('\n', Begin);
  LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
  auto [Open, Close] = enclosing(Dx, File, Begin);
  std::string Out;
  for (const auto &[Name, Define] : MacroDefines)
    if (Add.DefinedMacros[File].insert(Name).second)
      Out += Define + "\n";
  for (const auto &[From, To] : Defines)
    Out += "#define " + From + " " + To + "\n";
  // A renamed function still names itself as the original (logging
  // prints __func__), as the #if rewriter's renamed functions do.
  bool Renamed = I.IsFunction && C.Name != I.Name;
  if (Renamed)
    Out += "#define __func__ \"" + I.Name + "\"\n#define __FUNCTION__ \"" +
           I.Name + "\"\n";
  // A copy exists in its configurations only (every parse must compile;
  // the #if rewriter compiles the union, with the copy's condition as
  // presence).
  Out += Open;
  Out += "#if " + ppCondition(*C.Condition) + "\n";
  Out += namespacesOpen(NS);
  // The user's line: the text may hold `#line`s of an earlier lowering
  // (SQLite's MUTEX_LOGIC uses written as #if code).
  Out += "#line " + std::to_string(presumedLine(Dx.text(File), Begin)) + "\n";
  Out += std::string(Begin - LS, ' ') + *Body + "\n";
  Out += std::string(NS.size(), '}') + (NS.empty() ? "" : "\n");
  Out += "#endif\n";
  Out += Close;
  for (const auto &[From, To] : Defines)
    Out += "#undef " + From + "\n";
  if (Renamed)
    Out += "#undef __func__\n#undef __FUNCTION__\n";
  return Out;
}

std::string headOf(const Discovered &Dx, const FunctionDef &F,
                   bool StripDefaults) {
  const std::string &T = Dx.text(F.File);
  std::set<Edit> E;
  if (StripDefaults)
    for (const auto &[B, End] : F.DefaultArgs)
      E.insert({B, End - B, ""});
  auto Head =
      applyEdits(F.File, llvm::StringRef(T).slice(F.DeclBegin, F.BodyBegin),
                 F.DeclBegin, E);
  if (!Head) {
    llvm::consumeError(Head.takeError());
    return oneLine(llvm::StringRef(T).slice(F.DeclBegin, F.BodyBegin));
  }
  // A header with #if lines keeps its lines: the #if rewriter reads them
  // as it reads the original's.
  if (headHasDirective(Dx, F))
    return llvm::StringRef(*Head).rtrim().str();
  return oneLine(*Head);
}

std::string declarationHeadOf(const Discovered &Dx, const FunctionDef &F,
                              bool StripDefaults) {
  if (F.OldStyle && F.LParen > F.DeclBegin && F.RParen > F.LParen &&
      F.RParen < F.BodyBegin)
    return oldStyleDeclaration(Dx.text(F.File), F.DeclBegin, F.LParen);
  return headOf(Dx, F, StripDefaults);
}

bool headHasDirective(const Discovered &Dx, const FunctionDef &F) {
  const FileStructure &FS = Dx.structure(F.File);
  return std::any_of(FS.Directives.begin(), FS.Directives.end(),
                     [&](const Directive &D) {
                       return D.Begin >= F.DeclBegin && D.Begin < F.BodyBegin;
                     });
}

/// The dispatcher's arguments: the names of the parameters, or, when the
/// header holds #if lines (a parameter under a feature), the parameter
/// list as written with each parameter replaced by its name, so that the
/// call passes what the variant's header declares.
static std::string forwardedArguments(const Discovered &Dx,
                                      const FunctionDef &F) {
  bool Cxx = Dx.cxxFile(F.File);
  auto Forward = [&](const std::string &P) {
    return Cxx ? "static_cast<decltype(" + P + ") &&>(" + P + ")" : P;
  };
  if (headHasDirective(Dx, F) && F.LParen < F.RParen && !F.ParamSpans.empty()) {
    std::set<Edit> E;
    for (const auto &[B, EndName] : F.ParamSpans)
      if (B > F.LParen && EndName.first <= F.RParen)
        E.insert({B, EndName.first - B, Forward(EndName.second)});
    auto List = applyEdits(
        F.File, llvm::StringRef(Dx.text(F.File)).slice(F.LParen + 1, F.RParen),
        F.LParen + 1, E);
    if (List)
      return *List;
    llvm::consumeError(List.takeError());
  }
  std::vector<std::string> Args;
  for (const std::string &P : F.ParamNames)
    Args.push_back(Forward(P));
  return llvm::join(Args, ", ");
}

std::string dispatcher(const Discovered &Dx, const Item &I) {
  const FunctionDef &F = *I.Fn;
  std::string Args = forwardedArguments(Dx, F);
  std::string Out = "// varsim: the feature switch of '" + I.Name +
                    "' (file-scope variability lowered, docs/globals.md)\n";
  auto [Open, Close] = enclosing(Dx, F.File, F.DeclBegin);
  Out += Open + namespacesOpen(F.Namespaces);
  // The user's line of the original definition: errors and regions in the
  // dispatcher (its #if chain becomes the #if rewriter's switch) name it,
  // not lines past the end of the file.
  Out += "#line " + std::to_string(presumedLine(Dx.text(F.File), F.DeclBegin)) +
         "\n";
  Out += headOf(Dx, F, true) + " {\n";
  for (size_t K = 0; K < I.Copies.size(); ++K) {
    bool Last = K + 1 == I.Copies.size();
    Out += Last ? "#else\n"
                : (K == 0 ? "#if " : "#elif ") +
                      ppCondition(*I.Copies[K].Condition) + "\n";
    std::string Call = I.Copies[K].Name + "(" + Args + ")";
    Out += F.ReturnsVoid ? "  " + Call + ";\n  return;\n"
                         : "  return " + Call + ";\n";
  }
  Out += "#endif\n}\n";
  Out += std::string(F.Namespaces.size(), '}') +
         (F.Namespaces.empty() ? "" : "\n") + Close;
  return Out;
}

} // namespace varsim::rewrite::globals::lowering
