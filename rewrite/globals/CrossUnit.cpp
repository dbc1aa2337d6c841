//===- rewrite/globals/CrossUnit.cpp - Names used across files ------------===//
//
// A per-configuration name used in other files than the one that defines
// it: an exported variable (a kernel ops table, `extern const struct
// cdev_ops null_fops;` in a header) and a function whose signature differs
// per configuration (a typedef per feature in its parameters, a return
// type chosen by `#ifdef`/`#else` before its name) declared by a header's
// prototype. The rewrite sees every unit, so the copies are declared where
// the original is:
//   - beside an `extern` redeclaration, the redeclaration repeated for each
//     renamed copy (`extern const struct cdev_ops null_fops__varsim_X;`),
//     on its line;
//   - a header's prototype is replaced by empty lines and each copy's
//     prototype is appended to the header under the copy's condition (its
//     types and name are those of the configuration, as for an appended
//     copy of a definition).
// Users in other units then vary with the item exactly as users in its own
// file do (their copies name the same configuration's copy). Reads the
// Discovered record and the planned ItemTable; adds edits and appended
// text to Additions.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

namespace varsim::rewrite::globals::lowering {

namespace {

bool isUnitFile(const Discovered &Dx, const std::string &File) {
  return std::any_of(Dx.In.Project.Entries.begin(), Dx.In.Project.Entries.end(),
                     [&](const CompileEntry &E) { return E.File == File; });
}

bool hasFileDirective(const Discovered &Dx, const std::string &File,
                      unsigned Begin, unsigned End) {
  for (const Directive &D : Dx.structure(File).Directives)
    if (D.Begin >= Begin && D.Begin < End &&
        (D.Kind == DirectiveKind::Define || D.Kind == DirectiveKind::Undef ||
         D.Kind == DirectiveKind::Include))
      return true;
  return false;
}

} // namespace

void separateExternDefinitions(GlobalFacts &Facts) {
  std::map<std::string, std::set<std::string>> Files;
  for (const auto &[_, F] : Facts.Functions)
    if (llvm::StringRef(F.EntityKey).ends_with("|extern"))
      Files[F.EntityKey].insert(F.File);
  for (const auto &[Key, InFiles] : Files) {
    if (InFiles.size() < 2)
      continue;
    // Defined in several files (per feature, or one per program): each
    // definition is its own item, used from its own file, as before
    // functions were keyed across units.
    auto Own = [&](const std::string &Name, const std::string &File) {
      return "function|" + Name + "|" + File;
    };
    for (auto &[_, F] : Facts.Functions)
      if (F.EntityKey == Key)
        F.EntityKey = Own(F.Name, F.File);
    for (auto &[_, R] : Facts.Refs)
      if (R.Target == Key && InFiles.count(R.File))
        R.Target = Own(
            llvm::StringRef(Key).drop_front(9).rsplit('|').first.str(), R.File);
    for (auto &[_, P] : Facts.Protos)
      if (P.EntityKey == Key && InFiles.count(P.File))
        P.EntityKey = Own(P.Name, P.File);
  }
}

bool returnTypePerFeature(const Discovered &Dx, const FunctionDef &F) {
  const FileStructure &FS = Dx.structure(F.File);
  const FileGroups &FG = Dx.Groups.at(F.File);
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    const CondGroup &G = FS.Groups[GI];
    unsigned Open = FS.Directives[G.Branches.front().DirectiveIndex].Begin;
    unsigned Close = FS.Directives[G.EndifIndex].End;
    if (Open >= F.DeclBegin && Open < F.NameOffset && Close <= F.NameOffset)
      return true;
  }
  return false;
}

bool prototypeLowerable(const Discovered &Dx, const FunctionProto &P,
                        std::string *Why) {
  auto Fail = [&](const char *Text) {
    if (Why)
      *Why = Text;
    return false;
  };
  if (!Dx.In.Structures.count(P.File) || !Dx.In.Texts.count(P.File))
    return Fail("it is not a project file varsim rewrites");
  if (P.End == 0 || P.Begin >= P.End)
    return Fail("it is declared by a macro or together with other "
                "declarations");
  // Copies are appended after the file's last line: a source file's
  // calls above them would not see them.
  if (isUnitFile(Dx, P.File))
    return Fail("it is in a source file (varsim declares the copies in "
                "place of a header's prototype only)");
  if (hasFileDirective(Dx, P.File, P.Begin, P.End))
    return Fail("its text holds a #define, #undef or #include");
  return true;
}

bool declaredInAHeader(const Discovered &Dx, const Item &I) {
  if (!I.IsFunction)
    return false;
  return std::any_of(Dx.Facts.Protos.begin(), Dx.Facts.Protos.end(),
                     [&](const auto &KP) {
                       return KP.second.EntityKey == I.Key &&
                              prototypeLowerable(Dx, KP.second);
                     });
}

bool redeclsLowerable(const Discovered &Dx, const Item &I) {
  if (I.IsFunction || I.Kind != "variable" || I.EnumValues)
    return false;
  bool Any = false;
  for (const auto &[_, R] : Dx.Facts.Redecls) {
    if (R.Key != I.Key)
      continue;
    if (R.End == 0 || !Dx.In.Texts.count(R.File) ||
        !Dx.In.Structures.count(R.File))
      return false;
    // Repeated on one line: no directive inside.
    for (const Directive &D : Dx.structure(R.File).Directives)
      if (D.Begin >= R.Begin && D.Begin < R.End)
        return false;
    Any = true;
  }
  return Any;
}

llvm::Error renderPrototypes(const Discovered &Dx, const ItemTable &Tab,
                             Additions &Add, const Item &I) {
  for (const auto &[_, P] : Dx.Facts.Protos) {
    if (P.EntityKey != I.Key || !prototypeLowerable(Dx, P))
      continue;
    llvm::StringRef T(Dx.text(P.File));
    Add.Edits[P.File].insert(
        {P.Begin, P.End - P.Begin, newlinesOf(T.slice(P.Begin, P.End))});
    for (const Copy &C : I.Copies) {
      auto A =
          appended(Dx, Tab, Add, I, C, P.File, P.Begin, P.End, P.Namespaces);
      if (!A)
        return A.takeError();
      Add.Appended[P.File] += *A;
    }
  }
  return llvm::Error::success();
}

void renderRedecls(const Discovered &Dx, const ItemTable &Tab, Additions &Add) {
  for (const auto &[_, R] : Dx.Facts.Redecls) {
    auto It = Tab.Items.find(R.Key);
    if (It == Tab.Items.end() || R.End == 0 || !Dx.In.Texts.count(R.File))
      continue;
    const Item &I = It->second;
    if (!I.variant() || Tab.withdrawn(I) || I.IsFunction || I.Copies.empty())
      continue;
    llvm::StringRef T(Dx.text(R.File));
    CondPtr Here =
        Dx.Groups.at(R.File).presenceAt(Dx.structure(R.File), R.Begin);
    std::string Decls;
    for (const Copy &C : I.Copies) {
      // A redeclaration in a feature branch declares the copies of its
      // configurations (another branch may declare another type).
      if (C.Name == I.Name ||
          !isSatisfiable(*makeAnd({Here, I.Presence, C.Condition}),
                         Dx.In.Features))
        continue;
      std::string Text = (T.slice(R.Begin, R.Offset) + C.Name +
                          T.slice(R.Offset + I.Name.size(), R.End))
                             .str();
      Decls += " " + oneLine(Text);
    }
    if (!Decls.empty())
      Add.Edits[R.File].insert({R.End, 0, Decls});
  }
}

} // namespace varsim::rewrite::globals::lowering
