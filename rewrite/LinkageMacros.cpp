//===- rewrite/LinkageMacros.cpp ------------------------------------------===//

#include "rewrite/LinkageMacros.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

namespace varsim::rewrite {
namespace {

/// Attribute words that change a record's layout, run code or merge
/// definitions: a simulator that dropped them would compute otherwise.
bool changesBehaviour(llvm::StringRef Attribute) {
  for (llvm::StringRef W :
       {"packed", "aligned", "vector_size", "mode", "constructor", "destructor",
        "cleanup", "section", "alias", "weak", "ifunc", "transparent_union",
        "thread", "selectany", "naked"})
    if (Attribute.contains(W))
      return true;
  return false;
}

/// Skips a balanced parenthesised group at the front of S (S starts with
/// '('); returns the group, or nullopt if unbalanced.
std::optional<llvm::StringRef> group(llvm::StringRef &S) {
  int Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '(')
      ++Depth;
    else if (S[I] == ')' && --Depth == 0) {
      llvm::StringRef G = S.take_front(I + 1);
      S = S.drop_front(I + 1);
      return G;
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> linkageCore(llvm::StringRef Replacement) {
  llvm::StringRef S = Replacement.trim();
  std::string Core;
  while (!(S = S.ltrim()).empty()) {
    size_t N = 0;
    while (N < S.size() && (llvm::isAlnum(S[N]) || S[N] == '_'))
      ++N;
    if (N == 0)
      return std::nullopt;
    llvm::StringRef Word = S.take_front(N);
    S = S.drop_front(N).ltrim();
    if (Word == "__attribute__" || Word == "__declspec") {
      if (!S.starts_with("("))
        return std::nullopt;
      auto G = group(S);
      if (!G || changesBehaviour(*G))
        return std::nullopt;
      continue;
    }
    if (Word == "inline" || Word == "__inline" || Word == "__inline__")
      continue;
    if ((Word == "static" || Word == "extern") && Core.empty()) {
      Core = Word.str();
      continue;
    }
    return std::nullopt;
  }
  return Core;
}

std::optional<std::string>
keptLinkage(const std::vector<std::string> &Replacements) {
  std::set<std::string> Cores;
  for (const std::string &R : Replacements) {
    auto C = linkageCore(R);
    if (!C)
      return std::nullopt;
    Cores.insert(*C);
  }
  if (Cores.count(""))
    return std::string(); // External, as the empty one of `STATIC`.
  if (Cores.size() > 1)
    return std::nullopt; // `static` or `extern`: no neutral choice.
  return *Cores.begin();
}

} // namespace varsim::rewrite
