//===- model/FeatureValues.cpp - A configuration, by feature name ---------===//

#include "model/FeatureValues.h"

#include "feature_models/FeatureModel.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace varsim::model {

FeatureValues FeatureValues::of(const fm::FeatureModel &FM,
                                const fm::Configuration &C) {
  FeatureValues V;
  const std::vector<fm::Feature> &Features = FM.features();
  for (fm::FeatureId Id = 0; Id < Features.size(); ++Id) {
    const fm::Feature &F = Features[Id];
    bool Selected = Id < C.Selected.size() && C.Selected[Id];
    int64_t Value = F.Kind == fm::FeatureKind::Numeric && Id < C.Values.size()
                        ? C.Values[Id]
                        : Selected;
    V.set(F.Name, Value);
  }
  // Conditions may spell a feature by its macro where it differs.
  for (const fm::Feature &F : Features)
    if (!F.Macro.empty() && !V.Values.count(F.Macro))
      V.set(F.Macro, V(F.Name));
  return V;
}

llvm::Expected<FeatureValues>
FeatureValues::parse(llvm::StringRef Config,
                     llvm::ArrayRef<ModelFeature> Features) {
  FeatureValues V;
  llvm::StringMap<bool> Numeric;
  llvm::StringSet<> Named;
  std::string Names;
  for (const ModelFeature &F : Features) {
    Numeric[F.Name] = F.Numeric;
    V.set(F.Name, 0);
    Names += (Names.empty() ? "" : ", ") + F.Name;
  }
  llvm::SmallVector<llvm::StringRef> Items;
  Config.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    auto [Name, Value] = Item.trim().split('=');
    Name = Name.trim();
    auto It = Numeric.find(Name);
    if (It == Numeric.end())
      return makeError("configuration '" + Config + "': unknown feature '" +
                       Name + "' (the model's features: " + Names + ")");
    if (!Named.insert(Name).second)
      return makeError("feature '" + Name +
                       "' is named twice in "
                       "configuration '" +
                       Config + "'");
    int64_t N = 1;
    if (Item.contains('=') && Value.trim().getAsInteger(0, N))
      return makeError("configuration '" + Config + "': '" + Value.trim() +
                       "' is not an integer value for " + Name);
    V.set(Name, N);
  }
  return V;
}

} // namespace varsim::model
