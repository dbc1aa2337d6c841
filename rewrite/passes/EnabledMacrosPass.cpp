//===- rewrite/passes/EnabledMacrosPass.cpp - IS_ENABLED(X) as a feature --===//
//
// The kernel's `IS_ENABLED(CONFIG_X)`: 1 when CONFIG_X is defined to 1,
// else 0, in #if and in C code alike. It works by pasting the option's
// value onto a prefix (`PLACEHOLDER_##val`): only `PLACEHOLDER_1` is a
// macro (`0,`), whose comma shifts which argument a selector macro picks.
// The simulator replaces a feature macro by its run-time value before any
// pasting, so the trick cannot survive the rewrite; but what it says is a
// 0/1 function of one feature. Recognised by its shape (a one-parameter
// macro forwarding, possibly through other one-parameter macros, to one
// that pastes the parameter onto a prefix P, with `P1` defined as text
// ending in a comma), each use on a feature macro,
// `IS_ENABLED(CONFIG_X)`, becomes `IS_ENABLED__CONFIG_X`, defined after
// IS_ENABLED as
//
//     #ifdef CONFIG_X       (a boolean feature is on as -DCONFIG_X=1)
//     #define IS_ENABLED__CONFIG_X 1
//     #else
//     #define IS_ENABLED__CONFIG_X 0
//     #endif
//
// a 0/1 macro per feature, which the later passes lower wherever it is
// used (conditions over derived macros, run-time values in code,
// file-scope variants). The lines after the inserted block keep their
// numbers (`#line`).
//
// Reads: the texts, structures and features. Adds: the lowered files.
//
//===----------------------------------------------------------------------===//

#include "rewrite/MacroUses.h"
#include "rewrite/passes/Passes.h"

#include "llvm/ADT/StringExtras.h"

#include <optional>

namespace varsim::rewrite {

namespace {

struct MacroDef {
  std::string File;
  const Directive *D = nullptr;
  std::string Param; ///< Its one parameter ("" if not one).
};

/// `NAME(p) BODY`: the single parameter, or "".
std::string singleParameter(const Directive &D) {
  llvm::StringRef List = llvm::StringRef(D.Body).drop_front(D.Macro.size());
  if (!List.consume_front("("))
    return "";
  List = List.take_until([](char C) { return C == ')'; }).trim();
  if (List.empty() || List.contains(',') || List == "...")
    return "";
  return List.str();
}

/// `NEXT(ARG)` with ARG the whole argument: NEXT and ARG.
std::optional<std::pair<std::string, std::string>>
forwardCall(llvm::StringRef Body) {
  Body = Body.trim();
  size_t Open = Body.find('(');
  if (Open == llvm::StringRef::npos || !Body.ends_with(")"))
    return std::nullopt;
  llvm::StringRef Callee = Body.take_front(Open).trim();
  if (Callee.empty() || !llvm::all_of(Callee, [](char C) {
        return llvm::isAlnum(C) || C == '_';
      }))
    return std::nullopt;
  llvm::StringRef Arg = Body.slice(Open + 1, Body.size() - 1).trim();
  if (Arg.contains('(') || Arg.contains(','))
    return std::nullopt;
  return std::make_pair(Callee.str(), Arg.str());
}

/// Macro is the IS_ENABLED idiom over the unconditional definitions Defs.
bool isEnabledIdiom(const std::map<std::string, MacroDef> &Defs,
                    const std::string &Macro) {
  std::string Name = Macro;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    auto It = Defs.find(Name);
    if (It == Defs.end() || It->second.Param.empty())
      return false;
    const MacroDef &M = It->second;
    auto Call = forwardCall(M.D->Replacement);
    if (!Call)
      return false;
    llvm::StringRef Arg = Call->second;
    if (Arg == M.Param) {
      Name = Call->first;
      continue;
    }
    // PREFIX ## param, with PREFIX1 a text ending in a comma.
    auto [Prefix, Pasted] = Arg.split("##");
    if (Pasted.trim() != M.Param)
      return false;
    auto Placeholder = Defs.find(Prefix.trim().str() + "1");
    return Placeholder != Defs.end() && !Placeholder->second.D->FunctionLike &&
           llvm::StringRef(Placeholder->second.D->Replacement)
               .trim()
               .ends_with(",");
  }
  return false;
}

} // namespace

llvm::Error runEnabledMacrosPass(RewriteState &S) {
  // Macros defined once, outside any #if (an include guard aside).
  std::map<std::string, MacroDef> Defs;
  std::set<std::string> Twice;
  for (const auto &[File, FS] : S.Structures) {
    std::vector<unsigned> Top = FS.TopDirectives;
    if (FS.TopGroups.size() == 1) {
      const CondGroup &G = FS.Groups[FS.TopGroups.front()];
      if (G.Branches.size() == 1)
        llvm::append_range(Top, G.Branches.front().Directives);
    }
    for (unsigned DI : Top) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind != DirectiveKind::Define)
        continue;
      MacroDef M{File, &D, D.FunctionLike ? singleParameter(D) : ""};
      if (!Defs.try_emplace(D.Macro, M).second)
        Twice.insert(D.Macro);
    }
  }
  for (const auto &[File, FS] : S.Structures)
    for (const Directive &D : FS.Directives)
      if ((D.Kind == DirectiveKind::Define || D.Kind == DirectiveKind::Undef) &&
          Defs.count(D.Macro) && Defs.at(D.Macro).D != &D)
        Twice.insert(D.Macro);
  for (const std::string &M : Twice)
    Defs.erase(M);

  std::set<std::string> Idioms;
  for (const auto &[Name, M] : Defs)
    if (!M.Param.empty() && isEnabledIdiom(Defs, Name))
      Idioms.insert(Name);
  // Only the outermost: IS_ENABLED, not its helpers it forwards to.
  std::set<std::string> Helpers;
  for (const std::string &Name : Idioms)
    if (auto Call = forwardCall(Defs.at(Name).D->Replacement))
      Helpers.insert(Call->first);
  for (const std::string &H : Helpers)
    Idioms.erase(H);
  if (Idioms.empty())
    return llvm::Error::success();

  // Uses: IDIOM(FEATURE) anywhere (code, #if, other macros' bodies).
  std::map<std::string, std::set<std::string>> Used; // Idiom -> features.
  std::map<std::string, std::string> Files;
  for (const auto &[File, FS] : S.Structures) {
    auto TI = S.Texts.find(File);
    if (TI == S.Texts.end())
      continue;
    llvm::StringRef Text = TI->second;
    std::string Out;
    unsigned Pos = 0;
    for (const auto &[Off, Name] : findIdentifiers(Text, Idioms)) {
      unsigned I = Off + static_cast<unsigned>(Name.size());
      while (I < Text.size() && (Text[I] == ' ' || Text[I] == '\t'))
        ++I;
      if (I >= Text.size() || Text[I] != '(')
        continue;
      size_t Close = Text.find(')', I);
      if (Close == llvm::StringRef::npos)
        continue;
      llvm::StringRef Arg = Text.slice(I + 1, Close).trim();
      if (!S.Features->isFeatureMacro(Arg) || S.Features->isNumeric(Arg))
        continue;
      Used[Name].insert(Arg.str());
      Out += Text.slice(Pos, Off);
      Out += Name + "__" + Arg.str();
      Pos = static_cast<unsigned>(Close + 1);
    }
    if (Pos == 0)
      continue;
    Out += Text.slice(Pos, Text.size());
    Files[File] = std::move(Out);
  }
  // The 0/1 macros, after the idiom's definition.
  for (const auto &[Name, Features] : Used) {
    const MacroDef &M = Defs.at(Name);
    std::string &Text =
        Files.try_emplace(M.File, S.Texts.at(M.File)).first->second;
    // The uses were replaced on their lines only: the definition's offset
    // moved by the replacements before it, so find it again.
    unsigned EndLine = M.D->Line + M.D->PhysicalLines;
    size_t At = 0;
    for (unsigned L = 1; L < EndLine && At != std::string::npos; ++L)
      At = Text.find('\n', At) + 1;
    if (At == std::string::npos || At == 0)
      continue;
    std::string Block;
    for (const std::string &F : Features)
      Block += "#ifdef " + F + "\n#define " + Name + "__" + F +
               " 1\n#else\n#define " + Name + "__" + F + " 0\n#endif\n";
    Block += "#line " + std::to_string(EndLine) + "\n";
    Text.insert(At, Block);
    S.Log << "IS_ENABLED-style macro " << Name << ": " << Features.size()
          << " feature(s) as 0/1 macros (" << S.Project->relativeToRoot(M.File)
          << ")\n";
  }
  S.DerivedMacrosStale = true;
  return S.applyLowering(std::move(Files));
}

} // namespace varsim::rewrite
