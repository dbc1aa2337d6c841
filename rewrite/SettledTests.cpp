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

} // namespace varsim::rewrite::detail
