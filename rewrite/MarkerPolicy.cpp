//===- rewrite/MarkerPolicy.cpp - Which feature code gets no marker -------===//

#include "rewrite/MarkerPolicy.h"

#include "rewrite/FeatureSetup.h"
#include "rewrite/SourceText.h"
#include "runtime/SimulatorTables.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cctype>

namespace varsim::rewrite {

namespace {

/// At most this many statements (';') in a tiny block: a few loads,
/// compares and stores, well under the cost of one marker visit.
constexpr unsigned MaxTinyStatements = 6;
constexpr unsigned MaxTinyLines = 12;

/// Code with comments, string and character literals blanked (same
/// length, newlines kept), so that a scan sees only tokens.
std::string blankCommentsAndLiterals(llvm::StringRef Code) {
  std::string Out(Code);
  size_t I = 0, N = Out.size();
  auto Blank = [&](size_t B, size_t E) {
    for (size_t K = B; K < E && K < N; ++K)
      if (Out[K] != '\n')
        Out[K] = ' ';
  };
  while (I < N) {
    if (Out[I] == '/' && I + 1 < N && Out[I + 1] == '/') {
      size_t E = Out.find('\n', I);
      E = E == std::string::npos ? N : E;
      Blank(I, E);
      I = E;
    } else if (Out[I] == '/' && I + 1 < N && Out[I + 1] == '*') {
      size_t E = Out.find("*/", I + 2);
      E = E == std::string::npos ? N : E + 2;
      Blank(I, E);
      I = E;
    } else if (Out[I] == '"' || Out[I] == '\'') {
      char Q = Out[I];
      size_t E = I + 1;
      while (E < N && Out[E] != Q && Out[E] != '\n')
        E += Out[E] == '\\' ? 2 : 1;
      E = std::min(E + 1, N);
      Blank(I + 1, E - 1);
      I = E;
    } else {
      ++I;
    }
  }
  return Out;
}

/// Calls `Each(Word, FollowedByParen, Offset)` for every identifier of
/// Code (comments and literals blanked).
template <typename Fn> void forEachWord(llvm::StringRef Code, Fn Each) {
  std::string Clean = blankCommentsAndLiterals(Code);
  llvm::StringRef T(Clean);
  for (size_t I = 0; I < T.size();) {
    if (!isIdentifierChar(T[I]) ||
        (I > 0 && isIdentifierChar(T[I - 1])) /* inside a number */) {
      ++I;
      continue;
    }
    size_t E = I;
    while (E < T.size() && isIdentifierChar(T[E]))
      ++E;
    if (!std::isdigit(static_cast<unsigned char>(T[I]))) {
      llvm::StringRef After = T.drop_front(E).ltrim();
      Each(T.slice(I, E), After.starts_with("("), static_cast<unsigned>(I));
    }
    I = E;
  }
}

} // namespace

bool isTinyBlock(llvm::StringRef Code) {
  static const llvm::StringSet<> Refused = {
      "for",     "while",    "do",           "goto",         "return",
      "break",   "continue", "throw",        "case",         "default",
      "switch",  "new",      "delete",       "operator",     "asm",
      "__asm__", "co_await", "co_yield",     "co_return",    "try",
      "catch",   "static",   "thread_local", "_Thread_local"};
  // Operands, not calls: `if (`, `sizeof (`, casts after a keyword.
  static const llvm::StringSet<> NotCalls = {
      "if",          "sizeof",      "alignof",
      "_Alignof",    "__alignof__", "decltype",
      "typeof",      "__typeof__",  "int",
      "unsigned",    "long",        "short",
      "char",        "float",       "double",
      "signed",      "bool",        "_Bool",
      "void",        "else",        "__builtin_expect",
      "static_cast", "const",       "volatile"};
  std::string Clean = blankCommentsAndLiterals(Code);
  llvm::StringRef T(Clean);
  if (T.contains('#'))
    return false; // A nested directive: a group of its own.
  if (T.count(';') > MaxTinyStatements || T.count('\n') > MaxTinyLines)
    return false;
  bool Tiny = true;
  forEachWord(Code, [&](llvm::StringRef Word, bool Paren, unsigned) {
    if (Refused.contains(Word) || (Paren && !NotCalls.contains(Word)))
      Tiny = false;
  });
  return Tiny;
}

std::vector<std::pair<std::string, unsigned>>
callsOf(llvm::StringRef Code, const std::set<std::string> &Names,
        bool TemplateArgs) {
  std::vector<std::pair<std::string, unsigned>> Out;
  if (Names.empty())
    return Out;
  forEachWord(Code, [&](llvm::StringRef Word, bool Paren, unsigned At) {
    if (!Names.count(Word.str()))
      return;
    if (Paren ||
        (TemplateArgs && followedByCall(Code.drop_front(At + Word.size()))))
      Out.emplace_back(Word.str(), At);
  });
  return Out;
}

bool followedByCall(llvm::StringRef After) {
  After = After.ltrim();
  if (After.starts_with("("))
    return true;
  if (!After.starts_with("<") || After.starts_with("<<") ||
      After.starts_with("<="))
    return false;
  unsigned Depth = 0;
  for (size_t I = 0; I < After.size(); ++I) {
    char C = After[I];
    if (C == '<') {
      ++Depth;
    } else if (C == '>') {
      if (--Depth == 0)
        return After.drop_front(I + 1).ltrim().starts_with("(");
    } else if (C == ';' || C == '{' || C == '}') {
      return false;
    }
  }
  return false;
}

void forEachIdentifier(
    llvm::StringRef Code,
    llvm::function_ref<void(llvm::StringRef, bool, unsigned)> Each) {
  forEachWord(Code, Each);
}

bool namesIdentifier(llvm::StringRef Code, llvm::StringRef Word) {
  bool Found = false;
  forEachWord(Code, [&](llvm::StringRef W, bool, unsigned) {
    Found = Found || W == Word;
  });
  return Found;
}

size_t countIdentifier(llvm::StringRef Code, llvm::StringRef Word) {
  size_t N = 0;
  forEachWord(Code, [&](llvm::StringRef W, bool, unsigned) { N += W == Word; });
  return N;
}

std::vector<std::string> featuresOf(const Cond &C, const FeatureSetup &F) {
  std::set<std::string> Macros;
  collectMacros(C, Macros);
  std::set<std::string> Names;
  for (const std::string &M : Macros)
    if (auto It = F.ByMacro.find(M); It != F.ByMacro.end())
      Names.insert(F.Model.feature(It->second).Name);
  return {Names.begin(), Names.end()};
}

std::vector<std::string> featuresRead(llvm::StringRef Code,
                                      const FeatureSetup &F) {
  std::map<std::string, std::string> ByRead;
  for (const auto &[Macro, Id] : F.ByMacro)
    ByRead.emplace(runtime::featureValueExpr(F.descOf(Macro)),
                   F.Model.feature(Id).Name);
  std::set<std::string> Names;
  forEachWord(Code, [&](llvm::StringRef Word, bool, unsigned) {
    if (auto It = ByRead.find(Word.str()); It != ByRead.end())
      Names.insert(It->second);
  });
  return {Names.begin(), Names.end()};
}

} // namespace varsim::rewrite
