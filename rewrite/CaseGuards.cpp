//===- rewrite/CaseGuards.cpp - Case labels under a feature ---------------===//
//
// `switch (op) { ... #if F case X: ...; break; #endif ... default: ... }`:
// a statement-level group becomes `if (F) { ... }`, but the switch jumps
// straight to `case X:` inside it whatever F is. The label stays, and a
// guard after it sends the jump where the variant's switch would go when
// the branch is off: to the switch's default (a label added after it), or
// out of the switch. Falling into the branch from the statement before it
// still goes through the run-time `if`, as in the variant.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

namespace varsim::rewrite::detail {

std::string FileRewriter::guardCaseLabel(const CompoundFact &C,
                                         const StmtFact &S, unsigned GI,
                                         bool Dry) {
  if (!S.CaseLabel)
    return "only case labels directly in a switch body are kept";
  if (!C.SwitchBody)
    return "the case label is not directly in its switch's body";
  const CondGroup &G = FS.Groups[GI];
  std::optional<unsigned> Branch;
  for (unsigned BI = 0; BI < G.Branches.size(); ++BI)
    if (G.Branches[BI].ContentBegin <= S.Begin &&
        S.Begin < G.Branches[BI].ContentEnd)
      Branch = BI;
  if (!Branch)
    return "the case label is not inside one branch";
  // The switch's default in any parse: one, present in every
  // configuration, or none in any.
  std::set<unsigned> Defaults;
  for (const ParseView &V : In.Parses)
    for (const CompoundFact &Other : V.Facts->Compounds)
      if (Other.Begin == C.Begin)
        for (const StmtFact &D : Other.Children)
          if (D.DefaultLabel)
            Defaults.insert(D.End);
  std::string Target;
  if (Defaults.size() > 1)
    return "the switch's default differs per configuration";
  if (!Defaults.empty()) {
    unsigned DefaultEnd = *Defaults.begin();
    CondPtr Pr = FG.presenceAt(FS, DefaultEnd);
    if (!Pr || Pr->K != Cond::Int || Pr->Value != 1)
      return "the switch's default is itself under a feature";
    Target = "varsim_default_" + std::to_string(DefaultEnd);
    if (!Dry && CaseGuardEdits.insert(DefaultEnd).second)
      addEdit(DefaultEnd, DefaultEnd, Target + ": ");
  }
  CaseGuarded.insert(GI);
  if (Dry || !CaseGuardEdits.insert(S.End).second)
    return "";
  std::string Off =
      "if (!(" + conditionCode(*FG.Groups[GI].Presence[*Branch], F) + ")) ";
  addEdit(S.End, S.End,
          Off + (Target.empty() ? "break; " : "goto " + Target + "; "));
  return "";
}

} // namespace varsim::rewrite::detail
