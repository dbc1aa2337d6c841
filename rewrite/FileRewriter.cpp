//===- rewrite/FileRewriter.cpp - The edits of one source file ------------===//
//
// FileRewriter's driver (run: the order of its steps), the classification
// of each group (in place, lifted, untouched), the regions of the profile,
// rendering and applying the edits, and the per-feature macro facts the
// planning pass collects. The steps live in their own files (see
// FileRewriterImpl.h).
//
//===----------------------------------------------------------------------===//

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
  if (llvm::Error E = refusePerFeatureTests())
    return E;
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
      // Dead only because an earlier test's platform part was taken as
      // true: whether it holds in this build is the preprocessor's to say.
      // A parse that entered every such earlier branch showed it does; else
      // no parse entered this branch to show it does not.
      const CondPtr &IfFalse = FG.Groups[GI].PresenceIfPlatformFalse[BI];
      // (Or one of them, with no feature part, is always taken once reached.)
      bool EarlierPlatformPartsSeen = true, EarlierAlwaysTaken = false;
      for (size_t J = 0; J < BI; ++J)
        if (FG.Groups[GI].PlatformPart[J]) {
          EarlierPlatformPartsSeen = EarlierPlatformPartsSeen && P.Live[J];
          EarlierAlwaysTaken = EarlierAlwaysTaken ||
                               (P.Live[J] && !FG.Groups[GI].FeaturePart[J]);
        }
      EarlierPlatformPartsSeen = EarlierPlatformPartsSeen || EarlierAlwaysTaken;
      if (P.Dead[BI] && IfFalse && !EarlierPlatformPartsSeen &&
          isSatisfiable(*IfFalse, F) &&
          G.Branches[BI].ContentBegin < G.Branches[BI].ContentEnd &&
          hasCode(G.Branches[BI]))
        return errorAt(dir(G.Branches[BI].DirectiveIndex),
                       "this branch (" + conditionText(*IfFalse, F) +
                           ") follows a test of platform or project macros "
                           "that varsim cannot evaluate (" +
                           firstPlatformTest(GI, BI) +
                           "), and no parse entered it: whether it runs in "
                           "this build is unknown; test the platform macros "
                           "in an #if of their own around the feature "
                           "tests, or make them features of the model");
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
  if (!Presumed)
    Presumed.emplace(In.Text);
  return (*Presumed)(Physical);
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
