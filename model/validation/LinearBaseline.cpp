//===- model/validation/LinearBaseline.cpp - Black-box baseline -----------===//

#include "model/validation/LinearBaseline.h"

#include "support/Diagnostic.h"

#include <Eigen/Dense>

#include <cmath>

namespace varsim::validation {
namespace {

/// The constant, the features, then every pair (I < J).
void designRow(llvm::ArrayRef<double> F, double *Out) {
  size_t K = 0;
  Out[K++] = 1.0;
  for (double V : F)
    Out[K++] = V;
  for (size_t I = 0; I < F.size(); ++I)
    for (size_t J = I + 1; J < F.size(); ++J)
      Out[K++] = F[I] * F[J];
}

size_t numColumns(size_t NumFeatures) {
  return 1 + NumFeatures +
         NumFeatures * (NumFeatures - (NumFeatures ? 1 : 0)) / 2;
}

} // namespace

llvm::Expected<LinearBaseline>
LinearBaseline::fit(llvm::ArrayRef<std::string> FeatureNames,
                    llvm::ArrayRef<std::vector<double>> X,
                    llvm::ArrayRef<double> Y) {
  if (X.empty())
    return makeError("linear baseline: no measured variant to fit on");
  if (X.size() != Y.size())
    return makeError("linear baseline: " + llvm::Twine(X.size()) +
                     " rows but " + llvm::Twine(Y.size()) + " measurements");
  for (const std::vector<double> &Row : X)
    if (Row.size() != FeatureNames.size())
      return makeError("linear baseline: a row has " + llvm::Twine(Row.size()) +
                       " values for " + llvm::Twine(FeatureNames.size()) +
                       " features");

  LinearBaseline B;
  B.NumFeatures = FeatureNames.size();
  B.Names.push_back("1");
  for (const std::string &N : FeatureNames)
    B.Names.push_back(N);
  for (size_t I = 0; I < FeatureNames.size(); ++I)
    for (size_t J = I + 1; J < FeatureNames.size(); ++J)
      B.Names.push_back(FeatureNames[I] + "*" + FeatureNames[J]);

  const Eigen::Index Rows = static_cast<Eigen::Index>(X.size());
  const Eigen::Index Cols =
      static_cast<Eigen::Index>(numColumns(B.NumFeatures));
  Eigen::MatrixXd A(Rows, Cols);
  Eigen::VectorXd Rhs(Rows);
  std::vector<double> Row(static_cast<size_t>(Cols));
  for (Eigen::Index R = 0; R < Rows; ++R) {
    designRow(X[static_cast<size_t>(R)], Row.data());
    for (Eigen::Index C = 0; C < Cols; ++C)
      A(R, C) = Row[static_cast<size_t>(C)];
    Rhs(R) = Y[static_cast<size_t>(R)];
  }

  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> QR(A);
  B.Rank = static_cast<unsigned>(QR.rank());
  B.FullRank = QR.rank() == Cols;
  Eigen::VectorXd Beta;
  if (B.FullRank) {
    Beta = QR.solve(Rhs);
  } else {
    // Ridge: (A'A + lambda D) beta = A'y, D = I without the constant, and
    // lambda small against the scale of A'A so that well-determined
    // coefficients barely move while undetermined ones go to zero.
    Eigen::MatrixXd Normal = A.transpose() * A;
    double Scale = Normal.diagonal().mean();
    double Lambda = 1e-6 * (Scale > 0 ? Scale : 1.0);
    for (Eigen::Index C = 1; C < Cols; ++C)
      Normal(C, C) += Lambda;
    Normal(0, 0) += Lambda * 1e-6; // Keeps the system positive definite.
    Beta = Normal.ldlt().solve(A.transpose() * Rhs);
  }
  B.Coefficients.assign(Beta.data(), Beta.data() + Beta.size());
  return B;
}

double LinearBaseline::predict(llvm::ArrayRef<double> Features) const {
  if (Features.size() != NumFeatures)
    return std::nan("");
  std::vector<double> Row(Coefficients.size());
  designRow(Features, Row.data());
  double Sum = 0;
  for (size_t C = 0; C < Row.size(); ++C)
    Sum += Row[C] * Coefficients[C];
  return Sum;
}

std::vector<LinearBaseline::Term> LinearBaseline::terms() const {
  double Largest = 0;
  for (double C : Coefficients)
    Largest = std::max(Largest, std::abs(C));
  std::vector<Term> Out;
  for (size_t C = 0; C < Coefficients.size(); ++C)
    if (std::abs(Coefficients[C]) > 1e-9 * Largest)
      Out.push_back({Names[C], Coefficients[C]});
  return Out;
}

} // namespace varsim::validation
