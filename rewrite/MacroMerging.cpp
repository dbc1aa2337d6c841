//===- rewrite/MacroMerging.cpp - Macros defined per feature --------------===//
//
// A macro defined in the branches of a feature group becomes one
// definition that selects its variant's body at run time.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/LinkageMacros.h"
#include "rewrite/MacroUses.h"
#include "rewrite/Prototypes.h"
#include "support/SourceFiles.h"

#include "llvm/Support/Path.h"

#include "llvm/ADT/StringExtras.h"

#include <cctype>

namespace varsim::rewrite::detail {
namespace {

/// The offset of the parenthesis closing the one at Text[Open] (nested
/// parentheses and brackets, literals skipped); npos if unbalanced.
size_t matchingParen(llvm::StringRef Text, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      continue;
    }
    if (C == '(' || C == '[')
      ++Depth;
    else if ((C == ')' || C == ']') && --Depth == 0)
      return I;
  }
  return llvm::StringRef::npos;
}

/// Whether Text has a ',' outside parentheses, brackets and literals.
bool hasTopLevelComma(llvm::StringRef Text) {
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'' || C == '(' || C == '[') {
      size_t E = C == '(' || C == '[' ? matchingParen(Text, I) : I;
      if (E == I)
        for (++E; E < Text.size() && Text[E] != C; ++E)
          if (Text[E] == '\\')
            ++E;
      if (E == llvm::StringRef::npos)
        return true;
      I = E;
      continue;
    }
    if (C == ',')
      return true;
  }
  return false;
}

/// Whether a macro body is syntactically a void expression: `(void)0`,
/// `((void)(x))`, `(void)sizeof(x)`; not `((void)(x), 1)`, whose value is
/// the 1.
bool isVoidExpression(llvm::StringRef Body) {
  llvm::StringRef B = Body.trim();
  // Parentheses around the whole body.
  while (B.starts_with("(") && matchingParen(B, 0) + 1 == B.size())
    B = B.drop_front().drop_back().trim();
  if (!B.consume_front("("))
    return false;
  B = B.ltrim();
  if (!B.consume_front("void"))
    return false;
  B = B.ltrim();
  return B.consume_front(")") && !hasTopLevelComma(B);
}

bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// The offset of the brace closing the one at Text[Open], skipping string
/// and character literals; npos if unbalanced.
size_t matchingBrace(llvm::StringRef Text, size_t Open) {
  unsigned Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      continue;
    }
    if (C == '{')
      ++Depth;
    else if (C == '}' && --Depth == 0)
      return I;
  }
  return llvm::StringRef::npos;
}

/// Why an expression body would change meaning once parenthesized (the
/// merge wraps every body in parentheses): a `,` at the top level (a list
/// becomes the comma operator) or a binary, ternary or assignment operator
/// at the top level of a body that is not wholly parenthesized (`4096 + 1`
/// in `N * 2`). Empty when parenthesizing is harmless: a literal, an
/// identifier, a call, a member access, a parenthesized expression, a
/// unary operator on an operand. Casts followed by an operator (`(int)-1`)
/// cannot be told from `(a) - 1` and are refused too.
std::string topLevelHazard(llvm::StringRef Body) {
  // Tokens at depth 0: operands ('a'), operators (their text).
  std::vector<std::string> Tokens;
  int Depth = 0;
  bool WhollyParenthesized = Body.starts_with("(");
  for (size_t I = 0; I < Body.size();) {
    char C = Body[I];
    if (std::isspace(static_cast<unsigned char>(C))) {
      ++I;
      continue;
    }
    if (C == '"' || C == '\'') {
      for (++I; I < Body.size() && Body[I] != C; ++I)
        if (Body[I] == '\\')
          ++I;
      ++I;
      if (!Depth)
        Tokens.push_back("a");
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(C)) ||
        (C == '.' && I + 1 < Body.size() &&
         std::isdigit(static_cast<unsigned char>(Body[I + 1])))) {
      // A preprocessing number: 1.5e-3, 0x1p+4, 100u.
      for (++I; I < Body.size(); ++I) {
        char D = Body[I];
        if ((D == '+' || D == '-') &&
            llvm::StringRef("eEpP").contains(Body[I - 1]))
          continue;
        if (!isIdentifierChar(D) && D != '.')
          break;
      }
      if (!Depth)
        Tokens.push_back("a");
      continue;
    }
    if (isIdentifierChar(C)) {
      while (I < Body.size() && isIdentifierChar(Body[I]))
        ++I;
      if (!Depth)
        Tokens.push_back("a");
      continue;
    }
    if (C == '(' || C == '[') {
      ++Depth;
      ++I;
      continue;
    }
    if (C == ')' || C == ']') {
      --Depth;
      ++I;
      if (!Depth) {
        Tokens.push_back(")");
        if (I < Body.size() && !Body.drop_front(I).trim().empty())
          WhollyParenthesized = false;
      }
      continue;
    }
    // Punctuators, longest first.
    static const char *const Puncts[] = {
        "<<=", ">>=", "...", "->", "++", "--", "<<", ">>",
        "<=",  ">=",  "==",  "!=", "&&", "||", "+=", "-=",
        "*=",  "/=",  "%=",  "&=", "|=", "^=", "::", "##"};
    std::string P(1, C);
    for (const char *Q : Puncts)
      if (Body.drop_front(I).starts_with(Q)) {
        P = Q;
        break;
      }
    I += P.size();
    if (!Depth)
      Tokens.push_back(P);
  }
  if (WhollyParenthesized && Depth == 0)
    return "";
  bool AfterOperand = false;
  for (size_t K = 0; K < Tokens.size(); ++K) {
    const std::string &T = Tokens[K];
    if (T == ",")
      return "its top-level ',' makes it a list, and a list cannot be "
             "selected at run time";
    if (T == "a" || T == ")") {
      AfterOperand = true;
      continue;
    }
    if (T == "." || T == "->" || T == "::" || T == "#" || T == "##") {
      AfterOperand = false;
      continue;
    }
    if (T == "++" || T == "--")
      continue; // Postfix after an operand, prefix before one.
    if (T == "<" && AfterOperand) {
      // A template argument list followed by `::`, `(` or `{`.
      size_t Close = K + 1;
      while (Close < Tokens.size() && Tokens[Close] != ">" &&
             Tokens[Close] != ">>")
        ++Close;
      if (Close + 1 < Tokens.size() &&
          (Tokens[Close + 1] == "::" || Tokens[Close + 1] == ")")) {
        K = Close;
        AfterOperand = Tokens[Close + 1] == ")";
        continue;
      }
    }
    if (!AfterOperand)
      continue; // A unary operator: binds tighter than the parentheses.
    return "its top-level operator '" + T +
           "' would bind differently once the body is selected at run time; "
           "parenthesize the body";
  }
  return "";
}

} // namespace

MacroBody classifyMacroBody(llvm::StringRef Replacement) {
  llvm::StringRef R = Replacement.trim();
  if (R.empty())
    return {MacroBody::Empty, "", ""};
  // `do { ... } while (0)`: the block is what runs.
  if (R.starts_with("do") && R.size() > 2 && !isIdentifierChar(R[2])) {
    llvm::StringRef Rest = R.drop_front(2).ltrim();
    if (Rest.starts_with("{")) {
      size_t Close = matchingBrace(Rest, 0);
      if (Close != llvm::StringRef::npos) {
        llvm::StringRef Tail = Rest.drop_front(Close + 1).trim();
        if (Tail.consume_front("while")) {
          Tail = Tail.ltrim();
          if (Tail.consume_front("(")) {
            Tail = Tail.trim();
            if (Tail.consume_back(")")) {
              Tail = Tail.trim();
              if (Tail == "0" || Tail == "false")
                return {MacroBody::DoWhile, Rest.take_front(Close + 1).str(),
                        ""};
            }
          }
        }
      }
    }
    return {MacroBody::Other, "", ""};
  }
  if (R.starts_with("{")) {
    size_t Close = matchingBrace(R, 0);
    if (Close + 1 == R.size())
      return {MacroBody::Block, R.str(), ""};
    return {MacroBody::Other, "", ""};
  }
  // `#define SET_HOOK(P) grp->hook = hook_##P;` used as `SET_HOOK(x);`:
  // one expression statement, which the uses end with an empty one; as a
  // block it is valid wherever the two statements were.
  // Not a declaration (`int tmp;`), whose scope the block would end (the
  // simulator check would then refuse the uses after it).
  if (R.ends_with(";") && R.count(';') == 1 && !R.contains('{')) {
    llvm::StringRef First = R.take_while(isIdentifierChar);
    static const char *const DeclStarts[] = {
        "int",    "char",   "short", "long",    "unsigned", "signed",
        "float",  "double", "void",  "static",  "extern",   "const",
        "struct", "union",  "enum",  "typedef", "register", "volatile",
        "auto",   "_Bool",  "bool"};
    if (R.size() > 1 && !llvm::is_contained(DeclStarts, First))
      return {MacroBody::Block, "{ " + R.str() + " }", ""};
  }
  // `#define for_each_cpu(c) for (...)`: the header of a statement whose
  // body follows the use; a run-time choice cannot wrap half a statement.
  for (llvm::StringRef Keyword : {"for", "while", "if", "switch"})
    if (R.starts_with(Keyword) && R.size() > Keyword.size() &&
        !isIdentifierChar(R[Keyword.size()]) &&
        R.drop_front(Keyword.size()).ltrim().starts_with("(") &&
        R.ends_with(")"))
      return {MacroBody::Other, "",
              "it is the header of a '" + Keyword.str() +
                  "' statement whose body follows the use; keep one "
                  "definition and write what differs as an expression of "
                  "the feature inside it (a bound such as '(c) < "
                  "CONFIG_X' with the feature's value)"};
  if (R.contains(';') || R.contains('{'))
    return {MacroBody::Other, "", ""};
  if (isVoidExpression(R))
    return {MacroBody::Void, "", ""};
  if (std::string Why = topLevelHazard(R); !Why.empty())
    return {MacroBody::Other, "", Why};
  return {MacroBody::Expression, "", ""};
}

std::string literalType(llvm::StringRef Body) {
  llvm::StringRef B = Body.trim();
  while (B.size() >= 2 && B.front() == '(' && B.back() == ')' &&
         !B.drop_front().drop_back().contains('(') &&
         !B.drop_front().drop_back().contains(')'))
    B = B.drop_front().drop_back().trim();
  if (B.starts_with("\"") && B.ends_with("\"") && B.size() >= 2) {
    llvm::StringRef Inner = B.drop_front().drop_back();
    if (Inner.contains('"'))
      return "";       // Concatenated literals.
    size_t Length = 1; // The terminating NUL.
    for (size_t I = 0; I < Inner.size(); ++I, ++Length)
      if (Inner[I] == '\\') {
        ++I;
        if (I < Inner.size() && Inner[I] == 'x')
          while (I + 1 < Inner.size() && llvm::isHexDigit(Inner[I + 1]))
            ++I;
        else
          for (int K = 0;
               K < 2 && I + 1 < Inner.size() && Inner[I] >= '0' &&
               Inner[I] <= '7' && Inner[I + 1] >= '0' && Inner[I + 1] <= '7';
               ++K)
            ++I;
      }
    return "char[" + std::to_string(Length) + "]";
  }
  B.consume_front("-") || B.consume_front("+");
  B = B.ltrim();
  if (B.empty() || !(std::isdigit(static_cast<unsigned char>(B[0])) ||
                     (B[0] == '.' && B.size() > 1)))
    return "";
  if (!llvm::all_of(B, [](char C) {
        return isIdentifierChar(C) || C == '.' || C == '+' || C == '-' ||
               C == '\'';
      }))
    return "";
  std::string Lower = B.lower();
  llvm::StringRef L(Lower);
  L = L.drop_while([](char C) { return C == '\''; });
  bool Hex = L.starts_with("0x");
  bool Floating =
      L.contains('.') || (!Hex && L.contains('e')) || (Hex && L.contains('p'));
  if (Floating) {
    if (L.ends_with("f"))
      return "float";
    if (L.ends_with("l"))
      return "long double";
    return "double";
  }
  // An integer: its suffix, or its value for the unsuffixed.
  size_t SuffixAt = L.find_last_not_of("ul");
  llvm::StringRef Digits = L.take_front(SuffixAt + 1);
  llvm::StringRef Suffix = L.drop_front(SuffixAt + 1);
  bool Unsigned = Suffix.contains('u');
  unsigned Longs = static_cast<unsigned>(Suffix.count('l'));
  std::string Clean;
  for (char C : Digits)
    if (C != '\'')
      Clean += C;
  unsigned long long Value = 0;
  if (llvm::StringRef(Clean).getAsInteger(0, Value))
    return ""; // Too large or malformed: leave it.
  bool Decimal = !Hex && !(Clean.size() > 1 && Clean[0] == '0');
  if (Longs == 0 && Value > 0x7fffffffULL) {
    if (!Decimal && !Unsigned && Value <= 0xffffffffULL)
      Unsigned = true;
    else
      Longs = 1;
  }
  std::string T = Longs == 0 ? "int" : Longs == 1 ? "long" : "long long";
  return Unsigned ? "unsigned " + T : T;
}

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
  for (size_t I = 0; I < Body.size();) {
    char C = Body[I];
    if (C == '"' || C == '\'') {
      size_t J = I + 1;
      for (; J < Body.size() && Body[J] != C; ++J)
        if (Body[J] == '\\')
          ++J;
      J = std::min(J + 1, Body.size());
      Out += Body.slice(I, J);
      I = J;
      PreviousPunct = C;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(C))) {
      size_t J = I;
      while (J < Body.size() && (isIdentifierChar(Body[J]) || Body[J] == '.'))
        ++J;
      Out += Body.slice(I, J);
      I = J;
      PreviousPunct = '0';
      continue;
    }
    if (isIdentifierChar(C)) {
      size_t J = I;
      while (J < Body.size() && isIdentifierChar(Body[J]))
        ++J;
      llvm::StringRef Word = Body.slice(I, J);
      bool Value = F.isFeatureMacro(Word) && !Params.count(Word.str()) &&
                   PreviousPunct != '#' && Previous != "defined" &&
                   !(PreviousPunct == '(' && Previous == "defined");
      Out += Value ? "(" + runtime::featureValueExpr(F.descOf(Word)) + ")"
                   : Word.str();
      Previous = Word;
      PreviousPunct = 0;
      I = J;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(C))) {
      if (!(C == '(' && Previous == "defined" && PreviousPunct == 0))
        Previous = "";
      PreviousPunct = C;
    }
    Out += C;
    ++I;
  }
  return Out;
}

/// Whether Path is a source file that no file a translation unit reads
/// #includes (every #include there names its file literally, but in Path
/// itself: a file that includes itself is not read once anyway): only
/// its own translation unit reads it, once, from its start (SQLite's
/// amalgamation; its tree's test programs that include it are read by no
/// unit).
bool readOnlyAsUnit(const std::string &Path, const ProjectContext &Ctx) {
  if (!Ctx.Structures || !isTranslationUnitName(Path) || Ctx.ReadBy.empty())
    return false;
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  for (const auto &[File, Other] : *Ctx.Structures) {
    if (!Ctx.ReadBy.count(File))
      continue;
    for (const Directive &D : Other.Directives) {
      if (D.Kind != DirectiveKind::Include)
        continue;
      llvm::StringRef Body = llvm::StringRef(D.Body).trim();
      if (Body.empty() || (Body.front() != '"' && Body.front() != '<')) {
        if (File == Path)
          continue;
        return false; // `#include MACRO`: it could name Path.
      }
      llvm::StringRef Named = Body.drop_front().take_until(
          [](char C) { return C == '"' || C == '>'; });
      if (llvm::sys::path::filename(Named) == Name)
        return false;
    }
  }
  return true;
}

/// Whether `#undef` Dv comes before every definition of its macro in a
/// file that an include guard makes read once, no other file defines it,
/// and the build does not pass it (`#undef HAVE_INTRINSICS` to start
/// clean, then `#if ...` / `#define HAVE_INTRINSICS`): it undefines
/// nothing in every unit, so it is kept as it is, outside the selection.
bool undefOfUndefined(const FileStructure &FS, const std::string &Path,
                      const Directive &Dv, const ProjectContext &Ctx,
                      const FeatureSetup &F) {
  if (F.CommandLineDefines.count(Dv.Macro) || F.isFeatureMacro(Dv.Macro) ||
      llvm::StringRef(Dv.Macro).starts_with("_"))
    return false;
  auto DefinedOnlyAfter = [&] {
    auto It = Ctx.DefinedAt.find(Dv.Macro);
    return It == Ctx.DefinedAt.end() ||
           llvm::all_of(It->second, [&](const ProjectContext::DefineSite &S) {
             return S.File == Path && S.Line > Dv.Line;
           });
  };
  // A source file no project file includes (an amalgamation) is read
  // once, from its start, by its own translation unit.
  if (readOnlyAsUnit(Path, Ctx))
    return DefinedOnlyAfter();
  if (FS.TopGroups.size() != 1 || !FS.TopDirectives.empty())
    return false;
  const CondGroup &Top = FS.Groups[FS.TopGroups.front()];
  const Cond *C = Top.Branches.front().Condition.get();
  unsigned First = Top.Branches.front().DirectiveIndex + 1;
  if (Top.Branches.size() != 1 || !C || C->K != Cond::Unary || C->Op != "!" ||
      C->Operands[0]->K != Cond::Defined || First >= FS.Directives.size() ||
      FS.Directives[First].Kind != DirectiveKind::Define ||
      FS.Directives[First].Macro != C->Operands[0]->Name)
    return false;
  return DefinedOnlyAfter();
}

/// Whether Define D and the next directive naming its macro, an #undef,
/// both lie in branch B (`#define C16(c) {c, c, ...}` / one table /
/// `#undef C16`): a scratch macro whose every use is its own, between the
/// two. Kept as it is, the pair means the same in every configuration,
/// provided that nothing else could be named: no #if tests the macro, the
/// build does not pass it, it is no feature, and every other definition
/// of it is in this file and closed by an #undef where it is, before D
/// (so that D shadows nothing that the #undef would end).
bool scratchPairIn(const FileStructure &FS, const std::string &Path,
                   const CondGroup::Branch &B, unsigned D,
                   const ProjectContext &Ctx, const FeatureSetup &F) {
  const Directive &Dv = FS.Directives[D];
  if (Dv.Kind != DirectiveKind::Define || Ctx.TestedMacros.count(Dv.Macro) ||
      F.CommandLineDefines.count(Dv.Macro) || F.isFeatureMacro(Dv.Macro))
    return false;
  unsigned Next = D + 1;
  while (Next < FS.Directives.size() && FS.Directives[Next].Macro != Dv.Macro)
    ++Next;
  if (Next == FS.Directives.size() ||
      FS.Directives[Next].Kind != DirectiveKind::Undef ||
      !llvm::is_contained(B.Directives, Next))
    return false;
  // An earlier #define of M must be closed where it is: `#undef M` in
  // the same branch (or both outside every conditional), not an #undef
  // of another configuration's definition.
  auto Place = [&](unsigned I) -> const std::vector<unsigned> * {
    for (const CondGroup &G : FS.Groups)
      for (const CondGroup::Branch &Br : G.Branches)
        if (llvm::is_contained(Br.Directives, I))
          return &Br.Directives;
    return &FS.TopDirectives;
  };
  auto Previous = [&](unsigned I) -> std::optional<unsigned> {
    while (I-- > 0)
      if (FS.Directives[I].Macro == Dv.Macro)
        return I;
    return std::nullopt;
  };
  if (auto Undef = Previous(D)) {
    auto Define = Previous(*Undef);
    if (FS.Directives[*Undef].Kind != DirectiveKind::Undef || !Define ||
        FS.Directives[*Define].Kind != DirectiveKind::Define ||
        Place(*Define) != Place(*Undef))
      return false;
  }
  auto It = Ctx.DefinedAt.find(Dv.Macro);
  return It == Ctx.DefinedAt.end() ||
         llvm::all_of(It->second, [&](const ProjectContext::DefineSite &S) {
           return S.File == Path;
         });
}

} // namespace

bool FileRewriter::scratchPair(const CondGroup::Branch &B, unsigned D) const {
  return scratchPairIn(FS, In.Path, B, D, Ctx, F);
}

llvm::Error FileRewriter::mergeMacros() {
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    const GroupPlan &P = Plans[GI];
    if (P.L != Level::Declarations && P.L != Level::Statements)
      continue;
    std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Defs;
    std::set<std::string> Redefines; ///< Lowered by redefineOverDefault.
    bool HasElse = false;
    unsigned LiveBranches = 0;
    for (unsigned BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      HasElse = HasElse || !B.Condition;
      if (P.Dead[BI])
        continue;
      ++LiveBranches;
      std::set<unsigned> Scratch; ///< #undefs closing a scratchPair.
      for (unsigned D : B.Directives) {
        const Directive &Dv = dir(D);
        if (Scratch.count(D))
          continue;
        if (scratchPair(B, D)) {
          unsigned Next = D + 1;
          while (dir(Next).Macro != Dv.Macro)
            ++Next;
          Scratch.insert(Next);
          continue;
        }
        if (Dv.Kind == DirectiveKind::Undef) {
          if (undefOfUndefined(FS, In.Path, Dv, Ctx, F))
            continue;
          // `#undef NDEBUG` / `#include <assert.h>`: kept as it is when
          // every later `assert` lies where the branch is on.
          auto Assert = Ctx.AssertUndefs.find({In.Path, D});
          if (Assert != Ctx.AssertUndefs.end() && Assert->second.empty())
            continue;
          if (Assert != Ctx.AssertUndefs.end())
            return errorAt(
                Dv, "#undef NDEBUG inside a conditional on "
                    "feature " +
                        featuresOf(G) +
                        " cannot be kept unconditionally: " + Assert->second +
                        "; turn the assertions on with the "
                        "feature's own macro instead (`#define "
                        "my_assert(c) ((c) ? (void)0 : abort())`)");
          auto Redefined = redefineOverDefault(GI, BI, D);
          if (!Redefined)
            return Redefined.takeError();
          if (*Redefined) {
            Redefines.insert(Dv.Macro);
            continue;
          }
          std::string TestedHint;
          if (auto At = Ctx.TestedAt.find(Dv.Macro); At != Ctx.TestedAt.end())
            TestedHint = "; a helper macro defined and undefined in one "
                         "branch is kept as it is only if no #if tests it, "
                         "and '" +
                         Dv.Macro + "' is tested at " + At->second;
          return errorAt(Dv, "#undef inside a conditional on feature " +
                                 featuresOf(G) +
                                 " is not supported (except `#undef M` / "
                                 "`#define M ...` over one earlier "
                                 "definition of M in this file that no "
                                 "feature conditions and no #if tests, and "
                                 "`#define M ...` / its uses / `#undef M` "
                                 "in the same branch)" +
                                 TestedHint);
        }
        if (Dv.Kind == DirectiveKind::Error)
          return errorAt(Dv, "#error inside a conditional on feature " +
                                 featuresOf(G) +
                                 " that some valid configuration reaches");
        if (Dv.Kind == DirectiveKind::Define && !Redefines.count(Dv.Macro))
          Defs[Dv.Macro].push_back({BI, D});
      }
    }
    for (auto &[Macro, List] : Defs) {
      const Directive &First = dir(List.front().second);
      if (Ctx.TestedMacros.count(Macro)) {
        // Another definition of the name outside this conditional (in
        // another file, or in this one outside the group): possibly
        // another header's macro of the same name, which no feature of the
        // model can stand for.
        std::string Elsewhere;
        if (auto It = Ctx.DefinedAt.find(Macro); It != Ctx.DefinedAt.end())
          for (const ProjectContext::DefineSite &S : It->second) {
            bool InGroup =
                S.File == In.Path &&
                S.Line >= dir(G.Branches.front().DirectiveIndex).Line &&
                S.Line <= dir(G.EndifIndex).Line;
            if (!InGroup) {
              Elsewhere = S.Shown;
              break;
            }
          }
        auto At = Ctx.TestedAt.find(Macro);
        std::string Where =
            At == Ctx.TestedAt.end() ? "elsewhere" : "at " + At->second;
        if (!Elsewhere.empty())
          return errorAt(First,
                         "macro '" + Macro + "' is defined per feature (" +
                             featuresOf(G) + ") and tested by #if " + Where +
                             "; it is also defined at " + Elsewhere +
                             ", outside this conditional: if that is another "
                             "macro that shares the name (another header's "
                             "meaning), rename the per-feature one (a feature "
                             "of the model cannot stand for both); if it is a "
                             "default, define it in an #else of this "
                             "conditional instead");
        return errorAt(First, "macro '" + Macro + "' is defined per feature (" +
                                  featuresOf(G) + ") and tested by #if " +
                                  Where +
                                  ", which cannot become a run-time test; "
                                  "if that test gives it a default (`#if "
                                  "!defined(" +
                                  Macro +
                                  ")`), define the default in an #else of "
                                  "this conditional instead; otherwise make "
                                  "it a feature of the model");
      }
      std::set<unsigned> Branches;
      for (auto &[BI, D] : List)
        Branches.insert(BI);
      bool Everywhere =
          Branches.size() == LiveBranches && List.size() == LiveBranches;
      if (!HasElse) {
        std::vector<CondPtr> None;
        for (const CondGroup::Branch &B : G.Branches)
          None.push_back(makeNot(B.Condition));
        CondPtr Outer = G.ParentGroup
                            ? FG.Groups[*G.ParentGroup].Presence[G.ParentBranch]
                            : makeInt(1);
        None.push_back(Outer);
        if (isSatisfiable(*makeAnd(None), F))
          Everywhere = false;
      }
      std::set<std::string> Bodies;
      for (auto &[BI, D] : List)
        Bodies.insert(dir(D).Body);
      if (Bodies.size() == 1 && List.size() == Branches.size() && Everywhere) {
        for (size_t I = 1; I < List.size(); ++I)
          Replace[List[I].second] += "";
        continue;
      }
      // Defined only where every use of its name is (docs/rewriter.md):
      // the definitions are kept (one if identical), or selected among
      // the defining branches.
      // Confined, and also defined in another group of this file: an
      // unread macro (findConfinedMacros), whose tests are resolved; its
      // definitions are dropped (kept, they would redefine each other).
      // (A definition an #undef ends before this group, `#define ROTL8(x)
      // ...` / uses / `#undef ROTL8`, is not another one: its uses are
      // its own, findConfinedMacros.)
      bool ElsewhereToo = false;
      for (unsigned DI = 0; DI < FS.Directives.size(); ++DI)
        if (dir(DI).Kind == DirectiveKind::Define && dir(DI).Macro == Macro &&
            llvm::none_of(G.Branches, [&](const CondGroup::Branch &B) {
              return llvm::is_contained(B.Directives, DI);
            })) {
          unsigned Next = DI + 1;
          while (Next < FS.Directives.size() && dir(Next).Macro != Macro)
            ++Next;
          bool Closed = Next < G.Branches.front().DirectiveIndex &&
                        dir(Next).Kind == DirectiveKind::Undef;
          ElsewhereToo = ElsewhereToo || !Closed;
        }
      if (!Everywhere && Ctx.ConfinedMacros.count(Macro) && ElsewhereToo) {
        for (auto &[BI, D] : List)
          Replace[D] += "";
        continue;
      }
      if (!Everywhere && Ctx.ConfinedMacros.count(Macro)) {
        Everywhere = true;
        if (Bodies.size() == 1 && List.size() == Branches.size()) {
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
      }
      if (!Everywhere)
        if (auto Sel =
                selectFunctionOrMacro(GI, Macro, List, LiveBranches, HasElse);
            !Sel || *Sel) {
          if (!Sel)
            return Sel.takeError();
          Replace[List.front().second] = **Sel;
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
      if (!Everywhere) {
        // A hook given a default in another conditional or file (`#if
        // defined(USE_CHECK)` / `#define check(e) assert(e)`, elsewhere
        // `#if !defined(check)` / `#define check(e) ((void)0)`).
        auto Sel = selectAcrossSites(Macro);
        if (!Sel)
          return Sel.takeError();
        if (!*Sel)
          return errorAt(First, "macro '" + Macro +
                                    "' is defined only in some branches of "
                                    "the conditional on feature " +
                                    featuresOf(G) +
                                    "; cannot select it at run time");
        Replace[List.front().second] = **Sel;
        for (size_t I = 1; I < List.size(); ++I)
          Replace[List[I].second] += "";
        continue;
      }
      // `#ifdef TESTING #define STATIC #else #define STATIC static`: the
      // empty definition is kept (every function and variable it begins
      // is then external). The safety pass (docs/safety.md) refused the
      // uses where that shows: a local or member made static, a name that
      // several translation units define.
      std::set<std::string> Replacements;
      bool AnyFunctionLike = false;
      for (auto &[BI, D] : List) {
        Replacements.insert(llvm::StringRef(dir(D).Replacement).trim().str());
        AnyFunctionLike = AnyFunctionLike || dir(D).FunctionLike;
      }
      // Likewise `API` as a visibility attribute or empty, `HELPER` as
      // `static inline` or `static` (rewrite/LinkageMacros.h): one
      // definition for every configuration.
      if (!AnyFunctionLike &&
          Replacements != std::set<std::string>{"", "static"}) {
        if (auto Kept =
                keptLinkage({Replacements.begin(), Replacements.end()})) {
          Replace[List.front().second] = "#define " + Macro + " " + *Kept;
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
      }
      if (!AnyFunctionLike &&
          Replacements == std::set<std::string>{"", "static"}) {
        bool Kept = false;
        for (auto &[BI, D] : List) {
          if (!Kept && llvm::StringRef(dir(D).Replacement).trim().empty())
            Kept = true;
          else
            Replace[D] += "";
        }
        continue;
      }
      std::vector<MacroVariant> Variants;
      for (size_t I = 0; I < List.size(); ++I) {
        const Directive &Dv = dir(List[I].second);
        CondPtr Own = hasPlatformPart(GI) ? runtimeOwn(GI, List[I].first)
                                          : FG.Groups[GI].Own[List[I].first];
        Variants.push_back({In.Path, Dv.Line, Dv.Column, Dv.Body,
                            Dv.Replacement, Dv.FunctionLike, Own});
      }
      auto Text = selectionDefine(Macro, featuresOf(G), Variants);
      if (!Text)
        return Text.takeError();
      Replace[List.front().second] = *Text;
      for (size_t I = 1; I < List.size(); ++I)
        Replace[List[I].second] += "";
    }
  }
  return llvm::Error::success();
}

llvm::Expected<std::string>
FileRewriter::selectionDefine(const std::string &Macro,
                              const std::string &Features,
                              const std::vector<MacroVariant> &Vs) {
  const MacroVariant &First = Vs.front();
  auto ErrorAt = [&](const MacroVariant &V, const std::string &Msg) {
    return makeError(V.File, V.Line, V.Column, Msg);
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
                              First.File + ":" + std::to_string(First.Line) +
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
  if (FS == Ctx.Structures->end())
    return false;
  for (const CondGroup &G : FS->second.Groups)
    for (const CondGroup::Branch &B : G.Branches)
      if (Offset >= B.ContentBegin && Offset < B.ContentEnd && B.Condition &&
          B.Condition->K == Cond::Int && B.Condition->Value == 0)
        return true;
  return false;
}

llvm::Expected<std::optional<std::string>>
FileRewriter::selectAcrossSites(const std::string &Macro) {
  auto It = Ctx.DefinedAt.find(Macro);
  if (It == Ctx.DefinedAt.end() || It->second.size() < 2 || !Ctx.PresenceAt)
    return std::nullopt;
  std::vector<MacroVariant> Vs;
  std::vector<CondPtr> Presences;
  // Only the sites some parse reads together with this file: a header no
  // unit reads with this one (Lua's auxiliary library header and its core
  // limits header each define the assertion macro) defines nothing here.
  auto Here = Ctx.ReadBy.find(In.Path);
  auto ReadWithThis = [&](const std::string &File) {
    if (File == In.Path || Here == Ctx.ReadBy.end())
      return true;
    auto There = Ctx.ReadBy.find(File);
    return There == Ctx.ReadBy.end() ||
           llvm::any_of(There->second,
                        [&](unsigned I) { return Here->second.count(I); });
  };
  for (const ProjectContext::DefineSite &S : It->second) {
    if (!ReadWithThis(S.File) || settledOff(S.File, S.Offset))
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

llvm::Error FileRewriter::refuseStringifiedMacros() {
  std::optional<MacroUse> First;
  for (const ParseView &V : In.Parses)
    for (const MacroUse &U : V.Facts->StringifiedMacros) {
      auto It = Ctx.PerFeatureMacros.find(U.Macro);
      // Defined in several groups (a clamp per feature, then an `#ifndef`
      // default): selected across its sites, as different a text.
      bool Selected = It == Ctx.PerFeatureMacros.end()
                          ? definedPerFeature(U.Macro)
                          : It->second.distinctBodies() > 1;
      if (Selected && (!First || U.Offset < First->Offset))
        First = U;
    }
  // String literals of different lengths: the selection is a pointer, the
  // variant's an array (M3).
  for (const ParseView &V : In.Parses)
    for (const MacroUse &U : V.Facts->TypeOperandMacros) {
      auto It = Ctx.PerFeatureMacros.find(U.Macro);
      if (It == Ctx.PerFeatureMacros.end() ||
          (First && First->Offset < U.Offset))
        continue;
      std::set<std::string> Types;
      for (const std::string &D : It->second.Definitions)
        if (!D.empty())
          Types.insert(literalType(llvm::StringRef(D).split(' ').second));
      if (Types.size() > 1)
        return error(U.Offset,
                     "the macro '" + U.Macro + "' defined per feature (" +
                         It->second.Features + ") is '" + *Types.begin() +
                         "' in one branch and '" + *std::next(Types.begin()) +
                         "' in another, and its type is used here; "
                         "selected at run time it would have one type in "
                         "every variant");
    }
  if (!First)
    return llvm::Error::success();
  auto Known = Ctx.PerFeatureMacros.find(First->Macro);
  return error(First->Offset,
               "the macro '" + First->Macro + "' defined per feature" +
                   (Known == Ctx.PerFeatureMacros.end()
                        ? std::string()
                        : " (" + Known->second.Features + ")") +
                   " is stringified here; its text differs per variant and "
                   "a string literal cannot be selected at run time");
}

} // namespace varsim::rewrite::detail
