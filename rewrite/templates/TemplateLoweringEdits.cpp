//===- rewrite/templates/TemplateLoweringEdits.cpp - Lowered sites
//---------===//
//
// The edits of the template lowering, once its sites are found
// (TemplateLowering.cpp): each branch's declaration renamed, each
// reference renamed, read through a value function or made a template
// parameter of its function, and after the file's last line, a dispatcher
// per lowered function whose #if group the #if rewriter makes a run-time
// switch.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/TemplateLoweringImpl.h"

#include "rewrite/FeatureGroups.h"
#include "rewrite/templates/FlagLowering.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::rewrite::templates::lowering {
namespace {

constexpr llvm::StringLiteral TemplateSuffix = "__varsim_t";

std::string altName(const NameDef &D, unsigned Branch) {
  return D.Name + "__varsim_alt" + std::to_string(Branch);
}

llvm::Expected<std::string> applyEdits(const std::string &File,
                                       const std::string &Text,
                                       const std::set<Edit> &Edits) {
  return applyTextEdits(File, Text, 0, Edits, "template lowering");
}

/// Text on one line: the declaration's head, comments dropped.
std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    size_t C = L.find("//");
    if (C != llvm::StringRef::npos)
      L = L.take_front(C);
    Out += L.trim().str();
    Out += ' ';
  }
  return llvm::StringRef(Out).trim().str();
}

std::string sanitize(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) ? static_cast<char>(llvm::toUpper(C)) : '_';
  return Out;
}

} // namespace

llvm::Error SiteLowering::lower(LoweringResult &Result) {
  lowerFlags();
  // Renamed declarations, one per branch.
  // A macro's #define lines are emptied: in the lowered functions its
  // name is the template parameter.
  for (const auto &[Key, Branches] : Sites)
    for (const auto &[B, D] : Branches)
      Edits[D->File].insert(
          D->IsMacro
              ? Edit{D->NameOffset, D->DirectiveEnd - D->NameOffset,
                     std::string(D->DirectiveLines, '\n')}
              : Edit{D->NameOffset, static_cast<unsigned>(D->Name.size()),
                     altName(*D, B)});

  // References: in the site's own group, renamed; in a function body,
  // the function becomes a template over the site; elsewhere an error.
  std::map<std::string, std::set<std::string>> Uses; // function -> sites
  std::vector<const NameRef *> Refs;
  for (const auto &[_, R] : Facts.Refs)
    if (Sites.count(R.DefKey))
      Refs.push_back(&R);
  // In source order, so that the first refusal is the first in the file.
  std::sort(Refs.begin(), Refs.end(), [](const NameRef *A, const NameRef *B) {
    return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
  });
  // The (function, site) pairs that need the function to become a
  // template over the site: a type, or a constant used where a constant
  // expression is required (a template argument, an array bound, ...).
  std::set<std::pair<std::string, std::string>> NeedsTemplate;
  for (const NameRef *R : Refs) {
    const NameDef &D = *Sites.at(R->DefKey).begin()->second;
    if (D.IsType || D.IsMacro || !R->RuntimeUse || !D.DeclEnd)
      NeedsTemplate.insert({R->Function, R->DefKey});
  }
  for (const NameRef *R : Refs) {
    const auto &Branches = Sites.at(R->DefKey);
    const NameDef &D = *Branches.begin()->second;
    if (auto B = branchOf(D, R->File, R->Offset); B && !D.IsMacro) {
      Edits[R->File].insert(
          {R->Offset, static_cast<unsigned>(D.Name.size()), altName(D, *B)});
      continue;
    }
    std::string Where = R->Context;
    if (Where.empty()) {
      const FunctionSite &F = Facts.Functions.at(R->Function);
      if (!F.Unsupported.empty())
        Where = F.Unsupported;
    }
    // A constant read at run time (a condition, `if constexpr` included,
    // an operand): read through a function defined per branch, which the
    // #if rewriter makes a feature switch, and `if constexpr` becomes a
    // plain `if`. In a member function that cannot become a template
    // this is the only way; elsewhere it keeps the function one
    // instantiation instead of one per value, so that a policy group of
    // three with a flag is three instantiations, not six (the flag's
    // branches are then regions, and the plan needs no run per
    // product). Both branches compile: the function was not a template,
    // so every variant compiled both already.
    if (!D.IsType && !D.IsMacro && R->RuntimeUse && D.DeclEnd &&
        (!Where.empty() || !NeedsTemplate.count({R->Function, R->DefKey}))) {
      Edits[R->File].insert({R->Offset, static_cast<unsigned>(D.Name.size()),
                             D.Name + ValueSuffix.str() + "()"});
      if (R->ConstexprAt)
        Edits[R->File].insert({*R->ConstexprAt, 9, ""});
      ValueSites.insert(R->DefKey);
      continue;
    }
    if (!Where.empty())
      return locatedError(
          R->File, R->Line, R->Column,
          "'" + D.Name + "' is selected by features (" + siteFeatures(D) +
              ", the #if on " + D.File + ":" +
              std::to_string(directiveLine(D, 0)) + ") and used in " + Where +
              ": varsim lowers this template variability only where the "
              "name is used in the body of a non-template, non-member "
              "function" +
              (D.IsType || D.IsMacro
                   ? std::string()
                   : std::string(", or where its value is read at run "
                                 "time (not as a constant expression)")) +
              " (docs/templates.md)");
    if (!In.Texts.count(R->File))
      return locatedError(R->File, R->Line, R->Column,
                          "'" + D.Name +
                              "' is selected by features and used in a "
                              "file that is not one of the project's "
                              "scanned sources; it cannot be lowered");
    Uses[R->Function].insert(R->DefKey);
    if (R->Qualified)
      Edits[R->File].insert({R->QualBegin, R->Offset - R->QualBegin, ""});
  }

  for (const std::string &Key : ValueSites)
    if (llvm::Error E = addValueFunctions(Sites.at(Key)))
      return E;
  for (const auto &[FnKey, SiteKeys] : Uses)
    lowerFunction(Facts.Functions.at(FnKey), SiteKeys);
  callTemplatesDirectly(Uses);

  // Sites, for the manifest.
  for (const auto &[Key, Branches] : Sites) {
    const NameDef &D = *Branches.begin()->second;
    Result.Sites.push_back(
        {D.File, directiveLine(D, 0), D.Idiom, siteFeatures(D)});
  }

  for (auto &[File, FileEdits] : Edits) {
    auto Text = applyEdits(File, text(File), FileEdits);
    if (!Text)
      return Text.takeError();
    auto A = Appended.find(File);
    if (A != Appended.end()) {
      if (!Text->empty() && Text->back() != '\n')
        *Text += '\n';
      *Text += A->second;
    }
    Result.Files[File] = std::move(*Text);
  }
  return llvm::Error::success();
}

/// After each branch's constant, on its line, a function returning it:
/// `static inline bool kTrace__varsim_value() { return kTrace__varsim_alt0;
/// }`.
llvm::Error SiteLowering::addValueFunctions(
    const std::map<unsigned, const NameDef *> &Branches) {
  for (const auto &[B, D] : Branches) {
    const std::string &Text = text(D->File);
    size_t Semi = Text.find(';', D->DeclEnd);
    if (Semi == std::string::npos ||
        llvm::StringRef(Text)
                .slice(D->DeclEnd, Semi)
                .find_first_not_of(" \t") != llvm::StringRef::npos)
      return locatedError(D->File, D->Line, D->Column,
                          "'" + D->Name +
                              "' is selected by features and read at run "
                              "time in a member function, but its "
                              "declaration does not end with ';' here");
    Edits[D->File].insert({static_cast<unsigned>(Semi + 1), 0,
                           " static inline " + D->ValueType + " " + D->Name +
                               ValueSuffix.str() + "() { return " +
                               altName(*D, B) + "; }"});
  }
  return llvm::Error::success();
}

/// A lowered function that calls another one lowered over some of its
/// own sites calls the callee's template with its own parameters (the
/// same names): one dispatch at the outermost function, not one per call.
/// Only for a callee defined earlier in the same file (its template is
/// declared there).
void SiteLowering::callTemplatesDirectly(
    const std::map<std::string, std::set<std::string>> &Uses) {
  for (const auto &[_, C] : Facts.Calls) {
    auto Caller = Uses.find(C.Caller), Callee = Uses.find(C.Callee);
    if (Caller == Uses.end() || Callee == Uses.end() || C.Caller == C.Callee ||
        !std::includes(Caller->second.begin(), Caller->second.end(),
                       Callee->second.begin(), Callee->second.end()))
      continue;
    const FunctionSite &From = Facts.Functions.at(C.Caller);
    const FunctionSite &To = Facts.Functions.at(C.Callee);
    if (To.File != From.File || C.File != From.File ||
        To.BodyEnd >= From.DeclBegin || C.Offset <= From.BodyBegin ||
        C.Offset >= From.BodyEnd)
      continue;
    std::vector<std::string> Args;
    for (const std::string &Key : Callee->second)
      Args.push_back(Sites.at(Key).begin()->second->Name);
    Edits[C.File].insert(
        {C.Offset, C.Length,
         To.Name + TemplateSuffix.str() + "<" + llvm::join(Args, ", ") + ">"});
  }
}

void SiteLowering::lowerFunction(const FunctionSite &F,
                                 const std::set<std::string> &SiteKeys) {
  const std::string &Text = text(F.File);
  // Template parameters named as the sites, so the body stays as written;
  // grouped by #if group (one dispatch level each).
  std::vector<std::string> Params;
  std::vector<const NameDef *> Names;
  std::vector<std::vector<const NameDef *>> Levels;
  std::map<std::string, unsigned> LevelOf;
  for (const std::string &Key : SiteKeys) {
    const NameDef &D = *Sites.at(Key).begin()->second;
    Names.push_back(&D);
    Params.push_back((D.IsType ? "class " : D.ValueType + " ") + D.Name);
    std::string GroupKey = D.File + "|" + std::to_string(D.Group);
    auto [It, New] = LevelOf.try_emplace(GroupKey, Levels.size());
    if (New)
      Levels.emplace_back();
    Levels[It->second].push_back(&D);
  }

  std::string Head = "template <" + llvm::join(Params, ", ") + "> ";
  if (F.FirstDeclaration)
    Head = oneLine(llvm::StringRef(Text).slice(F.DeclBegin, F.BodyBegin)) +
           "; " + Head;
  std::set<Edit> &E = Edits[F.File];
  E.insert({F.DeclBegin, 0, Head});
  E.insert({F.NameOffset, static_cast<unsigned>(F.Name.size()),
            F.Name + TemplateSuffix.str()});
  for (unsigned At : F.TypenameAt)
    E.insert({At, 0, "typename "});

  // The dispatcher, after the file's last line.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  bool Header =
      std::none_of(In.Project.Entries.begin(), In.Project.Entries.end(),
                   [&](const CompileEntry &C) { return C.File == F.File; });
  std::string Guard = "VARSIM_TPL_" +
                      sanitize(In.Project.relativeToRoot(F.File)) + "_" +
                      sanitize(F.Name) + "_" + std::to_string(F.NameOffset);
  OS << "// varsim: the feature switch of '" << F.Name
     << "' (template variability lowered, docs/templates.md)\n";
  if (Header)
    OS << "#ifndef " << Guard << "\n#define " << Guard << "\n";
  for (const auto &[Name, Inline] : F.Namespaces)
    OS << (Inline ? "inline " : "") << "namespace " << Name
       << (Name.empty() ? "" : " ") << "{\n";
  OS << (F.Static ? "static " : "") << (F.Inline ? "inline " : "") << "auto "
     << F.Name << "(" << llvm::join(F.Parameters, ", ") << ") -> "
     << F.ReturnType << " {\n";
  std::vector<std::string> Args;
  for (const std::string &P : F.ParamNames)
    Args.push_back("static_cast<decltype(" + P + ") &&>(" + P + ")");
  emitDispatch(OS, F, Names, Levels, llvm::join(Args, ", "));
  OS << "}\n";
  for (size_t I = 0; I < F.Namespaces.size(); ++I)
    OS << "}\n";
  if (Header)
    OS << "#endif\n";
  Appended[F.File] += OS.str();
}

/// Branch B's condition in its group: its test, the earlier ones negated.
std::string SiteLowering::branchCondition(const NameDef &Any,
                                          unsigned B) const {
  const FileStructure &FS = Structures.at(Any.File);
  return "(" + rewrite::branchCondition(FS, FS.Groups[Any.Group], B) + ")";
}

/// The dispatch: one site group, its directives copied; several, one
/// flat group over the product of their branches (its conditions the
/// conjunctions of the branches' own conditions).
void SiteLowering::emitDispatch(
    llvm::raw_ostream &OS, const FunctionSite &F,
    const std::vector<const NameDef *> &Names,
    const std::vector<std::vector<const NameDef *>> &Levels,
    const std::string &Args) {
  std::map<const NameDef *, unsigned> Chosen; // The branch of each site.
  auto Call = [&] {
    std::vector<std::string> TArgs;
    for (const NameDef *D : Names) {
      const NameDef &Alt = *Sites.at(D->Key).at(Chosen.at(D));
      TArgs.push_back(Alt.IsMacro ? Alt.Replacement
                                  : Alt.Qualifier + altName(Alt, Chosen.at(D)));
    }
    OS << "  return " << F.Name << TemplateSuffix << "< "
       << llvm::join(TArgs, ", ") << ">(" << Args << ");\n";
  };
  auto BranchCount = [&](size_t L) {
    const NameDef &Any = *Levels[L].front();
    return static_cast<unsigned>(
        Structures.at(Any.File).Groups[Any.Group].Branches.size());
  };
  if (Levels.size() == 1) {
    const NameDef &Any = *Levels[0].front();
    const FileStructure &FS = Structures.at(Any.File);
    const CondGroup &G = FS.Groups[Any.Group];
    for (unsigned B = 0; B < G.Branches.size(); ++B) {
      const Directive &Dir = FS.Directives[G.Branches[B].DirectiveIndex];
      std::string Line = text(Any.File).substr(Dir.Begin, Dir.End - Dir.Begin);
      OS << Line << (Line.empty() || Line.back() != '\n' ? "\n" : "");
      for (const NameDef *D : Levels[0])
        Chosen[D] = B;
      Call();
    }
    OS << "#endif\n";
    return;
  }
  std::vector<unsigned> Pick(Levels.size(), 0);
  for (bool First = true;; First = false) {
    bool Last = true;
    for (size_t L = 0; L < Levels.size(); ++L)
      Last = Last && Pick[L] + 1 == BranchCount(L);
    std::vector<std::string> Conj;
    for (size_t L = 0; L < Levels.size(); ++L) {
      Conj.push_back(branchCondition(*Levels[L].front(), Pick[L]));
      for (const NameDef *D : Levels[L])
        Chosen[D] = Pick[L];
    }
    OS << (Last    ? "#else"
           : First ? "#if "
                   : "#elif ")
       << (Last ? "" : llvm::join(Conj, " && ")) << "\n";
    Call();
    if (Last)
      break;
    for (size_t L = Levels.size(); L-- > 0;) {
      if (++Pick[L] < BranchCount(L))
        break;
      Pick[L] = 0;
    }
  }
  OS << "#endif\n";
}

} // namespace varsim::rewrite::templates::lowering
