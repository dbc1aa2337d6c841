//===- rewrite/globals/EnumValues.cpp - Enumerations ----------------------===//
//
// Reads the Discovered record and an enumeration item. classifyEnum adds
// the union's edits (its feature #if lines removed) where no enumerator's
// value shifts, else marks the item as lowered by values; checkEnumValues
// refuses what cannot be; renderEnumValues adds the in-place edits: each
// copy's renamed enumerators on the line of the '{', then the union.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

namespace varsim::rewrite::globals::lowering {

namespace {

/// Whether an enumerator's initializer in [Begin, End) has the same
/// value in every configuration: no macro that differs per
/// configuration, no shifting enumerator of its own enumeration.
bool constantInitializer(const Discovered &Dx, const Item &I, unsigned Begin,
                         unsigned End,
                         const std::vector<const EnumeratorFact *> &Es,
                         const std::vector<bool> &Shift) {
  const std::string &File = I.Defs.front()->File;
  for (const auto &[_, E] : Dx.Facts.Expansions)
    if (E.File == File && E.Offset >= Begin && E.Offset < End &&
        !Dx.onDirectiveLine(File, E.Offset))
      return false;
  for (const auto &[_, R] : Dx.Facts.Refs) {
    if (R.File != File || R.Offset < Begin || R.Offset >= End ||
        R.Target != I.Key || R.Member.empty())
      continue;
    for (size_t K = 0; K < Es.size(); ++K)
      if (Es[K]->Name == R.Member && Shift[K])
        return false;
  }
  return true;
}

/// Blanks (keeping the line count) the #if/#elif/#else/#endif lines of
/// every feature group whose #if lies in [Begin, End): the enum becomes the
/// union of its branches.
void blankFeatureLines(const FileStructure &FS, const FileGroups &FG,
                       llvm::StringRef T, unsigned Begin, unsigned End,
                       std::set<Edit> &Out) {
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    const CondGroup &G = FS.Groups[GI];
    const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
    if (If.Begin < Begin || If.Begin >= End)
      continue;
    std::vector<unsigned> Lines{G.EndifIndex};
    for (const CondGroup::Branch &B : G.Branches)
      Lines.push_back(B.DirectiveIndex);
    for (unsigned DI : Lines) {
      const Directive &Dir = FS.Directives[DI];
      Out.insert({Dir.Begin, Dir.End - Dir.Begin,
                  newlinesOf(T.slice(Dir.Begin, Dir.End))});
    }
  }
}

} // namespace

/// The enumerators of an enumeration item, in source order.
std::vector<const EnumeratorFact *> enumeratorsOf(const Discovered &Dx,
                                                  const Item &I) {
  const EntityDef &D = *I.Defs.front();
  std::vector<const EnumeratorFact *> Es;
  for (const auto &[_, E] : Dx.Facts.Enumerators)
    if (E.Enum == I.Key && E.File == D.File && E.Offset >= D.Begin &&
        E.Offset < D.End)
      Es.push_back(&E);
  std::sort(Es.begin(), Es.end(),
            [](const EnumeratorFact *A, const EnumeratorFact *B) {
              return A->Offset < B->Offset;
            });
  return Es;
}

/// Whether an enumerator named Name exists in configuration Cfg.
bool enumeratorPresent(const Discovered &Dx, const Item &I,
                       const std::string &Name, const fm::Configuration &Cfg) {
  const EntityDef &D = *I.Defs.front();
  const FileStructure &FS = Dx.structure(D.File);
  const FileGroups &FG = Dx.Groups.at(D.File);
  for (const EnumeratorFact *E : enumeratorsOf(Dx, I))
    if (E->Name == Name &&
        holds(*FG.presenceAt(FS, E->Offset), Cfg, Dx.In.Features))
      return true;
  return false;
}

/// An enumeration with enumerators under features. Where no
/// enumerator's value changes in the variants where it exists (every
/// enumerator counted into an implicit value is present wherever the
/// counted one is; no name in two branches; no value from a macro per
/// feature), it is compiled as the union: its #if lines are removed.
/// Else the values of the shifting enumerators are lowered per
/// configuration (EnumValues).
void classifyEnum(const Discovered &Dx, Additions &Add, Item &I) {
  const EntityDef &D = *I.Defs.front();
  const FileStructure &FS = Dx.structure(D.File);
  const FileGroups &FG = Dx.Groups.at(D.File);
  std::vector<const EnumeratorFact *> Es = enumeratorsOf(Dx, I);
  std::map<std::string, int> NameCount;
  std::vector<CondPtr> P;
  for (const EnumeratorFact *E : Es) {
    ++NameCount[E->Name];
    P.push_back(FG.presenceAt(FS, E->Offset));
  }
  std::vector<bool> Shift(Es.size(), false);
  for (size_t J = 0; J < Es.size(); ++J) {
    if (NameCount[Es[J]->Name] > 1) {
      Shift[J] = true;
      continue;
    }
    if (Es[J]->Explicit) {
      unsigned InitEnd = J + 1 < Es.size() ? Es[J + 1]->Offset : D.End;
      Shift[J] = !constantInitializer(Dx, I, Es[J]->Offset, InitEnd, Es, Shift);
      continue;
    }
    // Implicit: the previous enumerator's value plus one; it shifts if
    // the previous one may be absent where this one exists, or shifts.
    if (J == 0)
      continue;
    size_t K = J - 1;
    Shift[J] = isSatisfiable(*makeAnd({P[J], makeNot(P[K])}), Dx.In.Features) ||
               Shift[K];
  }
  for (size_t J = 0; J < Es.size(); ++J)
    if (Shift[J])
      I.Shifting.insert(Es[J]->Name);
  if (!I.Shifting.empty()) {
    I.EnumValues = true;
    I.Kind = "enum values";
    return;
  }
  // The union it is: the feature #if lines inside go.
  blankFeatureLines(FS, FG, Dx.text(D.File), D.Begin, D.End, Add.Edits[D.File]);
  Add.UnionSites.push_back({D.File, D.Line, "enum (union)", featuresOf(Dx, I)});
  I.Decisions.clear();
}

/// An enumeration lowered by values is edited inside its braces, on
/// the line of its '{': its body must hold no directive but the feature
/// #ifs that the copies resolve.
llvm::Error checkEnumValues(const Discovered &Dx, const Item &I) {
  const EntityDef &D = *I.Defs.front();
  if (!D.BraceBegin || !D.BraceEnd)
    return Dx.located(D.File, D.Line, D.Column,
                      describe(Dx, I) +
                          ", but its braces come from a macro: its "
                          "values cannot be lowered per "
                          "configuration");
  const FileStructure &FS = Dx.structure(D.File);
  const FileGroups &FG = Dx.Groups.at(D.File);
  std::set<unsigned> FeatureDirectives;
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    FeatureDirectives.insert(FS.Groups[GI].EndifIndex);
    for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
      FeatureDirectives.insert(B.DirectiveIndex);
  }
  for (unsigned DI = 0; DI < FS.Directives.size(); ++DI) {
    const Directive &Dir = FS.Directives[DI];
    if (Dir.Begin > D.BraceBegin && Dir.Begin < D.BraceEnd &&
        !FeatureDirectives.count(DI))
      return Dx.located(D.File, Dir.Line, Dir.Column,
                        describe(Dx, I) +
                            ", and its body holds a preprocessor directive "
                            "other than a feature #if: the values of its "
                            "enumerators cannot be lowered per configuration");
  }
  return llvm::Error::success();
}

/// An enumeration lowered by values, edited in place on the line of its
/// '{': after it, each copy's enumerators renamed (`ST_DONE__varsim_X`),
/// the first one `= 0` unless explicit, on one line; then the union of
/// the original enumerators (feature #if lines removed, the first one
/// `= 0`, a name repeated in several branches renamed, macros per
/// feature at the base configuration's values), which names the values
/// of code no configuration runs and makes the type's range cover every
/// configuration's values.
llvm::Error renderEnumValues(const Discovered &Dx, const ItemTable &Tab,
                             Additions &Add, const Item &I) {
  const EntityDef &D = *I.Defs.front();
  const std::string &T = Dx.text(D.File);
  std::vector<const EnumeratorFact *> Es = enumeratorsOf(Dx, I);
  std::string Lists;
  for (const Copy &C : I.Copies) {
    std::set<Edit> E;
    std::map<std::string, std::string> Defines;
    if (llvm::Error Err = copyEdits(Dx, Tab, I, C, D.File, D.BraceBegin + 1,
                                    D.BraceEnd, true, E, Defines))
      return Err;
    bool First = true;
    for (const EnumeratorFact *En : Es) {
      if (!holds(*Dx.Groups.at(D.File).presenceAt(Dx.structure(D.File),
                                                  En->Offset),
                 C.Cfg, Dx.In.Features))
        continue;
      E.insert({En->Offset, static_cast<unsigned>(En->Name.size()),
                En->Name + "__varsim_" + C.Suffix +
                    (First && !En->Explicit ? " = 0" : "")});
      First = false;
    }
    // Its initializers name its own enumerators (the union's follow).
    for (const auto &[_, R] : Dx.Facts.Refs)
      if (R.Target == I.Key && !R.Member.empty() && R.File == D.File &&
          R.Offset > D.BraceBegin && R.Offset < D.BraceEnd && !R.ViaMacro &&
          !I.Shifting.count(R.Member) &&
          enumeratorPresent(Dx, I, R.Member, C.Cfg) &&
          holds(
              *Dx.Groups.at(D.File).presenceAt(Dx.structure(D.File), R.Offset),
              C.Cfg, Dx.In.Features))
        E.insert({R.Offset, static_cast<unsigned>(R.Member.size()),
                  R.Member + "__varsim_" + C.Suffix});
    auto Body = applyEdits(
        D.File, llvm::StringRef(T).slice(D.BraceBegin + 1, D.BraceEnd),
        D.BraceBegin + 1, E);
    if (!Body)
      return Body.takeError();
    std::string OneLine = oneLine(*Body);
    llvm::StringRef Flat = llvm::StringRef(OneLine).rtrim(" \t,");
    if (!Flat.empty())
      Lists += " " + Flat.str() + ",";
  }
  std::set<Edit> &Out = Add.Edits[D.File];
  Out.insert({D.BraceBegin + 1, 0, Lists});
  // The union.
  const FileStructure &FS = Dx.structure(D.File);
  const FileGroups &FG = Dx.Groups.at(D.File);
  blankFeatureLines(FS, FG, T, D.BraceBegin, D.BraceEnd, Out);
  std::map<std::string, int> Seen;
  for (size_t K = 0; K < Es.size(); ++K) {
    const EnumeratorFact &En = *Es[K];
    int N = Seen[En.Name]++;
    std::string Name =
        N ? En.Name + "__varsim_dup" + std::to_string(N) : En.Name;
    if (K == 0 && !En.Explicit)
      Name += " = 0";
    if (Name != En.Name)
      Out.insert({En.Offset, static_cast<unsigned>(En.Name.size()), Name});
  }
  for (const auto &[_, E] : Dx.Facts.Expansions) {
    if (E.File != D.File || E.Offset <= D.BraceBegin ||
        E.Offset >= D.BraceEnd || !E.Direct ||
        Dx.onDirectiveLine(D.File, E.Offset))
      continue;
    std::optional<std::string> V =
        Tab.BaseCfg ? macroValue(Dx, E.Macro, *Tab.BaseCfg, D.File, E.Offset)
                    : std::nullopt;
    if (!V)
      return Dx.located(D.File, E.Line, E.Column,
                        describe(Dx, I) + ", and uses '" + E.Macro +
                            "' here, whose value per configuration cannot be "
                            "substituted (a function-like macro, or one "
                            "reached through another macro's body)");
    Out.insert({E.Offset, static_cast<unsigned>(E.Macro.size()), *V});
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::globals::lowering
