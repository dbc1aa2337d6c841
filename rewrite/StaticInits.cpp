//===- rewrite/StaticInits.cpp - Feature values in static initializers ----===//
//
// C requires a constant initializer for a variable of static storage, but
// the simulator reads feature values at run time. A writable file-scope
// variable only needs its initial value right when main starts: the
// initializer is compiled with one combination's values, and a constructor
// (after the runtime's, which reads the configuration) overwrites it with
// the running configuration's copy.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include <cctype>

namespace varsim::rewrite::detail {

llvm::Error FileRewriter::lowerStaticInitializer(
    const std::vector<const ConstantUse *> &Uses) {
  const ConstantUse &First = *Uses.front();
  llvm::StringRef Text(In.Text);
  auto Refuse = [&](const std::string &Why) {
    return error(
        First.Offset,
        std::string(F.isFeatureMacro(First.Macro) ? "the feature " : "the ") +
            "macro '" + First.Macro +
            "' is used in the static initializer of '" + First.Var +
            "' outside a function body, where a constant is "
            "required; " +
            Why);
  };
  // Each use spelled where it is (not produced by another macro's body).
  std::vector<std::string> Macros;
  for (const ConstantUse *U : Uses) {
    if (U->Offset < First.InitBegin ||
        U->Offset + U->Macro.size() > First.InitEnd ||
        Text.substr(U->Offset, U->Macro.size()) != U->Macro)
      return Refuse("its value is reached through another macro's body, "
                    "which the simulator cannot set per configuration");
    if (!llvm::is_contained(Macros, U->Macro))
      Macros.push_back(U->Macro);
  }
  // The declaration ends right after the initializer.
  size_t Semi = First.InitEnd;
  while (Semi < Text.size() &&
         std::isspace(static_cast<unsigned char>(Text[Semi])) &&
         Text[Semi] != '\n')
    ++Semi;
  if (Semi >= Text.size() || Text[Semi] != ';')
    return Refuse("the declaration goes on after its initializer (declare "
                  "one variable per declaration)");
  // Directives inside the initializer (`#ifdef SQLITE_ENABLE_SQLLOG`
  // around an entry): the copies follow on lines of their own, after the
  // declaration's line, which must end there.
  bool HasDirective = false;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.slice(First.InitBegin, First.InitEnd).split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    HasDirective = HasDirective || Line.ltrim().starts_with("#");
  size_t LineEnd = Text.find('\n', Semi);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Text.size();
  llvm::StringRef Rest = Text.slice(Semi + 1, LineEnd).trim();
  if (HasDirective && !Rest.empty() && !Rest.starts_with("//"))
    return Refuse("the line of its ';' goes on (end the line there)");
  // A const variable is written at start-up: its `const`s before the name
  // go (behaviour is the same: the program never writes it).
  if (First.Const) {
    if (First.NameOffset <= First.DeclBegin || First.NameOffset == 0)
      return Refuse("its declaration is written by a macro, so its "
                    "`const` cannot be dropped for the start-up code that "
                    "sets it");
    llvm::StringRef Head = Text.slice(First.DeclBegin, First.NameOffset);
    size_t At = 0;
    while (At < Head.size()) {
      if (!(std::isalpha(static_cast<unsigned char>(Head[At])) ||
            Head[At] == '_')) {
        ++At;
        continue;
      }
      size_t End = At;
      while (End < Head.size() &&
             (std::isalnum(static_cast<unsigned char>(Head[End])) ||
              Head[End] == '_'))
        ++End;
      if (Head.slice(At, End) == "const")
        addEdit(First.DeclBegin + static_cast<unsigned>(At),
                First.DeclBegin + static_cast<unsigned>(End), "     ");
      At = End;
    }
  }
  // A macro other than a feature (a clamp per feature selected across its
  // sites, a macro defined per feature): its value per configuration is
  // the run-time selection itself. The start-up code evaluates the
  // initializer as written into a local of the variable's type (C allows
  // any expression in an automatic aggregate's initializer) and copies
  // it; the static initializer gets a constant in each use's place.
  bool AllFeatures = llvm::all_of(
      Macros, [&](const std::string &M) { return F.isFeatureMacro(M); });
  if (!AllFeatures) {
    if (HasDirective)
      return Refuse("its initializer holds directives, which the start-up "
                    "code cannot repeat");
    for (const ConstantUse *U : Uses)
      addEdit(U->Offset, U->Offset + static_cast<unsigned>(U->Macro.size()),
              "(1)");
    // On one line (the original lines stay where they are): `//`
    // comments dropped, so that they end nothing after them.
    // A feature's own value is its run-time read (its name may stand
    // for a default in the simulator's text).
    std::string Sub;
    unsigned From = First.InitBegin;
    for (const ConstantUse *U : Uses) {
      if (!F.isFeatureMacro(U->Macro))
        continue;
      Sub += Text.slice(From, U->Offset).str() + "(" +
             runtime::featureValueExpr(F.descOf(U->Macro)) + ")";
      From = U->Offset + static_cast<unsigned>(U->Macro.size());
    }
    Sub += Text.slice(From, First.InitEnd).str();
    llvm::StringRef Src = Sub;
    std::string Init;
    for (size_t I = 0; I < Src.size(); ++I) {
      char C = Src[I];
      if (C == '"' || C == '\'') {
        size_t J = I + 1;
        while (J < Src.size() && Src[J] != C && Src[J] != '\n')
          J += Src[J] == '\\' ? 2 : 1;
        J = std::min(J + 1, Src.size());
        Init += Src.slice(I, J).str();
        I = J - 1;
      } else if (Src.substr(I).starts_with("//")) {
        I = std::min(Src.find('\n', I), Src.size()) - 1;
      } else if (Src.substr(I).starts_with("/*")) {
        size_t J = Src.find("*/", I + 2);
        J = J == llvm::StringRef::npos ? Src.size() : J + 2;
        Init += ' ';
        I = J - 1;
      } else {
        Init += C == '\n' ? ' ' : C;
      }
    }
    std::string Var = First.Var;
    addEdit(static_cast<unsigned>(Semi + 1), static_cast<unsigned>(Semi + 1),
            " __attribute__((constructor)) static void varsim_init_" + Var +
                "(void) { __typeof__(" + Var + ") varsim_v = " + Init +
                "; __builtin_memcpy((void *)&" + Var +
                ", &varsim_v, sizeof varsim_v); }");
    return llvm::Error::success();
  }
  // The combinations of the features' values over the valid
  // configurations.
  std::set<std::vector<long long>> Combos;
  unsigned Budget = 100000;
  F.Model.forEachValid([&](const fm::Configuration &Cfg) {
    std::vector<long long> Values;
    for (const std::string &M : Macros)
      Values.push_back(F.macroValue(Cfg, M).value_or(0));
    Combos.insert(std::move(Values));
    return --Budget != 0 && Combos.size() <= 64;
  });
  if (Combos.empty() || Combos.size() > 64 || Budget == 0)
    return Refuse("too many combinations of values to copy the initializer "
                  "for");
  auto Copy = [&](const std::vector<long long> &Values) {
    std::string Out;
    unsigned At = First.InitBegin;
    for (const ConstantUse *U : Uses) {
      Out += Text.slice(At, U->Offset).str();
      size_t I = llvm::find(Macros, U->Macro) - Macros.begin();
      Out += "(" + std::to_string(Values[I]) + ")";
      At = U->Offset + static_cast<unsigned>(U->Macro.size());
    }
    Out += Text.slice(At, First.InitEnd).str();
    // One line, so that the original lines stay where they are, unless
    // it holds directives (then #line restores the numbering after it).
    if (!HasDirective)
      for (char &C : Out)
        if (C == '\n')
          C = ' ';
    return Out;
  };
  auto Test = [&](const std::vector<long long> &Values) {
    std::string T;
    for (size_t I = 0; I < Macros.size(); ++I)
      T += (I ? " && " : "") + runtime::featureValueExpr(F.descOf(Macros[I])) +
           " == " + std::to_string(Values[I]);
    return T;
  };
  auto It = Combos.begin();
  for (const ConstantUse *U : Uses)
    addEdit(U->Offset, U->Offset + static_cast<unsigned>(U->Macro.size()),
            "(" +
                std::to_string(
                    (*It)[llvm::find(Macros, U->Macro) - Macros.begin()]) +
                ")");
  std::string Var = First.Var, After, Body;
  unsigned K = 0;
  for (++It; It != Combos.end(); ++It, ++K) {
    std::string Name = "varsim_init_" + Var + "_" + std::to_string(K);
    After += " static const __typeof__(" + Var + ") " + Name + " = " +
             Copy(*It) + ";";
    Body += " if (" + Test(*It) + ") __builtin_memcpy((void *)&" + Var + ", &" +
            Name + ", sizeof " + Name + ");";
  }
  if (!Body.empty())
    After += " __attribute__((constructor)) static void varsim_init_" + Var +
             "(void) {" + Body + " }";
  if (!HasDirective) {
    addEdit(static_cast<unsigned>(Semi + 1), static_cast<unsigned>(Semi + 1),
            After);
    return llvm::Error::success();
  }
  unsigned Next = originalLine(FS.lineOf(static_cast<unsigned>(Semi))) + 1;
  addEdit(static_cast<unsigned>(LineEnd), static_cast<unsigned>(LineEnd),
          "\n" + After + "\n#line " + std::to_string(Next));
  return llvm::Error::success();
}

} // namespace varsim::rewrite::detail
