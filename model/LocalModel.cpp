//===- model/LocalModel.cpp - Local models of one calling context ---------===//

#include "model/LocalModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

namespace varsim::model {

namespace {

using Assignment = std::vector<std::pair<unsigned, int64_t>>;

Assignment assignmentOf(llvm::ArrayRef<int64_t> Values,
                        llvm::ArrayRef<bool> ByValue) {
  Assignment A;
  for (unsigned I = 0; I < Values.size(); ++I)
    if (Values[I] != 0 || (I < ByValue.size() && ByValue[I]))
      A.emplace_back(I, Values[I]);
  return A;
}

/// Every (feature, value) of Small is in Large (both sorted by feature).
bool below(const Assignment &Small, const Assignment &Large) {
  return std::includes(Large.begin(), Large.end(), Small.begin(), Small.end());
}

} // namespace

std::vector<LocalTerm> mobiusInversion(llvm::ArrayRef<Observation> Points,
                                       llvm::ArrayRef<bool> ByValue) {
  // Average the observations of each distinct point.
  std::map<Assignment, std::pair<double, unsigned>> Sums;
  for (const Observation &O : Points) {
    auto &[Sum, Count] = Sums[assignmentOf(O.Values, ByValue)];
    Sum += O.Seconds;
    ++Count;
  }
  std::vector<LocalTerm> Terms;
  for (const auto &[A, Sum] : Sums)
    Terms.push_back({A, Sum.first / Sum.second, Sum.second, {}});
  // Smaller points first: a point's coefficient needs those below it.
  std::stable_sort(Terms.begin(), Terms.end(),
                   [](const LocalTerm &X, const LocalTerm &Y) {
                     return X.Assignment.size() < Y.Assignment.size();
                   });
  for (size_t P = 0; P < Terms.size(); ++P)
    for (size_t Q = 0; Q < P; ++Q)
      if (Terms[Q].Assignment.size() < Terms[P].Assignment.size() &&
          below(Terms[Q].Assignment, Terms[P].Assignment))
        Terms[P].Seconds -= Terms[Q].Seconds;
  return Terms;
}

std::vector<condition::CondPtr> localTermConditions(
    const LocalTerm &T,
    llvm::function_ref<std::pair<std::string, bool>(unsigned)> NameOf) {
  std::vector<condition::CondPtr> Out;
  for (const auto &[F, Value] : T.Assignment) {
    auto [Name, Numeric] = NameOf(F);
    condition::CondPtr C = condition::makeIdent(Name);
    if (Numeric) // By value: `LEVEL == 2`.
      C = condition::makeBinary("==", C, condition::makeInt(Value));
    Out.push_back(std::move(C));
  }
  for (const auto &[F, Value] : T.Unlike)
    Out.push_back(
        condition::makeBinary("!=", condition::makeIdent(NameOf(F).first),
                              condition::makeInt(Value)));
  return Out;
}

double evaluateLocalModel(llvm::ArrayRef<LocalTerm> Model,
                          llvm::ArrayRef<int64_t> Values,
                          llvm::ArrayRef<bool> ByValue) {
  Assignment Point = assignmentOf(Values, ByValue);
  double Sum = 0;
  for (const LocalTerm &T : Model) {
    bool Other = llvm::all_of(T.Unlike, [&](const auto &L) {
      return L.first >= Values.size() || Values[L.first] != L.second;
    });
    if (Other && below(T.Assignment, Point))
      Sum += T.Seconds;
  }
  return Sum;
}

void sortTermsByOrder(std::vector<LocalTerm> &Terms) {
  std::stable_sort(Terms.begin(), Terms.end(),
                   [](const LocalTerm &X, const LocalTerm &Z) {
                     if (X.Assignment.size() != Z.Assignment.size())
                       return X.Assignment.size() < Z.Assignment.size();
                     return X.Assignment < Z.Assignment;
                   });
}

} // namespace varsim::model
