//===- model/TermKeys.cpp - Simplified terms of calling contexts ---------===//

#include "model/TermKeys.h"

#include "llvm/ADT/DenseSet.h"

#include <algorithm>

namespace varsim::model {

using callgraph::Atom;
using callgraph::AtomId;
using callgraph::AtomTable;
using callgraph::CallGraph;
using callgraph::SeqId;

Simplifier::Simplifier(const CallGraph &CG, const AtomTable &Atoms,
                       const ModelOptions &Options)
    : CG(CG), Atoms(Atoms), Options(Options) {
  Info.resize(Atoms.size());
  for (AtomId A = 0; A < Atoms.size(); ++A) {
    const Atom &At = Atoms[A];
    if (A == AtomTable::Base || !At.isLiteral() || !Options.Features)
      continue;
    // A numeric feature is in every configuration, with a value; its
    // literal `LEVEL` reads `LEVEL != 0`, which the feature model's
    // selection says nothing about (0 is a value, not "unselected").
    std::optional<fm::FeatureId> Id = Options.Features->findByName(At.Feature);
    if (Id && Options.Features->feature(*Id).Kind != fm::FeatureKind::Numeric)
      Info[A].Id = Id;
  }
  if (Options.Features)
    for (fm::FeatureId F : Options.Features->coreFeatures())
      Core.insert(F);
}

Simplified Simplifier::simplify(std::vector<AtomId> Seq, SeqId FirstSeq) const {
  Simplified S;
  switch (Options.Mode) {
  case Simplification::None:
    S.Key = std::move(Seq);
    break;
  case Simplification::Paper:
    S.Key = paper(std::move(Seq));
    break;
  case Simplification::Full:
    return full(std::move(Seq), CG.sequences().atoms(FirstSeq));
  }
  S.Display = S.Key;
  return S;
}

bool Simplifier::mandatory(AtomId A) const {
  if (A == AtomTable::Base)
    return true;
  return atom(A).isLiteral() && !atom(A).Negated && Info[A].Id &&
         Core.count(*Info[A].Id);
}

std::vector<AtomId> Simplifier::paper(std::vector<AtomId> Seq) const {
  for (bool Changed = true; Changed;) {
    Changed = false;
    // S-Ref: f#f -> f.
    for (size_t I = 0; I + 1 < Seq.size(); ++I)
      if (Seq[I] == Seq[I + 1]) {
        Seq.erase(Seq.begin() + I + 1);
        Changed = true;
        break;
      }
    // S-Mand: mandatory(f_i), prefix(f_i) empty: f_i#f_j -> f_j.
    if (Seq.size() >= 2 && mandatory(Seq.front())) {
      Seq.erase(Seq.begin());
      Changed = true;
    }
  }
  if (Seq.size() == 1 && Seq.front() == AtomTable::Base)
    Seq.clear();
  return Seq;
}

Simplified Simplifier::full(std::vector<AtomId> Set,
                            const std::vector<AtomId> &CallOrder) const {
  Simplified S = fullKey(std::move(Set));
  // Show the atoms in call order, as the paper writes its terms.
  std::sort(S.Key.begin(), S.Key.end());
  llvm::DenseSet<AtomId> Shown;
  for (AtomId A : CallOrder)
    if (std::binary_search(S.Key.begin(), S.Key.end(), A) &&
        Shown.insert(A).second)
      S.Display.push_back(A);
  // A local model's atoms come after the context's own.
  for (AtomId A : S.Key)
    if (Shown.insert(A).second)
      S.Display.push_back(A);
  return S;
}

Simplified Simplifier::fullKey(std::vector<AtomId> Seq) const {
  std::sort(Seq.begin(), Seq.end());
  Seq.erase(std::unique(Seq.begin(), Seq.end()), Seq.end());
  std::erase_if(Seq, [&](AtomId A) { return mandatory(A); });
  for (AtomId A : Seq) {
    const Atom &At = atom(A);
    if (At.General && At.General->K == condition::Cond::Int)
      return {Seq, {}, "its condition is false"};
    if (!At.isLiteral())
      continue;
    for (AtomId B : Seq)
      if (atom(B).isLiteral() && atom(B).Feature == At.Feature &&
          atom(B).Negated != At.Negated)
        return {Seq, {}, "it has both " + At.Feature + " and !" + At.Feature};
    if (At.Negated && Info[A].Id && Core.count(*Info[A].Id))
      return {Seq, {}, At.Feature + " is in every valid configuration"};
  }
  auto Literal = [&](AtomId A) {
    return fm::Literal{*Info[A].Id, atom(A).Negated};
  };
  std::vector<fm::Literal> Known;
  for (AtomId A : Seq)
    if (Info[A].Id)
      Known.push_back(Literal(A));
  if (Options.Features && !Options.Features->isSatisfiable(Known))
    return {Seq, {}, "no valid configuration of the feature model has it"};
  // A disjunction that one of the term's literals makes true says nothing
  // more: RapidJSON's `RAPIDJSON_SSE2 || RAPIDJSON_SSE42#RAPIDJSON_SSE42`
  // (a function under `#if SSE2 || SSE42` calling one under `#ifdef
  // SSE42`) is `RAPIDJSON_SSE42`.
  std::vector<AtomId> Implied;
  for (AtomId A : Seq)
    if (disjunctionHolds(A, Seq, Known))
      Implied.push_back(A);
  std::erase_if(Seq, [&](AtomId A) { return llvm::is_contained(Implied, A); });
  if (!Options.Features)
    return {std::move(Seq), {}, {}};
  // Drop a literal implied by the others; the later of two equivalent
  // ones goes first, so that the first one stays.
  for (size_t I = Seq.size(); I-- > 0;) {
    if (!Info[Seq[I]].Id)
      continue;
    std::vector<fm::Literal> Others;
    for (size_t J = 0; J < Seq.size(); ++J)
      if (J != I && Info[Seq[J]].Id)
        Others.push_back(Literal(Seq[J]));
    if (Options.Features->implies(Others, Literal(Seq[I])))
      Seq.erase(Seq.begin() + I);
  }
  return {std::move(Seq), {}, {}};
}

bool Simplifier::disjunctionHolds(AtomId A, const std::vector<AtomId> &Seq,
                                  const std::vector<fm::Literal> &Known) const {
  const Atom &At = atom(A);
  if (At.isLiteral() || At.General->K != condition::Cond::Binary ||
      At.General->Op != "||")
    return false;
  // The disjuncts, each a feature or its negation.
  std::vector<std::pair<std::string, bool>> Disjuncts;
  std::vector<const condition::Cond *> Work{At.General.get()};
  while (!Work.empty()) {
    const condition::Cond *C = Work.back();
    Work.pop_back();
    if (C->K == condition::Cond::Binary && C->Op == "||") {
      for (const condition::CondPtr &O : C->Operands)
        Work.push_back(O.get());
    } else if (C->K == condition::Cond::Ident) {
      Disjuncts.emplace_back(C->Name, false);
    } else if (C->K == condition::Cond::Unary && C->Op == "!" &&
               C->Operands.front()->K == condition::Cond::Ident) {
      Disjuncts.emplace_back(C->Operands.front()->Name, true);
    } else {
      return false; // `A || LEVEL >= 2`: not a disjunction of literals.
    }
  }
  for (const auto &[Name, Negated] : Disjuncts) {
    for (AtomId B : Seq)
      if (B != A && atom(B).isLiteral() && atom(B).Feature == Name &&
          atom(B).Negated == Negated)
        return true;
    if (!Options.Features)
      continue;
    std::optional<fm::FeatureId> Id = Options.Features->findByName(Name);
    if (Id && Options.Features->feature(*Id).Kind != fm::FeatureKind::Numeric &&
        Options.Features->implies(Known, fm::Literal{*Id, Negated}))
      return true;
  }
  return false;
}

IncrementalKeys::IncrementalKeys(const CallGraph &CG, Simplification Mode,
                                 const Simplifier &S)
    : Seqs(CG.sequences()), Mode(Mode) {
  KeyOf.resize(Seqs.size(), 0);
  Sets.push_back({});
  for (SeqId Seq = 1; Seq < Seqs.size(); ++Seq) {
    uint32_t Parent = KeyOf[Seqs.parent(Seq)];
    AtomId A = Seqs.last(Seq);
    switch (Mode) {
    case Simplification::None:
      KeyOf[Seq] = Seq;
      break;
    case Simplification::Paper:
      KeyOf[Seq] = paperStep(Parent, A, S);
      break;
    case Simplification::Full:
      KeyOf[Seq] = S.mandatory(A) ? Parent : setStep(Parent, A);
      break;
    }
  }
}

std::vector<AtomId> IncrementalKeys::atoms(uint32_t Key) const {
  switch (Mode) {
  case Simplification::None:
    return Seqs.atoms(Key);
  case Simplification::Paper:
    return Paper.atoms(Key);
  case Simplification::Full:
    return Sets[Key];
  }
  return {};
}

uint32_t IncrementalKeys::paperStep(SeqId Q, AtomId A, const Simplifier &S) {
  // S-Ref: f#f -> f.
  if (Q != callgraph::AtomSequences::Empty && Paper.last(Q) == A)
    return Q;
  // S-Mand: a mandatory first atom with something after it drops out. In
  // normal form only a one-atom sequence can start with a mandatory atom.
  if (Q != callgraph::AtomSequences::Empty &&
      Paper.parent(Q) == callgraph::AtomSequences::Empty &&
      S.mandatory(Paper.last(Q)))
    Q = callgraph::AtomSequences::Empty;
  return Paper.append(Q, A);
}

uint32_t IncrementalKeys::setStep(uint32_t Set, AtomId A) {
  uint64_t Step = static_cast<uint64_t>(Set) << 32 | A;
  if (auto It = SetSteps.find(Step); It != SetSteps.end())
    return It->second;
  std::vector<AtomId> Atoms = Sets[Set];
  auto At = std::lower_bound(Atoms.begin(), Atoms.end(), A);
  uint32_t Result = Set;
  if (At == Atoms.end() || *At != A) {
    Atoms.insert(At, A);
    auto [It, New] =
        SetIndex.try_emplace(Atoms, static_cast<uint32_t>(Sets.size()));
    if (New)
      Sets.push_back(std::move(Atoms));
    Result = It->second;
  }
  SetSteps[Step] = Result;
  return Result;
}

} // namespace varsim::model
