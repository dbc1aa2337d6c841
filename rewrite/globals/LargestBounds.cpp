//===- rewrite/globals/LargestBounds.cpp - Largest member-array bounds ----===//
//
// Reads the Discovered record and a record item whose only variability is
// the bound of member arrays; adds the edits that give each such bound its
// largest value, the lowered bounds and a site (lowerBoundsToLargest).
// judgeBounds refuses a use that observes the extent or the layout.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

namespace varsim::rewrite::globals::lowering {

namespace {

/// The text of a bound in Cfg: its macros per feature replaced.
std::optional<std::string> boundText(const Discovered &Dx,
                                     const std::string &File,
                                     const MemberBound &B,
                                     const fm::Configuration &Cfg) {
  std::map<unsigned, const MacroExpansion *> Direct;
  std::set<unsigned> Any;
  for (const auto &[_, E] : Dx.Facts.Expansions)
    if (E.File == File && E.Offset >= B.Begin && E.Offset < B.End) {
      Any.insert(E.Offset);
      if (E.Direct &&
          llvm::StringRef(Dx.text(File)).substr(E.Offset).starts_with(E.Macro))
        Direct[E.Offset] = &E;
    }
  std::string Out;
  unsigned Pos = B.Begin;
  for (unsigned Off : Any) {
    auto It = Direct.find(Off);
    if (It == Direct.end())
      return std::nullopt;
    std::optional<std::string> V =
        macroValue(Dx, It->second->Macro, Cfg, File, Off);
    if (!V)
      return std::nullopt;
    Out += Dx.text(File).substr(Pos, Off - Pos) + *V;
    Pos = Off + static_cast<unsigned>(It->second->Macro.size());
  }
  Out += Dx.text(File).substr(Pos, B.End - Pos);
  return oneLine(Out);
}

/// The largest of constant expressions: a literal if all are integer
/// literals, else nested `?:` (an integer constant expression).
std::string largestOf(const std::vector<std::string> &Values) {
  std::optional<unsigned long long> Max;
  bool Literals = true;
  for (const std::string &V : Values) {
    llvm::StringRef T = llvm::StringRef(V).trim().trim("()").rtrim("uUlL");
    unsigned long long N = 0;
    if (T.getAsInteger(0, N)) {
      Literals = false;
      break;
    }
    Max = Max ? std::max(*Max, N) : N;
  }
  if (Literals && Max)
    return std::to_string(*Max);
  std::vector<std::string> Level = Values;
  while (Level.size() > 1) {
    std::vector<std::string> Next;
    for (size_t K = 0; K + 1 < Level.size(); K += 2)
      Next.push_back("((" + Level[K] + ") > (" + Level[K + 1] + ") ? (" +
                     Level[K] + ") : (" + Level[K + 1] + "))");
    if (Level.size() % 2)
      Next.push_back(Level.back());
    Level = std::move(Next);
  }
  return Level.front();
}

} // namespace

/// A record defined once whose only variability is the bound of member
/// arrays (`struct pool_class classes[POOL_CLASSES];`): each such bound
/// becomes its largest value over the valid configurations, and the
/// record is one type for every configuration (code elsewhere reads the
/// macro's run-time value). Where something observes the record's size
/// or the array's extent, judgeBounds refuses.
void lowerBoundsToLargest(const Discovered &Dx, Additions &Add, Item &I) {
  const EntityDef &D = *I.Defs.front();
  auto InBound = [&](unsigned Off) {
    return std::any_of(
        D.MemberBounds.begin(), D.MemberBounds.end(),
        [&](const MemberBound &B) { return Off >= B.Begin && Off < B.End; });
  };
  std::set<unsigned> Offsets;
  for (const auto &[_, E] : Dx.Facts.Expansions) {
    if (E.File != D.File || E.Offset < D.Begin || E.Offset >= D.End ||
        Dx.onDirectiveLine(D.File, E.Offset) || isOpaque(&D, E.Offset))
      continue;
    if (!InBound(E.Offset))
      return; // A bit-field width, a member's type: copies.
    Offsets.insert(E.Offset);
  }
  auto Plan = planCopies(decisionsOf(Dx, I), Dx.In.Features, I.Presence);
  if (!Plan) {
    llvm::consumeError(Plan.takeError());
    return; // Refused with the copies' message.
  }
  std::vector<fm::Configuration> Cfgs;
  for (const FunctionCopy &FC : Plan->Copies)
    if (auto Cfg = findSatisfying(*makeAnd({I.Presence, FC.Condition}),
                                  Dx.In.Features))
      Cfgs.push_back(*Cfg);
  std::set<Edit> Out;
  std::vector<LoweredBound> Lowered;
  for (const MemberBound &B : D.MemberBounds) {
    if (std::none_of(Offsets.begin(), Offsets.end(),
                     [&](unsigned O) { return O >= B.Begin && O < B.End; }))
      continue;
    std::vector<std::string> Values;
    for (const fm::Configuration &Cfg : Cfgs) {
      std::optional<std::string> V = boundText(Dx, D.File, B, Cfg);
      if (!V)
        return;
      if (std::find(Values.begin(), Values.end(), *V) == Values.end())
        Values.push_back(*V);
    }
    if (Values.empty())
      return;
    llvm::StringRef Orig =
        llvm::StringRef(Dx.text(D.File)).slice(B.Begin, B.End);
    Out.insert(
        {B.Begin, B.End - B.Begin, largestOf(Values) + newlinesOf(Orig)});
    Lowered.push_back({D.File, D.NameOffset, B.FieldOffset, B.Field,
                       "a bound per configuration of " + featuresOf(Dx, I) +
                           " ('" + oneLine(Orig) + "')"});
  }
  Add.Edits[D.File].insert(Out.begin(), Out.end());
  Add.LoweredBounds.insert(Add.LoweredBounds.end(), Lowered.begin(),
                           Lowered.end());
  Add.UnionSites.push_back(
      {D.File, D.Line, "record (largest array bound)", featuresOf(Dx, I)});
  I.Decisions.clear();
}

/// A lowered member array whose extent a use observes (sizeof of the
/// array, its address, a reference or a range-for), and every use that
/// observes its record's layout: located errors.
llvm::Error judgeBounds(const Discovered &Dx, const Additions &Add) {
  std::vector<const ExtentUse *> Uses;
  for (const auto &[_, U] : Dx.Facts.ExtentUses)
    for (const LoweredBound &B : Add.LoweredBounds)
      if (U.Field == B.File + "|" + std::to_string(B.FieldOffset))
        Uses.push_back(&U);
  std::sort(
      Uses.begin(), Uses.end(), [](const ExtentUse *A, const ExtentUse *B) {
        return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
      });
  for (const ExtentUse *U : Uses)
    for (const LoweredBound &B : Add.LoweredBounds)
      if (U->Field == B.File + "|" + std::to_string(B.FieldOffset))
        return Dx.located(
            U->File, U->Line, U->Column,
            "the extent of the member array '" + U->Name +
                "' is observed here (sizeof, &, a reference or a "
                "range-for), but its bound is " +
                B.Why +
                ": the simulator gives it the largest bound, so the "
                "extent would differ from the variant's; use the bound's "
                "macro instead of the array's extent");
  return judgeLoweredBounds(Add.LoweredBounds,
                            {Dx.In.Project, Dx.In.Structures, Dx.Groups,
                             Dx.In.Features, Dx.ParseDefines, &Dx.In.Overlay,
                             Dx.In.Jobs});
}

} // namespace varsim::rewrite::globals::lowering
