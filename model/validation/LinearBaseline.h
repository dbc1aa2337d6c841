//===- model/validation/LinearBaseline.h - Black-box baseline ---*- C++ -*-===//
//
// What the usual black-box approach gets from measurements alone: a linear
// performance-influence model over the features and their pair-wise
// interactions (SPL Conqueror's model form, without its step-wise term
// selection), fitted by least squares on measured variants. It stands beside
// varsim's family-based model in the validation report.
//
// The design matrix has one column for the constant, one per feature and one
// per pair of features (the product of their values: 0/1 for boolean
// features, the value for numeric ones). A feature-wise plus pair-wise
// sample rarely pins down every column (features of an alternative group
// never appear together), so a rank-deficient fit falls back to ridge
// regression with a small penalty that leaves the constant free.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_LINEARBASELINE_H
#define VARSIM_MODEL_VALIDATION_LINEARBASELINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace varsim::validation {

class LinearBaseline {
public:
  struct Term {
    std::string Name; ///< "1", "A" or "A*B".
    double Coefficient;
  };

  /// Fits Y ~ c + sum a_i x_i + sum b_ij x_i x_j. Each row of X has one
  /// value per name in FeatureNames. Fails on empty or ragged input.
  static llvm::Expected<LinearBaseline>
  fit(llvm::ArrayRef<std::string> FeatureNames,
      llvm::ArrayRef<std::vector<double>> X, llvm::ArrayRef<double> Y);

  /// The prediction for one row of feature values.
  double predict(llvm::ArrayRef<double> Features) const;

  /// Terms with a coefficient that is not (numerically) zero, constant first.
  std::vector<Term> terms() const;

  /// Whether the least-squares system had full column rank (else: ridge).
  bool fullRank() const { return FullRank; }
  unsigned rank() const { return Rank; }

private:
  std::vector<std::string> Names; ///< Column names.
  std::vector<double> Coefficients;
  size_t NumFeatures = 0;
  bool FullRank = true;
  unsigned Rank = 0;
};

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_LINEARBASELINE_H
