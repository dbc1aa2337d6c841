//===- rewrite/SettledTests.cpp - Tests resolved to one value -------------===//
//
// `#if SORT_DEFAULT_HELPERS > SORT_MAX_HELPERS` after a clamp of
// SORT_MAX_HELPERS per feature: the derived-macro resolver
// (rewrite/DerivedMacros.h) reads the test over features and finds it has
// the same value in every valid configuration, so the group is no feature
// group and its text is left to the preprocessor. But in the simulator the
// macro it tests is a run-time selection (`((config.x == 0) ? 0 : 8)`),
// which an #if cannot evaluate: such a directive is written as its settled
// value (`#if 0`), which is what every variant's preprocessor computes.
//
// A test the resolver could not read over features stays the
// preprocessor's. That is sound only if the macros it tests are defined
// alike in every configuration. A #define under a feature branch (however
// deeply nested in platform tests: Mbed TLS's `#if
// defined(MBEDTLS_AESNI_C)` / `#if defined(MBEDTLS_HAVE_X86_64)` /
// `#define MBEDTLS_AESNI_HAVE_CODE 1`) is read in every configuration of
// the simulator, whose feature branches are all compiled: the test would
// take the branch where some variant does not (the simulator ran AES-NI
// code where the variant ran software AES). Such a test is refused.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

namespace varsim::rewrite::detail {

bool FileRewriter::definedPerFeature(const std::string &M) const {
  auto It = Ctx.DefinedAt.find(M);
  if (It == Ctx.DefinedAt.end() || !Ctx.PresenceAt)
    return false;
  return llvm::any_of(It->second, [&](const ProjectContext::DefineSite &S) {
    std::set<std::string> Ms;
    collectMacros(*Ctx.PresenceAt(S.File, S.Offset), Ms);
    return llvm::any_of(
        Ms, [&](const std::string &N) { return F.isFeatureMacro(N); });
  });
}

void FileRewriter::settleResolvedTests() {
  if (!Ctx.PresenceAt)
    return;
  auto DefinedPerFeature = [&](const std::string &M) {
    return definedPerFeature(M);
  };
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (FG.Groups[GI].IsFeature || Plans[GI].InsideDead)
      continue;
    for (const CondGroup::Branch &B : FS.Groups[GI].Branches) {
      const Directive &Dv = dir(B.DirectiveIndex);
      if (!B.Condition || B.Condition->K != Cond::Int ||
          (Dv.Kind != DirectiveKind::If && Dv.Kind != DirectiveKind::Elif) ||
          Replace.count(B.DirectiveIndex))
        continue;
      auto Original = parseCondition(Dv.Body);
      if (!Original) {
        llvm::consumeError(Original.takeError());
        continue;
      }
      std::set<std::string> Ms;
      collectMacros(**Original, Ms);
      if (llvm::none_of(Ms, DefinedPerFeature))
        continue;
      Replace[B.DirectiveIndex] =
          std::string(Dv.Kind == DirectiveKind::If ? "#if " : "#elif ") +
          std::to_string(B.Condition->Value) +
          " /* varsim: " + (B.Condition->Value ? "true" : "false") +
          " in every configuration */";
    }
  }
}

bool FileRewriter::directlyUnderFeature(const std::string &File,
                                        unsigned Offset) const {
  if (!Ctx.Structures)
    return false;
  auto FS = Ctx.Structures->find(File);
  if (FS == Ctx.Structures->end())
    return false;
  const CondGroup *Innermost = nullptr;
  unsigned Size = ~0u;
  for (const CondGroup &G : FS->second.Groups)
    for (const CondGroup::Branch &B : G.Branches)
      if (B.ContentBegin <= Offset && Offset < B.ContentEnd &&
          B.ContentEnd - B.ContentBegin < Size) {
        Size = B.ContentEnd - B.ContentBegin;
        Innermost = &G;
      }
  return Innermost &&
         llvm::any_of(Innermost->Branches, [&](const CondGroup::Branch &B) {
           if (!B.Condition)
             return false;
           std::set<std::string> Ms;
           collectMacros(*B.Condition, Ms);
           return llvm::any_of(
               Ms, [&](const std::string &M) { return F.isFeatureMacro(M); });
         });
}

llvm::Error FileRewriter::refusePerFeatureTests() {
  if (!Ctx.PresenceAt)
    return llvm::Error::success();
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (Plans[GI].InsideDead)
      continue;
    for (const CondGroup::Branch &B : FS.Groups[GI].Branches) {
      if (!B.Condition || B.Condition->K == Cond::Int)
        continue;
      const Directive &Dv = dir(B.DirectiveIndex);
      // What the resolver could not read over features; all of the test
      // if it has not looked.
      std::set<std::string> Ms;
      if (B.Unread)
        Ms = *B.Unread;
      else
        collectMacros(*B.Condition, Ms);
      CondPtr Reached;
      for (const std::string &M : Ms) {
        auto Sites = Ctx.DefinedAt.find(M);
        if (F.isFeatureMacro(M) || Sites == Ctx.DefinedAt.end())
          continue;
        for (const ProjectContext::DefineSite &S : Sites->second) {
          // A #define right in a feature branch is mergeMacros' to refuse
          // (with the hint to define a default in an #else, or to rename).
          if (!readWithThis(S.File) || settledOff(S.File, S.Offset) ||
              directlyUnderFeature(S.File, S.Offset))
            continue;
          CondPtr Present = Ctx.PresenceAt(S.File, S.Offset);
          std::set<std::string> Named;
          collectMacros(*Present, Named);
          if (llvm::none_of(Named, [&](const std::string &N) {
                return F.isFeatureMacro(N);
              }))
            continue;
          if (!Reached)
            Reached = Ctx.PresenceAt(In.Path, Dv.Begin);
          // Reached where the #define is absent: the variant's test reads
          // another state of M there than the simulator's.
          auto Where = findSatisfying(*makeAnd({Reached, makeNot(Present)}), F);
          if (!Where)
            continue;
          std::string Config = F.Model.format(*Where);
          if (Config.empty())
            Config = "(no optional feature)";
          return errorAt(
              Dv, "this #if tests '" + M + "', which " + S.Shown +
                      " defines only where " + conditionText(*Present, F) +
                      "; the rewrite could not read the test over the "
                      "features, and the simulator, which compiles every "
                      "configuration's branches, would define '" +
                      M + "' in all of them (configuration '" + Config +
                      "' reaches this test without it); test the feature "
                      "itself here, or report the idiom");
        }
      }
    }
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::detail
