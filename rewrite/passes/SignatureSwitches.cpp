//===- rewrite/passes/SignatureSwitches.cpp - C signatures per feature ----===//
//
// Part of the function-switches pass. A C function defined per feature with
// another type or linkage (`static int f(int)` under `#ifndef WIDE`, `long
// f(long, int)` under `#ifdef WIDE`; `static` in one branch only) is two
// functions of one name: the simulator, which compiles every variant's
// definitions, cannot hold both. Real code calls such a function where the
// same feature chose the definition (the callers already pick per
// configuration), so each definition gets its own name
// (`f__varsim_WIDE`) and each occurrence of the name is renamed to the one
// definition it can reach: the definitions visible in its file whose
// presence condition is compatible with the occurrence's. An occurrence
// that may reach several (a call outside the feature conditionals) is
// refused, located. A definition present in every configuration (an
// external function of another file, `extern int f(int)` declared in the
// other branch) keeps the name.
//
// Reads: the parses' function facts, texts, structures, groups, features.
// Adds: ProjectContext::TokenEdits (applied by the file rewrite) and the
// renamings of the manifest.
//
//===----------------------------------------------------------------------===//

#include "rewrite/MacroUses.h"
#include "rewrite/passes/Passes.h"

#include "llvm/ADT/StringExtras.h"

#include <optional>

namespace varsim::rewrite {

namespace {

struct Definition {
  std::string File;
  const FunctionFact *Fn = nullptr;
  bool Internal = false;
  CondPtr Condition;   ///< Presence condition of the definition.
  std::string Renamed; ///< "" if it keeps the name.
};

/// The text before Offset, blanks skipped, ends in `.` or `->`: a member.
bool memberAccess(llvm::StringRef Text, unsigned Offset) {
  llvm::StringRef Before = Text.take_front(Offset).rtrim();
  return Before.ends_with(".") || Before.ends_with("->");
}

/// Text names a feature macro (which the file rewrite replaces by its
/// run-time value there: a copied argument list would miss that edit).
bool mentionsFeature(llvm::StringRef Text, const FeatureSetup &Features) {
  for (size_t I = 0; I < Text.size();) {
    if (!llvm::isAlpha(Text[I]) && Text[I] != '_') {
      ++I;
      continue;
    }
    size_t E = I;
    while (E < Text.size() && (llvm::isAlnum(Text[E]) || Text[E] == '_'))
      ++E;
    if (Features.isFeatureMacro(Text.slice(I, E)))
      return true;
    I = E;
  }
  return false;
}

/// The return type in a function type's spelling (`int (unsigned int)`).
llvm::StringRef returnTypeOf(llvm::StringRef Type) {
  return Type.take_until([](char C) { return C == '('; }).rtrim();
}

/// The argument list of a call whose callee name ends at NameEnd: the
/// offsets of its `(` and of the matching `)`, if the name is called
/// there and the list holds no preprocessor line.
std::optional<std::pair<unsigned, unsigned>> callArguments(llvm::StringRef Text,
                                                           unsigned NameEnd) {
  unsigned Open = NameEnd;
  while (Open < Text.size() && llvm::isSpace(Text[Open]))
    ++Open;
  if (Open >= Text.size() || Text[Open] != '(')
    return std::nullopt;
  unsigned Depth = 0;
  for (unsigned I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '#' || C == '"' || C == '\'' || C == '/')
      return std::nullopt; // Directives, literals, comments: not copied.
    if (C == '(')
      ++Depth;
    else if (C == ')' && --Depth == 0)
      return std::make_pair(Open, I);
  }
  return std::nullopt;
}

} // namespace

llvm::Expected<bool> lowerSignatureVariants(
    RewriteState &S, const std::string &Name,
    const std::vector<std::pair<std::string, const FunctionFact *>> &Sites) {
  const FeatureSetup &Features = *S.Features;
  std::vector<Definition> Defs;
  unsigned Unconditional = 0;
  for (const auto &[File, Fn] : Sites) {
    Definition D;
    D.File = File;
    D.Fn = Fn;
    D.Internal = llvm::StringRef(Fn->Key).ends_with("|" + File);
    D.Condition =
        S.Groups.at(File).presenceAt(S.Structures.at(File), Fn->DeclBegin);
    std::string Text = conditionText(*D.Condition, Features);
    if (Text == "1")
      ++Unconditional;
    else
      D.Renamed = Name + "__varsim_" + identifierFor(Text);
    for (const Definition &Other : Defs)
      if (!D.Renamed.empty() && Other.Renamed == D.Renamed)
        D.Renamed += "_" + std::to_string(Defs.size());
    Defs.push_back(std::move(D));
  }
  // Two definitions that never depend on a feature: not one name chosen
  // per feature.
  if (Unconditional > 1)
    return false;

  // Where an occurrence in File may reach definition D: D is visible there
  // (an internal one in its own file only) and, for an external one, no
  // internal definition of File hides it.
  auto Reach = [&](const Definition &D, const std::string &File) -> CondPtr {
    if (D.Internal)
      return D.File == File ? D.Condition : nullptr;
    std::vector<CondPtr> Parts{D.Condition};
    for (const Definition &I : Defs)
      if (I.Internal && I.File == File)
        Parts.push_back(makeNot(I.Condition));
    return makeAnd(Parts);
  };

  auto typeOf = [](const Definition &D) {
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    llvm::StringRef(D.Fn->Key).split(Parts, '|');
    return Parts.size() > 1 ? Parts[1].str() : std::string();
  };
  auto nameOf = [&](const Definition &D) {
    return D.Renamed.empty() ? Name : D.Renamed;
  };
  auto insideBody = [](const std::vector<ParseView> &Views, unsigned Offset) {
    for (const ParseView &V : Views)
      for (const FunctionFact &Fn : V.Facts->Functions)
        if (Fn.BodyBegin < Offset && Offset < Fn.BodyEnd)
          return true;
    return false;
  };

  std::set<std::string> Names{Name};
  for (const auto &[File, Views] : S.Views) {
    auto FS = S.Structures.find(File);
    auto Text = S.Texts.find(File);
    if (FS == S.Structures.end() || Text == S.Texts.end())
      continue;
    const FileGroups &G = S.Groups.at(File);
    for (const auto &[Offset, _] : findIdentifiers(Text->second, Names)) {
      if (memberAccess(Text->second, Offset))
        continue;
      CondPtr PC = G.presenceAt(FS->second, Offset);
      std::vector<const Definition *> Candidates;
      for (const Definition &D : Defs)
        if (CondPtr R = Reach(D, File);
            R && isSatisfiable(*makeAnd({PC, R}), Features))
          Candidates.push_back(&D);
      if (Candidates.empty())
        continue; // No definition of ours is seen here.
      // A call in a function body of definitions of one type: chosen at
      // run time (`(WIDE ? f__varsim_WIDE : f)(x)`), as the variants do at
      // link time.
      if (Candidates.size() > 1 && insideBody(Views, Offset) &&
          llvm::all_of(Candidates, [&](const Definition *D) {
            return typeOf(*D) == typeOf(*Candidates.front());
          })) {
        std::string Choice;
        for (size_t I = 0; I + 1 < Candidates.size(); ++I)
          Choice += conditionCode(*Reach(*Candidates[I], File), Features) +
                    " ? " + nameOf(*Candidates[I]) + " : ";
        S.Ctx->TokenEdits[File].push_back(
            {Offset, static_cast<unsigned>(Name.size()),
             "(" + Choice + nameOf(*Candidates.back()) + ")"});
        continue;
      }
      // A call to definitions of other parameter types but one return
      // type: the call itself is chosen, each branch converting the
      // arguments as its callee does (one of them is evaluated, once).
      if (Candidates.size() > 1 && insideBody(Views, Offset) &&
          llvm::all_of(Candidates, [&](const Definition *D) {
            return returnTypeOf(typeOf(*D)) ==
                   returnTypeOf(typeOf(*Candidates.front()));
          })) {
        if (auto Args = callArguments(
                Text->second, Offset + static_cast<unsigned>(Name.size()));
            Args &&
            findIdentifiers(
                llvm::StringRef(Text->second).slice(Args->first, Args->second),
                Names)
                .empty() &&
            !mentionsFeature(
                llvm::StringRef(Text->second).slice(Args->first, Args->second),
                Features)) {
          std::string Call = llvm::StringRef(Text->second)
                                 .slice(Args->first, Args->second + 1)
                                 .str();
          std::string Choice;
          for (size_t I = 0; I + 1 < Candidates.size(); ++I)
            Choice += conditionCode(*Reach(*Candidates[I], File), Features) +
                      " ? " + nameOf(*Candidates[I]) + Call + " : ";
          S.Ctx->TokenEdits[File].push_back(
              {Offset, Args->second + 1 - Offset,
               "(" + Choice + nameOf(*Candidates.back()) + Call + ")"});
          continue;
        }
      }
      if (Candidates.size() > 1) {
        std::string Which;
        for (size_t I = 0; I < Candidates.size(); ++I)
          Which += (I == 0                       ? ""
                    : I + 1 == Candidates.size() ? " and "
                                                 : ", ") +
                   ("the one when " +
                    conditionText(*Candidates[I]->Condition, Features) + " (" +
                    S.Project->relativeToRoot(Candidates[I]->File) + ":" +
                    std::to_string(Candidates[I]->Fn->Line) + ")");
        const FileStructure &Structure = FS->second;
        unsigned Line = Structure.lineOf(Offset);
        return makeError(
            File, Line, Offset - Structure.LineStarts[Line - 1] + 1,
            "'" + Name +
                "' is defined per feature with another type or linkage, "
                "and this use (when " +
                conditionText(*PC, Features) +
                ") may name more than one of its definitions: " + Which +
                "; the simulator gives each definition its own name, so a "
                "use must lie where the features choose one definition "
                "(inside the same #if branches as the definition it "
                "calls)");
      }
      if (!Candidates.front()->Renamed.empty())
        S.Ctx->TokenEdits[File].push_back({Offset,
                                           static_cast<unsigned>(Name.size()),
                                           Candidates.front()->Renamed});
    }
  }
  for (const Definition &D : Defs)
    if (!D.Renamed.empty())
      S.Ctx->Renamings.push_back(
          {Name, D.Renamed, conditionText(*D.Condition, Features), D.File,
           S.Structures.at(D.File).lineOf(D.Fn->NameBegin)});
  return true;
}

} // namespace varsim::rewrite
