//===- rewrite/globals/Refusals.cpp - Messages and refusals ---------------===//
//
// Reads the Discovered record and the ItemTable; adds nothing: the
// descriptions of items for messages (featuresOf, describe) and the located
// refusals of what cannot be lowered (checkRefusals: X-macro lists, uses
// outside function bodies and file-scope definitions, prototypes, uses
// from another file or unit, unsupported definitions).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite::globals::lowering {

namespace {

/// An X-macro list: a file-scope declaration (an enumeration, a table)
/// that #includes a project file with feature #ifs
/// (`#define SH_CMD(n, a, h) SH_OP_##n,` / `#include "cmds.def"`). Its
/// entries under features would have to be lowered per configuration in
/// every declaration that includes the list, through the macro; varsim
/// does not, so it refuses at the #include.
llvm::Error checkIncludedLists(const Discovered &Dx) {
  std::vector<const EntityDef *> Defs;
  for (const auto &[_, D] : Dx.Facts.Defs)
    Defs.push_back(&D);
  std::sort(Defs.begin(), Defs.end(),
            [](const EntityDef *A, const EntityDef *B) {
              return std::tie(A->File, A->Begin) < std::tie(B->File, B->Begin);
            });
  for (const EntityDef *D : Defs) {
    if (!Dx.In.Structures.count(D->File))
      continue;
    for (const Directive &Dir : Dx.structure(D->File).Directives) {
      if (Dir.Kind != DirectiveKind::Include || Dir.Begin < D->Begin ||
          Dir.Begin >= D->End)
        continue;
      llvm::StringRef Name = llvm::StringRef(Dir.Body).trim();
      if (!Name.consume_front("\"") || !Name.consume_back("\""))
        continue;
      llvm::SmallString<256> Path(llvm::sys::path::parent_path(D->File));
      llvm::sys::path::append(Path, Name);
      llvm::sys::path::remove_dots(Path, true);
      // A `.def` list is not among the scanned sources: scanned here.
      std::string Included(Path);
      std::optional<FileStructure> Own;
      std::string OwnText;
      const FileStructure *FS = nullptr;
      if (Dx.In.Structures.count(Included)) {
        FS = &Dx.structure(Included);
        OwnText = Dx.text(Included);
      } else if (Dx.In.Project.isProjectSource(Included) ||
                 llvm::sys::path::extension(Included) == ".def") {
        auto Buf = llvm::MemoryBuffer::getFile(Included);
        if (!Buf)
          continue;
        OwnText = (*Buf)->getBuffer().str();
        auto Scanned = scanDirectives(Included, OwnText);
        if (!Scanned) {
          llvm::consumeError(Scanned.takeError());
          continue;
        }
        Own = std::move(*Scanned);
        FS = &*Own;
      } else {
        continue;
      }
      FileGroups FG = analyzeGroups(*FS, Dx.In.Features);
      for (unsigned GI = 0; GI < FS->Groups.size(); ++GI) {
        if (!FG.Groups[GI].IsFeature)
          continue;
        const Directive &If =
            FS->Directives[FS->Groups[GI].Branches.front().DirectiveIndex];
        std::string What =
            D->Name.empty() ? "a declaration" : "'" + D->Name + "'";
        return Dx.located(
            D->File, Dir.Line, Dir.Column,
            "X-macro list: " + What + " (" + D->Kind + ") includes '" +
                Name.str() + "', whose entries are under features (" +
                Included + ":" + std::to_string(If.Line) + ": " +
                oneLine(llvm::StringRef(OwnText).slice(If.Begin, If.End)) +
                "); varsim does not lower an included list per "
                "configuration (each declaration that includes it would "
                "differ per feature): write the entries in the "
                "declarations themselves, under the features");
      }
    }
  }
  return llvm::Error::success();
}

/// What a function item uses that varies, for messages: "the
/// enumerator 'X' of the enumeration 'e'", "'limit' (variable)".
std::string firstUse(const Discovered &Dx, const ItemTable &Tab,
                     const Item &F) {
  for (const auto &[_, R] : Dx.Facts.Refs) {
    if (R.Context != "F:" + F.Fn->Key && R.Context != "S:" + F.Fn->Key)
      continue;
    auto T = Tab.Items.find(R.Target);
    if (T == Tab.Items.end() || !T->second.variesAt(R))
      continue;
    const Item &U = T->second;
    if (U.EnumValues)
      return "the enumerator '" + R.Member + "' of " +
             (U.Name.empty() ? std::string("an anonymous enumeration")
                             : "the enumeration '" + U.Name + "'");
    return "'" + U.Name + "' (" + U.Kind + ")";
  }
  return "file-scope declarations";
}

} // namespace

std::string featuresOf(const Discovered &Dx, const Item &I) {
  std::set<std::string> Macros;
  for (const DecisionKey &K : I.Decisions) {
    if (K.Kind == 1) {
      Macros.insert(K.Macro);
      continue;
    }
    for (const CondGroup::Branch &B :
         Dx.structure(K.File).Groups[K.Group].Branches)
      if (B.Condition)
        collectMacros(*B.Condition, Macros);
  }
  std::vector<std::string> Out;
  for (const std::string &M : Macros)
    if (Dx.In.Features.isFeatureMacro(M))
      Out.push_back(M);
  return llvm::join(Out, ", ");
}

std::string describe(const Discovered &Dx, const Item &I) {
  if (I.Kind == "enum" || I.EnumValues)
    return (I.Name.empty() ? std::string("an anonymous enumeration")
                           : "the enumeration '" + I.Name + "'") +
           (I.EnumValues ? " (its enumerators' values)" : "") +
           " differs per configuration of " + featuresOf(Dx, I);
  return "'" + I.Name + "' (" + I.Kind + ") differs per configuration of " +
         featuresOf(Dx, I);
}

namespace {

/// A function that uses enumerators whose values shift per configuration
/// is copied per configuration; one with a #define or #undef in its text
/// cannot be (the copies lie under #if), and then the enumeration is left
/// to the #if rewriter, which refuses its #if lines (in an X-macro list
/// written in place, lines of the list). The directive is what the user
/// can move: named here.
llvm::Error checkDirectivesInCopies(const Discovered &Dx,
                                    const ItemTable &Tab) {
  for (const auto &[_, In] : Tab.DirectiveIn) {
    const Directive *Dir = In.Dir;
    if (Dir->Kind == DirectiveKind::Include || In.Enum.empty() ||
        !Tab.Withdrawn.count(In.Enum))
      continue;
    std::string What =
        (Dir->Kind == DirectiveKind::Define ? "#define " : "#undef ") +
        Dir->Macro;
    return Dx.located(
        In.File, presumedLine(Dx.text(In.File), Dir->Begin), 1,
        "'" + What + "' in the body of '" + In.Name + "': '" + In.Name +
            "' uses the enumerator '" + In.Member + "', and " + In.EnumText +
            ", so '" + In.Name +
            "' is copied per configuration; a #define or #undef in a copied "
            "function is not supported: define '" +
            Dir->Macro +
            "' (and the other macros the body defines) before the function, "
            "with the #if around them, or give the enumerators fixed values "
            "(`= N`)");
  }
  return llvm::Error::success();
}

} // namespace

/// What cannot be lowered: located errors, first in source order.
llvm::Error checkRefusals(const Discovered &Dx, const ItemTable &Tab) {
  if (llvm::Error E = checkIncludedLists(Dx))
    return E;
  if (llvm::Error E = checkDirectivesInCopies(Dx, Tab))
    return E;
  std::vector<const EntityRef *> Refs;
  for (const auto &[_, R] : Dx.Facts.Refs)
    Refs.push_back(&R);
  std::sort(
      Refs.begin(), Refs.end(), [](const EntityRef *A, const EntityRef *B) {
        return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
      });
  for (const EntityRef *R : Refs) {
    auto T = Tab.Items.find(R->Target);
    if (T == Tab.Items.end() || !T->second.variesAt(*R))
      continue;
    const Item &Target = T->second;
    if (R->Context.empty() && Target.EnumValues)
      return Dx.located(R->File, R->Line, R->Column,
                        "the enumerator '" + R->Member + "' of " +
                            describe(Dx, Target) + ", and it is used in " +
                            R->Where +
                            ": varsim lowers the enumerators' values only "
                            "where they are used in function bodies (not "
                            "member functions or templates) and file-scope "
                            "declarations (docs/globals.md)");
    if (R->Context.empty() && !R->Proto.empty()) {
      // A header's prototype of a function renamed per copy declares the
      // copies (CrossUnit.cpp).
      const FunctionProto &P = Dx.Facts.Protos.at(R->Proto);
      auto F = Tab.Items.find(P.EntityKey);
      std::string Why;
      if (F != Tab.Items.end() && F->second.SignatureVaries &&
          !Tab.withdrawn(F->second) && prototypeLowerable(Dx, P, &Why))
        continue;
      if (F != Tab.Items.end() && F->second.SignatureVaries)
        return Dx.located(
            R->File, R->Line, R->Column,
            describe(Dx, Target) + " and is used in " + R->Where +
                ", a prototype that cannot declare the function's copies "
                "per configuration: " +
                Why +
                "; declare the function in a header included before its "
                "uses, or define it static before its uses");
    }
    if (R->Context.empty() &&
        llvm::StringRef(R->Where).starts_with("the declaration of function"))
      // A prototype (a header's) has no body to copy per configuration,
      // and the definition's copies are declared in its own file only.
      return Dx.located(
          R->File, R->Line, R->Column,
          describe(Dx, Target) + " and is used in " + R->Where +
              ", a prototype: varsim makes one copy per configuration of a "
              "function whose signature uses such a name only where it is "
              "defined, and the copies are declared in that file only "
              "(docs/globals.md); keep the name out of the signature (pass "
              "a pointer to a struct declared alike in every variant, with "
              "the differing members under #ifdef, and use the name inside "
              "the bodies), or define the function static in the file that "
              "calls it");
    if (R->Context.empty())
      return Dx.located(R->File, R->Line, R->Column,
                        describe(Dx, Target) + " and is used in " + R->Where +
                            ": varsim lowers such a name where it is used in "
                            "function bodies and in the definitions of "
                            "file-scope variables, constants and tables, not "
                            "here (docs/globals.md)");
    if (Target.IsFunction && R->File != Target.File &&
        !declaredInAHeader(Dx, Target))
      return Dx.located(R->File, R->Line, R->Column,
                        describe(Dx, Target) +
                            " (its signature uses a "
                            "declaration that differs per configuration), is "
                            "defined in " +
                            Dx.In.Project.relativeToRoot(Target.File) +
                            " and used in another file: the copies per "
                            "configuration are only declared in its own file");
    if (!Target.IsFunction && Target.Defs.front()->ExternalLinkage &&
        R->File != Target.File && !redeclsLowerable(Dx, Target) &&
        std::any_of(
            Dx.In.Project.Entries.begin(), Dx.In.Project.Entries.end(),
            [&](const CompileEntry &E) { return E.File == Target.File; }))
      return Dx.located(R->File, R->Line, R->Column,
                        describe(Dx, Target) + ", is defined in " +
                            Dx.In.Project.relativeToRoot(Target.File) +
                            " and used in another translation unit: make it "
                            "static, or use it only in its own file");
  }
  for (const auto &[_, D] : Dx.Facts.Redecls) {
    auto T = Tab.Items.find(D.Key);
    if (T != Tab.Items.end() && T->second.variant() &&
        D.File != T->second.File && !redeclsLowerable(Dx, T->second))
      return Dx.located(D.File, D.Line, D.Column,
                        describe(Dx, T->second) + " and is declared again in " +
                            "another file, where its copies per "
                            "configuration cannot be declared (a "
                            "declaration by a macro, with other declarators "
                            "or with #if lines inside): declare it alone, "
                            "`extern <type> " +
                            T->second.Name + ";`");
  }
  // Every prototype of a function renamed per copy declares its copies.
  for (const auto &[_, P] : Dx.Facts.Protos) {
    auto F = Tab.Items.find(P.EntityKey);
    std::string Why;
    if (F == Tab.Items.end() || !F->second.variant() ||
        !F->second.SignatureVaries || Tab.withdrawn(F->second) ||
        prototypeLowerable(Dx, P, &Why))
      continue;
    return Dx.located(P.File, P.Line, P.Column,
                      describe(Dx, F->second) +
                          " (its signature differs per configuration), and "
                          "this prototype cannot declare its copies: " +
                          Why +
                          "; declare it in a header included before its "
                          "uses, or define it before its uses");
  }
  for (const auto &[_, I] : Tab.Items) {
    if (!I.variant())
      continue;
    if (I.IsFunction && !I.Fn->Unsupported.empty())
      return Dx.located(
          I.File, I.Line, I.Column,
          "function '" + I.Name + "' uses " + firstUse(Dx, Tab, I) +
              " (file-scope declarations that differ per "
              "configuration of " +
              featuresOf(Dx, I) + "), but it is " + I.Fn->Unsupported +
              ", which cannot be copied per configuration");
    if (!I.IsFunction)
      for (const EntityDef *D : I.Defs)
        if (!D->Unsupported.empty())
          return Dx.located(D->File, D->Line, D->Column,
                            describe(Dx, I) + ", but it is " + D->Unsupported +
                                ": it cannot be copied per configuration");
    if (I.Kind == "enum" && !I.Defs.front()->ScopedEnum)
      return Dx.located(I.File, I.Line, I.Column,
                        describe(Dx, I) +
                            ", and it is an unscoped enumeration defined in "
                            "several feature branches: its copies would "
                            "declare its enumerators again in the same scope; "
                            "define it once, with its enumerators under the "
                            "features");
    if (I.EnumValues)
      if (llvm::Error E = checkEnumValues(Dx, I))
        return E;
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::globals::lowering
