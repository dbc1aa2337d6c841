//===- rewrite/FunctionOrMacro.cpp - A function or a macro per branch -----===//
//
// The part of FileRewriter (FileRewriterImpl.h) that selects at run time
// between a function some branches define and the function-like macro the
// others define in its place (selectFunctionOrMacro); the selecting
// definition's other forms are in MacroSelection.cpp.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/MacroUses.h"
#include "rewrite/Prototypes.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::detail {

/// `#ifndef OMIT static int f(int a) { ... } #else #define f(a) 0 #endif`:
/// a function in the branches that do not define the function-like macro.
/// Both are kept; the macro, placed after the function, selects per
/// configuration between a call of the function (its own name is not
/// expanded again inside it) and its body: `#define f(a) ((c) ? f(a) : (0))`.
/// An object-like macro naming a function-like one (`#define f PUT`, Mbed
/// TLS) stands for its calls: `#define f(a0, a1) ... PUT(a0, a1)`, with the
/// function's parameter count. A statement body (`{ ... }`, `do { ... }
/// while (0)`, also through such an alias) against a function returning
/// void selects by a statement: `do { if (c) f(a); else { BODY; } } while
/// (0)`. nullopt: not this idiom; an error: this idiom, refused.
llvm::Expected<std::optional<std::string>> FileRewriter::selectFunctionOrMacro(
    unsigned GI, const std::string &Macro,
    const std::vector<std::pair<unsigned, unsigned>> &List,
    unsigned LiveBranches, bool HasElse) {
  const CondGroup &G = FS.Groups[GI];
  const GroupPlan &P = Plans[GI];
  const Directive &First = dir(List.front().second);
  std::set<unsigned> MacroBranches;
  for (auto &[BI, D] : List)
    MacroBranches.insert(BI);
  if (MacroBranches.size() != List.size())
    return std::nullopt;
  // Every other live branch defines the function (any parse that saw it).
  std::map<unsigned, const FunctionFact *> FunctionIn;
  std::map<unsigned, bool> DeclaredIn; ///< A prototype: returns void.
  for (unsigned BI = 0; BI < G.Branches.size(); ++BI) {
    if (P.Dead[BI] || MacroBranches.count(BI))
      continue;
    const CondGroup::Branch &B = G.Branches[BI];
    for (const ParseView &V : In.Parses)
      for (const FunctionFact &Fn : V.Facts->Functions)
        if (Fn.Name == Macro && !Fn.Member && Fn.DeclBegin >= B.ContentBegin &&
            Fn.BodyEnd < B.ContentEnd)
          FunctionIn[BI] = &Fn;
    if (!FunctionIn.count(BI)) {
      // Or a prototype there (the definition elsewhere): Prototypes.h.
      auto Void = findPrototype(In.Text, B.ContentBegin, B.ContentEnd, Macro);
      if (!Void)
        break;
      DeclaredIn[BI] = *Void;
    }
  }
  // Or a prototype outside the group, none in it (sqlite3.h's API before
  // mutex.h's no-op macros; sqliteInt.h's `#ifndef SQLITE_MUTEX_OMIT`
  // prototypes after them, whose names ParenthesizedNames.cpp protects).
  if (FunctionIn.empty() && DeclaredIn.empty() && First.FunctionLike &&
      HasElse) {
    auto Void =
        findPrototype(In.Text, 0, G.Branches.front().ContentBegin, Macro);
    if (!Void)
      Void = findPrototype(In.Text, dir(G.EndifIndex).End,
                           static_cast<unsigned>(In.Text.size()), Macro);
    if (Void)
      for (unsigned BI = 0; BI < G.Branches.size(); ++BI)
        if (!P.Dead[BI] && !MacroBranches.count(BI))
          DeclaredIn[BI] = *Void;
  }
  if ((FunctionIn.empty() && DeclaredIn.empty()) ||
      FunctionIn.size() + DeclaredIn.size() + MacroBranches.size() !=
          LiveBranches)
    return std::nullopt;
  auto Refuse = [&](const std::string &Why) -> llvm::Error {
    return errorAt(First, "macro '" + Macro +
                              "' is defined in some branches of the "
                              "conditional on feature " +
                              featuresOf(G) +
                              " and a function of that name in the "
                              "others; " +
                              Why);
  };
  if (!HasElse)
    return Refuse("with no #else, some configuration has neither, and a "
                  "use cannot be selected at run time (add the #else)");
  unsigned LastBody = 0;
  bool ReturnsVoid = true;
  std::set<size_t> Arities;
  for (auto &[BI, Fn] : FunctionIn) {
    LastBody = std::max(LastBody, Fn->BodyEnd);
    ReturnsVoid = ReturnsVoid && Fn->ReturnsVoid;
    Arities.insert(Fn->Params.size());
  }
  for (auto &[BI, Void] : DeclaredIn)
    ReturnsVoid = ReturnsVoid && Void;
  for (auto &[BI, D] : List)
    if (dir(D).Begin < LastBody)
      return Refuse("the macro precedes the function, whose definition it "
                    "would expand; define the function first");
  // The parameters of the selecting macro: the function-like macro's own,
  // or, for aliases, one per parameter of the function.
  std::string Params;
  std::set<std::string> ParamNames;
  bool AllAliases = llvm::all_of(
      List, [&](const auto &E) { return !dir(E.second).FunctionLike; });
  if (First.FunctionLike) {
    llvm::StringRef FirstBody(First.Body);
    Params = FirstBody.slice(Macro.size(), FirstBody.find(')') + 1).str();
    ParamNames = macroParameters(First.Body, Macro);
  } else {
    if (!AllAliases || Arities.size() != 1)
      return Refuse("an object-like macro cannot select a call at run time; "
                    "give the macro the function's parameters (`#define " +
                    Macro + "(a, b) ...(a, b)`)");
    Params = "(";
    for (size_t I = 0; I < *Arities.begin(); ++I) {
      std::string Name = "varsim_arg" + std::to_string(I);
      Params += (I ? ", " : "") + Name;
      ParamNames.insert(Name);
    }
    Params += ")";
  }
  // Each macro branch's value (a call's text) and shape.
  std::vector<std::string> Texts;
  std::vector<MacroBody> Shapes;
  for (auto &[BI, D] : List) {
    const Directive &Dv = dir(D);
    if (Dv.FunctionLike != First.FunctionLike)
      return Refuse("it is object-like in one branch and function-like in "
                    "another");
    if (Dv.FunctionLike) {
      Shapes.push_back(classifyMacroBody(Dv.Replacement));
      Texts.push_back(withFeatureValues(Dv.Replacement, ParamNames, F));
      continue;
    }
    // `#define f PUT`: PUT must be a function-like macro wherever it is
    // defined; its bodies' shapes decide how a call of it is selected.
    llvm::StringRef Target = llvm::StringRef(Dv.Replacement).trim();
    auto Sites = Ctx.DefinedAt.find(Target.str());
    bool Named = !Target.empty() && llvm::all_of(Target, isIdentifierChar) &&
                 !std::isdigit(static_cast<unsigned char>(Target.front()));
    if (!Named || Sites == Ctx.DefinedAt.end() ||
        !llvm::all_of(Sites->second, [](const ProjectContext::DefineSite &S) {
          return S.FunctionLike;
        }))
      return Refuse("an object-like macro that does not name a function-like "
                    "macro of the project cannot select a call at run time; "
                    "give the macro the function's parameters (`#define " +
                    Macro + "(a, b) ...(a, b)`)");
    MacroBody Shape{MacroBody::Expression, "", ""};
    for (const ProjectContext::DefineSite &S : Sites->second) {
      MacroBody B = classifyMacroBody(S.Replacement);
      if (B.K == MacroBody::Other) {
        Shape = B;
        break;
      }
      if (B.K == MacroBody::DoWhile || B.K == MacroBody::Block)
        Shape = {MacroBody::Block, "{ }", ""};
      else if (B.K != MacroBody::Expression && Shape.K == MacroBody::Expression)
        Shape = {MacroBody::Void, "", ""};
    }
    Shapes.push_back(Shape);
    Texts.push_back(Target.str() + Params);
  }
  bool Statement = false, AnyVoid = false;
  for (const MacroBody &S : Shapes) {
    if (S.K == MacroBody::DoWhile || S.K == MacroBody::Block) {
      Statement = true;
      continue;
    }
    if (S.K != MacroBody::Expression && S.K != MacroBody::Void &&
        S.K != MacroBody::Empty)
      return Refuse("its body is not an expression" +
                    (S.Why.empty() ? std::string() : ": " + S.Why) +
                    "; a call cannot be selected against it at run time");
    AnyVoid = AnyVoid || S.K != MacroBody::Expression;
  }
  if (Statement && !ReturnsVoid)
    return Refuse("its body is a statement and the function returns a "
                  "value; a call cannot be selected against it at run time");
  AnyVoid = AnyVoid ||
            llvm::any_of(FunctionIn,
                         [](const auto &E) { return E.second->ReturnsVoid; }) ||
            llvm::any_of(DeclaredIn, [](const auto &E) { return E.second; });
  std::string Call = Macro + Params;
  // The variants in branch order; the last one needs no test.
  std::vector<std::pair<unsigned, std::string>> Values;
  for (unsigned BI = 0; BI < G.Branches.size(); ++BI) {
    if (P.Dead[BI])
      continue;
    std::string Value = Statement ? Call + ";" : Call;
    for (size_t I = 0; I < List.size(); ++I) {
      if (List[I].first != BI)
        continue;
      if (Statement)
        Value =
            Shapes[I].K == MacroBody::Empty ? std::string() : Texts[I] + ";";
      else
        Value = Shapes[I].K == MacroBody::Empty ? "0" : Texts[I];
    }
    Values.push_back({BI, Statement
                              ? "{ " + Value + " }"
                              : (AnyVoid ? "(void)(" : "(") + Value + ")"});
  }
  std::string Sel;
  for (size_t I = 0; I < Values.size(); ++I) {
    if (I + 1 == Values.size()) {
      Sel += Values[I].second;
      break;
    }
    unsigned BI = Values[I].first;
    std::string Test = conditionCode(
        hasPlatformPart(GI) ? *runtimeOwn(GI, BI) : *FG.Groups[GI].Own[BI], F);
    if (Statement)
      Sel += "if (" + Test + ") " + Values[I].second + " else ";
    else
      Sel += "(" + Test + ") ? " + Values[I].second + " : ";
  }
  if (Statement)
    return "#define " + Call + " do { " + Sel + " } while (0)";
  return "#define " + Call + " (" + Sel + ")";
}

} // namespace varsim::rewrite::detail
