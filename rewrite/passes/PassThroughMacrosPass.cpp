//===- rewrite/passes/PassThroughMacrosPass.cpp - IF_X(...) at its uses ---===//
//
// BusyBox's `IF_X(...)`: a function-like macro defined in the branches of
// one #if group over features, as its argument (`__VA_ARGS__`) in some
// branches and as nothing in the others. Its argument is any text (table
// entries, statements, string pieces), which no run-time choice can hold;
// but at each use the macro says exactly what an #ifdef around the
// argument says. Each use `IF_X(args)` becomes the group's own directives
// around the argument:
//
//     #ifdef CONFIG_X       (the branch's directive, as written)
//     args                  (in the branches that pass it through)
//     #else
//     #endif
//     #line N               (the line of the use's `)`: later lines keep
//                            their numbers)
//
// and its definitions go (blank lines), so that the later passes see plain
// #ifdef'd code: a run-time `if` in a function body, per-configuration
// copies for part of an expression, the per-entry lowering of a table.
// Object-like macros whose body uses such a macro (`#define OPTSTR "n:v"
// IF_X("f")`) are first replaced by their body at their uses. A macro with
// a use this cannot rewrite (in a directive, in an argument list broken by
// a directive) is left alone: the file rewrite refuses it, located.
//
// Reads: the texts and structures. Adds: the lowered files.
//
//===----------------------------------------------------------------------===//

#include "rewrite/MacroUses.h"
#include "rewrite/PassThroughLocals.h"
#include "rewrite/SourceText.h"
#include "rewrite/passes/Passes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace varsim::rewrite {

namespace {

/// Where a macro's definitions are.
struct DefineSite {
  std::string File;
  unsigned Directive = 0;
};

struct PassThrough {
  std::string File;
  unsigned Group = 0;
  std::vector<bool> Passes; ///< Per branch of the group.
  std::vector<DefineSite> Defines;
};

/// Offset lies in one of the file's directives.
bool inDirective(const FileStructure &FS, unsigned Offset) {
  for (const Directive &D : FS.Directives)
    if (D.Begin <= Offset && Offset < D.End)
      return true;
  return false;
}

/// The directive the offset lies in, if it is a #define.
const Directive *defineAt(const FileStructure &FS, unsigned Offset) {
  for (const Directive &D : FS.Directives)
    if (D.Begin <= Offset && Offset < D.End)
      return D.Kind == DirectiveKind::Define ? &D : nullptr;
  return nullptr;
}

/// The offset of the `)` closing the argument list that opens at Open, if
/// the list holds no line starting with `#`.
std::optional<unsigned> closingParen(llvm::StringRef Text, unsigned Open) {
  unsigned Depth = 0;
  bool LineStart = false;
  for (unsigned I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n') {
      LineStart = true;
      continue;
    }
    if (LineStart && C == '#')
      return std::nullopt;
    if (!llvm::isSpace(C))
      LineStart = false;
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C && Text[I] != '\n'; ++I)
        if (Text[I] == '\\')
          ++I;
      continue;
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      size_t E = Text.find("*/", I + 2);
      if (E == llvm::StringRef::npos)
        return std::nullopt;
      I = static_cast<unsigned>(E + 1);
      continue;
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      I = static_cast<unsigned>(Text.find('\n', I));
      if (I == llvm::StringRef::npos)
        return std::nullopt;
      --I;
      continue;
    }
    if (C == '(')
      ++Depth;
    else if (C == ')' && --Depth == 0)
      return I;
  }
  return std::nullopt;
}

/// Whether entry E's command line defines macro Name (`-DName=...`,
/// `-D Name=...`, `-DName`).
bool definesOnCommandLine(const CompileEntry &E, llvm::StringRef Name) {
  for (size_t I = 1; I < E.Arguments.size(); ++I) {
    llvm::StringRef A = E.Arguments[I];
    if (A == "-D" && I + 1 < E.Arguments.size())
      A = E.Arguments[++I];
    else if (A.starts_with("-D"))
      A = A.drop_front(2);
    else
      continue;
    if (A.split('=').first == Name)
      return true;
  }
  return false;
}

/// The project files a translation unit of the build reads, as its
/// preprocessor finds them: `#include "x"` in the includer's folder, then
/// in the entry's -iquote and -I folders; `#include <x>` in the -I and
/// -isystem folders; under any condition. The other files (the source
/// tree an amalgamation was made from) define nothing a unit sees. A
/// computed `#include MACRO` is not followed when no command line defines
/// MACRO (SQLite's never-defined SQLITE_CUSTOM_INCLUDE); when one does, or
/// a file is forced in (`-include`, `-imacros`), or a folder is searched
/// last (`-idirafter`), every file counts as reached.
std::set<std::string> reachedFiles(const RewriteState &S) {
  // What this walk cannot follow (a file forced in by the command line, a
  // computed `#include MACRO`): every file counts as reached, as before
  // the walk existed.
  auto Every = [&S] {
    std::set<std::string> All;
    for (const auto &[File, FS] : S.Structures)
      All.insert(File);
    return All;
  };
  std::set<std::string> Reached;
  for (const CompileEntry &E : S.Project->Entries) {
    std::vector<std::string> Quote, Angled;
    for (size_t I = 1; I < E.Arguments.size(); ++I) {
      llvm::StringRef A = E.Arguments[I];
      if (A.starts_with("-include") || A.starts_with("-imacros") ||
          A.starts_with("--include") || A.starts_with("-idirafter"))
        return Every();
      for (llvm::StringRef Flag : {"-iquote", "-isystem", "-I"}) {
        if (!A.starts_with(Flag))
          continue;
        std::string Dir = A.drop_front(Flag.size()).str();
        if (Dir.empty() && I + 1 < E.Arguments.size())
          Dir = E.Arguments[++I];
        llvm::SmallString<256> Abs(Dir);
        if (!llvm::sys::path::is_absolute(Abs)) {
          Abs = E.Directory;
          llvm::sys::path::append(Abs, Dir);
        }
        llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
        (Flag == "-iquote" ? Quote : Angled).push_back(std::string(Abs));
        if (Flag == "-I")
          Quote.push_back(std::string(Abs));
        break;
      }
    }
    std::vector<std::string> Work;
    if (S.Structures.count(E.File) && Reached.insert(E.File).second)
      Work.push_back(E.File);
    while (!Work.empty()) {
      std::string File = Work.back();
      Work.pop_back();
      for (const Directive &D : S.Structures.at(File).Directives) {
        llvm::StringRef Name = llvm::StringRef(D.Body).trim();
        if (D.Kind != DirectiveKind::Include || Name.size() < 3)
          continue;
        bool Quoted = Name.front() == '"' && Name.back() == '"';
        if (!Quoted && !(Name.front() == '<' && Name.back() == '>')) {
          // A computed include whose macro the command line defines
          // (`-DUSER_CONFIG="cfg.h"`) reads a file this walk cannot name.
          if (definesOnCommandLine(E, Name))
            return Every();
          continue;
        }
        std::vector<std::string> Dirs;
        if (Quoted) {
          Dirs.push_back(llvm::sys::path::parent_path(File).str());
          Dirs.insert(Dirs.end(), Quote.begin(), Quote.end());
        }
        Dirs.insert(Dirs.end(), Angled.begin(), Angled.end());
        for (const std::string &Dir : Dirs) {
          llvm::SmallString<256> Path(Dir);
          llvm::sys::path::append(Path, Name.drop_front().drop_back());
          llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
          if (!S.Structures.count(std::string(Path)))
            continue;
          if (Reached.insert(std::string(Path)).second)
            Work.push_back(std::string(Path));
          break;
        }
      }
    }
  }
  return Reached;
}

/// The macros of the project that are IF_X-style: every #define of the
/// name lies in one branch each of one #if group (which has an #else),
/// each the parameter passed through or nothing, both kinds present, and
/// no #undef of the name anywhere.
std::map<std::string, PassThrough> findPassThroughs(const RewriteState &S) {
  std::map<std::string, PassThrough> Found;
  std::set<std::string> Rejected;
  std::set<std::string> Reached = reachedFiles(S);
  for (const auto &[File, FS] : S.Structures)
    for (unsigned DI = 0; S.Texts.count(File) && Reached.count(File) &&
                          DI < FS.Directives.size();
         ++DI) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind == DirectiveKind::Undef)
        Rejected.insert(D.Macro);
      if (D.Kind != DirectiveKind::Define)
        continue;
      // The group branch holding it directly.
      std::optional<std::pair<unsigned, unsigned>> At;
      for (unsigned GI = 0; GI < FS.Groups.size() && !At; ++GI)
        for (unsigned BI = 0; BI < FS.Groups[GI].Branches.size(); ++BI)
          if (llvm::is_contained(FS.Groups[GI].Branches[BI].Directives, DI))
            At = {GI, BI};
      auto [It, New] = Found.try_emplace(D.Macro);
      PassThrough &P = It->second;
      if (!At || !D.FunctionLike ||
          (!New && (P.File != File || P.Group != At->first ||
                    P.Passes.size() <= At->second))) {
        Rejected.insert(D.Macro);
        continue;
      }
      llvm::StringRef R = llvm::StringRef(D.Replacement).trim();
      std::set<std::string> Params = macroParameters(D.Body, D.Macro);
      bool Through =
          R == "__VA_ARGS__" || (Params.size() == 1 && Params.count(R.str()));
      if (!R.empty() && !Through) {
        Rejected.insert(D.Macro);
        continue;
      }
      if (New) {
        P.File = File;
        P.Group = At->first;
        P.Passes.assign(FS.Groups[At->first].Branches.size(), false);
      }
      P.Passes[At->second] = Through;
      P.Defines.push_back({File, DI});
    }
  std::map<std::string, PassThrough> Out;
  for (auto &[Name, P] : Found) {
    if (Rejected.count(Name) || P.Defines.empty())
      continue;
    const CondGroup &G = S.Structures.at(P.File).Groups[P.Group];
    bool HasElse = G.Branches.back().Condition == nullptr;
    // Only a choice by features: other macros are left as they are.
    std::set<std::string> Tested;
    for (const CondGroup::Branch &B : G.Branches)
      if (B.Condition)
        collectMacros(*B.Condition, Tested);
    if (llvm::none_of(Tested, [&](const std::string &M) {
          return S.Features->isFeatureMacro(M);
        }))
      continue;
    // One definition per branch, some passing through, some empty.
    if (!HasElse || P.Defines.size() != G.Branches.size() ||
        llvm::all_of(P.Passes, [](bool B) { return B; }) ||
        llvm::none_of(P.Passes, [](bool B) { return B; }))
      continue;
    Out.emplace(Name, std::move(P));
  }
  return Out;
}

/// The group's directives around Args, Args in the branches that pass it.
std::string expansion(const RewriteState &S, const PassThrough &P,
                      llvm::StringRef Args) {
  const FileStructure &FS = S.Structures.at(P.File);
  llvm::StringRef Text = S.Texts.at(P.File);
  const CondGroup &G = FS.Groups[P.Group];
  std::string Out;
  auto Line = [&](unsigned DI) {
    const Directive &D = FS.Directives[DI];
    return Text.slice(D.Begin, D.End).rtrim("\r\n").str() + "\n";
  };
  for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
    Out += Line(G.Branches[BI].DirectiveIndex);
    if (P.Passes[BI])
      Out += Args.str() + "\n";
  }
  return Out + Line(G.EndifIndex);
}

/// A constant macro standing in for a local variable per configuration
/// (rewrite/PassThroughLocals.h) becomes the variable, before anything
/// else reads the group.
llvm::Error lowerLocalStandIns(RewriteState &S) {
  std::map<std::string, std::string> Files;
  for (const auto &[File, FS] : S.Structures)
    if (auto T = S.Texts.find(File); T != S.Texts.end())
      if (auto New = lowerConstantLocals(T->second, FS)) {
        S.Log << "constant standing in for a local variable: one "
                 "declaration ("
              << S.Project->relativeToRoot(File) << ")\n";
        Files[File] = std::move(*New);
      }
  if (Files.empty())
    return llvm::Error::success();
  S.DerivedMacrosStale = true;
  return S.applyLowering(std::move(Files));
}

} // namespace

llvm::Error runPassThroughMacrosPass(RewriteState &S) {
  if (llvm::Error E = lowerLocalStandIns(S))
    return E;
  std::map<std::string, PassThrough> Macros = findPassThroughs(S);
  if (Macros.empty())
    return llvm::Error::success();
  std::set<std::string> Names;
  for (const auto &[Name, _] : Macros)
    Names.insert(Name);
  std::set<std::string> Reached = reachedFiles(S);

  std::map<std::string, std::string> Files;

  // Object-like macros defined once, outside any #if, whose body uses one
  // of them: their body at their uses (one line each, lines unchanged).
  std::map<std::string, std::pair<std::string, const Directive *>> Carriers;
  std::set<std::string> DefinedTwice;
  for (const auto &[File, FS] : S.Structures)
    for (unsigned DI : FS.TopDirectives) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind != DirectiveKind::Define || D.FunctionLike ||
          D.PhysicalLines != 1 || findIdentifiers(D.Replacement, Names).empty())
        continue;
      if (!Carriers.try_emplace(D.Macro, File, &D).second)
        DefinedTwice.insert(D.Macro);
    }
  for (const std::string &M : DefinedTwice)
    Carriers.erase(M);
  std::set<std::string> CarrierNames;
  for (const auto &[Name, _] : Carriers)
    CarrierNames.insert(Name);

  // Every use of a carrier and of a macro must be rewritable, else the
  // macro is left alone (and the file rewrite refuses it, located).
  std::set<std::string> Blocked;
  for (const auto &[File, FS] : S.Structures) {
    if (!S.Texts.count(File) || !Reached.count(File))
      continue;
    llvm::StringRef Text = S.Texts.at(File);
    for (const auto &[Off, Name] : findIdentifiers(Text, CarrierNames)) {
      const Directive *D = defineAt(FS, Off);
      if (D && D->Macro == Name)
        continue;
      if (inDirective(FS, Off))
        for (const std::string &M : Names)
          if (!findIdentifiers(Carriers.at(Name).second->Replacement, {M})
                   .empty())
            Blocked.insert(M);
    }
    for (const auto &[Off, Name] : findIdentifiers(Text, Names)) {
      const Directive *D = defineAt(FS, Off);
      if (D && (D->Macro == Name || CarrierNames.count(D->Macro)))
        continue;
      unsigned Open = Off + static_cast<unsigned>(Name.size());
      while (Open < Text.size() && (Text[Open] == ' ' || Text[Open] == '\t'))
        ++Open;
      if (inDirective(FS, Off) || Open >= Text.size() || Text[Open] != '(' ||
          !closingParen(Text, Open))
        Blocked.insert(Name);
    }
  }
  for (const std::string &M : Blocked)
    Macros.erase(M);
  if (Macros.empty())
    return llvm::Error::success();
  Names.clear();
  for (const auto &[Name, _] : Macros)
    Names.insert(Name);

  // Rewrite each file's uses, last first (offsets stay valid).
  std::optional<std::set<std::string>> Globals; ///< File scope, once needed.
  for (const auto &[File, FS] : S.Structures) {
    if (!S.Texts.count(File) || !Reached.count(File))
      continue;
    llvm::StringRef Orig = S.Texts.at(File);
    struct Edit {
      unsigned Begin, End;
      std::string Text;
    };
    std::vector<Edit> Edits;
    // Carriers: the body at each use outside directives, the define blank.
    for (const auto &[Off, Name] : findIdentifiers(Orig, CarrierNames)) {
      const Directive *Def = Carriers.at(Name).second;
      if (findIdentifiers(Def->Replacement, Names).empty())
        continue;
      if (const Directive *D = defineAt(FS, Off); D && D->Macro == Name) {
        if (Carriers.at(Name).first == File)
          Edits.push_back({D->Begin, D->End, "\n"});
        continue;
      }
      if (inDirective(FS, Off))
        continue;
      Edits.push_back(
          {Off, Off + static_cast<unsigned>(Name.size()),
           " " + llvm::StringRef(Def->Replacement).trim().str() + " "});
    }
    // The definitions: blank lines.
    for (const auto &[Name, P] : Macros)
      for (const DefineSite &D : P.Defines)
        if (D.File == File) {
          const Directive &Dv = FS.Directives[D.Directive];
          Edits.push_back(
              {Dv.Begin, Dv.End, std::string(Dv.PhysicalLines, '\n')});
        }
    llvm::sort(Edits,
               [](const Edit &A, const Edit &B) { return A.Begin < B.Begin; });
    // Apply carriers and blanks first, then the uses in the new text.
    std::string Text;
    unsigned Pos = 0;
    for (const Edit &E : Edits) {
      if (E.Begin < Pos)
        continue; // A define inside a carrier's define: already blank.
      Text += Orig.slice(Pos, E.Begin);
      Text += E.Text;
      Pos = E.End;
    }
    Text += Orig.slice(Pos, Orig.size());
    if (Edits.empty() && findIdentifiers(Orig, Names).empty())
      continue;

    // The uses, in the text where the carriers were replaced.
    std::optional<std::vector<std::pair<unsigned, unsigned>>> Skip;
    std::string Out;
    Pos = 0;
    llvm::StringRef T(Text);
    for (const auto &[Off, Name] : findIdentifiers(T, Names)) {
      if (Off < Pos)
        continue; // Inside an argument already rewritten.
      unsigned Open = Off + static_cast<unsigned>(Name.size());
      while (Open < T.size() && (T[Open] == ' ' || T[Open] == '\t'))
        ++Open;
      std::optional<unsigned> Close = Open < T.size() && T[Open] == '('
                                          ? closingParen(T, Open)
                                          : std::nullopt;
      if (!Close)
        continue; // Left to the refusal.
      llvm::StringRef Args = T.slice(Open + 1, *Close);
      unsigned CloseLine =
          1 + static_cast<unsigned>(T.take_front(*Close).count('\n'));
      unsigned LineBegin = static_cast<unsigned>(T.rfind('\n', *Close) + 1);
      Out += T.slice(Pos, Off);
      // A local declaration (`MUTEX_LOGIC( sqlite3_mutex *m; )`) stands in
      // every configuration where nothing else of its name is visible.
      std::optional<std::string> Decl;
      if (Macros.at(Name).Passes.size() > 1) {
        if (!Skip)
          Skip = directiveLines(T);
        if (!Globals) {
          Globals.emplace();
          for (const std::string &R : Reached)
            if (auto RT = S.Texts.find(R); RT != S.Texts.end())
              fileScopeIdentifiers(
                  RT->second, directiveRanges(S.Structures.at(R)), *Globals);
        }
        Decl = declarationForEveryConfiguration(T, Off, Args, *Skip, *Globals);
      }
      Out += "\n" +
             (Decl ? Args.trim().str() + "\n"
                   : expansion(S, Macros.at(Name), Args)) +
             "#line " + std::to_string(CloseLine) + "\n" +
             std::string(*Close + 1 - LineBegin, ' ');
      Pos = *Close + 1;
    }
    Out += T.slice(Pos, T.size());
    Files[File] = std::move(Out);
  }
  for (const auto &[Name, P] : Macros)
    S.Log << "pass-through macro " << Name << ": its uses written as #if "
          << "code (" << S.Project->relativeToRoot(P.File) << ")\n";
  S.DerivedMacrosStale = true;
  return S.applyLowering(std::move(Files));
}

} // namespace varsim::rewrite
