//===- rewrite/DerivedMacros.cpp - Macros derived from features -----------===//
//
// A small symbolic preprocessor over the scanned structures. The state of a
// project macro at a point of a file is the ordered list of its #define and
// #undef sites that the preprocessor has certainly seen there, each with its
// presence condition (the tests of its enclosing groups, themselves resolved
// at their own positions); a later site overrides an earlier one when its
// presence condition holds. From that list, `defined(M)` and the value of M
// are conditions over features, integers and platform macros.
//
// What the preprocessor has "certainly seen" is where the soundness lies:
//  - sites in the testing file itself, before the test, when the file is
//    read at most once per translation unit (include guard, #pragma once,
//    or a file nobody includes);
//  - all sites of one header that every translation unit has completely
//    read before the test: the file includes it (directly or through
//    headers, outside any conditional) before the test, or every file that
//    includes the testing file does so after it (a must-analysis over the
//    include graph; translation units are the files with a source
//    extension);
//  - for a constant defined identically and unconditionally in several
//    files, any one of them;
//  - the sites of several files in the order one header that every unit
//    has completely read before the test reads them, through includes
//    outside any conditional, when every other file holding a site is
//    included from that walk only (a config header that #includes a user
//    config file by a -D'd name, which #undefs its defaults per feature).
// Anything else leaves the macro alone, and the later stages refuse the
// condition as before.
//
// The parts: DerivedMacrosFiles.cpp (the include graph and what every unit
// has read), DerivedMacrosResolver.cpp (a macro's state and value at a
// directive), DerivedMacrosImplied.cpp (features implied by features);
// this file holds the entry point, which rewrites the groups' tests.
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacrosImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <set>

namespace varsim::rewrite {
namespace derived {

std::set<std::string> nonFeatureMacros(const Cond &C, const FeatureSetup &F) {
  std::set<std::string> Ms;
  collectMacros(C, Ms);
  std::erase_if(Ms, [&](const std::string &M) { return F.isFeatureMacro(M); });
  return Ms;
}

bool mentionsFeature(const Cond &C, const FeatureSetup &F) {
  std::set<std::string> Ms;
  collectMacros(C, Ms);
  return llvm::any_of(
      Ms, [&](const std::string &M) { return F.isFeatureMacro(M); });
}

} // namespace derived

using namespace derived;

namespace {

/// True if some #define's body names M.
/// Only in the files Reached marks, if given.
bool namedInMacroBodies(const ProjectMacros &P, const std::string &M,
                        const std::vector<bool> *Reached = nullptr) {
  for (unsigned F = 0; F < P.Files.size(); ++F) {
    const FileInfo &FI = P.Files[F];
    if (Reached && !(*Reached)[F])
      continue;
    for (const Directive &D : FI.FS->Directives) {
      if (D.Kind != DirectiveKind::Define)
        continue;
      llvm::StringRef Text(D.Replacement);
      for (size_t At = Text.find(M); At != llvm::StringRef::npos;
           At = Text.find(M, At + 1)) {
        bool Start =
            At == 0 || !(llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_');
        size_t E = At + M.size();
        bool End =
            E == Text.size() || !(llvm::isAlnum(Text[E]) || Text[E] == '_');
        if (Start && End)
          return true;
      }
    }
  }
  return false;
}

/// R with the boolean features whose state the enclosing branches fix
/// (their tests, conjunctions of feature literals, as this pass left them)
/// replaced by that state: a site's presence repeats the test around the
/// test that reads it (`#if defined(AESNI)` / ... / `#elif
/// defined(HAVE_INTRINSICS)`, both read `!defined(NO_AESNI)`), which would
/// otherwise leave a feature mixed with platform macros.
CondPtr underEnclosingFeatures(const CondPtr &R, const FileStructure &FS,
                               const CondGroup &G, const FeatureSetup &F) {
  std::map<std::string, bool> Known;
  const CondGroup *Cur = &G;
  while (Cur->ParentGroup) {
    const CondGroup &Parent = FS.Groups[*Cur->ParentGroup];
    const CondGroup::Branch &B = Parent.Branches[Cur->ParentBranch];
    if (B.Condition)
      if (auto Lits = asConjunction(*B.Condition))
        for (const MacroLiteral &L : *Lits)
          if (F.isFeatureMacro(L.Macro) && !F.isNumeric(L.Macro))
            Known.emplace(L.Macro, !L.Negated);
    Cur = &Parent;
  }
  if (Known.empty())
    return R;
  return simplifyCondition(assignBooleans(R, Known, /*Identifiers=*/false));
}

} // namespace

llvm::Error resolveDerivedMacros(
    std::map<std::string, FileStructure> &Structures,
    const FeatureSetup &Features, const std::set<std::string> *Units,
    const std::set<std::string> *External, const TargetMacros *Target) {
  ProjectMacros P(Structures, Units, Features);
  Resolver Res(P, Features, External, Target);
  for (unsigned File = 0; File < P.Files.size(); ++File) {
    FileStructure &FS = *P.Files[File].FS;
    Res.InReachedFile = P.ReachedFiles[File];
    for (CondGroup &G : FS.Groups) {
      // A group is classified as a whole: when one of its tests ends up on
      // features, every test of the group that changed is replaced (an
      // `#elif HAVE_X` that is always true becomes `#elif 1`). Elsewhere
      // the preprocessor keeps evaluating the original tests, which is
      // right as long as no macro left in them (Unread) is defined per
      // feature (the rewrite refuses those: rewrite/SettledTests.cpp).
      std::vector<CondPtr> New(G.Branches.size());
      bool OnFeatures = false;
      // Or when its tests end up constant though they test a macro that
      // features define elsewhere (`#if !defined(check)` in a header no
      // unit reads after the one that defines `check` per feature): left
      // alone, the test would look like a run-time test of that macro.
      bool Settled = true, OfPerFeature = false;
      // Or when another test of the group reads a feature (`#if
      // defined(NEVER_DEFINED)` / `#elif defined(FEATURE)`): left to the
      // preprocessor, the settled test would be a platform part, which the
      // branches' presence conditions take as true where the code runs
      // (docs/rewriter.md, "Constructs"): a later branch would look
      // unreachable though it is the one this build runs.
      bool GroupReadsFeature = llvm::any_of(G.Branches, [&](const auto &B) {
        return B.Condition && mentionsFeature(*B.Condition, Features);
      });
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        if (!B.Condition)
          continue;
        bool Changed = false;
        CondPtr R =
            Res.resolve(B.Condition, File, B.DirectiveIndex, false, Changed);
        G.Branches[BI].Unread =
            nonFeatureMacros(R ? *R : *B.Condition, Features);
        if (!R || !Changed) {
          Settled = false;
          continue;
        }
        R = underEnclosingFeatures(R, FS, G, Features);
        New[BI] = R;
        // A test of features that resolving made constant (`#if
        // !defined(NEVER_DEFINED) || FEATURE == 0`) is settled too.
        OnFeatures = OnFeatures || GroupReadsFeature ||
                     mentionsFeature(*R, Features) ||
                     mentionsFeature(*B.Condition, Features);
        Settled = Settled && R->K == Cond::Int;
        if (R->K == Cond::Int && !OfPerFeature) {
          std::set<std::string> Tested;
          collectMacros(*B.Condition, Tested);
          // (a default the group itself defines, or a test of a limit
          // clamped per feature that reads the same in every configuration:
          // `#if MAX_HELPERS >= MERGE_COUNT` where MAX_HELPERS is 0 or 8).
          OfPerFeature = llvm::any_of(Tested, [&](const std::string &M) {
            return !Features.isFeatureMacro(M) && Res.definedPerFeature(M);
          });
        }
      }
      // Or when they settle a group that holds a site of a macro defined
      // per feature elsewhere (`#if OS_WIN_THREADS` / `#define
      // THREADS_IMPLEMENTED 1` on Linux, beside the pthreads backend's
      // site under the option): a branch settled to 0 defines nothing,
      // which the rewrite's selections read (settledOff).
      if (Settled && !OfPerFeature)
        OfPerFeature = llvm::any_of(G.Branches, [&](const auto &B) {
          return llvm::any_of(B.Directives, [&](unsigned DI) {
            const Directive &Dv = FS.Directives[DI];
            return (Dv.Kind == DirectiveKind::Define ||
                    Dv.Kind == DirectiveKind::Undef) &&
                   !Features.isFeatureMacro(Dv.Macro) &&
                   Res.definedPerFeature(Dv.Macro);
          });
        });
      if (!OnFeatures && !(Settled && OfPerFeature))
        continue;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI)
        if (New[BI]) {
          G.Branches[BI].Condition = New[BI];
          G.Branches[BI].Unread = nonFeatureMacros(*New[BI], Features);
        }
    }
  }
  // The sites of an implied feature whose every test now reads the
  // implication leave the feature analysis: their groups get the condition
  // 0 (the directive keeps the test, for the next run), as the simulator,
  // compiled without -D flags, never enters them. Not if another macro's
  // body names the feature (its expansion would read the feature alone).
  for (const std::string &M : Res.impliedAndResolved()) {
    if (namedInMacroBodies(P, M))
      continue;
    for (const Site &S : P.Sites.at(M))
      if (CondGroup *G = Res.impliedGroup(M, S))
        G->Branches[0].Condition = makeInt(0);
  }
  // Likewise the #undef sites of a default a feature undoes, once every
  // test of it reads that feature: the simulator keeps the default's
  // #define and reads the feature at run time instead.
  std::vector<std::pair<std::string, std::vector<CondGroup *>>> Undone;
  for (const auto &[M, Ss] : P.Sites)
    if (auto Groups = Res.undoneDefault(M);
        !Groups.empty() && !namedInMacroBodies(P, M, &P.ReachedFiles))
      Undone.emplace_back(M, std::move(Groups));
  for (auto &[M, Groups] : Undone)
    for (CondGroup *G : Groups)
      G->Branches[0].Condition = makeInt(0);
  return llvm::Error::success();
}

} // namespace varsim::rewrite
