//===- rewrite/UnmarkedCode.cpp - Feature code left without a marker ------===//
//
// The FileRewriter's side of MarkerPolicy.h: which blocks get no marker,
// and where unmarked feature code is timed (recorded for the manifest).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

namespace varsim::rewrite::detail {

bool FileRewriter::leaveUnmarked(unsigned GI, size_t BI) {
  // `--granularity all` keeps every marker; `function` has no block ones.
  if (Ctx.Detail != Granularity::Region)
    return false;
  const CondGroup &G = FS.Groups[GI];
  const CondGroup::Branch &B = G.Branches[BI];
  if (B.ContentBegin >= B.ContentEnd ||
      !isTinyBlock(
          llvm::StringRef(In.Text).slice(B.ContentBegin, B.ContentEnd)))
    return false;
  // Its time must land in a context that has the block's function on its
  // path: the function's own marker (one with a loop, or main), or, for a
  // function without one, the markers around its calls, all in this file;
  // with no lambda between (a lambda's body is timed where it is called).
  const FunctionFact *Fn = enclosingFunction(B.ContentBegin, B.ContentEnd);
  if (!Fn || Fn->Constexpr || Fn->Template)
    return false;
  bool Marked = Ctx.MarkEveryFunction || Fn->Main ||
                inAnyParse(Fn->BodyBegin, &FunctionFact::Loops);
  if (!Marked && !onlyCalledInFile(*Fn, In.Path, In.Text))
    return false;
  for (const auto &[Begin, L] : Functions)
    if (L->Lambda && L->BodyBegin >= Fn->BodyBegin &&
        L->BodyBegin < B.ContentBegin && B.ContentEnd <= L->BodyEnd)
      return false;
  UnmarkedCode U;
  U.Kind = "region";
  U.Name = Plans[GI].Function.empty() ? Fn->Name : Plans[GI].Function;
  U.Condition = conditionText(*FG.Own[GI][BI], F);
  U.Features = rewrite::featuresOf(*FG.Own[GI][BI], F);
  U.File = In.Path;
  U.Line = originalLine(dir(B.DirectiveIndex).Line);
  UnmarkedBlocks.push_back(
      {std::move(U), B.ContentBegin, Marked ? std::string() : Fn->Name});
  return true;
}

void FileRewriter::noteMarkedBlock(unsigned GI, size_t BI, unsigned Id) {
  const CondGroup::Branch &B = FS.Groups[GI].Branches[BI];
  MarkedScopes.push_back({B.ContentBegin, B.ContentEnd, Id});
}

std::optional<unsigned> FileRewriter::markedScopeAt(unsigned Offset) const {
  const MarkedScope *Best = nullptr;
  for (const MarkedScope &S : MarkedScopes)
    if (S.Begin <= Offset && Offset < S.End && (!Best || S.Begin > Best->Begin))
      Best = &S;
  if (!Best)
    return std::nullopt;
  return Best->Id;
}

void FileRewriter::recordUnmarkedCode() {
  for (UnmarkedBlock &B : UnmarkedBlocks) {
    UnmarkedCode &U = B.Code;
    if (B.Via.empty()) {
      if (auto Id = markedScopeAt(B.Offset))
        U.TimedIn.push_back(*Id);
    } else {
      // The markers around the calls of its (unmarked) function; a call
      // from unmarked code (recursion) is timed in that code's callers.
      std::set<unsigned> Ids;
      for (const auto &Call : callsOf(In.Text, {B.Via}))
        if (auto Id = markedScopeAt(Call.second))
          Ids.insert(*Id);
      U.TimedIn.assign(Ids.begin(), Ids.end());
    }
    Ctx.UnmarkedFeatureCode.push_back(std::move(U));
  }
  UnmarkedBlocks.clear();
  if (Ctx.Detail == Granularity::All)
    return;
  // The feature switches emitted without a marker (emitSwitches: all but
  // merged members), with the features their dispatch reads.
  std::map<std::string, const SwitchPlan *> Unmarked;
  for (const SwitchPlan &SP : Ctx.Switches) {
    bool Members = llvm::any_of(
        SP.Variants, [](const SwitchPlan::Variant &V) { return V.Fn->Member; });
    bool OneFile = llvm::all_of(SP.Variants, [&](const SwitchPlan::Variant &V) {
      return V.File == SP.Variants.front().File;
    });
    if (!(Members && OneFile))
      Unmarked.emplace(SP.Name, &SP);
  }
  std::set<std::string> Names;
  for (const auto &[Name, SP] : Unmarked)
    Names.insert(Name);
  // One entry per switch and marked scope calling it (declarations and
  // calls outside any marker are not timed in a known context).
  std::set<std::pair<std::string, unsigned>> Seen;
  for (const auto &[Name, At] : callsOf(In.Text, Names)) {
    std::optional<unsigned> Id = markedScopeAt(At);
    if (!Id || !Seen.emplace(Name, *Id).second)
      continue;
    const SwitchPlan &SP = *Unmarked[Name];
    UnmarkedCode U;
    U.Kind = "switch";
    U.Name = Name;
    std::set<std::string> Features;
    for (const SwitchPlan::Variant &V : SP.Variants) {
      U.Condition += (U.Condition.empty() ? "" : " | ") + V.Condition;
      for (std::string &Feature : featuresRead(V.Code, F))
        Features.insert(std::move(Feature));
    }
    U.Features.assign(Features.begin(), Features.end());
    U.File = In.Path;
    U.Line = FS.lineOf(At);
    U.TimedIn.push_back(*Id);
    Ctx.UnmarkedFeatureCode.push_back(std::move(U));
  }
}

} // namespace varsim::rewrite::detail
