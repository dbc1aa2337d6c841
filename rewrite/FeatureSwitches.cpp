//===- rewrite/FeatureSwitches.cpp - Functions defined per feature --------===//
//
// One function defined in several feature branches: renamed variants and a
// feature switch under the original name, or (members) one merged
// definition dispatching between the variants' bodies.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <cctype>

namespace varsim::rewrite::detail {

/// The outermost feature group whose lines contain Offset.
std::optional<unsigned> FileRewriter::outermostGroupAt(unsigned Offset) const {
  for (unsigned GI : FS.TopGroups) {
    std::optional<unsigned> Found = findFeatureGroup(GI, Offset);
    if (Found)
      return Found;
  }
  return std::nullopt;
}

std::optional<unsigned> FileRewriter::findFeatureGroup(unsigned GI,
                                                       unsigned Offset) const {
  const CondGroup &G = FS.Groups[GI];
  unsigned B = dir(G.Branches[0].DirectiveIndex).Begin;
  unsigned E = dir(G.EndifIndex).End;
  if (Offset < B || Offset >= E)
    return std::nullopt;
  if (Plans[GI].L == Level::Declarations)
    return GI;
  for (const CondGroup::Branch &Br : G.Branches)
    for (unsigned C : Br.Children)
      if (auto Found = findFeatureGroup(C, Offset))
        return Found;
  return std::nullopt;
}

/// A member function defined per condition cannot be renamed (its class
/// declares one name): its consecutive variants are merged into one
/// definition whose body dispatches between the variants' bodies.
llvm::Error FileRewriter::mergeMemberVariants(const SwitchPlan &SP) {
  const SwitchPlan::Variant &Front = SP.Variants.front();
  auto Refuse = [&](const FunctionFact &Fn, const llvm::Twine &Why) {
    return error(Fn.NameBegin, "the member function '" + SP.Name +
                                   "' is defined differently per feature, "
                                   "but its variants cannot be merged "
                                   "into one definition: " +
                                   Why);
  };
  // Checked and merged where the variants are defined (offsets are into
  // that file's text).
  if (In.Path != Front.File)
    return llvm::Error::success();
  llvm::StringRef Text(In.Text);
  for (size_t I = 0; I < SP.Variants.size(); ++I) {
    const SwitchPlan::Variant &V = SP.Variants[I];
    if (V.File != Front.File)
      return Refuse(*Front.Fn, "they are in different files (" + V.File + ")");
    const FunctionFact &Fn = *V.Fn;
    // A member of a class template merges as any member (the text is the
    // pattern's); a member template does not.
    if (Fn.NameLength == 0 || Fn.Variadic || Fn.OwnTemplate)
      return Refuse(Fn, "it is a constructor, destructor, operator, "
                        "variadic function or template");
    if (Fn.Params != Front.Fn->Params)
      return Refuse(Fn, "their parameters have different names");
    if (I == 0)
      continue;
    // Only blank lines, comments and directives between two variants.
    llvm::StringRef Between =
        Text.slice(SP.Variants[I - 1].Fn->BodyEnd + 1, Fn.DeclBegin);
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    Between.split(Lines, '\n');
    for (llvm::StringRef L : Lines) {
      L = L.trim();
      if (!L.empty() && !L.starts_with("#") && !L.starts_with("//"))
        return Refuse(Fn, "other code lies between the variants");
    }
  }
  auto Group = outermostGroupAt(Front.Fn->DeclBegin);
  CondPtr Common =
      Group ? FG.presenceAt(
                  FS, dir(FS.Groups[*Group].Branches[0].DirectiveIndex).Begin)
            : makeInt(1);
  const FunctionFact &First = *Front.Fn;
  const FunctionFact &Last = *SP.Variants.back().Fn;
  // The dispatch is one test, and each variant's body has its own marker:
  // as a free function's switch (emitSwitches), it gets no marker of its
  // own unless every marker is kept, its time being its callers' self time
  // (MarkerPolicy.h). A switch marker never folds (docs/runtime.md): a
  // short hot member (RapidJSON's writer's ScanWriteUnescapedString, called
  // per character of short strings) paid a whole recorded visit per call
  // on top of its variant's folded one.
  std::string SwitchMarker;
  if (Ctx.Detail == Granularity::All)
    SwitchMarker =
        runtime::regionMarker(runtime::RegionKind::Switch,
                              addRegion(runtime::RegionKind::Switch, SP.Name,
                                        conditionText(*Common, F), First.Line,
                                        Last.EndLine)) +
        " ";
  // With a variant that forwards to the primary template unmarked, the
  // merged member is the dispatch plus one call, small enough to inline,
  // were it not for the other variants' bodies: those move out of line.
  bool ForwardingVariant =
      llvm::any_of(SP.Variants, [&](const SwitchPlan::Variant &V) {
        return isUnmarkedPrimaryVariant(*V.Fn);
      });
  for (size_t I = 0; I < SP.Variants.size(); ++I) {
    const SwitchPlan::Variant &V = SP.Variants[I];
    const FunctionFact &Fn = *V.Fn;
    Merged.insert(Fn.BodyBegin);
    std::string Open =
        I + 1 < SP.Variants.size() ? "if (" + V.Code + ") {" : "{";
    if (isUnmarkedVariant(Fn)) {
      Ctx.Unmarked.push_back({SP.Name, In.Path, Fn.Line, Fn.EndLine});
    } else {
      std::optional<std::string> Outlined;
      if (ForwardingVariant)
        Outlined = outlinedBodyOpening(Fn);
      if (Outlined) {
        Open += " " + *Outlined;
        addEdit(Fn.BodyEnd, Fn.BodyEnd, " }();");
      }
      Open += " " + runtime::regionMarker(
                        runtime::RegionKind::Function,
                        addRegion(runtime::RegionKind::Function, SP.Name,
                                  V.Condition, Fn.Line, Fn.EndLine));
    }
    if (I == 0) {
      addEdit(Fn.BodyBegin + 1, Fn.BodyBegin + 1, " " + SwitchMarker + Open);
    } else {
      llvm::StringRef Header = Text.slice(Fn.DeclBegin, Fn.BodyBegin + 1);
      addEdit(Fn.DeclBegin, Fn.BodyBegin + 1,
              "else " + Open + newlines(Header));
    }
  }
  addEdit(Last.BodyEnd + 1, Last.BodyEnd + 1, " }");
  return llvm::Error::success();
}

/// `return [&]() __attribute__((noinline)) -> T {`: Fn's body run as a
/// lambda kept out of line, or nothing if the body cannot be moved into a
/// lambda unchanged.
std::optional<std::string>
FileRewriter::outlinedBodyOpening(const FunctionFact &Fn) const {
  // A lambda's __func__ is "operator()"; a constexpr function calls no
  // lambda before C++17; the return type must be spelled (a deduced one
  // would copy a returned reference).
  if (!Fn.Cxx11 || Fn.Constexpr ||
      inAnyParse(Fn.BodyBegin, &FunctionFact::UsesFuncName) ||
      Fn.ReturnTypeEnd <= Fn.ReturnTypeBegin ||
      Fn.ReturnTypeEnd > In.Text.size())
    return std::nullopt;
  llvm::StringRef Type =
      llvm::StringRef(In.Text).slice(Fn.ReturnTypeBegin, Fn.ReturnTypeEnd);
  // On one line, so that the lines stay where they are.
  if (Type.contains("//") || Type.contains("/*") || Type.contains('#'))
    return std::nullopt;
  std::string OneLine;
  for (char C : Type)
    OneLine += C == '\n' || C == '\r' ? ' ' : C;
  return "return [&]() __attribute__((noinline)) -> " + OneLine + " {";
}

/// A member function defined per feature in several files (`#ifdef X`
/// in one .cpp, `#ifndef X` in another): each variant is renamed where it
/// is defined, the class declares the renamed members next to the
/// original declaration, and the switch under the original name is
/// emitted with the last variant (emitSwitches).
llvm::Error FileRewriter::declareMemberVariants(const SwitchPlan &SP) {
  const FunctionFact &Front = *SP.Variants.front().Fn;
  for (const SwitchPlan::Variant &V : SP.Variants) {
    const FunctionFact &Fn = *V.Fn;
    const char *Why =
        !Fn.Member || !Fn.OutOfLine ? "one variant is defined in its class"
        : Fn.NameLength == 0
            ? "it is a constructor, destructor, operator or conversion"
        : Fn.Template     ? "it is a template or a member of one"
        : Fn.Variadic     ? "it is variadic"
        : !Fn.ParamsNamed ? "it has unnamed parameters"
        : Fn.ClassDeclEnd == 0 || Fn.ClassDeclFile != Front.ClassDeclFile ||
                Fn.ClassDeclEnd != Front.ClassDeclEnd
            ? "its declaration in the class was not found"
            : nullptr;
    if (!Why)
      continue;
    if (V.File != In.Path)
      return llvm::Error::success(); // Reported where it is defined.
    return error(Fn.NameBegin, "the member function '" + SP.Name +
                                   "' is defined differently per feature in "
                                   "several files, but its variants cannot "
                                   "be renamed: " +
                                   llvm::Twine(Why));
  }
  if (In.Path != Front.ClassDeclFile)
    return llvm::Error::success();
  // The class's declaration with each variant's name (not virtual: the
  // variants are called by the switch only).
  llvm::StringRef Text(In.Text);
  std::string Decls;
  for (const SwitchPlan::Variant &V : SP.Variants) {
    std::string D =
        (Text.slice(Front.ClassDeclBegin, Front.ClassDeclName) + V.Renamed +
         Text.slice(Front.ClassDeclName + Front.NameLength,
                    Front.ClassDeclEnd - 1))
            .str();
    std::string Clean;
    for (size_t I = 0; I < D.size();) {
      if (std::isalpha(static_cast<unsigned char>(D[I])) || D[I] == '_') {
        size_t J = I;
        while (J < D.size() &&
               (std::isalnum(static_cast<unsigned char>(D[J])) || D[J] == '_'))
          ++J;
        llvm::StringRef Word(D.data() + I, J - I);
        if (Word != "virtual" && Word != "override" && Word != "final")
          Clean += Word;
        I = J;
        continue;
      }
      Clean += D[I] == '\n' ? ' ' : D[I];
      ++I;
    }
    Decls += " " + Clean + ";";
  }
  addEdit(Front.ClassDeclEnd, Front.ClassDeclEnd, Decls);
  return llvm::Error::success();
}

llvm::Error FileRewriter::emitSwitches() {
  for (const SwitchPlan &SP : Ctx.Switches) {
    bool Members = llvm::any_of(
        SP.Variants, [](const SwitchPlan::Variant &V) { return V.Fn->Member; });
    bool OneFile = llvm::all_of(SP.Variants, [&](const SwitchPlan::Variant &V) {
      return V.File == SP.Variants.front().File;
    });
    if (Members && OneFile) {
      if (llvm::Error E = mergeMemberVariants(SP))
        return E;
      continue;
    }
    if (Members)
      if (llvm::Error E = declareMemberVariants(SP))
        return E;
    const SwitchPlan::Variant *Last = nullptr, *First = nullptr;
    for (const SwitchPlan::Variant &V : SP.Variants) {
      if (V.File != In.Path)
        continue;
      const FunctionFact &Fn = *V.Fn;
      const char *Why = Fn.Variadic       ? "a variadic function"
                        : Fn.Main         ? "'main'"
                        : !Fn.ParamsNamed ? "a function with unnamed parameters"
                        : Fn.NameLength == 0 ? "an operator"
                                             : nullptr;
      if (Why)
        return error(Fn.NameBegin,
                     llvm::Twine("'") + SP.Name +
                         "' is defined differently per feature, but a "
                         "feature switch for " +
                         Why + " is not supported");
      addEdit(Fn.NameBegin, Fn.NameBegin + Fn.NameLength, V.Renamed);
      if (llvm::Error E = keepOriginalName(Fn, SP.Name))
        return E;
      // An explicit specialization's variant is a plain function (its
      // switch keeps the `template <>`): the head commented out, after
      // what keepOriginalName inserts at the declaration's start.
      if (Fn.SpecializationHeadEnd) {
        addEdit(Fn.SpecializationHeadBegin, Fn.SpecializationHeadBegin, "/*");
        addEdit(Fn.SpecializationHeadEnd, Fn.SpecializationHeadEnd, "*/");
      }
      Ctx.Renamings.push_back(
          {SP.Name, V.Renamed, V.Condition, In.Path, FS.lineOf(Fn.NameBegin)});
      First = First ? First : &V;
      Last = &V;
    }
    if (SP.OwnerFile != In.Path || !Last)
      continue;
    auto Group = outermostGroupAt(Last->Fn->DeclBegin);
    if (!Group)
      return error(Last->Fn->NameBegin,
                   "'" + SP.Name +
                       "' is defined per feature, but this definition is "
                       "not inside a feature conditional");
    CondPtr Common = FG.presenceAt(
        FS, dir(FS.Groups[*Group].Branches[0].DirectiveIndex).Begin);
    std::string Args;
    for (const std::string &P : Last->Fn->Params)
      Args += (Args.empty() ? "" : ", ") + P;
    std::string Dispatch, Prototypes;
    for (size_t I = 0; I < SP.Variants.size(); ++I) {
      const SwitchPlan::Variant &V = SP.Variants[I];
      if (V.File != In.Path && !Members)
        Prototypes += V.Declaration + "; ";
      std::string Call = V.Renamed + "(" + Args + ")";
      std::string Stmt = V.Fn->ReturnsVoid ? "{ " + Call + "; return; }"
                                           : "return " + Call + ";";
      if (I + 1 < SP.Variants.size())
        Dispatch += "if (" + V.Code + ") " + Stmt + " ";
      else
        Dispatch += Stmt;
    }
    // Variants may call the function (recursion): declare the switch
    // before the first of them.
    // (A member is declared by its class.)
    if (auto FirstGroup = outermostGroupAt(First->Fn->DeclBegin);
        FirstGroup && !Members) {
      unsigned D = FS.Groups[*FirstGroup].Branches[0].DirectiveIndex;
      Replace[D] = SP.Declaration + "; " + Replace[D];
    }
    // A loopless dispatcher: its time is its callers' self time
    // (MarkerPolicy.h), unless every marker is kept.
    const Directive &Endif = dir(FS.Groups[*Group].EndifIndex);
    std::string Marker;
    if (Ctx.Detail == Granularity::All)
      Marker =
          runtime::regionMarker(runtime::RegionKind::Switch,
                                addRegion(runtime::RegionKind::Switch, SP.Name,
                                          conditionText(*Common, F),
                                          originalLine(Endif.Line),
                                          originalLine(Endif.Line))) +
          " ";
    Replace[FS.Groups[*Group].EndifIndex] +=
        Prototypes + SP.Header + " { " + Marker + Dispatch + " }";
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::detail
