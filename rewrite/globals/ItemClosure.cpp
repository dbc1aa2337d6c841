//===- rewrite/globals/ItemClosure.cpp - Items and their closure ----------===//
//
// The fixed point over the items. Reads the Discovered record; adds the
// ItemTable's items (entities and functions that differ per configuration,
// with the decisions each depends on) and withdrawn keys: users of a variant
// item vary with it until nothing changes (buildItems), and what cannot be
// lowered is withdrawn (withdrawUnlowerable), then the items are built
// again. Enumerations and member-array bounds are classified on the way
// (EnumValues.cpp, LargestBounds.cpp), which may add edits to Additions.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "rewrite/globals/SettledDefaults.h"
#include "support/SourceFiles.h"

namespace varsim::rewrite::globals::lowering {

namespace {

/// Feature groups whose #if lies in [Begin, End) of File.
void innerGroups(const Discovered &Dx, const std::string &File, unsigned Begin,
                 unsigned End, DecisionSet &Out,
                 const EntityDef *Of = nullptr) {
  const FileStructure &FS = Dx.structure(File);
  const FileGroups &FG = Dx.Groups.at(File);
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    const Directive &If =
        FS.Directives[FS.Groups[GI].Branches.front().DirectiveIndex];
    if (If.Begin >= Begin && If.Begin < End && !isOpaque(Of, If.Begin))
      Out.insert({0, File, GI, ""});
  }
}

void expansionsIn(const Discovered &Dx, const std::string &File, unsigned Begin,
                  unsigned End, DecisionSet &Out,
                  const EntityDef *Of = nullptr) {
  for (const auto &[_, E] : Dx.Facts.Expansions)
    if (E.File == File && E.Offset >= Begin && E.Offset < End &&
        !Dx.onDirectiveLine(File, E.Offset) && !isOpaque(Of, E.Offset))
      macroDecisions(Dx, E.Macro, Out, E.File, E.Offset);
}

/// Leaves Key alone, and every variant item it uses (its text would
/// name their base copy only).
void withdraw(const Discovered &Dx, ItemTable &Tab, const std::string &Key) {
  std::vector<std::string> Work{Key};
  while (!Work.empty()) {
    std::string K = Work.back();
    Work.pop_back();
    if (!Tab.Withdrawn.insert(K).second)
      continue;
    auto It = Tab.Items.find(K);
    if (It == Tab.Items.end())
      continue;
    const Item &I = It->second;
    for (const auto &[_, R] : Dx.Facts.Refs) {
      bool Inside = I.IsFunction ? (R.Context == "F:" + I.Fn->Key ||
                                    R.Context == "S:" + I.Fn->Key)
                                 : R.Context == "E:" + I.Key;
      auto T = Tab.Items.find(R.Target);
      if (Inside && T != Tab.Items.end() && T->second.variant() &&
          !T->second.IsFunction &&
          (!T->second.EnumValues || T->second.variesAt(R)))
        Work.push_back(R.Target);
    }
  }
}

/// The first #define, #undef or #include in [Begin, End) of File (not in
/// an opaque range of D), if any.
const Directive *firstDirective(const Discovered &Dx, const std::string &File,
                                unsigned Begin, unsigned End,
                                const EntityDef *D) {
  // A settled default is dropped from the copies (SettledDefaults.h).
  auto Settled =
      settledDefaults(Dx.structure(File), Dx.Groups.at(File), Begin, End);
  auto InSettled = [&](unsigned Off) {
    for (const auto &[B, E] : Settled)
      if (Off >= B && Off < E)
        return true;
    return false;
  };
  for (const Directive &Dir : Dx.structure(File).Directives)
    if ((Dir.Kind == DirectiveKind::Define ||
         Dir.Kind == DirectiveKind::Undef ||
         Dir.Kind == DirectiveKind::Include) &&
        Dir.Begin >= Begin && Dir.Begin < End && !isOpaque(D, Dir.Begin) &&
        !InSettled(Dir.Begin))
      return &Dir;
  return nullptr;
}

/// A writable C variable defined once whose only variability is feature
/// values spelled in its initializer (SQLite's `struct Sqlite3Config
/// sqlite3Config = { SQLITE_DEFAULT_MEMSTATUS, ... }`): the #if rewriter
/// sets its initial value at start-up (rewrite/StaticInits.cpp), one
/// variable under its own name, however it is reached (macros, extern).
bool initializedAtStartup(const Discovered &Dx, const Item &I) {
  if (I.Kind != "variable" || I.Defs.size() != 1 || I.Decisions.empty())
    return false;
  const EntityDef &D = *I.Defs.front();
  if (isCxxFileName(D.File) != std::optional(false))
    return false; // Not a C source.
  // Feature values, and the `#ifndef F` / `#define F 1` defaults of
  // features (which the #if rewriter turns into run-time reads too).
  for (const DecisionKey &K : I.Decisions) {
    if (K.Kind == 1 && Dx.In.Features.isFeatureMacro(K.Macro))
      continue;
    if (K.Kind != 0 || !Dx.In.Structures.count(K.File))
      return false;
    const CondGroup &G = Dx.structure(K.File).Groups[K.Group];
    auto Lits = G.Branches.front().Condition
                    ? asConjunction(*G.Branches.front().Condition)
                    : std::nullopt;
    if (G.Branches.size() != 1 || !Lits || Lits->size() != 1 ||
        !Lits->front().Negated ||
        !Dx.In.Features.isFeatureMacro(Lits->front().Macro))
      return false;
  }
  // Only in the initializer: a feature value in the declarator (an array
  // bound, `static int ticks[CONFIG_NR_CPUS];`) is a type per
  // configuration, which no start-up code can set.
  llvm::StringRef Decl = Dx.text(D.File);
  unsigned Init = D.End;
  for (unsigned At = D.NameOffset, Depth = 0; At < D.End; ++At) {
    if (Decl[At] == '[' || Decl[At] == '(')
      ++Depth;
    else if ((Decl[At] == ']' || Decl[At] == ')') && Depth > 0)
      --Depth;
    else if (Decl[At] == '=' && Depth == 0) {
      Init = At;
      break;
    }
  }
  for (const auto &[_, E] : Dx.Facts.Expansions)
    if (E.File == D.File && E.Offset >= D.Begin && E.Offset < D.End &&
        (!E.Direct || !Dx.In.Features.isFeatureMacro(E.Macro) ||
         E.Offset < Init))
      return false;
  // Not const (a `const` before the name; a pointer to const is left to
  // the copies too).
  llvm::StringRef Head =
      llvm::StringRef(Dx.text(D.File)).slice(D.Begin, D.NameOffset);
  bool Const = false;
  forIdentifiers(Head, [&](size_t, llvm::StringRef Id) {
    Const = Const || Id == "const";
  });
  return !Const;
}

/// Where an entity exists. Defined once: where its definition is.
/// Defined in the branches of one feature group: where the group is (a
/// configuration in which no branch defines it has no copy to use).
/// Defined in several groups (Mbed TLS AES: `FT1` as a table under
/// `#if !defined(MBEDTLS_AES_FEWER_TABLES)` inside the
/// `MBEDTLS_AES_ROM_TABLES` branch, and as a zeroed array under another
/// `#if !defined(MBEDTLS_AES_FEWER_TABLES)` in its `#else`): where any of
/// those groups is; the first one alone would leave out the others'
/// configurations.
CondPtr itemPresence(const Discovered &Dx, const Item &I) {
  const EntityDef &First = *I.Defs.front();
  if (I.Defs.size() == 1)
    return Dx.Groups.at(First.File)
        .presenceAt(Dx.structure(First.File), First.Begin);
  std::set<std::pair<std::string, unsigned>> Places;
  for (const EntityDef *D : I.Defs) {
    const FileStructure &FS = Dx.structure(D->File);
    auto GI = Dx.innermostFeatureGroup(D->File, D->NameOffset);
    Places.insert(
        {D->File,
         GI ? FS.Directives[FS.Groups[*GI].Branches.front().DirectiveIndex]
                  .Begin
            : D->Begin});
  }
  std::vector<CondPtr> Each;
  for (const auto &[File, At] : Places)
    Each.push_back(Dx.Groups.at(File).presenceAt(Dx.structure(File), At));
  return Each.size() == 1 ? Each.front() : makeOr(Each);
}

/// The item of a reference's context (created for a function).
Item *contextItem(const Discovered &Dx, ItemTable &Tab,
                  const std::string &Context) {
  if (Context.rfind("E:", 0) == 0) {
    auto It = Tab.Items.find(Context.substr(2));
    return It == Tab.Items.end() ? nullptr : &It->second;
  }
  if (Context.rfind("F:", 0) != 0 && Context.rfind("S:", 0) != 0)
    return nullptr;
  auto FIt = Dx.Facts.Functions.find(Context.substr(2));
  if (FIt == Dx.Facts.Functions.end())
    return nullptr;
  const FunctionDef &F = FIt->second;
  if (!Dx.In.Texts.count(F.File) || !Dx.In.Structures.count(F.File))
    return nullptr;
  Item &I = Tab.Items[F.EntityKey];
  if (!I.IsFunction) {
    I.IsFunction = true;
    I.Key = F.EntityKey;
    I.Name = F.Name;
    I.File = F.File;
    I.Fn = &F;
    I.Kind = "function";
    I.Line = F.Line;
    I.Column = F.Column;
    I.Presence =
        Dx.Groups.at(F.File).presenceAt(Dx.structure(F.File), F.DeclBegin);
  }
  return &I;
}

} // namespace

void buildItems(const Discovered &Dx, ItemTable &Tab, Additions &Add) {
  Tab.Items.clear();
  Add.UnionSites.clear();
  Add.Edits.clear();
  Add.LoweredBounds.clear();
  for (const auto &[_, D] : Dx.Facts.Defs) {
    if (!Dx.In.Texts.count(D.File) || !Dx.In.Structures.count(D.File))
      continue;
    Item &I = Tab.Items[D.Key];
    I.Key = D.Key;
    I.Name = D.Name;
    I.File = D.File;
    I.Kind = D.Kind;
    bool Dup =
        std::any_of(I.Defs.begin(), I.Defs.end(), [&](const EntityDef *O) {
          return O->NameOffset == D.NameOffset;
        });
    if (!Dup)
      I.Defs.push_back(&D);
  }
  for (auto &[Key, I] : Tab.Items) {
    std::sort(I.Defs.begin(), I.Defs.end(),
              [](const EntityDef *A, const EntityDef *B) {
                return std::tie(A->File, A->NameOffset) <
                       std::tie(B->File, B->NameOffset);
              });
    I.Line = I.Defs.front()->Line;
    I.Column = I.Defs.front()->Column;
    for (const EntityDef *D : I.Defs) {
      // Members under features are the #if rewriter's (the union, checked
      // by the safety pass); a record varies by what its members use.
      if (D->Kind != "record")
        innerGroups(Dx, D->File, D->Begin, D->End, I.Decisions, D);
      expansionsIn(Dx, D->File, D->Begin, D->End, I.Decisions, D);
      if (I.Defs.size() > 1)
        if (auto GI = Dx.innermostFeatureGroup(D->File, D->NameOffset))
          I.Decisions.insert({0, D->File, *GI, ""});
    }
    if (!Tab.withdrawn(I) &&
        (initializedAtStartup(Dx, I) || Tab.Filled.count(I.Key)))
      Tab.Withdrawn.insert(I.Key);
    if (Tab.withdrawn(I))
      I.Decisions.clear();

    I.Presence = itemPresence(Dx, I);
  }
  for (auto &[_, I] : Tab.Items)
    if (I.Kind == "enum" && I.Defs.size() == 1 && I.variant() &&
        !Tab.withdrawn(I))
      classifyEnum(Dx, Add, I);
  for (auto &[_, I] : Tab.Items)
    if (I.Kind == "record" && I.Defs.size() == 1 && I.variant() &&
        !Tab.withdrawn(I))
      lowerBoundsToLargest(Dx, Add, I);
  // A C function whose return type is chosen by a feature group before
  // its name has no common signature: renamed per copy like an entity,
  // its callers (in other units too, CrossUnit.cpp) vary with it.
  for (const auto &[FKey, F] : Dx.Facts.Functions) {
    if (!F.Unsupported.empty() || !Dx.In.Structures.count(F.File) ||
        Dx.cxxFile(F.File) || !returnTypePerFeature(Dx, F))
      continue;
    Item *I = contextItem(Dx, Tab, "F:" + FKey);
    if (!I || Tab.withdrawn(*I))
      continue;
    I->SignatureVaries = true;
    I->Kind = "function signature";
    innerGroups(Dx, F.File, F.DeclBegin, F.BodyBegin, I->Decisions);
  }
  // A function whose body spells a watched macro's value into a string
  // (`return "window=" STR(WINDOW_LOG);`): no run-time read can stand
  // for the literal's text, so it is copied per value, each copy spelling
  // its configuration's value (CopyText.cpp), and dispatched.
  for (const auto &[_, E] : Dx.Facts.Expansions) {
    if (!E.Stringified || !E.Direct || !Dx.FeatureValued.count(E.Macro) ||
        Dx.onDirectiveLine(E.File, E.Offset))
      continue;
    for (const auto &[FKey, F] : Dx.Facts.Functions) {
      if (F.File != E.File || E.Offset < F.BodyBegin || E.Offset >= F.BodyEnd)
        continue;
      if (!F.Unsupported.empty())
        break; // The #if rewriter refuses the stringification.
      Item *I = contextItem(Dx, Tab, "F:" + FKey);
      if (I && !Tab.withdrawn(*I))
        macroDecisions(Dx, E.Macro, I->Decisions, E.File, E.Offset);
      break;
    }
  }
  // Users of variant items vary with them: entities, functions whose
  // body uses one (dispatched), functions whose signature uses one (no
  // common signature: renamed like an entity, their callers vary too).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[_, R] : Dx.Facts.Refs) {
      auto Target = Tab.Items.find(R.Target);
      if (Target == Tab.Items.end() || !Target->second.variesAt(R))
        continue;
      Item *User = contextItem(Dx, Tab, R.Context);
      if (!User || User == &Target->second || Tab.withdrawn(*User))
        continue;
      size_t Before = User->Decisions.size();
      User->Decisions.insert(Target->second.Decisions.begin(),
                             Target->second.Decisions.end());
      Changed = Changed || User->Decisions.size() != Before;
      if (R.Context.rfind("S:", 0) == 0 && !User->SignatureVaries) {
        User->SignatureVaries = true;
        User->Kind = "function signature";
        Changed = true;
      }
    }
  }
}

/// Leaves alone what cannot be lowered but was handled (or refused at
/// its own location) by the #if rewriter before this pass existed:
/// - a record defined once is the #if rewriter's union of its members;
///   it is lowered only for what its own member declarations use (a
///   per-feature array bound or bit-field width) and only where all its
///   uses can follow; a variant item used in it (a member's type, a
///   member function's body) cannot follow copies of it;
/// - an item whose copied text holds a #define, #undef or #include.
/// Returns whether something was withdrawn.
bool withdrawUnlowerable(const Discovered &Dx, ItemTable &Tab) {
  size_t Before = Tab.Withdrawn.size();
  for (const auto &[_, R] : Dx.Facts.Refs) {
    auto T = Tab.Items.find(R.Target);
    if (T == Tab.Items.end() || !T->second.variesAt(R))
      continue;
    // A variant record used where it cannot follow.
    if (T->second.Kind == "record" && R.Context.empty())
      withdraw(Dx, Tab, T->first);
    // A variant item used in a record defined once (a member's type, a
    // member function's body).
    if (R.Context.rfind("E:", 0) == 0) {
      auto U = Tab.Items.find(R.Context.substr(2));
      if (U != Tab.Items.end() && U->second.Kind == "record" &&
          U->second.Defs.size() == 1 && U != T)
        withdraw(Dx, Tab, T->first);
    }
  }
  // Copies are placed under #if: a #define, #undef or #include in the
  // copied text would be one under a feature condition, which the #if
  // rewriter refuses at a line of the copy.
  for (const auto &[Key, I] : Tab.Items) {
    if (!I.variant() || Tab.withdrawn(I))
      continue;
    if (I.IsFunction) {
      if (const Directive *Dir = firstDirective(Dx, I.File, I.Fn->DeclBegin,
                                                I.Fn->BodyEnd, nullptr)) {
        ItemTable::DirectiveInFunction In{Dir, I.File, I.Name, "", "", ""};
        for (const auto &[_, R] : Dx.Facts.Refs) {
          auto T = Tab.Items.find(R.Target);
          if (R.Context == "F:" + I.Fn->Key && T != Tab.Items.end() &&
              T->second.EnumValues && T->second.variesAt(R)) {
            In.Enum = T->first;
            In.EnumText = describe(Dx, T->second);
            In.Member = R.Member;
            break;
          }
        }
        Tab.DirectiveIn.try_emplace(Key, std::move(In));
        withdraw(Dx, Tab, Key);
      }
      continue;
    }
    for (const EntityDef *D : I.Defs)
      if (firstDirective(Dx, D->File, D->Begin, D->End, D))
        withdraw(Dx, Tab, Key);
  }
  return Tab.Withdrawn.size() != Before;
}

} // namespace varsim::rewrite::globals::lowering
