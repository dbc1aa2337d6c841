//===- model/FeatureValues.h - A configuration, by feature name -*- C++ -*-===//
//
// What a model's terms are evaluated against: each feature's value in one
// configuration (0/1 for a boolean feature, the value of a numeric one),
// looked up by the name that conditions use. Comes from a feature model's
// Configuration, or, for a model built without one, from a CONFIG string
// read against the model's own feature list.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_FEATUREVALUES_H
#define VARSIM_MODEL_FEATUREVALUES_H

#include "model/PerformanceModel.h"

#include "llvm/ADT/StringMap.h"

namespace varsim::fm {
struct Configuration;
}

namespace varsim::model {

class FeatureValues {
public:
  /// The value of a feature; 0 for one the configuration does not know.
  int64_t operator()(llvm::StringRef Name) const { return Values.lookup(Name); }
  void set(llvm::StringRef Name, int64_t Value) { Values[Name] = Value; }

  static FeatureValues of(const fm::FeatureModel &FM,
                          const fm::Configuration &C);

  /// Reads a CONFIG string ("A,B,LEVEL=2") without a feature model: the
  /// listed features are selected, every other one is off (numeric: 0).
  /// Names must be features of the model.
  static llvm::Expected<FeatureValues>
  parse(llvm::StringRef Config, llvm::ArrayRef<ModelFeature> Features);

private:
  llvm::StringMap<int64_t> Values;
};

} // namespace varsim::model

#endif // VARSIM_MODEL_FEATUREVALUES_H
