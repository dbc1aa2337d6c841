//===- rewrite/DirectiveScanner.cpp - The conditional structure of a file -===//

#include "rewrite/DirectiveScanner.h"
#include "rewrite/ErrorText.h"

#include "support/Diagnostic.h"
#include "support/Identifiers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace varsim::rewrite {
namespace {

/// The logical text of a directive line: continuations joined, comments
/// replaced by a space.
std::string cleanDirectiveText(llvm::StringRef Raw) {
  std::string Joined;
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\\' && I + 1 < Raw.size() &&
        (Raw[I + 1] == '\n' || Raw[I + 1] == '\r')) {
      ++I;
      if (Raw[I] == '\r' && I + 1 < Raw.size() && Raw[I + 1] == '\n')
        ++I;
      continue;
    }
    Joined += Raw[I];
  }
  std::string Out;
  char Quote = 0;
  for (size_t I = 0; I < Joined.size(); ++I) {
    char C = Joined[I];
    if (Quote) {
      Out += C;
      if (C == '\\' && I + 1 < Joined.size())
        Out += Joined[++I];
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      Out += C;
      continue;
    }
    if (C == '/' && I + 1 < Joined.size() && Joined[I + 1] == '/')
      break;
    if (C == '/' && I + 1 < Joined.size() && Joined[I + 1] == '*') {
      size_t E = Joined.find("*/", I + 2);
      I = E == std::string::npos ? Joined.size() : E + 1;
      Out += ' ';
      continue;
    }
    Out += C;
  }
  return llvm::StringRef(Out).trim().str();
}

DirectiveKind kindOf(llvm::StringRef Keyword) {
  return llvm::StringSwitch<DirectiveKind>(Keyword)
      .Case("if", DirectiveKind::If)
      .Case("ifdef", DirectiveKind::Ifdef)
      .Case("ifndef", DirectiveKind::Ifndef)
      .Case("elif", DirectiveKind::Elif)
      .Case("elifdef", DirectiveKind::Elifdef)
      .Case("elifndef", DirectiveKind::Elifndef)
      .Case("else", DirectiveKind::Else)
      .Case("endif", DirectiveKind::Endif)
      .Case("define", DirectiveKind::Define)
      .Case("undef", DirectiveKind::Undef)
      .Cases("include", "include_next", "import", DirectiveKind::Include)
      .Case("error", DirectiveKind::Error)
      .Default(DirectiveKind::Other);
}

llvm::Error located(llvm::StringRef File, const Directive &D, llvm::Error E) {
  std::string Msg = errorText(std::move(E));
  return makeError(File, D.Line, D.Column, Msg);
}

/// The condition an #if-like directive tests, on its own.
llvm::Expected<CondPtr> conditionOf(llvm::StringRef File, const Directive &D) {
  switch (D.Kind) {
  case DirectiveKind::If:
  case DirectiveKind::Elif: {
    auto C = parseCondition(D.Body);
    if (!C)
      return located(File, D, C.takeError());
    return C;
  }
  case DirectiveKind::Ifdef:
  case DirectiveKind::Elifdef:
  case DirectiveKind::Ifndef:
  case DirectiveKind::Elifndef: {
    if (D.Macro.empty())
      return makeError(File, D.Line, D.Column,
                       "expected a macro name after #ifdef/#ifndef");
    CondPtr C = makeDefined(D.Macro);
    bool Negate =
        D.Kind == DirectiveKind::Ifndef || D.Kind == DirectiveKind::Elifndef;
    return Negate ? makeNot(C) : C;
  }
  default:
    return nullptr;
  }
}

} // namespace

unsigned FileStructure::lineOf(unsigned Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  return static_cast<unsigned>(It - LineStarts.begin());
}

unsigned FileStructure::presumedLineOf(unsigned Offset) const {
  unsigned Physical = lineOf(Offset);
  auto After =
      std::upper_bound(LineDirectives.begin(), LineDirectives.end(), Physical,
                       [](unsigned L, const std::pair<unsigned, unsigned> &D) {
                         return L < D.first;
                       });
  if (After == LineDirectives.begin())
    return Physical;
  const auto &[Next, N] = *std::prev(After);
  return N + (Physical - Next);
}

bool FileStructure::settledOffAt(unsigned Offset) const {
  for (const CondGroup &G : Groups)
    for (const CondGroup::Branch &B : G.Branches)
      if (Offset >= B.ContentBegin && Offset < B.ContentEnd && B.Condition &&
          B.Condition->K == Cond::Int && B.Condition->Value == 0)
        return true;
  return false;
}

llvm::Expected<FileStructure> scanDirectives(llvm::StringRef File,
                                             llvm::StringRef Text) {
  FileStructure FS;
  FS.LineStarts.push_back(0);
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      FS.LineStarts.push_back(I + 1);

  // Walk the text once, tracking comments and literals, and pick up each
  // line whose first token is '#'.
  bool InBlockComment = false;
  size_t I = 0;
  while (I < Text.size()) {
    size_t LineBegin = I;
    // Find the first non-blank character of the line, skipping comments.
    size_t J = I;
    bool AtLineStart = !InBlockComment;
    while (J < Text.size() && Text[J] != '\n') {
      if (InBlockComment) {
        if (Text[J] == '*' && J + 1 < Text.size() && Text[J + 1] == '/') {
          InBlockComment = false;
          J += 2;
          AtLineStart = true;
          continue;
        }
        ++J;
        continue;
      }
      char C = Text[J];
      if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
        ++J;
        continue;
      }
      if (C == '/' && J + 1 < Text.size() && Text[J + 1] == '*') {
        InBlockComment = true;
        J += 2;
        continue;
      }
      break;
    }
    if (AtLineStart && !InBlockComment && J < Text.size() && Text[J] == '#') {
      // A directive: it runs to the first newline not escaped by '\'.
      size_t E = J;
      unsigned Lines = 1;
      while (E < Text.size() && Text[E] != '\n')
        ++E;
      while (E < Text.size()) {
        size_t K = E;
        while (K > J && Text[K - 1] == '\r')
          --K;
        if (K > J && Text[K - 1] == '\\') {
          ++E;
          ++Lines;
          while (E < Text.size() && Text[E] != '\n')
            ++E;
          continue;
        }
        break;
      }
      size_t Next = E < Text.size() ? E + 1 : E;
      std::string Clean = cleanDirectiveText(Text.slice(J + 1, E));
      // A block comment opened on the directive line continues past it.
      {
        llvm::StringRef Raw = Text.slice(J, E);
        size_t Open = Raw.rfind("/*");
        if (Open != llvm::StringRef::npos &&
            Raw.find("*/", Open) == llvm::StringRef::npos &&
            Raw.substr(0, Open).find("//") == llvm::StringRef::npos)
          InBlockComment = true;
      }
      Directive D;
      D.Begin = static_cast<unsigned>(LineBegin);
      D.End = static_cast<unsigned>(Next);
      D.Line = FS.lineOf(static_cast<unsigned>(J));
      D.Column = static_cast<unsigned>(J - LineBegin + 1);
      D.PhysicalLines = Lines;
      llvm::StringRef CleanRef(Clean);
      size_t K = 0;
      while (K < CleanRef.size() && isIdentifierChar(CleanRef[K]))
        ++K;
      D.Kind = kindOf(CleanRef.substr(0, K));
      D.Body = CleanRef.substr(K).trim().str();
      if (D.Kind == DirectiveKind::Define || D.Kind == DirectiveKind::Undef ||
          D.Kind == DirectiveKind::Ifdef || D.Kind == DirectiveKind::Ifndef ||
          D.Kind == DirectiveKind::Elifdef ||
          D.Kind == DirectiveKind::Elifndef) {
        llvm::StringRef B(D.Body);
        size_t N = 0;
        while (N < B.size() && isIdentifierChar(B[N]))
          ++N;
        D.Macro = B.substr(0, N).str();
        D.FunctionLike = N < B.size() && B[N] == '(';
        D.Replacement = B.substr(N).trim().str();
        if (D.FunctionLike) {
          size_t Close = B.find(')', N);
          D.Replacement = Close == llvm::StringRef::npos
                              ? ""
                              : B.substr(Close + 1).trim().str();
        }
      }
      // `#line N`, which the lowerings write after lines they add: the
      // line after it is N.
      unsigned Presumed = 0;
      if (CleanRef.substr(0, K) == "line" && !llvm::StringRef(D.Body)
                                                  .take_while(llvm::isDigit)
                                                  .getAsInteger(10, Presumed))
        FS.LineDirectives.push_back({D.Line + D.PhysicalLines, Presumed});
      FS.Directives.push_back(std::move(D));
      I = Next;
      continue;
    }
    // An ordinary line: follow literals and comments to its end.
    char Quote = 0;
    while (J < Text.size() && Text[J] != '\n') {
      char C = Text[J];
      if (InBlockComment) {
        if (C == '*' && J + 1 < Text.size() && Text[J + 1] == '/') {
          InBlockComment = false;
          J += 2;
          continue;
        }
        ++J;
        continue;
      }
      if (Quote) {
        if (C == '\\' && J + 1 < Text.size()) {
          J += 2;
          continue;
        }
        if (C == Quote)
          Quote = 0;
        ++J;
        continue;
      }
      if (C == '"' || (C == '\'' && !(J > 0 && isIdentifierChar(Text[J - 1]) &&
                                      J + 1 < Text.size() &&
                                      isIdentifierChar(Text[J + 1])))) {
        Quote = C;
        ++J;
        continue;
      }
      if (C == '/' && J + 1 < Text.size() && Text[J + 1] == '/') {
        // A line comment may continue with a trailing backslash.
        while (J < Text.size() && Text[J] != '\n')
          ++J;
        break;
      }
      if (C == '/' && J + 1 < Text.size() && Text[J + 1] == '*') {
        InBlockComment = true;
        J += 2;
        continue;
      }
      ++J;
    }
    I = J < Text.size() ? J + 1 : J;
  }

  // Build the #if nesting.
  struct Open {
    unsigned Group;
  };
  std::vector<Open> Stack;
  for (unsigned Idx = 0; Idx < FS.Directives.size(); ++Idx) {
    const Directive &D = FS.Directives[Idx];
    auto closeBranch = [&](CondGroup &G) {
      G.Branches.back().ContentEnd = D.Begin;
    };
    switch (D.Kind) {
    case DirectiveKind::If:
    case DirectiveKind::Ifdef:
    case DirectiveKind::Ifndef: {
      auto C = conditionOf(File, D);
      if (!C)
        return C.takeError();
      CondGroup G;
      if (!Stack.empty()) {
        G.ParentGroup = Stack.back().Group;
        G.ParentBranch = static_cast<unsigned>(
            FS.Groups[Stack.back().Group].Branches.size() - 1);
      }
      G.Branches.push_back({Idx, *C, D.End, D.End, {}, {}, std::nullopt});
      unsigned GI = static_cast<unsigned>(FS.Groups.size());
      if (G.ParentGroup)
        FS.Groups[*G.ParentGroup].Branches.back().Children.push_back(GI);
      else
        FS.TopGroups.push_back(GI);
      FS.Groups.push_back(std::move(G));
      Stack.push_back({GI});
      break;
    }
    case DirectiveKind::Elif:
    case DirectiveKind::Elifdef:
    case DirectiveKind::Elifndef:
    case DirectiveKind::Else: {
      if (Stack.empty())
        return makeError(File, D.Line, D.Column, "#else or #elif without #if");
      CondGroup &G = FS.Groups[Stack.back().Group];
      if (!G.Branches.back().Condition)
        return makeError(File, D.Line, D.Column, "#elif or #else after #else");
      auto C = conditionOf(File, D);
      if (!C)
        return C.takeError();
      closeBranch(G);
      G.Branches.push_back({Idx, *C, D.End, D.End, {}, {}, std::nullopt});
      break;
    }
    case DirectiveKind::Endif: {
      if (Stack.empty())
        return makeError(File, D.Line, D.Column, "#endif without #if");
      CondGroup &G = FS.Groups[Stack.back().Group];
      closeBranch(G);
      G.EndifIndex = Idx;
      Stack.pop_back();
      break;
    }
    default:
      if (Stack.empty())
        FS.TopDirectives.push_back(Idx);
      else
        FS.Groups[Stack.back().Group].Branches.back().Directives.push_back(Idx);
      break;
    }
  }
  if (!Stack.empty()) {
    const Directive &D =
        FS.Directives[FS.Groups[Stack.back().Group].Branches[0].DirectiveIndex];
    return makeError(File, D.Line, D.Column, "unterminated conditional");
  }
  // Groups close in the order of their #endif directives.
  FS.GroupsByEnd.resize(FS.Groups.size());
  std::iota(FS.GroupsByEnd.begin(), FS.GroupsByEnd.end(), 0u);
  llvm::sort(FS.GroupsByEnd, [&](unsigned A, unsigned B) {
    return FS.Groups[A].EndifIndex < FS.Groups[B].EndifIndex;
  });
  return FS;
}

llvm::Error applyOverlay(const std::map<std::string, std::string> &Overlay,
                         std::map<std::string, std::string> &Texts,
                         std::map<std::string, FileStructure> &Structures) {
  for (const auto &[File, Text] : Overlay) {
    auto FS = scanDirectives(File, Text);
    if (!FS)
      return FS.takeError();
    Structures.insert_or_assign(File, std::move(*FS));
    Texts.insert_or_assign(File, Text);
  }
  return llvm::Error::success();
}

std::optional<llvm::StringRef> includedName(const Directive &D) {
  llvm::StringRef Body = llvm::StringRef(D.Body).trim();
  if (D.Kind != DirectiveKind::Include || Body.size() < 2 ||
      (Body.front() != '"' && Body.front() != '<'))
    return std::nullopt;
  llvm::StringRef Name =
      Body.drop_front().take_until([](char C) { return C == '"' || C == '>'; });
  if (Name.empty())
    return std::nullopt;
  return Name;
}

IncludeTargets::IncludeTargets(
    const std::map<std::string, FileStructure> &Structures) {
  for (const auto &[File, _] : Structures)
    ByFileName[llvm::sys::path::filename(File).str()].push_back(File);
}

std::vector<std::string> IncludeTargets::of(llvm::StringRef Name) const {
  auto It = ByFileName.find(llvm::sys::path::filename(Name));
  if (It == ByFileName.end())
    return {};
  std::vector<std::string> Out;
  for (const std::string &File : It->second) {
    llvm::StringRef Path = File;
    if (Path.size() > Name.size() && Path.ends_with(Name) &&
        Path[Path.size() - Name.size() - 1] == '/')
      Out.push_back(File);
  }
  return Out;
}

std::optional<std::string> quotedIncludePath(llvm::StringRef Includer,
                                             const Directive &D) {
  llvm::StringRef Name = llvm::StringRef(D.Body).trim();
  if (D.Kind != DirectiveKind::Include || Name.size() < 3 ||
      !Name.starts_with("\"") || !Name.ends_with("\""))
    return std::nullopt;
  llvm::SmallString<256> Path(llvm::sys::path::parent_path(Includer));
  llvm::sys::path::append(Path, Name.drop_front().drop_back());
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string branchTest(const Directive &D) {
  std::string Name =
      D.Macro.empty() ? llvm::StringRef(D.Body).trim().str() : D.Macro;
  switch (D.Kind) {
  case DirectiveKind::Ifdef:
  case DirectiveKind::Elifdef:
    return "defined(" + Name + ")";
  case DirectiveKind::Ifndef:
  case DirectiveKind::Elifndef:
    return "!defined(" + Name + ")";
  case DirectiveKind::If:
  case DirectiveKind::Elif:
    return "(" + llvm::StringRef(D.Body).trim().str() + ")";
  default:
    return "";
  }
}

std::string branchCondition(const FileStructure &FS, const CondGroup &G,
                            unsigned BI) {
  std::vector<std::string> Parts;
  std::string Own = branchTest(FS.Directives[G.Branches[BI].DirectiveIndex]);
  if (!Own.empty())
    Parts.push_back(Own);
  for (unsigned E = 0; E < BI; ++E)
    Parts.push_back(
        "!(" + branchTest(FS.Directives[G.Branches[E].DirectiveIndex]) + ")");
  return llvm::join(Parts, " && ");
}

} // namespace varsim::rewrite
