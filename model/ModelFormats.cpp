//===- model/ModelFormats.cpp - Printing a model --------------------------===//

#include "model/ModelFormats.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace varsim::model {

static std::string sourceList(const Term &T, unsigned Max,
                              llvm::StringRef Separator) {
  std::string S;
  for (unsigned I = 0; I < T.Sources.size() && I < Max; ++I) {
    if (I != 0)
      S += Separator;
    S += T.Sources[I];
  }
  if (T.Sources.size() > Max)
    S += fmt::format("{}+{} more", Separator, T.Sources.size() - Max);
  return S;
}

void writeTable(const PerformanceModel &M, llvm::raw_ostream &OS,
                unsigned MaxSources) {
  double Total = M.totalSeconds();
  size_t Width = 4;
  for (const Term &T : M.Terms)
    Width = std::max(Width, T.name().size());
  OS << fmt::format("{:<{}}  {:>12}  {:>7}  {:>5}  {}\n", "term", Width,
                    "seconds", "share", "order", "source locations");
  for (const Term &T : M.Terms)
    OS << fmt::format("{:<{}}  {:>12.6f}  {:>6.1f}%  {:>5}  {}\n", T.name(),
                      Width, T.Seconds,
                      Total != 0 ? 100 * T.Seconds / Total : 0.0, T.order(),
                      sourceList(T, MaxSources, ", "));
  OS << fmt::format("{:<{}}  {:>12.6f}  {:>6.1f}%\n", "total", Width, Total,
                    100.0);
}

static std::string csvField(llvm::StringRef S) {
  if (S.find_first_of(",\"\n") == llvm::StringRef::npos)
    return S.str();
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"')
      Out += '"';
    Out += C;
  }
  return Out + "\"";
}

void writeCsv(const PerformanceModel &M, llvm::raw_ostream &OS) {
  double Total = M.totalSeconds();
  OS << "term,seconds,share,order,sources\n";
  for (const Term &T : M.Terms)
    OS << csvField(T.name()) << ','
       << fmt::format("{:.9g},{:.6g},{}", T.Seconds,
                      Total != 0 ? T.Seconds / Total : 0.0, T.order())
       << ',' << csvField(sourceList(T, UINT32_MAX, ";")) << '\n';
}

std::vector<std::string> writeSplConqueror(const PerformanceModel &M,
                                           llvm::raw_ostream &OS) {
  std::vector<std::string> Skipped;
  // Products of features (sorted names) -> coefficient.
  std::map<std::vector<std::string>, double> Products;
  for (const Term &T : M.Terms) {
    std::vector<std::string> Positive, Negative;
    bool General = false;
    for (const Atom &A : T.Atoms) {
      if (!A.isLiteral())
        General = true;
      else if (!A.Feature.empty())
        (A.Negated ? Negative : Positive).push_back(A.Feature);
    }
    if (General || Negative.size() > 16) {
      Skipped.push_back(T.name());
      continue;
    }
    // Inclusion-exclusion over the negated literals.
    for (uint32_t Subset = 0; Subset < (1u << Negative.size()); ++Subset) {
      std::vector<std::string> Product = Positive;
      int Sign = 1;
      for (size_t I = 0; I < Negative.size(); ++I)
        if (Subset & (1u << I)) {
          Product.push_back(Negative[I]);
          Sign = -Sign;
        }
      std::sort(Product.begin(), Product.end());
      Product.erase(std::unique(Product.begin(), Product.end()), Product.end());
      Products[Product] += Sign * T.Seconds;
    }
  }
  bool First = true;
  for (const auto &[Product, Coefficient] : Products) {
    if (Coefficient == 0)
      continue;
    double Magnitude = Coefficient;
    if (First) {
      First = false;
    } else {
      OS << (Coefficient < 0 ? " - " : " + ");
      Magnitude = std::abs(Coefficient);
    }
    OS << fmt::format("{:.9g}", Magnitude);
    for (const std::string &F : Product)
      OS << " * " << F;
  }
  OS << (First ? "0\n" : "\n");
  return Skipped;
}

} // namespace varsim::model
