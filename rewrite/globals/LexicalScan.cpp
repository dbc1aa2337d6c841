//===- rewrite/globals/LexicalScan.cpp - Cheap pre-check ------------------===//
//
// A small lexer: comments, string and character literals (raw strings
// included) and directive lines are skipped; braces are classified by the
// tokens before them (an initializer after '=', a namespace or extern "C"
// block, a function body after ')', a class body, an enum body).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LexicalScan.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>
#include <vector>

namespace varsim::rewrite::globals {
namespace {

enum class Scope { File, Namespace, Class, Init, Enum, Function };

bool fileLike(Scope S) { return S == Scope::File || S == Scope::Namespace; }

struct Semi {
  unsigned Offset, Depth;
  Scope In;
};

struct ScanResult {
  std::map<unsigned, Scope> ScopeAtLine; ///< By offset of a directive line.
  std::map<unsigned, unsigned> DepthAtLine;
  std::vector<Semi> Semis;
  bool WatchedOutsideFunctions = false;
  /// A feature's value in the arguments of a stringifying macro.
  bool WatchedStringified = false;
  /// Directive lines inside a file-scope declaration (`static int` /
  /// `#ifdef X`: a return type or a name chosen per feature).
  std::set<unsigned> MidDeclaration;
};

ScanResult scan(llvm::StringRef T, const std::set<std::string> &Watched,
                const std::set<std::string> &Stringifiers,
                const std::set<std::string> &FeatureValued) {
  ScanResult R;
  // After a stringifying macro's name: its '(' opens the arguments.
  bool AfterStringifier = false;
  unsigned ArgDepth = 0;
  std::vector<Scope> Stack{Scope::File};
  bool SawEq = false, SawEnum = false, SawNamespace = false, SawParen = false,
       SawRecord = false, SawExtern = false, SawExternString = false;
  auto Reset = [&] {
    SawEq = SawEnum = SawNamespace = SawParen = SawRecord = SawExtern =
        SawExternString = false;
  };
  bool LineStart = true;
  char Last = ';'; // The last token's first character.
  size_t I = 0, N = T.size();
  while (I < N) {
    char C = T[I];
    if (C == '\n') {
      LineStart = true;
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
      ++I;
      continue;
    }
    if (LineStart && C == '#') {
      R.ScopeAtLine[static_cast<unsigned>(T.rfind('\n', I) + 1)] = Stack.back();
      R.DepthAtLine[static_cast<unsigned>(T.rfind('\n', I) + 1)] =
          static_cast<unsigned>(Stack.size());
      if (fileLike(Stack.back()) && Last != ';' && Last != '{' && Last != '}')
        R.MidDeclaration.insert(static_cast<unsigned>(T.rfind('\n', I) + 1));
      // Skip the directive, its continuations and comments.
      while (I < N && T[I] != '\n') {
        if (T[I] == '\\' && I + 1 < N && T[I + 1] == '\n')
          I += 2;
        else if (T.substr(I).starts_with("/*")) {
          size_t E = T.find("*/", I + 2);
          I = E == llvm::StringRef::npos ? N : E + 2;
        } else if (T.substr(I).starts_with("//")) {
          while (I < N && T[I] != '\n')
            ++I;
        } else
          ++I;
      }
      continue;
    }
    LineStart = false;
    if (!T.substr(I).starts_with("//") && !T.substr(I).starts_with("/*"))
      Last = C;
    if (T.substr(I).starts_with("//")) {
      while (I < N && T[I] != '\n')
        ++I;
      continue;
    }
    if (T.substr(I).starts_with("/*")) {
      size_t E = T.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? N : E + 2;
      continue;
    }
    if (C == 'R' && I + 1 < N && T[I + 1] == '"') {
      size_t Open = T.find('(', I + 2);
      if (Open != llvm::StringRef::npos) {
        std::string Close = ")" + T.slice(I + 2, Open).str() + "\"";
        size_t E = T.find(Close, Open);
        I = E == llvm::StringRef::npos ? N : E + Close.size();
        continue;
      }
    }
    if (C == '"' || C == '\'') {
      if (SawExtern && C == '"')
        SawExternString = true;
      ++I;
      while (I < N && T[I] != C && T[I] != '\n') {
        if (T[I] == '\\')
          ++I;
        ++I;
      }
      ++I;
      continue;
    }
    if (llvm::isAlpha(C) || C == '_') {
      size_t B = I;
      while (I < N && (llvm::isAlnum(T[I]) || T[I] == '_'))
        ++I;
      llvm::StringRef Id = T.slice(B, I);
      if (Id == "enum")
        SawEnum = true;
      else if (Id == "namespace")
        SawNamespace = true;
      else if (Id == "struct" || Id == "class" || Id == "union")
        SawRecord = true;
      else if (Id == "extern")
        SawExtern = true;
      if (Stack.back() != Scope::Function && Watched.count(Id.str()))
        R.WatchedOutsideFunctions = true;
      if (ArgDepth > 0 && FeatureValued.count(Id.str()))
        R.WatchedStringified = true;
      AfterStringifier = Stringifiers.count(Id.str()) != 0;
      continue;
    }
    if (llvm::isDigit(C)) {
      while (I < N && (llvm::isAlnum(T[I]) || T[I] == '_' || T[I] == '.' ||
                       T[I] == '\''))
        ++I;
      continue;
    }
    ++I;
    bool OpensArguments = C == '(' && AfterStringifier;
    AfterStringifier = false;
    if (OpensArguments || (C == '(' && ArgDepth > 0))
      ++ArgDepth;
    else if (C == ')' && ArgDepth > 0)
      --ArgDepth;
    switch (C) {
    case '=':
      if (I < N && T[I] == '=') {
        ++I; // '=='
        break;
      }
      SawEq = true;
      break;
    case '(':
      SawParen = true;
      break;
    case ';':
      R.Semis.push_back({static_cast<unsigned>(I - 1),
                         static_cast<unsigned>(Stack.size()), Stack.back()});
      if (!fileLike(Stack.back()) && Stack.back() != Scope::Class)
        break;
      Reset();
      break;
    case '{': {
      Scope Cur = Stack.back(), Next;
      if (Cur == Scope::Function || Cur == Scope::Init || Cur == Scope::Enum)
        Next = Cur == Scope::Enum ? Scope::Init : Cur;
      else if (SawEq)
        Next = Scope::Init;
      else if (SawEnum)
        Next = Scope::Enum;
      else if (SawNamespace || SawExternString)
        Next = Scope::Namespace;
      else if (SawParen)
        Next = Scope::Function;
      else if (SawRecord)
        Next = Scope::Class;
      else
        Next = Scope::Init;
      Stack.push_back(Next);
      Reset();
      break;
    }
    case '}':
      if (Stack.size() > 1)
        Stack.pop_back();
      Reset();
      break;
    default:
      break;
    }
  }
  return R;
}

} // namespace

bool mayHaveFileScopeVariability(llvm::StringRef Text, const FileStructure &FS,
                                 const FileGroups &FG,
                                 const std::set<std::string> &Watched,
                                 const std::set<std::string> &Stringifiers,
                                 const std::set<std::string> &FeatureValued) {
  bool AnyFeature = false;
  for (size_t GI = 0; GI < FS.Groups.size(); ++GI)
    AnyFeature = AnyFeature || FG.Groups[GI].IsFeature;
  if (!AnyFeature && Watched.empty())
    return false;
  ScanResult R = scan(Text, Watched, Stringifiers, FeatureValued);
  if (R.WatchedOutsideFunctions || R.WatchedStringified)
    return true;
  for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    const CondGroup &G = FS.Groups[GI];
    const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
    auto S = R.ScopeAtLine.find(If.Begin);
    if (S == R.ScopeAtLine.end())
      continue;
    // An entry of an initializer or an enumerator under a feature.
    if (S->second == Scope::Init || S->second == Scope::Enum)
      return true;
    if (!fileLike(S->second) || G.Branches.size() < 2)
      continue;
    // A group inside a declaration's head (CrossUnit.cpp, SplitHeads.cpp).
    if (R.MidDeclaration.count(If.Begin) ||
        R.MidDeclaration.count(FS.Directives[G.EndifIndex].Begin))
      return true;
    // Declarations (not function bodies) in two or more branches.
    unsigned Depth = R.DepthAtLine.at(If.Begin), WithDecl = 0;
    for (const CondGroup::Branch &B : G.Branches) {
      for (const Semi &Sm : R.Semis)
        if (Sm.Offset >= B.ContentBegin && Sm.Offset < B.ContentEnd &&
            Sm.Depth == Depth && fileLike(Sm.In)) {
          ++WithDecl;
          break;
        }
    }
    if (WithDecl >= 2)
      return true;
  }
  return false;
}

} // namespace varsim::rewrite::globals
