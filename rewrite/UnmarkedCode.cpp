//===- rewrite/UnmarkedCode.cpp - Feature code left without a marker ------===//
//
// The FileRewriter's side of MarkerPolicy.h: which blocks get no marker,
// and where unmarked feature code is timed (recorded for the manifest).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/templates/FeatureSpecializations.h"

#include "llvm/ADT/StringExtras.h"

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
  if (!Marked && !onlyCalledHere(*Fn))
    return false;
  for (const auto &[Begin, L] : Functions)
    if (L->Lambda && L->BodyBegin >= Fn->BodyBegin &&
        L->BodyBegin < B.ContentBegin && B.ContentEnd <= L->BodyEnd)
      return false;
  UnmarkedCode U;
  U.Kind = "region";
  U.Name = Plans[GI].Function.empty() ? Fn->Name : Plans[GI].Function;
  U.Condition = conditionText(*FG.Groups[GI].Own[BI], F);
  U.Features = rewrite::featuresOf(*FG.Groups[GI].Own[BI], F);
  U.File = In.Path;
  U.Line = originalLine(dir(B.DirectiveIndex).Line);
  UnmarkedBlocks.push_back({std::move(U), B.ContentBegin});
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

std::map<std::string, std::vector<const SwitchPlan *>>
FileRewriter::unmarkedSwitches() const {
  std::map<std::string, std::vector<const SwitchPlan *>> Out;
  if (Ctx.Detail == Granularity::All)
    return Out;
  // Every switch, merged members' too (emitSwitches, mergeMemberVariants).
  // A qualified name never appears as one identifier in a call's text.
  for (const SwitchPlan &SP : Ctx.Switches) {
    Out[calledName(SP.Name).str()].push_back(&SP);
  }
  return Out;
}

bool forwardsToPrimary(llvm::StringRef Body, llvm::StringRef Name) {
  llvm::StringRef T = Body.trim();
  if (Name.empty() || !T.consume_front("{") || !T.consume_back("}"))
    return false;
  T = T.trim();
  if (!T.consume_front("return") || T.empty() || !llvm::isSpace(T.front()))
    return false;
  T = T.ltrim();
  if (T.count(';') != 1 || !T.rtrim().ends_with(";"))
    return false;
  // `Name__varsim_primary<Args>(...)` (a specialization's lowering) or
  // `Name<>(...)` (an overload's).
  return T.consume_front(Name) &&
         (T.starts_with(templates::PrimaryCopySuffix) ||
          T.ltrim().starts_with("<>"));
}

bool FileRewriter::isUnmarkedPrimaryVariant(const FunctionFact &Fn) const {
  if (Ctx.Detail == Granularity::All || Ctx.MarkEveryFunction ||
      Fn.BodyEnd >= In.Text.size() ||
      Fn.NameBegin + Fn.NameLength > In.Text.size() ||
      !forwardsToPrimary(
          llvm::StringRef(In.Text).slice(Fn.BodyBegin, Fn.BodyEnd + 1),
          llvm::StringRef(In.Text).substr(Fn.NameBegin, Fn.NameLength)))
    return false;
  for (const SwitchPlan &SP : Ctx.Switches)
    for (const SwitchPlan::Variant &V : SP.Variants)
      if (V.File == In.Path && V.Fn->BodyBegin == Fn.BodyBegin)
        return true;
  return false;
}

/// The names of Unmarked's switches whose calls are timed in their callers.
/// A lowered constant's read (`kNormalize__varsim_value()`) is not: it is
/// a decision of the function holding it, which keeps its marker for it
/// (markFunctions); as unmarked code it would be a fact of every clone of
/// its callers per policy, one run per variant.
static std::set<std::string> switchNamesTimedInCallers(
    const std::map<std::string, std::vector<const SwitchPlan *>> &Unmarked) {
  std::set<std::string> Names;
  for (const auto &[Name, Plans] : Unmarked)
    if (!llvm::StringRef(Name).ends_with(templates::ValueSuffix))
      Names.insert(Name);
  return Names;
}

bool FileRewriter::hasFeatureCode(const FunctionFact &Fn) const {
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    unsigned At = dir(FS.Groups[GI].Branches[0].DirectiveIndex).Begin;
    if (FG.Groups[GI].IsFeature && At > Fn.BodyBegin && At < Fn.BodyEnd)
      return true;
  }
  for (const ParseView &V : In.Parses)
    for (const MacroUse &U : V.Facts->FeatureValueUses)
      if (U.Offset > Fn.BodyBegin && U.Offset < Fn.BodyEnd)
        return true;
  return false;
}

bool FileRewriter::isUnmarkedVariant(const FunctionFact &Fn) const {
  return isUnmarkedPrimaryVariant(Fn) || forwardsToMarkedSwitch(Fn);
}

/// The statement of a body that holds one and nothing else (`{ x = f(y); }`,
/// no block, no second statement), or "".
static llvm::StringRef singleStatement(llvm::StringRef Body) {
  llvm::StringRef T = Body.trim();
  if (!T.consume_front("{") || !T.consume_back("}"))
    return "";
  T = T.trim();
  if (T.count(';') != 1 || !T.ends_with(";") || T.contains('{'))
    return "";
  return T;
}

bool FileRewriter::forwardsToMarkedSwitch(const FunctionFact &Fn) const {
  if (Ctx.Detail == Granularity::All || Ctx.MarkEveryFunction ||
      Fn.BodyEnd >= In.Text.size())
    return false;
  auto BodyOf = [&](const FunctionFact &F) {
    return llvm::StringRef(In.Text).slice(F.BodyBegin, F.BodyEnd + 1);
  };
  llvm::StringRef Statement = singleStatement(BodyOf(Fn));
  if (Statement.empty())
    return false;
  if (hasFeatureCode(Fn))
    return false;
  bool IsVariant = false;
  for (const SwitchPlan &SP : Ctx.Switches)
    for (const SwitchPlan::Variant &V : SP.Variants)
      IsVariant |= V.File == In.Path && V.Fn->BodyBegin == Fn.BodyBegin;
  if (!IsVariant)
    return false;
  std::map<std::string, std::vector<const SwitchPlan *>> Unmarked =
      unmarkedSwitches();
  std::set<std::string> Names = switchNamesTimedInCallers(Unmarked);
  auto Calls = callsOf(Statement, Names);
  if (Calls.empty())
    return false;
  // Every variant of the switches it calls keeps its marker (it is in
  // this file, runs a body of its own and is no such forwarder either):
  // their regions hold the time, under their own conditions.
  for (const auto &[Name, At] : Calls)
    for (const SwitchPlan *SP : Unmarked[Name])
      for (const SwitchPlan::Variant &V : SP->Variants) {
        if (V.File != In.Path || V.Fn->BodyBegin == Fn.BodyBegin ||
            V.Fn->BodyEnd >= In.Text.size() ||
            forwardsToPrimary(BodyOf(*V.Fn),
                              llvm::StringRef(In.Text).substr(
                                  V.Fn->NameBegin, V.Fn->NameLength)))
          return false;
        llvm::StringRef Other = singleStatement(BodyOf(*V.Fn));
        if (!Other.empty() && !callsOf(Other, Names).empty())
          return false;
      }
  return true;
}

bool FileRewriter::isLoopAroundSwitches(const FunctionFact &Fn,
                                        llvm::StringRef Condition) const {
  // A few lines of loop around accessors (a 3x3 neighbourhood): visited
  // per element of the caller's loop, its marker costs more than its
  // body, and its time is its caller's self time (Base: the same term).
  constexpr unsigned MaxLines = 12;
  if (Ctx.Detail != Granularity::Region || Condition != "1" ||
      Fn.EndLine - Fn.Line > MaxLines || !onlyCalledHere(Fn))
    return false;
  // No feature code of its own (its blocks' contexts need the marker).
  if (hasFeatureCode(Fn))
    return false;
  std::set<std::string> Names;
  for (const auto &[Name, Plans] : unmarkedSwitches())
    Names.insert(Name);
  return !callsOf(llvm::StringRef(In.Text).slice(Fn.BodyBegin, Fn.BodyEnd),
                  Names)
              .empty();
}

std::vector<unsigned> FileRewriter::timedIn(unsigned Offset) const {
  if (auto Id = markedScopeAt(Offset))
    return {*Id};
  const FunctionFact *Fn = enclosingFunction(Offset, Offset + 1);
  if (!Fn || Offset <= Fn->BodyBegin || Offset >= Fn->BodyEnd ||
      !onlyCalledHere(*Fn))
    return {}; // Also a function's own declarator.
  // A call from unmarked code (recursion) is timed in that code's
  // callers, which the other calls cover.
  std::set<unsigned> Ids;
  // By the name calls use: a member's is the last part of its qualified
  // one, perhaps with template arguments (`skip<Flags>(is)`).
  for (const auto &Call : callsOf(In.Text, {calledName(Fn->Name).str()},
                                  /*TemplateArgs=*/true))
    if (auto Id = markedScopeAt(Call.second))
      Ids.insert(*Id);
  return {Ids.begin(), Ids.end()};
}

void FileRewriter::recordUnmarkedCode() {
  for (UnmarkedBlock &B : UnmarkedBlocks) {
    B.Code.TimedIn = timedIn(B.Offset);
    Ctx.UnmarkedFeatureCode.push_back(std::move(B.Code));
  }
  UnmarkedBlocks.clear();
  std::map<std::string, std::vector<const SwitchPlan *>> Unmarked =
      unmarkedSwitches();
  std::set<std::string> Names = switchNamesTimedInCallers(Unmarked);
  // One entry per switch and calling place (declarations and calls
  // outside any known context are left out).
  std::set<std::pair<std::string, std::vector<unsigned>>> Seen;
  for (const auto &[Name, At] : callsOf(In.Text, Names)) {
    std::vector<unsigned> Ids = timedIn(At);
    if (Ids.empty() || !Seen.emplace(Name, Ids).second)
      continue;
    UnmarkedCode U;
    U.Kind = "switch";
    U.Name = Unmarked[Name].front()->Name;
    std::set<std::string> Features;
    for (const SwitchPlan *SP : Unmarked[Name])
      for (const SwitchPlan::Variant &V : SP->Variants) {
        U.Condition += (U.Condition.empty() ? "" : " | ") + V.Condition;
        for (std::string &Feature : featuresRead(V.Code, F))
          Features.insert(std::move(Feature));
      }
    U.Features.assign(Features.begin(), Features.end());
    U.File = In.Path;
    U.Line = FS.lineOf(At);
    U.TimedIn = std::move(Ids);
    Ctx.UnmarkedFeatureCode.push_back(std::move(U));
  }
}

} // namespace varsim::rewrite::detail
