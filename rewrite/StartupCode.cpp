//===- rewrite/StartupCode.cpp - Code run without a call, under a feature -===//
//
// Code under a feature that runs without being called (a function with
// __attribute__((constructor/destructor)), a C++ static registrar object,
// a destructor under a feature within its class) is kept in every
// configuration by the rewrite, like all code under a feature; unlike the
// rest, nothing under the feature calls it. It is guarded by its presence
// condition instead (which ones: rewrite/safety/StartupLowering.h). The
// runtime reads the configuration in a constructor of priority 101, before
// every user constructor of a later priority and every C++ dynamic
// initialization (priority 65535).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include <cctype>

namespace varsim::rewrite::detail {

namespace {

bool blank(llvm::StringRef S) {
  return llvm::all_of(
      S, [](char C) { return std::isspace(static_cast<unsigned char>(C)); });
}

std::string identifierPart(llvm::StringRef Name) {
  std::string Out;
  for (char C : Name)
    Out += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  return Out;
}

} // namespace

llvm::Error FileRewriter::lowerStartupCode() {
  std::map<unsigned, const StartupFact *> Facts; // By the declaration.
  for (const ParseView &V : In.Parses)
    for (const StartupFact &S : V.Facts->Startup)
      Facts.emplace(S.Begin, &S);
  llvm::StringRef Text(In.Text);
  for (const auto &[Begin, S] : Facts) {
    unsigned At = S->K == StartupFact::GuardBody ? S->BodyBegin : S->Begin;
    CondPtr PC = FG.presenceAt(FS, At);
    std::string Condition = conditionText(*PC, F);
    if (Condition == "1")
      continue;
    if (S->Destructor &&
        conditionText(*FG.presenceAt(FS, S->ClassBegin), F) == Condition)
      continue; // Wherever an object of its class exists, it does too.
    std::string Test = conditionCode(*PC, F);
    std::string Tag =
        identifierPart(S->Name) + "_" + std::to_string(FS.lineOf(S->Begin));
    switch (S->K) {
    case StartupFact::GuardBody:
      addEdit(S->BodyBegin + 1, S->BodyBegin + 1,
              " if (!(" + Test + ")) return;");
      break;
    case StartupFact::WrapObject: {
      // `static T r(...);` -> a function-local static of a lambda run by a
      // namespace-scope initializer at the same place (same order of
      // initialization and, reversed, of destruction).
      size_t End = S->End;
      llvm::StringRef After = Text.drop_front(End);
      size_t Semi = After.find_first_not_of(" \t\r\n");
      if (Semi != llvm::StringRef::npos && After[Semi] == ';')
        End += Semi + 1;
      else if (Semi != llvm::StringRef::npos && After[Semi] == ',')
        return error(S->Begin, "the object '" + S->Name + "' under " +
                                   Condition +
                                   " runs code without being called, and "
                                   "varsim constructs it under its feature "
                                   "only when it is declared alone: declare "
                                   "one object per declaration");
      addEdit(S->Begin, S->Begin,
              "__attribute__((unused)) static const bool varsim_startup_" +
                  Tag + " = ([] { if (" + Test + ") { ");
      addEdit(static_cast<unsigned>(End), static_cast<unsigned>(End),
              " } }(), true);");
      break;
    }
    case StartupFact::CallAfter: {
      // A macro wrote the function: its attribute's word is defined away
      // around the macro's use, and a constructor (destructor) of the same
      // priority right after the use calls it under the test.
      unsigned Line = FS.lineOf(S->Begin);
      unsigned LineStart = FS.LineStarts[Line - 1];
      unsigned EndLine = FS.lineOf(S->End > 0 ? S->End - 1 : S->End);
      size_t LineEnd = Text.find('\n', S->End);
      if (LineEnd == llvm::StringRef::npos)
        LineEnd = Text.size();
      llvm::StringRef Rest = Text.slice(S->End, LineEnd).trim();
      Rest.consume_front(";");
      Rest = Rest.ltrim();
      if (!blank(Text.slice(LineStart, S->Begin)) ||
          !(Rest.empty() || Rest.starts_with("//")))
        return error(
            S->Begin,
            "the function '" + S->Name + "' under " + Condition + " runs " +
                (S->Attribute == "constructor" ? "before main" : "at exit") +
                " without being called, and varsim guards one "
                "that a macro writes only where the macro's use "
                "has lines of its own: put it on its own lines");
      const std::string &W = S->Attribute;
      std::string Word = "__" + W + "__";
      std::string Params = S->Priority >= 0 ? "(p)" : "";
      std::string Before = "#pragma push_macro(\"" + W +
                           "\")\n#pragma push_macro(\"" + Word +
                           "\")\n#define " + W + Params + " __unused__\n" +
                           "#define " + Word + Params + " __unused__\n" +
                           "#line " + std::to_string(originalLine(Line)) + "\n";
      addEdit(LineStart, LineStart, Before);
      std::string Prio =
          S->Priority >= 0 ? "(" + std::to_string(S->Priority) + ")" : "";
      std::string Wrapper = "__attribute__((" + W + Prio +
                            ")) static void varsim_startup_" + Tag +
                            "(void) { if (" + Test + ") " + S->Name + "(); }";
      // After the word is restored, on the use's last line again.
      addEdit(static_cast<unsigned>(LineEnd), static_cast<unsigned>(LineEnd),
              "\n#pragma pop_macro(\"" + W + "\")\n#pragma pop_macro(\"" +
                  Word + "\")\n#line " + std::to_string(originalLine(EndLine)) +
                  "\n" + Wrapper);
      break;
    }
    }
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::detail
