//===- rewrite/FunctionCopies.cpp - Per-configuration copies --------------===//

#include "rewrite/FunctionCopies.h"

#include "llvm/ADT/Twine.h"

#include <map>
#include <set>

namespace varsim::rewrite {
namespace {

/// The most feature combinations enumerated for one function.
constexpr size_t MaxAssignments = 4096;

CondPtr makeCompare(const std::string &Macro, int64_t Value) {
  auto C = std::make_shared<Cond>();
  C->K = Cond::Binary;
  C->Op = "==";
  auto Id = std::make_shared<Cond>();
  Id->K = Cond::Ident;
  Id->Name = Macro;
  C->Operands = {Id, makeInt(Value)};
  return C;
}

std::string joined(const std::vector<std::string> &Names) {
  std::string S;
  for (const std::string &N : Names)
    S += (S.empty() ? "" : ", ") + N;
  return S;
}

} // namespace

Decision decisionOf(const FileStructure &FS, const FileGroups &FG,
                    unsigned GI) {
  Decision D;
  for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
    D.Tests.push_back(B.Condition);
  D.Own = FG.Groups[GI].Own;
  return D;
}

std::vector<std::string> valueDecisionValues(const FeatureSetup &F,
                                             const std::string &Macro) {
  if (!F.isNumeric(Macro))
    return {"1", ""};
  const fm::Feature &Ft = F.Model.feature(F.ByMacro.at(Macro));
  std::vector<std::string> Out;
  for (int64_t V : Ft.Values)
    Out.push_back(std::to_string(V));
  if (Out.empty())
    Out.push_back(std::to_string(Ft.DefaultValue));
  return Out;
}

Decision valueDecision(const FeatureSetup &F, const std::string &Macro) {
  Decision D;
  if (!F.isNumeric(Macro)) {
    D.Tests = {makeDefined(Macro), nullptr};
    D.Own = {makeDefined(Macro), makeNot(makeDefined(Macro))};
    return D;
  }
  for (const std::string &V : valueDecisionValues(F, Macro)) {
    D.Tests.push_back(makeCompare(Macro, std::stoll(V)));
    D.Own.push_back(D.Tests.back());
  }
  return D;
}

llvm::Expected<CopyPlan> planCopies(const std::vector<Decision> &Decisions,
                                    const FeatureSetup &F,
                                    const CondPtr &Presence,
                                    unsigned MaxCopies) {
  CopyPlan Plan;
  std::set<std::string> Macros;
  for (const Decision &D : Decisions)
    for (const CondPtr &T : D.Tests)
      if (T)
        collectMacros(*T, Macros);
  // The values each feature can take: selected or not, or its numbers.
  std::vector<std::vector<CondPtr>> Domains;
  size_t Combinations = 1;
  for (const std::string &M : Macros) {
    if (!F.isFeatureMacro(M))
      continue;
    Plan.Features.push_back(M);
    Domains.push_back(valueDecision(F, M).Own);
    // Saturates (the count is only shown beyond MaxAssignments).
    Combinations = Combinations > (size_t(1) << 40)
                       ? Combinations
                       : Combinations * Domains.back().size();
  }
  // Beyond MaxAssignments the combinations are not enumerated: so many
  // would almost surely need more copies than allowed.
  auto TooMany = [&](const std::string &Count) {
    return llvm::createStringError("a copy per configuration of the features " +
                                   joined(Plan.Features) + " needs " + Count +
                                   " copies, more than the " +
                                   std::to_string(MaxCopies) + " allowed");
  };
  if (Combinations > MaxAssignments)
    return TooMany("up to " + std::to_string(Combinations));

  std::map<std::vector<int>, size_t> Seen;
  std::vector<size_t> Digit(Domains.size(), 0);
  for (size_t N = 0; N < Combinations; ++N) {
    std::vector<CondPtr> Lits{Presence};
    for (size_t I = 0; I < Domains.size(); ++I)
      Lits.push_back(Domains[I][Digit[I]]);
    for (size_t I = 0; I < Domains.size(); ++I) {
      if (++Digit[I] < Domains[I].size())
        break;
      Digit[I] = 0;
    }
    auto Cfg = findSatisfying(*makeAnd(Lits), F);
    if (!Cfg)
      continue;
    MacroValues Values = [&](llvm::StringRef M) {
      return F.macroValue(*Cfg, M);
    };
    std::vector<int> Choice(Decisions.size(), FunctionCopy::Unreached);
    std::vector<CondPtr> Why;
    for (size_t I = 0; I < Decisions.size(); ++I) {
      const Decision &D = Decisions[I];
      if (D.Parent && Choice[*D.Parent] != static_cast<int>(D.ParentBranch))
        continue;
      Choice[I] = FunctionCopy::NoBranch;
      for (size_t BI = 0; BI < D.Tests.size(); ++BI)
        if (!D.Tests[BI] || evaluate(*D.Tests[BI], Values) != 0) {
          Choice[I] = static_cast<int>(BI);
          break;
        }
      if (Choice[I] >= 0) {
        Why.push_back(D.Own[Choice[I]]);
      } else {
        for (const CondPtr &O : D.Own)
          Why.push_back(makeNot(O));
      }
    }
    // Several decisions may test the same thing: one conjunct each.
    std::vector<CondPtr> Unique;
    std::set<std::string> Texts;
    for (const CondPtr &W : Why)
      if (Texts.insert(conditionText(*W, F)).second)
        Unique.push_back(W);
    if (Seen.try_emplace(Choice, Plan.Copies.size()).second)
      Plan.Copies.push_back({std::move(Choice), makeAnd(Unique)});
  }
  if (Plan.Copies.size() > MaxCopies)
    return TooMany(std::to_string(Plan.Copies.size()));
  return Plan;
}

} // namespace varsim::rewrite
