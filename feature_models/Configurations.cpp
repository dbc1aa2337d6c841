//===- feature_models/Configurations.cpp - CONFIG strings and validity ----===//
//
// Parsing and printing CONFIG strings, and check(), which explains in the
// model's own terms (the tree, then the cross-tree constraints) why a
// configuration is invalid.
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::fm {
namespace {

std::string joinNames(const std::vector<Feature> &Fs,
                      const std::vector<FeatureId> &Ids) {
  std::string S;
  for (FeatureId Id : Ids) {
    if (!S.empty())
      S += ", ";
    S += Fs[Id].Name;
  }
  return S;
}

std::string joinValues(const std::vector<int64_t> &Values) {
  std::string S;
  for (size_t I = 0; I < Values.size(); ++I) {
    if (I) {
      S += ", ";
      if (I == 8 && Values.size() > 10) {
        S += "..., " + std::to_string(Values.back());
        break;
      }
    }
    S += std::to_string(Values[I]);
  }
  return S;
}

} // namespace

llvm::Expected<Configuration>
FeatureModel::parseConfig(llvm::StringRef Config) const {
  const std::vector<Feature> &Fs = P->Features;
  Configuration C;
  C.Selected.assign(Fs.size(), false);
  C.Values.assign(Fs.size(), 0);
  std::vector<bool> HasValue(Fs.size(), false);
  std::vector<bool> Named(Fs.size(), false);

  llvm::SmallVector<llvm::StringRef, 16> Items;
  Config.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    auto [Name, Value] = Item.split('=');
    Name = Name.trim();
    Value = Value.trim();
    std::optional<FeatureId> Id = findByName(Name);
    if (!Id)
      Id = findByMacro(Name);
    if (!Id)
      return makeError("unknown feature '" + Name + "' in configuration '" +
                       Config + "'");
    const Feature &F = Fs[*Id];
    if (Named[*Id])
      return makeError("feature '" + F.Name +
                       "' is named twice in "
                       "configuration '" +
                       Config + "'");
    Named[*Id] = true;
    if (F.Abstract)
      return makeError("feature '" + F.Name + "' in configuration '" + Config +
                       "' is abstract: a CONFIG names concrete features "
                       "only (abstract and mandatory ones are implied)");
    bool HasEquals = Item.contains('=');
    int64_t N = 0;
    if (HasEquals && Value.getAsInteger(10, N))
      return makeError("malformed value '" + Value + "' of feature '" + F.Name +
                       "' in configuration '" + Config +
                       "' (expected an integer)");
    if (F.Kind == FeatureKind::Numeric) {
      C.Selected[*Id] = true;
      if (HasEquals) {
        C.Values[*Id] = N;
        HasValue[*Id] = true;
      }
      continue;
    }
    if (HasEquals && N != 0 && N != 1)
      return makeError("boolean feature '" + F.Name +
                       "' takes no value other than 0 or 1 (got '" + Value +
                       "')");
    C.Selected[*Id] = !HasEquals || N == 1;
  }

  // Complete: ancestors of selected features, then (top-down) the mandatory
  // children of selected features.
  for (FeatureId F = static_cast<FeatureId>(Fs.size()); F-- > 0;)
    if (C.Selected[F] && Fs[F].Parent)
      C.Selected[*Fs[F].Parent] = true;
  C.Selected[0] = true;
  for (FeatureId F = 0; F < Fs.size(); ++F)
    if (C.Selected[F] && Fs[F].ChildGroup == GroupKind::And)
      for (FeatureId K : Fs[F].Children)
        if (Fs[K].Mandatory)
          C.Selected[K] = true;
  for (FeatureId F = 0; F < Fs.size(); ++F)
    if (Fs[F].Kind == FeatureKind::Numeric && C.Selected[F] && !HasValue[F])
      C.Values[F] = Fs[F].DefaultValue;
  return C;
}

llvm::Error FeatureModel::check(const Configuration &C) const {
  const std::vector<Feature> &Fs = P->Features;
  if (C.Selected.size() != Fs.size() ||
      (!C.Values.empty() && C.Values.size() != Fs.size()))
    return makeError("the configuration has " + llvm::Twine(C.Selected.size()) +
                     " features, but the model has " + llvm::Twine(Fs.size()));
  if (!C.Selected[0])
    return makeError("the root feature '" + Fs[0].Name + "' is not selected");
  for (FeatureId F = 0; F < Fs.size(); ++F) {
    const Feature &Feat = Fs[F];
    if (C.Selected[F] && Feat.Parent && !C.Selected[*Feat.Parent])
      return makeError("feature '" + Feat.Name + "' is selected but its " +
                       "parent '" + Fs[*Feat.Parent].Name + "' is not");
    if (!C.Selected[F] || Feat.Children.empty())
      continue;
    std::vector<FeatureId> On;
    for (FeatureId K : Feat.Children)
      if (C.Selected[K])
        On.push_back(K);
    switch (Feat.ChildGroup) {
    case GroupKind::And:
      for (FeatureId K : Feat.Children)
        if (Fs[K].Mandatory && !C.Selected[K])
          return makeError("mandatory feature '" + Fs[K].Name + "' of '" +
                           Feat.Name + "' is not selected");
      break;
    case GroupKind::Or:
      if (On.empty())
        return makeError("or group '" + Feat.Name + "' needs at least one of " +
                         joinNames(Fs, Feat.Children));
      break;
    case GroupKind::Alternative:
      if (On.size() != 1)
        return makeError(
            "alternative group '" + Feat.Name + "' needs exactly one of " +
            joinNames(Fs, Feat.Children) + "; selected: " +
            (On.empty() ? std::string("none") : joinNames(Fs, On)));
      break;
    }
  }
  for (FeatureId F = 0; F < Fs.size(); ++F) {
    const Feature &Feat = Fs[F];
    if (Feat.Kind != FeatureKind::Numeric || !C.Selected[F] || C.Values.empty())
      continue;
    if (!std::binary_search(Feat.Values.begin(), Feat.Values.end(),
                            C.Values[F]))
      return makeError("numeric feature '" + Feat.Name + "' has value " +
                       llvm::Twine(C.Values[F]) + ", not one of " +
                       joinValues(Feat.Values));
  }
  for (const Constraint &K : P->Constraints)
    if (!condition::evaluate(
            *K.E, [&](llvm::StringRef Name) -> std::optional<int64_t> {
              std::optional<FeatureId> F = findByName(Name);
              if (!F || *F >= C.Selected.size() || !C.Selected[*F])
                return std::nullopt;
              return 1;
            })) {
      std::string Where;
      if (K.Line)
        Where = " (" + P->Path + ":" + std::to_string(K.Line) + ")";
      return makeError("constraint '" + K.Text + "'" + Where + " is violated");
    }
  return llvm::Error::success();
}

std::string FeatureModel::format(const Configuration &C) const {
  std::string S;
  const std::vector<Feature> &Fs = P->Features;
  for (FeatureId F = 0; F < Fs.size() && F < C.Selected.size(); ++F) {
    if (!C.Selected[F] || Fs[F].Abstract)
      continue;
    if (!S.empty())
      S += ',';
    S += Fs[F].Name;
    if (Fs[F].Kind == FeatureKind::Numeric) {
      S += '=';
      S += std::to_string(F < C.Values.size() ? C.Values[F] : 0);
    }
  }
  return S;
}

std::vector<std::string>
FeatureModel::compilerDefines(const Configuration &C) const {
  std::vector<std::string> Flags;
  const std::vector<Feature> &Fs = P->Features;
  for (FeatureId F = 0; F < Fs.size() && F < C.Selected.size(); ++F) {
    if (!C.Selected[F] || Fs[F].Abstract || Fs[F].Macro.empty())
      continue;
    int64_t Value = 1;
    if (Fs[F].Kind == FeatureKind::Numeric)
      Value = F < C.Values.size() ? C.Values[F] : Fs[F].DefaultValue;
    Flags.push_back("-D" + Fs[F].Macro + "=" + std::to_string(Value));
  }
  return Flags;
}

} // namespace varsim::fm
