//===- rewrite/globals/LoweringText.cpp - Text helpers --------------------===//
//
// Reads and adds nothing: the text helpers of the file-scope lowering
// (edits applied, names from conditions, a branch's test, one-line text).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include <map>

namespace varsim::rewrite::globals::lowering {

llvm::Expected<std::string> applyEdits(const std::string &File,
                                       llvm::StringRef Text, unsigned Base,
                                       const std::set<Edit> &Edits) {
  return applyTextEdits(File, Text, Base, Edits, "file-scope variability");
}

/// Only the newlines of Text (a removed range keeps its line count).
std::string newlinesOf(llvm::StringRef Text) {
  return std::string(Text.count('\n'), '\n');
}

std::string sanitize(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) ? static_cast<char>(llvm::toUpper(C)) : '_';
  return Out;
}

/// A name suffix from a condition ("VIM && !NUMPAD" -> "VIM_not_NUMPAD").
std::string suffixOf(llvm::StringRef CondText) {
  std::string Out;
  for (size_t I = 0; I < CondText.size(); ++I) {
    char C = CondText[I];
    if (llvm::isAlnum(C) || C == '_') {
      Out += C;
    } else if (C == '!') {
      if (I + 1 < CondText.size() && CondText[I + 1] == '=') {
        Out += "_ne_";
        ++I;
      } else {
        Out += "not_";
      }
    } else if (C == '|' || C == '&' || C == '<' || C == '>' || C == '=') {
      std::string Op;
      while (I < CondText.size() &&
             llvm::StringRef("|&<>=").contains(CondText[I]))
        Op += CondText[I++];
      --I;
      static const std::map<std::string, std::string> Names = {
          {"&&", "_"},   {"||", "_or_"}, {"==", "_eq_"}, {"<", "_lt_"},
          {">", "_gt_"}, {"<=", "_le_"}, {">=", "_ge_"}};
      auto It = Names.find(Op);
      Out += It == Names.end() ? "_" : It->second;
    } else if (!Out.empty() && Out.back() != '_') {
      Out += '_';
    }
  }
  std::string Clean;
  for (char C : Out)
    if (!(C == '_' && !Clean.empty() && Clean.back() == '_'))
      Clean += C;
  while (!Clean.empty() && Clean.back() == '_')
    Clean.pop_back();
  return Clean.empty() ? "all" : Clean;
}

/// The condition in preprocessor syntax.
std::string ppCondition(const Cond &C) {
  return printCondition(C, [](llvm::StringRef M, bool Defined) {
    return Defined ? "defined(" + M.str() + ")" : M.str();
  });
}

/// Text on one line, comments dropped.
std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Text.split(Lines, '\n');
  bool InComment = false;
  for (llvm::StringRef L : Lines) {
    std::string Kept;
    for (size_t I = 0; I < L.size(); ++I) {
      if (InComment) {
        if (L.substr(I).starts_with("*/")) {
          InComment = false;
          ++I;
        }
        continue;
      }
      if (L.substr(I).starts_with("//"))
        break;
      if (L.substr(I).starts_with("/*")) {
        InComment = true;
        ++I;
        continue;
      }
      Kept += L[I];
    }
    Out += llvm::StringRef(Kept).trim().str();
    Out += ' ';
  }
  return llvm::StringRef(Out).trim().str();
}

} // namespace varsim::rewrite::globals::lowering
