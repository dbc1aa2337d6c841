//===- rewrite/FileRewriter.cpp - The edits of one source file ------------===//

#include "rewrite/FileRewriterImpl.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <functional>
namespace varsim::rewrite {
namespace detail {
namespace {

/// "'M(X)' to feature X" when Condition (an #if's text) applies a
/// function-like macro M to a feature macro X, else "".
std::string helperAppliedToFeature(llvm::StringRef Condition,
                                   const FeatureSetup &F) {
  auto Ident = [](char C) {
    return std::isalnum((unsigned char)C) || C == '_';
  };
  for (size_t I = 0; I < Condition.size();) {
    if (!Ident(Condition[I]) || (I > 0 && Ident(Condition[I - 1]))) {
      ++I;
      continue;
    }
    size_t E = I;
    while (E < Condition.size() && Ident(Condition[E]))
      ++E;
    llvm::StringRef Name = Condition.slice(I, E);
    llvm::StringRef Rest = Condition.drop_front(E).ltrim();
    if (Name != "defined" && Rest.consume_front("(")) {
      llvm::StringRef Arg = Rest.take_until([](char C) { return C == ')'; });
      Arg = Arg.trim();
      if (F.isFeatureMacro(Arg.str()))
        return "'" + Name.str() + "(" + Arg.str() + ")' to feature " +
               Arg.str();
    }
    I = E;
  }
  return "";
}

/// A path as a C string literal (for #line).
std::string quotedPath(llvm::StringRef Path) {
  std::string Out = "\"";
  for (char C : Path) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}
} // namespace

llvm::Expected<std::string> FileRewriter::run() {
  collectFunctions();
  if (llvm::Error E = classify())
    return E;
  if (llvm::Error E = resolveParameterGroups())
    return E;
  if (llvm::Error E = liftProblems())
    return E;
  if (llvm::Error E = liftConstantUses())
    return E;
  if (llvm::Error E = liftCopiedMacros())
    return E;
  if (llvm::Error E = encodeGroups())
    return E;
  dropRepeatedMembers();
  if (llvm::Error E = hoistDeclarations(/*Dry=*/false, nullptr))
    return E;
  if (llvm::Error E = planDuplicates())
    return E;
  if (llvm::Error E = mergeMacros())
    return E;
  settleResolvedTests();
  if (llvm::Error E = refuseStringifiedMacros())
    return E;
  if (llvm::Error E = emitSwitches())
    return E;
  if (llvm::Error E = lowerStartupCode())
    return E;
  if (auto It = Ctx.TokenEdits.find(In.Path); It != Ctx.TokenEdits.end())
    for (const ProjectContext::TokenEdit &T : It->second)
      addEdit(T.Offset, T.Offset + T.Length, T.Text);
  parenthesizeMacroNames();
  replaceFeatureValues();
  markFunctions();
  recordUnmarkedCode();
  planHotVersions();
  llvm::Expected<std::string> Out = apply();
  if (!Out || Out->empty())
    return Out;
  return versionHotLoops(std::move(*Out));
}

std::string FileRewriter::featuresOf(const CondGroup &G) {
  std::set<std::string> Ms;
  for (const CondGroup::Branch &B : G.Branches)
    if (B.Condition)
      collectMacros(*B.Condition, Ms);
  std::string S;
  for (const std::string &M : Ms)
    if (F.isFeatureMacro(M))
      S += (S.empty() ? "" : ", ") + M;
  return S;
}

llvm::Error FileRewriter::classify() {
  Plans.resize(FS.Groups.size());
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    GroupPlan &P = Plans[GI];
    P.Live.assign(G.Branches.size(), false);
    P.Dead.assign(G.Branches.size(), false);
    if (G.ParentGroup) {
      const GroupPlan &Parent = Plans[*G.ParentGroup];
      P.InsideDead = Parent.InsideDead || (Parent.L != Level::Untouched &&
                                           Parent.Dead[G.ParentBranch]);
    }
    if (!FG.Groups[GI].IsFeature || P.InsideDead)
      continue;
    if (isDefaulting(GI)) {
      P.L = Level::Defaulted;
      continue;
    }
    const Directive &If = dir(G.Branches[0].DirectiveIndex);
    bool Active = false;
    std::optional<DirectivePlace> Seen;
    for (const ParseView &V : In.Parses) {
      if (!groupActive(*V.Facts, GI))
        continue;
      Active = true;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI)
        if (V.Facts->isActive(G.Branches[BI].ContentBegin,
                              G.Branches[BI].ContentEnd))
          P.Live[BI] = true;
      std::vector<unsigned> Dirs;
      for (const CondGroup::Branch &B : G.Branches)
        Dirs.push_back(B.DirectiveIndex);
      Dirs.push_back(G.EndifIndex);
      for (unsigned D : Dirs) {
        auto It = V.Facts->Places.find(D);
        if (It == V.Facts->Places.end())
          continue;
        const DirectivePlace &Pl = It->second;
        if (Pl.K == DirectivePlace::Inside) {
          Problems.try_emplace(
              GI,
              Problem{dir(D).Begin, "conditional on feature " + featuresOf(G) +
                                        " inside " + Pl.Construct +
                                        " (an undisciplined annotation)"});
          continue;
        }
        if (!Seen) {
          Seen = Pl;
          if (Pl.K == DirectivePlace::Statements && Pl.Function >= 0) {
            const FunctionFact &Fn = V.Facts->Functions[Pl.Function];
            P.Function = Fn.Name;
            P.FunctionConstexpr = Fn.Constexpr;
          }
          continue;
        }
        bool SameKind = (Seen->K == DirectivePlace::Statements) ==
                        (Pl.K == DirectivePlace::Statements);
        if (!SameKind || (Pl.K == DirectivePlace::Statements &&
                          Pl.Compound != Seen->Compound))
          Problems.try_emplace(
              GI,
              Problem{dir(D).Begin, "conditional on feature " + featuresOf(G) +
                                        " spans more than one block or mixes "
                                        "statements and declarations (an "
                                        "undisciplined annotation)"});
      }
    }
    if (!Active)
      continue;
    if (!FG.Groups[GI].MixedMacros.empty())
      if (std::string Helper = helperAppliedToFeature(If.Body, F);
          !Helper.empty())
        return errorAt(If, "condition applies the function-like macro " +
                               Helper +
                               " (an IS_ENABLED()-style helper): varsim does "
                               "not see through it (it expands to '" +
                               FG.Groups[GI].MixedMacros.front() +
                               "', not a feature); test the feature itself "
                               "here, '#ifdef X' or '#if defined(X)'");
    if (!FG.Groups[GI].MixedMacros.empty())
      return errorAt(
          If, "condition mixes features with the non-feature macro '" +
                  FG.Groups[GI].MixedMacros.front() +
                  "': the features become run-time conditions, '" +
                  FG.Groups[GI].MixedMacros.front() +
                  "' stays a compile-time one, and this condition is not "
                  "'(features) && (other macros)' so it cannot be split; "
                  "nor is '" +
                  FG.Groups[GI].MixedMacros.front() +
                  "' defined from features only before every use of this "
                  "file (a file #included by another source, or a macro "
                  "set by the build, is seen as it is where it is "
                  "included): test it in an #if of its own around the "
                  "feature test, or make it a feature of the model");
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      if (P.Live[BI])
        continue;
      P.Dead[BI] = !isSatisfiable(*FG.Groups[GI].Presence[BI], F);
      // A branch for another platform: kept under its preprocessor #if.
      if (hasPlatformPart(GI) && FG.Groups[GI].PlatformPart[BI])
        continue;
      if (!P.Dead[BI] &&
          G.Branches[BI].ContentBegin < G.Branches[BI].ContentEnd &&
          hasCode(G.Branches[BI]))
        return errorAt(dir(G.Branches[BI].DirectiveIndex),
                       "this branch (" +
                           conditionText(*FG.Groups[GI].Presence[BI], F) +
                           ") was not parsed by any translation unit; "
                           "cannot classify it (if the project gives a "
                           "feature of this condition a default when it is "
                           "not defined, `#ifndef M` / `#define M 1`, a "
                           "boolean feature never reaches the other "
                           "value: model M as a numeric feature, e.g. "
                           "0..1)");
    }
    P.L = Seen && Seen->K == DirectivePlace::Statements ? Level::Statements
                                                        : Level::Declarations;
    if (Seen && Seen->K == DirectivePlace::Statements)
      P.Compound = Seen->Compound;
    // An #include in a function body under a feature (a computed-goto
    // dispatch table, a block of generated cases): as a run-time branch its
    // declarations and macros would be scoped to that branch.
    if (P.L == Level::Statements)
      for (size_t BI = 0; BI < G.Branches.size(); ++BI)
        for (unsigned D : G.Branches[BI].Directives)
          if (!P.Dead[BI] && dir(D).Kind == DirectiveKind::Include) {
            std::string WhyNot = liftableInclude(dir(D));
            if (WhyNot.empty()) {
              // Lifted: each copy of the function includes it or not.
              if (!Problems.count(GI))
                Problems[GI] = Problem{
                    dir(D).Begin, "#include inside the body of '" + P.Function +
                                      "' under feature " + featuresOf(G)};
              continue;
            }
            return errorAt(dir(D),
                           "#include inside the body of '" + P.Function +
                               "' under feature " + featuresOf(G) +
                               ": its declarations and macros would be "
                               "confined to a run-time branch, and it cannot "
                               "be kept in per-configuration copies of the "
                               "function (" +
                               WhyNot +
                               "); include it outside the function, or keep "
                               "it out of the model");
          }
    if (P.L == Level::Statements && P.FunctionConstexpr && !Problems.count(GI))
      return errorAt(If, "conditional statements in the constexpr function "
                         "'" +
                             P.Function +
                             "' cannot become run-time control flow");
  }
  return llvm::Error::success();
}

unsigned FileRewriter::originalLine(unsigned Physical) {
  if (LineShift.empty()) {
    // `#line N` (optionally with a file name) makes the next line N.
    LineShift.push_back(0);
    int Shift = 0;
    llvm::StringRef Rest = In.Text;
    unsigned Line = 1;
    while (true) {
      auto [Text, Next] = Rest.split('\n');
      LineShift.push_back(Shift);
      llvm::StringRef T = Text.ltrim(" \t");
      if (T.consume_front("#")) {
        T = T.ltrim(" \t");
        unsigned N = 0;
        if (T.consume_front("line") && !T.empty() &&
            (T.front() == ' ' || T.front() == '\t') &&
            !T.ltrim(" \t").consumeInteger(10, N))
          Shift = static_cast<int>(N) - static_cast<int>(Line + 1);
      }
      if (Next.data() == nullptr || Rest.size() == Text.size())
        break;
      Rest = Next;
      ++Line;
    }
  }
  if (Physical >= LineShift.size())
    return Physical;
  return static_cast<unsigned>(static_cast<int>(Physical) +
                               LineShift[Physical]);
}

unsigned FileRewriter::addRegion(runtime::RegionKind K,
                                 const std::string &Function,
                                 const std::string &Condition, unsigned Line,
                                 unsigned EndLine) {
  runtime::RegionDesc R;
  R.Kind = K;
  R.Function = Function;
  R.Condition = Condition;
  R.File = In.Path;
  R.Line = Line;
  R.EndLine = EndLine;
  Ctx.Tables.Regions.push_back(std::move(R));
  return static_cast<unsigned>(Ctx.Tables.Regions.size() - 1);
}

/// A branch's test with its compile-time part read from its helper.
CondPtr FileRewriter::runtimeTest(unsigned GI, size_t BI) const {
  std::vector<CondPtr> Parts;
  if (FG.Groups[GI].PlatformPart[BI]) {
    auto Id = std::make_shared<Cond>();
    Id->K = Cond::Ident;
    Id->Name = helperName(GI, BI);
    Parts.push_back(Id);
  }
  if (FG.Groups[GI].FeaturePart[BI])
    Parts.push_back(FG.Groups[GI].FeaturePart[BI]);
  return makeAnd(Parts);
}

/// A branch's own condition (earlier tests false), as runtimeTest.
CondPtr FileRewriter::runtimeOwn(unsigned GI, size_t BI) const {
  const CondGroup &G = FS.Groups[GI];
  std::vector<CondPtr> Parts;
  for (size_t J = 0; J < BI; ++J)
    if (G.Branches[J].Condition)
      Parts.push_back(makeNot(runtimeTest(GI, J)));
  if (G.Branches[BI].Condition)
    Parts.push_back(runtimeTest(GI, BI));
  return makeAnd(Parts);
}

/// A group whose tests are `platform && features`: the preprocessor
/// computes each platform part into a helper macro (at the #if), the
/// run-time if reads it, and statements of a branch stay inside a
/// preprocessor #if on its platform part (they may not compile
/// elsewhere). #line keeps the original line numbers.
void FileRewriter::encodeMixed(unsigned GI) {
  const CondGroup &G = FS.Groups[GI];
  const GroupPlan &P = Plans[GI];
  bool Stmts = P.L == Level::Statements;
  std::string Helpers;
  for (size_t BI = 0; BI < G.Branches.size(); ++BI)
    if (const CondPtr &PP = FG.Groups[GI].PlatformPart[BI])
      Helpers += "#if " + preprocessorText(*PP) + "\n#define " +
                 helperName(GI, BI) + " 1\n#else\n#define " +
                 helperName(GI, BI) + " 0\n#endif\n";
  bool PrevGuard = false;
  auto Lines = [&](const Directive &D, const std::string &Code,
                   const std::string &Open) {
    return "\n" + std::string(PrevGuard ? "#endif\n" : "") + "#line " +
           std::to_string(D.Line) + "\n" + Code + "\n" + Open + "#line " +
           std::to_string(D.Line + D.PhysicalLines) + "\n";
  };
  for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
    const CondGroup::Branch &B = G.Branches[BI];
    if (P.Dead[BI] && B.ContentBegin < B.ContentEnd)
      addEdit(B.ContentBegin, B.ContentEnd,
              newlines(llvm::StringRef(In.Text).slice(B.ContentBegin,
                                                      B.ContentEnd)));
    std::string Code;
    if (Stmts) {
      std::string Test =
          B.Condition ? conditionCode(*runtimeTest(GI, BI), F) : "";
      Code = BI == 0       ? "if (" + Test + ") {"
             : B.Condition ? "} else if (" + Test + ") {"
                           : "} else {";
      if (Ctx.Detail != Granularity::Function && !P.Dead[BI] &&
          !leaveUnmarked(GI, BI) && !CaseGuarded.count(GI)) {
        unsigned Next = BI + 1 < G.Branches.size()
                            ? G.Branches[BI + 1].DirectiveIndex
                            : G.EndifIndex;
        unsigned Id = addRegion(runtime::RegionKind::Region, P.Function,
                                conditionText(*FG.Groups[GI].Own[BI], F),
                                originalLine(dir(B.DirectiveIndex).Line),
                                originalLine(dir(Next).Line));
        noteMarkedBlock(GI, BI, Id);
        Code += " " + runtime::regionMarker(runtime::RegionKind::Region, Id);
      }
    }
    // Declarations of a branch that defines macros stay unguarded: a
    // macro merged per feature is defined in its first branch. (A scratch
    // macro, defined and undefined in the branch, is not merged.)
    bool HasDefine = llvm::any_of(B.Directives, [&](unsigned D) {
      return dir(D).Kind == DirectiveKind::Define && !scratchPair(B, D);
    });
    bool Guard =
        FG.Groups[GI].PlatformPart[BI] && !P.Dead[BI] && (Stmts || !HasDefine);
    std::string Open =
        Guard
            ? "#if " + preprocessorText(*FG.Groups[GI].PlatformPart[BI]) + "\n"
            : "";
    Replace[B.DirectiveIndex] += (BI == 0 ? "\n" + Helpers : std::string()) +
                                 Lines(dir(B.DirectiveIndex), Code, Open);
    Raw.insert(B.DirectiveIndex);
    PrevGuard = Guard;
  }
  Replace[G.EndifIndex] += Lines(dir(G.EndifIndex), Stmts ? "}" : "", "");
  Raw.insert(G.EndifIndex);
}

llvm::Error FileRewriter::encodeGroups() {
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    const GroupPlan &P = Plans[GI];
    if ((P.L == Level::Statements || P.L == Level::Declarations) &&
        hasPlatformPart(GI)) {
      encodeMixed(GI);
      continue;
    }
    if (P.L == Level::Defaulted) {
      unsigned B = dir(G.Branches[0].DirectiveIndex).Begin;
      unsigned E = dir(G.EndifIndex).End;
      addEdit(B, E, newlines(llvm::StringRef(In.Text).slice(B, E)));
      continue;
    }
    if (P.L == Level::Untouched || P.L == Level::Resolved)
      continue;
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (P.Dead[BI] && B.ContentBegin < B.ContentEnd)
        addEdit(B.ContentBegin, B.ContentEnd,
                newlines(llvm::StringRef(In.Text).slice(B.ContentBegin,
                                                        B.ContentEnd)));
      std::string &Text = Replace[B.DirectiveIndex];
      if (P.L == Level::Declarations)
        continue;
      if (BI == 0)
        Text += "if (" + conditionCode(*B.Condition, F) + ") {";
      else if (B.Condition)
        Text += "} else if (" + conditionCode(*B.Condition, F) + ") {";
      else
        Text += "} else {";
      if (Ctx.Detail != Granularity::Function && !P.Dead[BI] &&
          !leaveUnmarked(GI, BI) && !CaseGuarded.count(GI)) {
        unsigned Next = BI + 1 < G.Branches.size()
                            ? G.Branches[BI + 1].DirectiveIndex
                            : G.EndifIndex;
        unsigned Id = addRegion(runtime::RegionKind::Region, P.Function,
                                conditionText(*FG.Groups[GI].Own[BI], F),
                                originalLine(dir(B.DirectiveIndex).Line),
                                originalLine(dir(Next).Line));
        noteMarkedBlock(GI, BI, Id);
        Text += " " + runtime::regionMarker(runtime::RegionKind::Region, Id);
      }
    }
    Replace[G.EndifIndex] += P.L == Level::Statements ? "}" : "";
  }
  return llvm::Error::success();
}

/// The outermost statement-level group around GI in the same block.
unsigned FileRewriter::anchorOf(unsigned GI) const {
  unsigned A = GI;
  while (FS.Groups[A].ParentGroup) {
    unsigned P = *FS.Groups[A].ParentGroup;
    if (Plans[P].L != Level::Statements ||
        Plans[P].Compound != Plans[GI].Compound)
      break;
    A = P;
  }
  return A;
}

/// Hoists the declarations of statement-level blocks that the code after
/// the block uses. Dry: only finds the blocks whose declarations cannot
/// be hoisted (appended to Found, to be lifted), and edits nothing.
llvm::Error FileRewriter::hoistDeclarations(
    bool Dry, std::vector<std::pair<unsigned, Problem>> *Found) {
  std::set<unsigned> Done;
  // Per anchor: the hoisted variables, name -> declaration.
  std::map<unsigned, std::map<std::string, std::string>> Hoisted;
  for (const ParseView &V : In.Parses) {
    for (const CompoundFact &C : V.Facts->Compounds) {
      for (const StmtFact &S : C.Children) {
        // The innermost statement-level feature branch holding S.
        std::optional<unsigned> Group;
        unsigned Size = ~0u;
        for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
          if (Plans[GI].L != Level::Statements || Plans[GI].Compound != C.Begin)
            continue;
          // A label's statement ends where the labelled one begins,
          // which may be after the block: only its start counts.
          for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
            if (B.ContentBegin <= S.Begin &&
                (S.Label ? S.Begin < B.ContentEnd : S.End <= B.ContentEnd) &&
                B.ContentEnd - B.ContentBegin < Size) {
              Size = B.ContentEnd - B.ContentBegin;
              Group = GI;
            }
        }
        if (!Group)
          continue;
        // Lifting the group (dry run) or a located error.
        auto Fail = [&](const llvm::Twine &Msg) -> llvm::Error {
          if (Dry) {
            Found->push_back({*Group, Problem{S.Begin, Msg.str()}});
            return llvm::Error::success();
          }
          return error(S.Begin, Msg);
        };
        if (S.Label) {
          std::string WhyNot = guardCaseLabel(C, S, *Group, Dry);
          if (WhyNot.empty())
            continue;
          if (llvm::Error E =
                  Fail("a case or goto label inside a conditional block on "
                       "feature " +
                       featuresOf(FS.Groups[*Group]) +
                       " (an undisciplined annotation; " + WhyNot + ")"))
            return E;
          continue;
        }
        if (!S.DeclStmt || !Done.insert(S.Begin).second)
          continue;
        const VarFact *Destructed = nullptr;
        for (const VarFact &VF : S.Vars)
          if (VF.Destructed && !Destructed)
            Destructed = &VF;
        if (Destructed) {
          if (llvm::Error E =
                  Fail("the object '" + Destructed->Name +
                       "' declared inside a conditional block on feature " +
                       featuresOf(FS.Groups[*Group]) +
                       " has a destructor; as run-time control flow it would "
                       "be destroyed at the end of the block instead of its "
                       "scope"))
            return E;
          continue;
        }
        unsigned GroupEnd = dir(FS.Groups[*Group].EndifIndex).Begin;
        bool UsedAfter = llvm::any_of(
            S.Vars, [&](const VarFact &VF) { return VF.MaxUse > GroupEnd; });
        if (!UsedAfter)
          continue;
        if (S.Vars.size() != 1) {
          if (llvm::Error E = Fail(
                  "a declaration of several variables inside a "
                  "conditional block on feature " +
                  featuresOf(FS.Groups[*Group]) + " is used after the block"))
            return E;
          continue;
        }
        const VarFact &VF = S.Vars.front();
        if (!VF.Scalar || VF.StaticLocal) {
          if (llvm::Error E =
                  Fail("the variable '" + VF.Name +
                       "' is declared inside a conditional block on feature " +
                       featuresOf(FS.Groups[*Group]) +
                       " and used after it, but its declaration ('" +
                       VF.HoistedDecl +
                       "') cannot be hoisted (only non-static scalar variables "
                       "initialized with '=' can)"))
            return E;
          continue;
        }
        unsigned Anchor = anchorOf(*Group);
        auto [It, New] = Hoisted[Anchor].try_emplace(VF.Name, VF.HoistedDecl);
        if (!New && It->second != VF.HoistedDecl) {
          if (llvm::Error E =
                  Fail("the variable '" + VF.Name +
                       "' has a different type per variant ('" + It->second +
                       "' and '" + VF.HoistedDecl + "')"))
            return E;
          continue;
        }
        if (Dry)
          continue;
        if (VF.HasInit)
          addEdit(S.Begin, VF.InitBegin, VF.Name + " = ");
        else
          addEdit(S.Begin, S.End, "");
      }
    }
  }
  if (Dry)
    return llvm::Error::success();
  for (const auto &[Anchor, Vars] : Hoisted) {
    std::string Decls;
    for (const auto &[Name, Decl] : Vars)
      Decls += Decl + "; ";
    unsigned D = FS.Groups[Anchor].Branches[0].DirectiveIndex;
    Replace[D] = Decls + Replace[D];
  }
  return llvm::Error::success();
}

/// A member declared alike (same type, same text) in several feature
/// branches of its record (`#if A int extra; #elif B int extra; ...`): the
/// simulator holds the union of the members, so it declares it once (the
/// first declaration) and drops the repeats. A member declared differently
/// is refused by the safety pass (LayoutJudge).
void FileRewriter::dropRepeatedMembers() {
  std::map<std::pair<std::string, std::string>,
           std::map<unsigned, const FieldFact *>>
      ByName;
  std::map<unsigned, std::set<std::string>> NamesAt;
  for (const ParseView &V : In.Parses)
    for (const FieldFact &Fd : V.Facts->Fields) {
      ByName[{Fd.Record, Fd.Name}].try_emplace(Fd.Begin, &Fd);
      NamesAt[Fd.Begin].insert(Fd.Name);
    }
  for (const auto &[Key, Decls] : ByName) {
    if (Decls.size() < 2)
      continue;
    const FieldFact &First = *Decls.begin()->second;
    bool Alike = llvm::all_of(Decls, [&](const auto &D) {
      const FieldFact &Fd = *D.second;
      return Fd.Declaration == First.Declaration && Fd.End != 0 &&
             NamesAt[Fd.Begin].size() == 1 &&
             FG.presenceAt(FS, Fd.Begin)->K != Cond::Int;
    });
    if (!Alike)
      continue;
    for (auto It = std::next(Decls.begin()); It != Decls.end(); ++It) {
      const FieldFact &Fd = *It->second;
      addEdit(Fd.Begin, Fd.End,
              newlines(llvm::StringRef(In.Text).slice(Fd.Begin, Fd.End)));
    }
  }
}

/// `#ifndef F` / `#define F 0` / `#endif` for a feature F (any value for
/// a numeric F, which every configuration defines): the default of a
/// feature tested by value, which the simulator reads at run time.
bool FileRewriter::isDefaulting(unsigned GI) const {
  const CondGroup &G = FS.Groups[GI];
  if (G.Branches.size() != 1 || !G.Branches[0].Condition)
    return false;
  const Cond &C = *G.Branches[0].Condition;
  if (C.K != Cond::Unary || C.Op != "!" || C.Operands[0]->K != Cond::Defined)
    return false;
  const std::string &M = C.Operands[0]->Name;
  const CondGroup::Branch &B = G.Branches[0];
  if (!F.isFeatureMacro(M) || B.Directives.size() != 1 || !B.Children.empty())
    return false;
  const Directive &D = dir(B.Directives[0]);
  llvm::StringRef Text(In.Text);
  if (D.Kind != DirectiveKind::Define || D.Macro != M || D.FunctionLike ||
      Text.slice(B.ContentBegin, B.ContentEnd).trim() !=
          Text.slice(D.Begin, D.End).trim())
    return false;
  if (F.isNumeric(M))
    return true;
  // A boolean feature defaulted to 0 is read by value (#if F); with
  // defined(F) elsewhere the variant would always see it defined.
  if (llvm::StringRef(D.Replacement).trim() != "0")
    return false;
  std::function<bool(const Cond &)> TestsDefined = [&](const Cond &N) {
    if (N.K == Cond::Defined && N.Name == M)
      return true;
    return llvm::any_of(N.Operands,
                        [&](const CondPtr &O) { return TestsDefined(*O); });
  };
  for (unsigned Other = 0; Other < FS.Groups.size(); ++Other)
    if (Other != GI)
      for (const CondGroup::Branch &Br : FS.Groups[Other].Branches)
        if (Br.Condition && TestsDefined(*Br.Condition))
          return false;
  return true;
}

/// Feature macros used as values (`printf("%d", LEVEL)`) read the
/// runtime's value (the simulator is compiled without their -D flags).
void FileRewriter::replaceFeatureValues() {
  std::set<unsigned> Constant;
  std::map<unsigned, std::string> Uses;
  for (const ParseView &V : In.Parses) {
    for (const ConstantUse &CU : V.Facts->ConstantUses)
      Constant.insert(CU.Offset);
    for (const MacroUse &U : V.Facts->FeatureValueUses)
      Uses.emplace(U.Offset, U.Macro);
  }
  for (const auto &[Offset, Macro] : Uses) {
    if (Constant.count(Offset))
      continue; // Duplicated per configuration instead.
    if (auto D = directiveAt(Offset))
      if (dir(*D).Kind != DirectiveKind::Define || Replace.count(*D))
        continue;
    addEdit(Offset, Offset + static_cast<unsigned>(Macro.size()),
            "(" + runtime::featureValueExpr(F.descOf(Macro)) + ")");
  }
}

std::string originalNameDefines(llvm::StringRef Name) {
  if (size_t Colons = Name.rfind("::"); Colons != llvm::StringRef::npos)
    Name = Name.drop_front(Colons + 2);
  std::string Quoted = "\"" + Name.str() + "\"";
  return "#define __func__ " + Quoted + "\n#define __FUNCTION__ " + Quoted +
         "\n#define __PRETTY_FUNCTION__ " + Quoted + "\n";
}

std::string originalNameUndefs() {
  return "#undef __func__\n#undef __FUNCTION__\n#undef __PRETTY_FUNCTION__\n";
}

llvm::Error FileRewriter::keepOriginalName(const FunctionFact &Fn,
                                           llvm::StringRef Name) {
  if (Duplicates.count(Fn.BodyBegin))
    return llvm::Error::success(); // Its copies define it (renderDuplicate).
  if (inAnyParse(Fn.BodyBegin, &FunctionFact::OpaqueFuncName))
    return error(Fn.NameBegin,
                 "'" + Name +
                     "' is renamed in the simulator (it is defined per "
                     "feature or copied per configuration), and its body "
                     "uses __PRETTY_FUNCTION__ or a predefined name inside "
                     "a lambda, whose text would change; use __func__");
  llvm::StringRef Text(In.Text);
  unsigned Begin = Fn.DeclBegin, End = Fn.BodyEnd + 1;
  bool AtLineStart = Begin == 0 || Text[Begin - 1] == '\n';
  addEdit(Begin, Begin,
          (AtLineStart ? "" : "\n") + originalNameDefines(Name) + "#line " +
              std::to_string(FS.lineOf(Begin)) + "\n");
  addEdit(End, End,
          "\n" + originalNameUndefs() + "#line " +
              std::to_string(FS.lineOf(Fn.BodyEnd)) + "\n");
  return llvm::Error::success();
}

/// A `static` non-member function of a source file (not a header: other
/// files cannot name it) whose name the file uses only to call it: every
/// caller is code of this file, none takes its address for a table or a
/// callback that Base code might call through.
bool onlyCalledInFile(const FunctionFact &Fn, llvm::StringRef Path,
                      llvm::StringRef Text) {
  if (Fn.Member || Fn.Template || Fn.Lambda || Fn.NameLength == 0 ||
      Fn.NameBegin + Fn.NameLength > Text.size())
    return false;
  if (!isTranslationUnitName(Path))
    return false;
  auto IsIdent = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  llvm::StringRef Head = Text.slice(Fn.DeclBegin, Fn.NameBegin);
  size_t Static = Head.find("static");
  if (Static == llvm::StringRef::npos ||
      (Static > 0 && IsIdent(Head[Static - 1])) ||
      (Static + 6 < Head.size() && IsIdent(Head[Static + 6])))
    return false;
  llvm::StringRef Name = Text.substr(Fn.NameBegin, Fn.NameLength);
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + Name.size())) {
    size_t End = At + Name.size();
    if ((At > 0 && IsIdent(Text[At - 1])) ||
        (End < Text.size() && IsIdent(Text[End])))
      continue;
    llvm::StringRef After = Text.drop_front(End).ltrim();
    if (!After.starts_with("("))
      return false; // Its address, or a use the scan cannot read.
  }
  return true;
}

void FileRewriter::markFunctions() {
  for (const auto &[Begin, Fn] : Functions) {
    if (Fn->Lambda || Fn->Constexpr || Duplicates.count(Begin) ||
        Merged.count(Begin))
      continue;
    CondPtr PC = FG.presenceAt(FS, Fn->DeclBegin);
    std::string Condition = conditionText(*PC, F);
    // A loopless function's marker costs more than a small hot function
    // and adds nothing the model needs: its time is its caller's self
    // time, whose term already holds the function's condition (Base adds
    // nothing; a function present only under C is called only from code
    // present under C, which a marked region or function covers). Except
    // where a call can come from elsewhere: a function other files may
    // call, or one whose address is taken (an indirect call from Base
    // code). Block markers (--granularity function has none) are what
    // cover the callers.
    bool ConditionCovered =
        Condition == "1" || (Ctx.Detail == Granularity::Region &&
                             onlyCalledInFile(*Fn, In.Path, In.Text));
    if (!Ctx.MarkEveryFunction && ConditionCovered && !Fn->Main &&
        (!inAnyParse(Begin, &FunctionFact::Loops) ||
         isLoopAroundSwitches(*Fn, Condition))) {
      Ctx.Unmarked.push_back({Fn->Name, In.Path, Fn->Line, Fn->EndLine});
      continue;
    }
    unsigned Id = addRegion(runtime::RegionKind::Function, Fn->Name, Condition,
                            Fn->Line, Fn->EndLine);
    MarkedScopes.push_back({Fn->BodyBegin, Fn->BodyEnd, Id});
    addEdit(Begin + 1, Begin + 1,
            " " + runtime::regionMarker(runtime::RegionKind::Function, Id));
  }
}

/// Text[B, E) with the edits (all inside it) applied.
llvm::Expected<std::string> FileRewriter::render(unsigned B, unsigned E,
                                                 std::vector<Edit> Es) {
  std::stable_sort(Es.begin(), Es.end(), [](const Edit &X, const Edit &Y) {
    if (X.Begin != Y.Begin)
      return X.Begin < Y.Begin;
    return X.Seq < Y.Seq;
  });
  std::string Out;
  unsigned Pos = B;
  for (size_t I = 0; I < Es.size(); ++I) {
    const Edit &Ed = Es[I];
    if (I > 0 && Es[I - 1].Begin == Ed.Begin && Es[I - 1].End == Ed.End &&
        Es[I - 1].Text == Ed.Text && Ed.Begin != Ed.End)
      continue;
    if (Ed.Begin < Pos)
      return error(Ed.Begin, "internal error: conflicting rewrites here");
    Out += llvm::StringRef(In.Text).slice(Pos, Ed.Begin);
    Out += Ed.Text;
    Pos = Ed.End;
  }
  Out += llvm::StringRef(In.Text).slice(Pos, E);
  return Out;
}

llvm::Expected<std::string> FileRewriter::apply() {
  for (const auto &[Idx, Text] : Replace) {
    const Directive &D = dir(Idx);
    addEdit(D.Begin, D.End,
            Raw.count(Idx)
                ? Text
                : Text +
                      newlines(llvm::StringRef(In.Text).slice(D.Begin, D.End)));
  }
  if (Edits.empty() && Duplicates.empty())
    return std::string();
  // A duplicated function is one edit: its copies, with the edits inside
  // it applied to each.
  for (const auto &[Begin, D] : Duplicates) {
    unsigned B = D.Fn->DeclBegin, E = D.Fn->BodyEnd + 1;
    std::vector<Edit> Inner, Outer;
    for (const Edit &Ed : Edits) {
      bool In = B <= Ed.Begin && Ed.End <= E && !(Ed.Begin == E && Ed.End == E);
      if (!In && Ed.Begin < E && Ed.End > B && Ed.Begin != Ed.End)
        return error(Ed.Begin, "internal error: an edit crosses the "
                               "duplicated function '" +
                                   D.Fn->Name + "'");
      (In ? Inner : Outer).push_back(Ed);
    }
    auto Text = renderDuplicate(D, Inner);
    if (!Text)
      return Text.takeError();
    Edits = std::move(Outer);
    addEdit(B, E, std::move(*Text));
  }
  auto Body = render(0, static_cast<unsigned>(In.Text.size()), Edits);
  if (!Body)
    return Body.takeError();
  // `#line 1 "ORIGINAL"`: line numbers, __FILE__ and the compiler's
  // messages are those of the original source (includes are still found
  // from the mirror: the compilers search the real file's directory).
  return "#include \"" + In.GeneratedInclude + "\"\n#line 1 " +
         quotedPath(In.Path) + "\n" + *Body;
}

} // namespace detail

std::map<std::string, PerFeatureMacro>
collectPerFeatureMacros(const std::map<std::string, FileStructure> &Structures,
                        const std::map<std::string, FileGroups> &Groups,
                        const FeatureSetup &F,
                        const std::set<std::string> &Parsed) {
  std::map<std::string, PerFeatureMacro> Out;
  std::set<std::string> Ambiguous;
  forEachFeatureGroup(
      Structures, Groups,
      [&](const std::string &File, const FileStructure &FS,
          const FileGroups &FG, unsigned GI) {
        if (!Parsed.count(File))
          return;
        const CondGroup &G = FS.Groups[GI];
        std::map<std::string, PerFeatureMacro> Here;
        for (size_t BI = 0; BI < G.Branches.size(); ++BI)
          for (unsigned DI : G.Branches[BI].Directives) {
            const Directive &D = FS.Directives[DI];
            if (D.Kind != DirectiveKind::Define)
              continue;
            PerFeatureMacro &P = Here[D.Macro];
            if (P.Definitions.empty()) {
              std::set<std::string> Ms;
              for (const CondGroup::Branch &B : G.Branches) {
                P.Tests.push_back(B.Condition);
                if (B.Condition)
                  collectMacros(*B.Condition, Ms);
              }
              P.Own = FG.Groups[GI].Own;
              P.Definitions.assign(G.Branches.size(), "");
              for (const std::string &M : Ms)
                if (F.isFeatureMacro(M))
                  P.Features += (P.Features.empty() ? "" : ", ") + M;
            }
            std::string Params;
            if (D.FunctionLike) {
              llvm::StringRef B(D.Body);
              Params = B.slice(D.Macro.size(), B.find(')') + 1).str();
            }
            P.Definitions[BI] = D.Macro + Params + " " + D.Replacement;
          }
        for (auto &[M, P] : Here) {
          if (Ambiguous.count(M) || Out.count(M)) {
            Out.erase(M);
            Ambiguous.insert(M);
            continue;
          }
          Out.emplace(M, std::move(P));
        }
      });
  return Out;
}

std::string identifierFor(llvm::StringRef Condition) {
  std::string Out;
  for (size_t I = 0; I < Condition.size(); ++I) {
    char C = Condition[I];
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_')
      Out += C;
    else if (C == '!')
      Out += "not_";
    else if (Condition.substr(I).starts_with("&&")) {
      Out += "_and_";
      ++I;
    } else if (Condition.substr(I).starts_with("||")) {
      Out += "_or_";
      ++I;
    } else if (C != ' ' && C != '(' && C != ')')
      Out += '_';
  }
  return Out.empty() ? "base" : Out;
}

llvm::Expected<std::string> rewriteFile(const FileInput &In,
                                        ProjectContext &Ctx) {
  return detail::FileRewriter(In, Ctx).run();
}

} // namespace varsim::rewrite
