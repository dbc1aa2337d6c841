//===- rewrite/MacroSelection.cpp - Selecting a macro's variant -----------===//
//
// The part of FileRewriter (FileRewriterImpl.h) that writes the one
// definition selecting a per-feature macro's body at run time: within a
// group (selectionDefine), over a default (redefineOverDefault), across
// the sites of several files (selectAcrossSites), between a function and
// a function-like macro (selectFunctionOrMacro, in
// FunctionOrMacro.cpp).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/MacroUses.h"
#include "rewrite/Prototypes.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/StringExtras.h"

#include <cctype>

namespace varsim::rewrite::detail {
namespace {

/// A variant's body as a block, for a statement macro selected at run time
/// (Replacement: the `{ ... }` of a DoWhile or Block body).
std::string asBlock(const MacroBody &B, llvm::StringRef Replacement) {
  switch (B.K) {
  case MacroBody::DoWhile:
  case MacroBody::Block:
    return Replacement.str();
  case MacroBody::Empty:
    return "{ }";
  default:
    return "{ " + Replacement.trim().str() + "; }";
  }
}

} // namespace

/// Body with every feature macro used as a value replaced by the value the
/// runtime holds (the simulator is compiled without the features' -D
/// flags), as replaceFeatureValues does for uses outside merged bodies.
/// Parameters, operands of `#` and of `defined` are left alone.
std::string withFeatureValues(llvm::StringRef Body,
                              const std::set<std::string> &Params,
                              const FeatureSetup &F) {
  std::string Out;
  llvm::StringRef Previous; // The previous identifier.
  char PreviousPunct = 0;
  unsigned Pos = 0;
  forEachToken(Body, [&](const SourceToken &T) {
    Out += Body.slice(Pos, T.Begin); // White space and comments.
    Pos = T.End;
    llvm::StringRef Word = Body.slice(T.Begin, T.End);
    switch (T.K) {
    case SourceToken::Literal:
      Out += Word;
      PreviousPunct = '"';
      return;
    case SourceToken::Number:
      Out += Word;
      PreviousPunct = '0';
      return;
    case SourceToken::Identifier: {
      bool Value = F.isFeatureMacro(Word) && !Params.count(Word.str()) &&
                   PreviousPunct != '#' && Previous != "defined" &&
                   !(PreviousPunct == '(' && Previous == "defined");
      Out += Value ? runtime::featureValueUse(F.descOf(Word)) : Word.str();
      Previous = Word;
      PreviousPunct = 0;
      return;
    }
    case SourceToken::Punctuator: {
      char C = Word.front();
      if (!(C == '(' && Previous == "defined" && PreviousPunct == 0))
        Previous = "";
      PreviousPunct = C;
      Out += C;
      return;
    }
    }
  });
  Out += Body.drop_front(Pos);
  return Out;
}

llvm::Expected<std::string>
FileRewriter::selectionDefine(const std::string &Macro,
                              const std::string &Features,
                              const std::vector<MacroVariant> &Vs) {
  const MacroVariant &First = Vs.front();
  auto ErrorAt = [&](const MacroVariant &V, const std::string &Msg) {
    // Physical lines (a lowering may have added some): this file's mapped
    // to the user's (another file's site is named as DefinedAt has it).
    return makeError(V.File, V.File == In.Path ? originalLine(V.Line) : V.Line,
                     V.Column, Msg);
  };
  std::string Params;
  std::set<std::string> ParamNames;
  if (First.FunctionLike) {
    llvm::StringRef B(First.Body);
    Params = B.slice(Macro.size(), B.find(')') + 1).str();
    ParamNames = macroParameters(First.Body, Macro);
  }
  // BusyBox's `IF_X(...)`: its argument or nothing. The argument is any
  // text (statements, table entries, string pieces); a run-time choice
  // cannot hold it, and the use must not reach the compiler as an
  // expression.
  if (First.FunctionLike) {
    const MacroVariant *PassThrough = nullptr;
    bool AllArgOrEmpty = true, AnyEmpty = false;
    for (const MacroVariant &V : Vs) {
      llvm::StringRef R = llvm::StringRef(V.Replacement).trim();
      if (R.empty())
        AnyEmpty = true;
      else if (R == "__VA_ARGS__" || ParamNames.count(R.str()))
        PassThrough = &V;
      else
        AllArgOrEmpty = false;
    }
    if (AllArgOrEmpty && AnyEmpty && PassThrough)
      return ErrorAt(*PassThrough,
                     "macro '" + Macro +
                         "' defined per feature expands to its argument or "
                         "to nothing (an IF_FEATURE(...)-style macro): the "
                         "argument may be statements, table entries or "
                         "string pieces, which cannot be selected at run "
                         "time; write its uses under '#ifdef' of the "
                         "feature (#if for a 0/1 option) instead, the "
                         "argument on lines of its own");
  }
  // A loop header per feature: the functions using it are copied per
  // configuration with their own definition (CopiedMacros.cpp); this one
  // must not compile where no copy redefines it.
  if (auto P = Ctx.PerFeatureMacros.find(Macro);
      P != Ctx.PerFeatureMacros.end() &&
      copiedPerConfiguration(Macro, P->second))
    return "#define " + Macro + Params + " varsim_macro_" + Macro +
           "_is_defined_in_each_function_copy";
  std::vector<MacroBody> Shapes;
  for (const MacroVariant &V : Vs) {
    Shapes.push_back(classifyMacroBody(V.Replacement));
    if (Shapes.back().K == MacroBody::Other)
      return ErrorAt(V, "macro '" + Macro +
                            "' defined per feature has a body that is "
                            "neither an expression nor a statement "
                            "('do { ... } while (0)' or '{ ... }')" +
                            (Shapes.back().Why.empty()
                                 ? std::string()
                                 : ": " + Shapes.back().Why) +
                            "; cannot select it at run time");
    if (V.FunctionLike != First.FunctionLike)
      return ErrorAt(V, "macro '" + Macro +
                            "' is object-like in one branch and "
                            "function-like in another");
    if (V.FunctionLike) {
      llvm::StringRef B(V.Body);
      std::string Mine = B.slice(Macro.size(), B.find(')') + 1).str();
      llvm::erase_if(Mine, [](char C) { return C == ' ' || C == '\t'; });
      std::string Firsts = Params;
      llvm::erase_if(Firsts, [](char C) { return C == ' ' || C == '\t'; });
      if (Mine != Firsts)
        return ErrorAt(V, "macro '" + Macro +
                              "' defined per feature has the "
                              "parameters " +
                              Mine + " here and " + Firsts + " at " +
                              First.File + ":" +
                              std::to_string(First.File == In.Path
                                                 ? originalLine(First.Line)
                                                 : First.Line) +
                              "; name them alike to select it at run time");
    }
  }
  // Each variant's body, reading feature values at run time (S1).
  std::vector<std::string> Values;
  for (size_t I = 0; I < Vs.size(); ++I)
    Values.push_back(withFeatureValues(Shapes[I].Braced.empty()
                                           ? llvm::StringRef(Vs[I].Replacement)
                                           : llvm::StringRef(Shapes[I].Braced),
                                       ParamNames, F));
  // The ?: converts its operands to their common type: literals of
  // different types (int and double, signed and unsigned, int and
  // long) would compute otherwise than in their variant (M3).
  std::map<std::string, size_t> Types; // Type -> a variant.
  bool AllLiterals = true;
  for (size_t I = 0; I < Vs.size(); ++I) {
    std::string T = literalType(Vs[I].Replacement);
    AllLiterals = AllLiterals && !T.empty();
    if (!T.empty() && !llvm::StringRef(T).starts_with("char["))
      Types.try_emplace(T, I);
  }
  if (AllLiterals && Types.size() > 1) {
    auto Second = std::next(Types.begin());
    return ErrorAt(First, "macro '" + Macro + "' defined per feature (" +
                              Features + ") is '" + Types.begin()->first +
                              "' in one branch and '" + Second->first +
                              "' in another; selected at run time it would "
                              "have their common type in every variant (give "
                              "the branches the same type, e.g. with a suffix "
                              "or a cast)");
  }
  auto Test = [&](size_t I) { return conditionCode(*Vs[I].Own, F); };
  auto Has = [&](MacroBody::Kind K) {
    return llvm::any_of(Shapes, [&](const MacroBody &B) { return B.K == K; });
  };
  std::string Sel;
  if (Has(MacroBody::DoWhile) || Has(MacroBody::Block)) {
    // Statement macros: `do { if (c) { BODY1 } else { BODY2 } }
    // while (0)`, or `{ if ... }` when every body is a block.
    bool AllBlocks = llvm::all_of(Shapes, [](const MacroBody &B) {
      return B.K == MacroBody::Block || B.K == MacroBody::Empty;
    });
    std::string Chain;
    for (size_t I = 0; I < Vs.size(); ++I) {
      std::string Body = asBlock(Shapes[I], Values[I]);
      if (I + 1 == Vs.size())
        Chain += (I ? " else " : "") + Body;
      else
        Chain += (I ? " else if (" : "if (") + Test(I) + ") " + Body;
    }
    Sel = AllBlocks ? "{ " + Chain + " }" : "do { " + Chain + " } while (0)";
    return "#define " + Macro + Params + " " + Sel;
  }
  // An empty body is a void expression only for a function-like macro
  // (an empty object-like macro is usually an attribute or qualifier).
  if (Has(MacroBody::Empty) && !First.FunctionLike)
    return ErrorAt(First, "macro '" + Macro +
                              "' defined per feature is empty in one "
                              "branch; an empty object-like macro cannot "
                              "be selected at run time");
  // `((void)0)` as the body of the disabled variant is the usual
  // idiom of statistics and trace macros; C++ refuses a ?: with one
  // void operand, so then every operand is made void (a use of such
  // a macro's value would not compile in that variant either).
  bool AnyVoid = Has(MacroBody::Void) || Has(MacroBody::Empty);
  for (size_t I = 0; I < Vs.size(); ++I) {
    std::string Value = Shapes[I].K == MacroBody::Empty
                            ? "(void)0"
                            : (AnyVoid ? "(void)(" : "(") + Values[I] + ")";
    if (I + 1 == Vs.size())
      Sel += Value;
    else
      Sel += "(" + Test(I) + ") ? " + Value + " : ";
  }
  return "#define " + Macro + Params + " (" + Sel + ")";
}

llvm::Expected<bool> FileRewriter::redefineOverDefault(unsigned GI, unsigned BI,
                                                       unsigned Undef) {
  const CondGroup &G = FS.Groups[GI];
  const std::string &Macro = dir(Undef).Macro;
  if (Plans[GI].L != Level::Declarations || F.isFeatureMacro(Macro) ||
      F.CommandLineDefines.count(Macro))
    return false;
  // Tested only by `#ifndef M`-like defaults before the group: an #if
  // left to read the selection's text would see 0 for the run-time part.
  unsigned GroupBegin = dir(G.Branches.front().DirectiveIndex).Begin;
  if (auto T = Ctx.TestedIn.find(Macro); T != Ctx.TestedIn.end()) {
    if (T->second != std::set<std::string>{In.Path})
      return false;
    for (const CondGroup &H : FS.Groups)
      for (const CondGroup::Branch &HB : H.Branches) {
        std::set<std::string> Ms;
        if (HB.Condition)
          collectMacros(*HB.Condition, Ms);
        if (!Ms.count(Macro))
          continue;
        auto Lits = asConjunction(*HB.Condition);
        if (dir(HB.DirectiveIndex).Begin >= GroupBegin || !Lits ||
            Lits->size() != 1 ||
            dir(HB.DirectiveIndex).Kind == DirectiveKind::If)
          return false;
      }
  }
  // The branch: `#undef M` then one `#define M`; no other branch names M.
  std::optional<unsigned> Define;
  for (unsigned OB = 0; OB < G.Branches.size(); ++OB)
    for (unsigned D : G.Branches[OB].Directives) {
      const Directive &Dv = dir(D);
      if (Dv.Macro != Macro || D == Undef)
        continue;
      if (OB != BI || Dv.Kind != DirectiveKind::Define || D < Undef || Define)
        return false;
      Define = D;
    }
  if (!Define)
    return false;
  // One earlier #define of M in the project, in this file, outside any
  // feature conditional (a `#ifndef M` default at most): what the other
  // configurations keep.
  auto Sites = Ctx.DefinedAt.find(Macro);
  if (Sites == Ctx.DefinedAt.end())
    return false;
  const ProjectContext::DefineSite *Earlier = nullptr;
  for (const ProjectContext::DefineSite &S : Sites->second) {
    if (S.File != In.Path)
      return false;
    if (S.Offset >= GroupBegin)
      continue;
    if (Earlier)
      return false;
    Earlier = &S;
  }
  if (!Earlier)
    return false;
  CondPtr Pr = Ctx.PresenceAt(In.Path, Earlier->Offset);
  if (!Pr || Pr->K != Cond::Int || Pr->Value != 1)
    return false;
  for (unsigned D = 0; D < FS.Directives.size(); ++D)
    if (dir(D).Kind == DirectiveKind::Undef && dir(D).Macro == Macro &&
        D != Undef)
      return false;
  const Directive &Dv = dir(*Define);
  CondPtr Own =
      hasPlatformPart(GI) ? runtimeOwn(GI, BI) : FG.Groups[GI].Own[BI];
  std::vector<MacroVariant> Vs{{In.Path, Dv.Line, Dv.Column, Dv.Body,
                                Dv.Replacement, Dv.FunctionLike, Own},
                               {In.Path, Earlier->Line, 1, Earlier->Body,
                                Earlier->Replacement, Earlier->FunctionLike,
                                makeNot(Own)}};
  auto Text = selectionDefine(Macro, featuresOf(G), Vs);
  if (!Text)
    return Text.takeError();
  // The #undef stays (unconditional now); the #define selects.
  Replace[*Define] = *Text;
  return true;
}

/// Whether Offset of File lies in a branch that no configuration enters:
/// its test, resolved over features (rewrite/DerivedMacros.h), is 0 (`#if
/// DEFAULT_HELPERS > MAX_HELPERS` after MAX_HELPERS' clamp per feature).
/// A site there defines nothing in any variant.
bool FileRewriter::settledOff(const std::string &File, unsigned Offset) const {
  if (!Ctx.Structures)
    return false;
  auto FS = Ctx.Structures->find(File);
  return FS != Ctx.Structures->end() && FS->second.settledOffAt(Offset);
}

bool FileRewriter::readWithThis(const std::string &File) const {
  auto Here = Ctx.ReadBy.find(In.Path);
  if (File == In.Path || Here == Ctx.ReadBy.end())
    return true;
  auto There = Ctx.ReadBy.find(File);
  return There == Ctx.ReadBy.end() ||
         llvm::any_of(There->second,
                      [&](unsigned I) { return Here->second.count(I); });
}

llvm::Expected<std::optional<std::string>>
FileRewriter::selectAcrossSites(const std::string &Macro) {
  auto It = Ctx.DefinedAt.find(Macro);
  if (It == Ctx.DefinedAt.end() || It->second.size() < 2 || !Ctx.PresenceAt)
    return std::nullopt;
  std::vector<MacroVariant> Vs;
  std::vector<CondPtr> Presences;
  for (const ProjectContext::DefineSite &S : It->second) {
    if (!readWithThis(S.File) || settledOff(S.File, S.Offset))
      continue;
    CondPtr Pr = Ctx.PresenceAt(S.File, S.Offset);
    Presences.push_back(Pr);
    Vs.push_back(
        {S.File, S.Line, 1, S.Body, S.Replacement, S.FunctionLike, Pr});
  }
  if (Vs.size() < 2)
    return std::nullopt;
  // Exactly one definition per valid configuration: then each variant
  // sees the one of its configuration wherever it uses the macro (a use
  // where its variant has no definition yet would not compile there).
  for (size_t I = 0; I < Presences.size(); ++I)
    for (size_t J = I + 1; J < Presences.size(); ++J)
      if (isSatisfiable(*makeAnd({Presences[I], Presences[J]}), F))
        return std::nullopt;
  if (isSatisfiable(*makeNot(makeOr(Presences)), F))
    return std::nullopt;
  std::string Features;
  std::set<std::string> Seen;
  for (const CondPtr &Pr : Presences) {
    std::set<std::string> Ms;
    collectMacros(*Pr, Ms);
    for (const std::string &M : Ms)
      if (F.isFeatureMacro(M) && Seen.insert(M).second)
        Features += (Features.empty() ? "" : ", ") + M;
  }
  // The last variant needs no test: put the one with the largest
  // presence (often the default) there only by keeping the site order.
  auto Text = selectionDefine(Macro, Features, Vs);
  if (!Text)
    return Text.takeError();
  return std::optional<std::string>(std::move(*Text));
}

} // namespace varsim::rewrite::detail
