//===- feature_models/FeatureModel.cpp - Structure and semantics ----------===//

#include "feature_models/ModelImpl.h"

#include "support/Diagnostic.h"

#include <algorithm>
#include <cstdio>

namespace varsim::fm {

FeatureModel::FeatureModel(std::unique_ptr<Impl> I) : P(std::move(I)) {}
FeatureModel::~FeatureModel() {
  // The BDD is released under BuDDy's lock (see ~BddSemantics).
}
FeatureModel::FeatureModel(FeatureModel &&) noexcept = default;
FeatureModel &FeatureModel::operator=(FeatureModel &&) noexcept = default;

const std::vector<Feature> &FeatureModel::features() const {
  return P->Features;
}
const Feature &FeatureModel::feature(FeatureId Id) const {
  return P->Features[Id];
}
FeatureId FeatureModel::root() const { return 0; }
llvm::StringRef FeatureModel::path() const { return P->Path; }

std::vector<std::string> FeatureModel::constraintTexts() const {
  std::vector<std::string> R;
  for (const Constraint &C : P->Constraints)
    R.push_back(C.Text);
  return R;
}

std::optional<FeatureId> FeatureModel::findByName(llvm::StringRef Name) const {
  auto It = P->ByName.find(Name);
  if (It == P->ByName.end())
    return std::nullopt;
  return It->second;
}

std::optional<FeatureId>
FeatureModel::findByMacro(llvm::StringRef Macro) const {
  auto It = P->ByMacro.find(Macro);
  if (It == P->ByMacro.end())
    return std::nullopt;
  return It->second;
}

std::vector<FeatureId> FeatureModel::concreteFeatures() const {
  std::vector<FeatureId> R;
  for (FeatureId F = 0; F < P->Features.size(); ++F)
    if (!P->Features[F].Abstract)
      R.push_back(F);
  return R;
}

double FeatureModel::count() const {
  return P->Semantics->count(P->Semantics->model());
}

void FeatureModel::forEachValid(
    const std::function<bool(const Configuration &)> &Visit) const {
  P->Semantics->forEach(P->Semantics->model(), Visit);
}

bool FeatureModel::isSatisfiable(llvm::ArrayRef<Literal> Conjunction) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  return P->Semantics->restrict(Conjunction) != bddfalse;
}

bool FeatureModel::implies(llvm::ArrayRef<Literal> Premises,
                           Literal Conclusion) const {
  std::vector<Literal> Counter(Premises.begin(), Premises.end());
  Counter.push_back({Conclusion.Feature, !Conclusion.Negated});
  return !isSatisfiable(Counter);
}

std::vector<FeatureId> FeatureModel::coreFeatures() const {
  BddSemantics::Possible Can = P->Semantics->possible(P->Semantics->model());
  std::vector<FeatureId> R;
  for (FeatureId F = 0; F < P->Features.size(); ++F)
    if (Can.CanSelect[F] && !Can.CanDeselect[F])
      R.push_back(F);
  return R;
}

std::vector<FeatureId> FeatureModel::deadFeatures() const {
  BddSemantics::Possible Can = P->Semantics->possible(P->Semantics->model());
  std::vector<FeatureId> R;
  for (FeatureId F = 0; F < P->Features.size(); ++F)
    if (!Can.CanSelect[F])
      R.push_back(F);
  return R;
}

std::optional<Configuration>
FeatureModel::findValid(llvm::ArrayRef<Literal> Required) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  return P->Semantics->optimal(P->Semantics->restrict(Required),
                               /*MostSelected=*/false);
}

std::optional<Configuration> FeatureModel::defaultConfiguration() const {
  llvm::Expected<Configuration> Empty = parseConfig("");
  if (Empty) {
    if (llvm::Error E = check(*Empty))
      llvm::consumeError(std::move(E));
    else
      return *Empty;
  } else {
    llvm::consumeError(Empty.takeError());
  }
  std::optional<Configuration> First;
  forEachValid([&](const Configuration &C) {
    First = C;
    return false;
  });
  return First;
}

std::string formatCount(double N) {
  char Buffer[64];
  if (N < 0x1.0p53)
    std::snprintf(Buffer, sizeof Buffer, "%.0f", N);
  else
    std::snprintf(Buffer, sizeof Buffer, "%.4e", N);
  return Buffer;
}

FeatureModel FeatureModel::inferFromMacros(llvm::ArrayRef<std::string> Macros) {
  FeatureModelBuilder B("");
  Feature Root;
  // "Base" unless a macro has that name.
  Root.Name = "Base";
  while (std::find(Macros.begin(), Macros.end(), Root.Name) != Macros.end())
    Root.Name += '_';
  Root.Abstract = true;
  unsigned RootIndex = llvm::cantFail(B.addFeature(Root));
  for (const std::string &M : Macros) {
    if (M.empty() || B.lookup(M))
      continue;
    Feature F;
    F.Name = M;
    F.Macro = M;
    llvm::Expected<unsigned> I = B.addFeature(F);
    if (!I) {
      llvm::consumeError(I.takeError());
      continue;
    }
    B.setParent(*I, RootIndex);
  }
  llvm::Expected<FeatureModel> M = B.build();
  if (M)
    return std::move(*M);
  // Only a BDD package failure can get here; fall back to the bare root,
  // which cannot fail.
  llvm::consumeError(M.takeError());
  FeatureModelBuilder Bare("");
  llvm::cantFail(Bare.addFeature(Root));
  return llvm::cantFail(Bare.build());
}

} // namespace varsim::fm
