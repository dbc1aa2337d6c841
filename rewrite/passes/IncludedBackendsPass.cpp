//===- rewrite/passes/IncludedBackendsPass.cpp - One .c per branch --------===//
//
// Redis' event loop includes one backend per `#ifdef`: `ae.c` has
//
//     #ifdef HAVE_EPOLL
//     #include "ae_epoll.c"
//     #else
//     #include "ae_select.c"
//     #endif
//
// and every backend defines the same static functions and types
// (`api_create`, `typedef struct api_state ...`). The simulator compiles
// every branch, so the definitions would clash. This pass writes each
// included file in place (the preprocessor pastes it there) with the names
// that several backends define renamed after their file
// (`api_create__varsim_ae_epoll`), each branch's code still under its
// #if, and after the group one #if group over the same conditions that
// defines each name used further on to its branch's renamed definition:
//
//     #if defined(HAVE_EPOLL)
//     #define api_create api_create__varsim_ae_epoll
//     #elif !defined(HAVE_EPOLL)
//     #define api_create api_create__varsim_ae_select
//     #endif
//
// which the later passes select at run time like any macro defined per
// feature (the calls then go to the configuration's backend). Only where
// that is the same program: the #includes lie at file scope, in feature
// groups (one outermost group), name project `.c` files next to the
// includer in quotes, without include guards; the names renamed are
// static functions and variables, typedefs and tags (a clash of names with
// external linkage leaves the group alone, and the simulator check refuses
// it, naming the clash).
//
// Reads: the texts, structures and features. Adds: the lowered files.
//
//===----------------------------------------------------------------------===//

#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"
#include "rewrite/TextEdits.h"
#include "rewrite/passes/Passes.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace varsim::rewrite {

namespace {

struct Token {
  std::string Text;
  bool Ident = false;
};

/// Text's tokens outside comments, literals and directive lines (a literal
/// is one token "\"").
std::vector<Token> tokensOf(llvm::StringRef Text, const FileStructure &FS) {
  std::vector<Token> Out;
  forEachToken(
      Text,
      [&](const SourceToken &T) {
        if (T.K == SourceToken::Literal)
          Out.push_back({"\"", false});
        else
          Out.push_back({Text.slice(T.Begin, T.End).str(),
                         T.K == SourceToken::Identifier});
      },
      directiveRanges(FS));
  return Out;
}

/// The names a C file defines at file scope: Local (static functions and
/// variables, typedefs, struct/union/enum tags) and External (the rest).
struct Defined {
  std::set<std::string> Local, External;
};

Defined definedNames(llvm::StringRef Text, const FileStructure &FS) {
  Defined Out;
  std::vector<Token> Ts = tokensOf(Text, FS);
  std::vector<const Token *> Decl; // Depth-0 tokens of this declaration.
  auto Has = [&](llvm::StringRef W) {
    return llvm::any_of(Decl, [&](const Token *T) { return T->Text == W; });
  };
  // The identifier before the first '(' (a function), else before '=',
  // '[' or the end (a variable).
  auto DeclName = [&]() -> std::string {
    std::string Last;
    for (const Token *T : Decl) {
      if (T->Text == "(" || T->Text == "=" || T->Text == "[")
        return Last;
      if (T->Ident)
        Last = T->Text;
    }
    return Last;
  };
  auto Finish = [&]() {
    if (Decl.empty())
      return;
    if (Has("typedef")) {
      // `typedef struct s {...} name;`: the last identifier; a function
      // pointer's name follows "(*".
      std::string Name;
      for (size_t I = 0; I < Decl.size(); ++I) {
        if (Decl[I]->Text == "(" && I + 2 < Decl.size() &&
            Decl[I + 1]->Text == "*" && Decl[I + 2]->Ident) {
          Name = Decl[I + 2]->Text;
          break;
        }
        if (Decl[I]->Ident)
          Name = Decl[I]->Text;
      }
      if (!Name.empty())
        Out.Local.insert(Name);
    } else if (std::string N = DeclName();
               !N.empty() && N != "struct" && N != "union" && N != "enum") {
      (Has("static") ? Out.Local : Out.External).insert(N);
    }
    Decl.clear();
  };
  for (size_t I = 0; I < Ts.size(); ++I) {
    const Token &T = Ts[I];
    if (T.Text == "{") {
      bool Function = !Decl.empty() && Decl.back()->Text == ")";
      if (!Function && Decl.size() >= 2 && Decl.back()->Ident) {
        const std::string &K = Decl[Decl.size() - 2]->Text;
        if (K == "struct" || K == "union" || K == "enum")
          Out.Local.insert(Decl.back()->Text);
      }
      // Skip the braces.
      int Depth = 1;
      for (++I; I < Ts.size() && Depth > 0; ++I) {
        if (Ts[I].Text == "{")
          ++Depth;
        else if (Ts[I].Text == "}")
          --Depth;
        else if (!Function && Depth == 1 && Decl.size() >= 1 &&
                 (Decl.back()->Text == "enum" ||
                  (Decl.size() >= 2 &&
                   Decl[Decl.size() - 2]->Text == "enum")) &&
                 Ts[I].Ident && I > 0 &&
                 (Ts[I - 1].Text == "{" || Ts[I - 1].Text == ","))
          Out.Local.insert(Ts[I].Text); // An enumerator.
      }
      --I;
      if (Function) {
        if (std::string N = DeclName(); !N.empty())
          (Has("static") ? Out.Local : Out.External).insert(N);
        Decl.clear();
      } else {
        static const Token Body{"{}", false};
        Decl.push_back(&Body);
      }
      continue;
    }
    if (T.Text == ";") {
      Finish();
      continue;
    }
    Decl.push_back(&T);
  }
  return Out;
}

struct Site {
  unsigned Directive = 0;
  std::string Target;
  std::string Condition; ///< Of the branches holding it, joined by &&.
};

/// A C or C++ file compiled on its own (support/SourceFiles.h).
bool isSourceFile(llvm::StringRef Path) {
  return isSourceFileName(Path) && isTranslationUnitName(Path);
}

} // namespace

llvm::Error runIncludedBackendsPass(RewriteState &S) {
  std::map<std::string, std::string> Files;
  for (const auto &[File, FS] : S.Structures) {
    if (!S.Texts.count(File))
      continue;
    llvm::StringRef Text = S.Texts.at(File);
    // Per outermost group: the .c files its branches include.
    std::map<unsigned, std::vector<Site>> ByGroup;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
      for (unsigned BI = 0; BI < FS.Groups[GI].Branches.size(); ++BI)
        for (unsigned DI : FS.Groups[GI].Branches[BI].Directives) {
          const Directive &D = FS.Directives[DI];
          // Next to the includer: the file's own quoted #includes find
          // the same headers once it is written in place.
          std::optional<std::string> Target = quotedIncludePath(File, D);
          if (!Target || llvm::sys::path::parent_path(*Target) !=
                             llvm::sys::path::parent_path(File))
            continue;
          const std::string &P = *Target;
          if (!isSourceFile(P) || !S.Texts.count(P) || !S.Structures.count(P))
            continue;
          // The conditions from this branch out to the outermost group.
          std::string Cond;
          unsigned G = GI, B = BI;
          bool Feature = false;
          while (true) {
            std::string C = branchCondition(FS, FS.Groups[G], B);
            std::set<std::string> Ms;
            for (unsigned K = 0; K <= B; ++K)
              if (FS.Groups[G].Branches[K].Condition)
                collectMacros(*FS.Groups[G].Branches[K].Condition, Ms);
            Feature = Feature || llvm::any_of(Ms, [&](const std::string &M) {
                        return S.Features->isFeatureMacro(M);
                      });
            if (!C.empty())
              Cond = Cond.empty() ? "(" + C + ")" : "(" + C + ") && " + Cond;
            if (!FS.Groups[G].ParentGroup)
              break;
            B = FS.Groups[G].ParentBranch;
            G = *FS.Groups[G].ParentGroup;
          }
          if (Feature)
            ByGroup[G].push_back({DI, P, Cond.empty() ? "1" : Cond});
        }

    std::set<TextEdit> Edits;
    for (auto &[Top, Sites] : ByGroup) {
      if (Sites.size() < 2)
        continue;
      // The names several of the files define.
      std::map<std::string, unsigned> Count;
      std::map<std::string, Defined> Defs;
      for (const Site &St : Sites) {
        Defined D =
            definedNames(S.Texts.at(St.Target), S.Structures.at(St.Target));
        for (const std::string &N : D.Local)
          ++Count[N];
        for (const std::string &N : D.External)
          ++Count[N];
        Defs[St.Target] = std::move(D);
      }
      std::set<std::string> Clash;
      for (const auto &[N, C] : Count)
        if (C > 1)
          Clash.insert(N);
      bool ExternalToo = llvm::any_of(Clash, [&](const std::string &N) {
        return llvm::any_of(Defs, [&](const auto &KV) {
          return KV.second.External.count(N) != 0;
        });
      });
      bool Guarded = llvm::any_of(Sites, [&](const Site &St) {
        return llvm::StringRef(S.Texts.at(St.Target)).contains("#pragma once");
      });
      std::set<std::string> Conds;
      for (const Site &St : Sites)
        Conds.insert(St.Condition);
      if (Clash.empty() || ExternalToo || Guarded ||
          Conds.size() != Sites.size())
        continue;
      // Each file written in, its clashing names renamed.
      std::map<std::string, std::map<std::string, std::string>> Renamed;
      for (const Site &St : Sites) {
        std::string Stem = llvm::sys::path::stem(St.Target).str();
        for (char &C : Stem)
          if (!llvm::isAlnum(C))
            C = '_';
        llvm::StringRef T = S.Texts.at(St.Target);
        std::set<std::string> Mine;
        for (const std::string &N : Defs[St.Target].Local)
          if (Clash.count(N))
            Mine.insert(N);
        std::string Out;
        size_t Pos = 0;
        for (const auto &[Off, N] : findIdentifiers(T, Mine)) {
          Out += T.slice(Pos, Off);
          Out += N + "__varsim_" + Stem;
          Pos = Off + N.size();
        }
        Out += T.drop_front(Pos);
        if (!Out.empty() && Out.back() != '\n')
          Out += '\n';
        for (const std::string &N : Mine)
          Renamed[St.Target][N] = N + "__varsim_" + Stem;
        const Directive &D = FS.Directives[St.Directive];
        Edits.insert({D.Begin, D.End - D.Begin,
                      "#line " + std::to_string(D.Line) + "\n" + Out +
                          "#line " + std::to_string(D.Line + D.PhysicalLines) +
                          "\n"});
      }
      // After the group: each name used further on, per branch.
      const CondGroup &G = FS.Groups[Top];
      const Directive &Endif = FS.Directives[G.EndifIndex];
      std::set<std::string> Used;
      for (const auto &[Off, N] :
           findIdentifiers(Text.drop_front(Endif.End), Clash))
        Used.insert(N);
      if (Used.empty())
        continue;
      std::string Select;
      for (const Site &St : Sites) {
        Select += (Select.empty() ? "#if " : "#elif ") + St.Condition + "\n";
        for (const std::string &N : Used)
          if (Renamed[St.Target].count(N))
            Select += "#define " + N + " " + Renamed[St.Target][N] + "\n";
      }
      Select += "#endif\n#line " +
                std::to_string(Endif.Line + Endif.PhysicalLines) + "\n";
      Edits.insert({Endif.End, 0, Select});
      S.Log << "included sources of " << S.Project->relativeToRoot(File) << ":"
            << FS.Directives[G.Branches.front().DirectiveIndex].Line
            << ": written in, " << Clash.size()
            << " name(s) renamed per file, selected per feature\n";
    }
    if (Edits.empty())
      continue;
    llvm::Expected<std::string> Out =
        applyTextEdits(File, Text, 0, Edits, "included sources");
    if (!Out)
      return Out.takeError();
    Files[File] = std::move(*Out);
  }
  if (Files.empty())
    return llvm::Error::success();
  S.DerivedMacrosStale = true;
  return S.applyLowering(std::move(Files));
}

} // namespace varsim::rewrite
