//===- model/validation/FeatureEffects.cpp - Effects measured and modelled ===//

#include "model/validation/FeatureEffects.h"

#include <Eigen/Dense>

#include <cmath>

namespace varsim::validation {

std::vector<FeatureEffect>
compareFeatureEffects(llvm::ArrayRef<std::string> FeatureNames,
                      llvm::ArrayRef<std::vector<double>> X,
                      llvm::ArrayRef<double> Measured,
                      llvm::ArrayRef<double> Predicted) {
  size_t Rows = X.size();
  if (Rows == 0 || Measured.size() != Rows || Predicted.size() != Rows)
    return {};
  // The columns: the constant, then each feature that varies and is not a
  // combination of the columns before it (an alternative group's last
  // member, a feature that always flips with another here).
  std::vector<size_t> Kept;
  auto Design = [&](const std::vector<size_t> &Features) {
    Eigen::MatrixXd A(static_cast<Eigen::Index>(Rows),
                      static_cast<Eigen::Index>(Features.size() + 1));
    for (size_t R = 0; R < Rows; ++R) {
      A(static_cast<Eigen::Index>(R), 0) = 1;
      for (size_t K = 0; K < Features.size(); ++K)
        A(static_cast<Eigen::Index>(R), static_cast<Eigen::Index>(K + 1)) =
            X[R].size() > Features[K] ? X[R][Features[K]] : 0;
    }
    return A;
  };
  for (size_t F = 0; F < FeatureNames.size(); ++F) {
    std::vector<size_t> With = Kept;
    With.push_back(F);
    Eigen::MatrixXd A = Design(With);
    Eigen::ColPivHouseholderQR<Eigen::MatrixXd> QR(A);
    if (QR.rank() == A.cols())
      Kept = std::move(With);
  }
  if (Kept.empty() || Rows < Kept.size() + 1)
    return {};
  Eigen::MatrixXd A = Design(Kept);
  Eigen::VectorXd Y(static_cast<Eigen::Index>(Rows)),
      P(static_cast<Eigen::Index>(Rows));
  double Mean = 0;
  for (size_t R = 0; R < Rows; ++R) {
    Y(static_cast<Eigen::Index>(R)) = Measured[R];
    P(static_cast<Eigen::Index>(R)) = Predicted[R];
    Mean += Measured[R] / static_cast<double>(Rows);
  }
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> QR(A);
  Eigen::VectorXd BetaY = QR.solve(Y), BetaP = QR.solve(P);
  long Freedom = static_cast<long>(Rows) - static_cast<long>(A.cols());
  std::optional<Eigen::MatrixXd> Covariance;
  if (Freedom > 0) {
    double Sigma2 =
        (Y - A * BetaY).squaredNorm() / static_cast<double>(Freedom);
    Covariance = Sigma2 * (A.transpose() * A).inverse();
  }
  std::vector<FeatureEffect> Out;
  for (size_t K = 0; K < Kept.size(); ++K) {
    auto C = static_cast<Eigen::Index>(K + 1);
    FeatureEffect E;
    E.Feature = FeatureNames[Kept[K]];
    E.Measured = BetaY(C);
    E.Modelled = BetaP(C);
    if (Covariance)
      E.StandardError = std::sqrt(std::max(0.0, (*Covariance)(C, C)));
    double Gap = std::abs(E.Measured - E.Modelled);
    E.Differs = E.StandardError && Gap > 2 * *E.StandardError &&
                Gap > 0.01 * std::abs(Mean);
    Out.push_back(std::move(E));
  }
  return Out;
}

} // namespace varsim::validation
