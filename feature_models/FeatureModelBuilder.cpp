//===- feature_models/FeatureModelBuilder.cpp - Checking and building -----===//
//
// Both readers and inferFromMacros end here: the structure is checked
// (one root, no cycles, numeric domains, unique names and macros), features
// are renumbered in depth-first order (the BDD's variable order), macros are
// assigned, and the BDD is built.
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

namespace varsim::fm {
namespace {

/// Numeric domains are one-hot in the BDD; this bounds its size.
constexpr size_t MaxNumericValues = 4096;

} // namespace

std::string defaultMacro(llvm::StringRef Prefix, llvm::StringRef Name) {
  std::string M = (Prefix + Name).str();
  for (char &C : M)
    if (!llvm::isAlnum(C) && C != '_')
      C = '_';
  if (!M.empty() && llvm::isDigit(M.front()))
    M.insert(M.begin(), '_');
  return M;
}

llvm::Expected<unsigned> FeatureModelBuilder::addFeature(Feature F) {
  if (F.Name.empty())
    return makeError(Path, F.Line, 0, "feature without a name");
  // A CONFIG string is NAME[=VALUE] items separated by commas, trimmed: a
  // name that holds a comma, '=', a control character or outer blanks
  // could be printed but never read back (found by fuzz/).
  llvm::StringRef Name(F.Name);
  if (!llvm::json::isUTF8(Name))
    return makeError(Path, F.Line, 0,
                     "feature name '" + llvm::json::fixUTF8(Name) +
                         "' is not valid UTF-8");
  if (Name.find_first_of(",=") != llvm::StringRef::npos ||
      llvm::any_of(Name,
                   [](char C) {
                     return static_cast<unsigned char>(C) < 0x20 || C == 0x7f;
                   }) ||
      Name.trim() != Name)
    return makeError(Path, F.Line, 0,
                     "feature name '" + F.Name +
                         "' cannot be written in a CONFIG string (it holds "
                         "',', '=', a control character or outer blanks)");
  auto [It, New] = ByName.try_emplace(F.Name, Features.size());
  if (!New)
    return makeError(Path, F.Line, 0,
                     "duplicate feature name '" + F.Name +
                         "' (first declared at line " +
                         llvm::Twine(Features[It->second].Line) + ")");
  F.Parent.reset();
  F.Children.clear();
  Features.push_back(std::move(F));
  Parents.emplace_back();
  Kids.emplace_back();
  return static_cast<unsigned>(Features.size() - 1);
}

void FeatureModelBuilder::setParent(unsigned Child, unsigned Parent) {
  Parents[Child] = Parent;
  Kids[Parent].push_back(Child);
}

std::optional<unsigned>
FeatureModelBuilder::lookup(llvm::StringRef Name) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return std::nullopt;
  return It->second;
}

void FeatureModelBuilder::addConstraint(Expr E, std::string Text,
                                        unsigned Line) {
  Constraints.push_back({std::move(E), std::move(Text), Line});
}

llvm::Expected<FeatureModel> FeatureModelBuilder::build() {
  if (Features.empty())
    return makeError(Path, ModelLine, 0, "the feature model has no features");

  std::optional<unsigned> Root;
  for (unsigned I = 0; I < Features.size(); ++I) {
    if (Parents[I])
      continue;
    if (Root)
      return makeError(Path, Features[I].Line, 0,
                       "feature '" + Features[I].Name +
                           "' has no parent, but '" + Features[*Root].Name +
                           "' is already the root");
    Root = I;
  }
  if (!Root)
    return makeError(Path, Features.front().Line, 0,
                     "the feature model has no root (the parents form a "
                     "cycle)");

  // Depth-first preorder from the root, children in declaration order.
  std::vector<unsigned> Order;
  std::vector<FeatureId> NewId(Features.size(), ~0u);
  std::vector<unsigned> Stack{*Root};
  while (!Stack.empty()) {
    unsigned I = Stack.back();
    Stack.pop_back();
    NewId[I] = static_cast<FeatureId>(Order.size());
    Order.push_back(I);
    for (auto It = Kids[I].rbegin(); It != Kids[I].rend(); ++It)
      Stack.push_back(*It);
  }
  for (unsigned I = 0; I < Features.size(); ++I)
    if (NewId[I] == ~0u)
      return makeError(Path, Features[I].Line, 0,
                       "feature '" + Features[I].Name +
                           "' is not below the root (its parents form a "
                           "cycle)");

  auto I = std::make_unique<FeatureModel::Impl>();
  I->Path = Path;
  I->MacroPrefix = MacroPrefix;
  for (unsigned Old : Order) {
    Feature F = Features[Old];
    if (Parents[Old])
      F.Parent = NewId[*Parents[Old]];
    for (unsigned K : Kids[Old])
      F.Children.push_back(NewId[K]);
    if (F.Children.empty())
      F.ChildGroup = GroupKind::And;
    I->Features.push_back(std::move(F));
  }

  for (Feature &F : I->Features) {
    FeatureId Id = static_cast<FeatureId>(&F - I->Features.data());
    // Only an and-group has mandatory members; the root is always there.
    if (!F.Parent)
      F.Mandatory = true;
    else if (I->Features[*F.Parent].ChildGroup != GroupKind::And)
      F.Mandatory = false;
    if (F.Kind == FeatureKind::Numeric) {
      std::sort(F.Values.begin(), F.Values.end());
      F.Values.erase(std::unique(F.Values.begin(), F.Values.end()),
                     F.Values.end());
      if (F.Values.empty())
        return makeError(Path, F.Line, 0,
                         "numeric feature '" + F.Name + "' has no values");
      if (F.Values.size() > MaxNumericValues)
        return makeError(Path, F.Line, 0,
                         "numeric feature '" + F.Name + "' has " +
                             llvm::Twine(F.Values.size()) +
                             " values; at most " +
                             llvm::Twine(MaxNumericValues) + " are supported");
      if (!std::binary_search(F.Values.begin(), F.Values.end(), F.DefaultValue))
        return makeError(Path, F.Line, 0,
                         "default value " + llvm::Twine(F.DefaultValue) +
                             " of numeric feature '" + F.Name +
                             "' is not one of its values");
    } else {
      F.Values.clear();
      F.DefaultValue = 0;
    }
    if (F.Macro.empty() && !F.Abstract)
      F.Macro = defaultMacro(MacroPrefix, F.Name);
    I->ByName[F.Name] = Id;
    if (F.Macro.empty())
      continue;
    auto [It, New] = I->ByMacro.try_emplace(F.Macro, Id);
    if (!New)
      return makeError(Path, F.Line, 0,
                       "features '" + I->Features[It->second].Name + "' and '" +
                           F.Name + "' both stand for macro '" + F.Macro + "'");
  }

  // Constraints name features, so the new order leaves them unchanged.
  for (Constraint &C : Constraints) {
    if (C.Text.empty())
      C.Text = condition::printConstraint(*C.E);
  }
  I->Constraints = std::move(Constraints);

  auto Semantics = BddSemantics::build(I->Features, I->Constraints);
  if (!Semantics)
    return Semantics.takeError();
  I->Semantics = std::move(*Semantics);
  return FeatureModel(std::move(I));
}

} // namespace varsim::fm
