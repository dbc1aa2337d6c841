//===- feature_models/SPLConquerorReader.cpp - SPL Conqueror / VaRA <vm> --===//
//
// Reads <vm>: <binaryOptions> and <numericOptions> of <configurationOption>
// (name, parent, optional, impliedOptions, excludedOptions; numeric:
// minValue, maxValue, stepFunction or values, defaultValue), and
// <booleanConstraints>. Options without a parent hang below the option
// named "root" (created, abstract, if absent and if there is more than one
// option without a parent; a single one is the root). Non-optional siblings
// that exclude each other pairwise form an alternative group.
//
// varsim's extensions: <abstract>true</abstract> and <macro>NAME</macro> on
// an option, and the attribute macroPrefix="CONFIG_" on <vm>.
// <nonBooleanConstraints> and <mixedConstraints> are not supported and are
// skipped.
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"
#include "feature_models/Readers.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace varsim::fm {
namespace {

using tinyxml2::XMLElement;

unsigned lineOf(const XMLElement &E) {
  return static_cast<unsigned>(E.GetLineNum());
}

bool isTrueText(llvm::StringRef S) {
  return S.equals_insensitive("true") || S == "1" ||
         S.equals_insensitive("yes");
}

/// One <configurationOption> as written, before the tree is known.
struct Option {
  unsigned Index = 0; ///< In the builder.
  std::string Parent;
  bool Optional = false;
  bool Numeric = false;
  unsigned Line = 0;
  std::vector<std::pair<std::string, unsigned>> Implied, Excluded;
};

class SPLConquerorReader {
public:
  explicit SPLConquerorReader(llvm::StringRef Path)
      : Path(Path), B(Path.str()) {}

  llvm::Expected<FeatureModel> read(const XMLElement &Root);

private:
  llvm::Error readOption(const XMLElement &E, bool Numeric);
  llvm::Error readNumericDomain(const XMLElement &E, Feature &F);
  llvm::Error linkTree();
  llvm::Error addOptionConstraints();
  llvm::Error readBooleanConstraints(const XMLElement &E);
  llvm::Error error(unsigned Line, const llvm::Twine &Msg) {
    return makeError(Path, Line, 0, Msg);
  }

  llvm::StringRef Path;
  FeatureModelBuilder B;
  std::vector<Option> Options;
  std::optional<unsigned> Root;
};

llvm::Expected<FeatureModel> SPLConquerorReader::read(const XMLElement &Vm) {
  B.setModelLine(lineOf(Vm));
  if (const char *Prefix = Vm.Attribute("macroPrefix"))
    B.setMacroPrefix(Prefix);
  std::vector<const XMLElement *> Constraints;
  for (const XMLElement *E = Vm.FirstChildElement(); E;
       E = E->NextSiblingElement()) {
    llvm::StringRef Tag = E->Name();
    if (Tag == "binaryOptions" || Tag == "numericOptions") {
      for (const XMLElement *O = E->FirstChildElement(); O;
           O = O->NextSiblingElement()) {
        if (llvm::StringRef(O->Name()) != "configurationOption")
          return error(lineOf(*O), "unknown element <" +
                                       llvm::StringRef(O->Name()) + "> in <" +
                                       Tag + ">");
        if (llvm::Error Err = readOption(*O, Tag == "numericOptions"))
          return Err;
      }
    } else if (Tag == "booleanConstraints") {
      Constraints.push_back(E);
    } else if (Tag != "nonBooleanConstraints" && Tag != "mixedConstraints" &&
               Tag != "description") {
      return error(lineOf(*E), "unknown element <" + Tag + "> in <vm>");
    }
  }
  if (Options.empty())
    return error(lineOf(Vm), "the feature model has no features");
  if (llvm::Error Err = linkTree())
    return Err;
  if (llvm::Error Err = addOptionConstraints())
    return Err;
  for (const XMLElement *E : Constraints)
    if (llvm::Error Err = readBooleanConstraints(*E))
      return Err;
  return B.build();
}

llvm::Error SPLConquerorReader::readNumericDomain(const XMLElement &E,
                                                  Feature &F) {
  unsigned Line = lineOf(E);
  auto Integer =
      [&](const char *Tag) -> llvm::Expected<std::optional<int64_t>> {
    std::string Text = childText(E, Tag);
    if (Text.empty())
      return std::nullopt;
    const XMLElement *Child = E.FirstChildElement(Tag);
    llvm::Expected<int64_t> N =
        parseInteger(Text, Tag, Path, Child ? lineOf(*Child) : Line);
    if (!N)
      return N.takeError();
    return std::optional<int64_t>(*N);
  };
  std::string ValueList = childText(E, "values");
  if (!ValueList.empty()) {
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    llvm::StringRef(ValueList).split(
        Parts, llvm::StringRef(ValueList).contains(';') ? ';' : ',', -1, false);
    for (llvm::StringRef P : Parts) {
      llvm::Expected<int64_t> N = parseInteger(P, "value", Path, Line);
      if (!N)
        return N.takeError();
      F.Values.push_back(*N);
    }
  } else {
    auto Min = Integer("minValue");
    if (!Min)
      return Min.takeError();
    auto Max = Integer("maxValue");
    if (!Max)
      return Max.takeError();
    if (!*Min || !*Max)
      return error(Line, "numeric option '" + F.Name +
                             "' needs <minValue> and <maxValue>, or "
                             "<values>");
    // stepFunction: "NAME + k", "NAME * k" (or k first); default "+ 1".
    char Op = '+';
    int64_t By = 1;
    std::string Step = childText(E, "stepFunction");
    if (!Step.empty()) {
      llvm::StringRef S(Step);
      size_t At = S.find_first_of("+*");
      if (At == llvm::StringRef::npos)
        return error(Line, "unsupported stepFunction '" + Step +
                               "' (expected NAME + k or NAME * k)");
      Op = S[At];
      llvm::StringRef L = S.substr(0, At).trim(), R = S.substr(At + 1).trim();
      llvm::StringRef Number = L == F.Name ? R : L;
      if ((L != F.Name && R != F.Name) || Number.getAsInteger(10, By))
        return error(Line, "unsupported stepFunction '" + Step +
                               "' (expected " + F.Name + " + k or " + F.Name +
                               " * k)");
    }
    int64_t V = **Min;
    while (V <= **Max) {
      F.Values.push_back(V);
      if (F.Values.size() > 4096)
        return error(Line, "numeric option '" + F.Name +
                               "' has more than 4096 values");
      int64_t Next = Op == '+' ? V + By : V * By;
      if (Next <= V)
        return error(Line, "the stepFunction '" + Step + "' of '" + F.Name +
                               "' does not increase from " + llvm::Twine(V));
      V = Next;
    }
  }
  auto Default = Integer("defaultValue");
  if (!Default)
    return Default.takeError();
  if (*Default)
    F.DefaultValue = **Default;
  else if (!F.Values.empty())
    F.DefaultValue = *std::min_element(F.Values.begin(), F.Values.end());
  return llvm::Error::success();
}

llvm::Error SPLConquerorReader::readOption(const XMLElement &E, bool Numeric) {
  Feature F;
  F.Name = childText(E, "name");
  F.Line = lineOf(E);
  if (F.Name.empty())
    return error(F.Line, "<configurationOption> without a <name>");
  F.Macro = childText(E, "macro");
  F.Abstract = isTrueText(childText(E, "abstract"));
  Option O;
  O.Line = F.Line;
  O.Numeric = Numeric;
  O.Parent = childText(E, "parent");
  O.Optional = isTrueText(childText(E, "optional"));
  if (Numeric) {
    F.Kind = FeatureKind::Numeric;
    if (llvm::Error Err = readNumericDomain(E, F))
      return Err;
  }
  for (auto [Tag, List] : {std::pair{"impliedOptions", &O.Implied},
                           std::pair{"excludedOptions", &O.Excluded}}) {
    const XMLElement *L = E.FirstChildElement(Tag);
    for (const XMLElement *Opt = L ? L->FirstChildElement("options") : nullptr;
         Opt; Opt = Opt->NextSiblingElement("options")) {
      // One <options> may list several names separated by '|'.
      llvm::SmallVector<llvm::StringRef, 4> Names;
      llvm::StringRef(Opt->GetText() ? Opt->GetText() : "")
          .split(Names, '|', -1, false);
      for (llvm::StringRef N : Names)
        if (!N.trim().empty())
          List->emplace_back(N.trim().str(), lineOf(*Opt));
    }
  }
  bool IsRoot = F.Name == "root";
  if (IsRoot)
    F.Abstract = true;
  llvm::Expected<unsigned> Index = B.addFeature(std::move(F));
  if (!Index)
    return Index.takeError();
  O.Index = *Index;
  if (IsRoot)
    Root = *Index;
  Options.push_back(std::move(O));
  return llvm::Error::success();
}

llvm::Error SPLConquerorReader::linkTree() {
  if (!Root) {
    // A single option without a parent is the root, unless options name
    // "root" as their parent.
    std::vector<const Option *> Parentless;
    bool NamesRoot = false;
    for (const Option &O : Options) {
      if (O.Parent.empty())
        Parentless.push_back(&O);
      NamesRoot = NamesRoot || O.Parent == "root";
    }
    if (Parentless.size() == 1 && !NamesRoot)
      Root = Parentless.front()->Index;
  }
  if (!Root) {
    Feature R;
    R.Name = "root";
    R.Abstract = true;
    llvm::Expected<unsigned> I = B.addFeature(std::move(R));
    if (!I)
      return I.takeError();
    Root = *I;
  }
  for (Option &O : Options) {
    if (O.Index == *Root)
      continue;
    std::optional<unsigned> Parent =
        O.Parent.empty() ? Root : B.lookup(O.Parent);
    if (!Parent)
      return error(O.Line, "option '" + B.feature(O.Index).Name +
                               "' names unknown parent '" + O.Parent + "'");
    if (*Parent == O.Index)
      return error(O.Line, "option '" + O.Parent + "' is its own parent");
    B.setParent(O.Index, *Parent);
    B.feature(O.Index).Mandatory = !O.Optional;
  }
  return llvm::Error::success();
}

llvm::Error SPLConquerorReader::addOptionConstraints() {
  std::map<unsigned, const Option *> ByIndex;
  for (const Option &O : Options)
    ByIndex[O.Index] = &O;
  // Exclusions, once per unordered pair.
  std::set<std::pair<unsigned, unsigned>> Excludes;
  std::map<std::pair<unsigned, unsigned>, unsigned> ExcludeLine;
  for (const Option &O : Options) {
    for (const auto &[Name, Line] : O.Excluded) {
      std::optional<unsigned> Other = B.lookup(Name);
      if (!Other)
        return error(Line, "option '" + B.feature(O.Index).Name +
                               "' excludes unknown option '" + Name + "'");
      auto Key = std::minmax(O.Index, *Other);
      Excludes.insert(Key);
      ExcludeLine.emplace(Key, Line);
    }
  }
  auto Excluded = [&](unsigned A, unsigned B) {
    return Excludes.count(std::minmax(A, B)) != 0;
  };

  // Non-optional siblings that pairwise exclude each other: alternatives.
  std::set<std::pair<unsigned, unsigned>> UsedByGroups;
  std::map<std::optional<unsigned>, std::vector<unsigned>> Siblings;
  for (const Option &O : Options)
    if (O.Index != *Root && !O.Optional && !O.Numeric)
      Siblings[O.Parent.empty() ? Root : B.lookup(O.Parent)].push_back(O.Index);
  for (auto &[Parent, Members] : Siblings) {
    std::vector<bool> Taken(Members.size(), false);
    for (size_t I = 0; I < Members.size(); ++I) {
      if (Taken[I])
        continue;
      std::vector<unsigned> Group{Members[I]};
      for (size_t J = I + 1; J < Members.size(); ++J) {
        if (Taken[J])
          continue;
        bool All = true;
        for (unsigned G : Group)
          All = All && Excluded(G, Members[J]);
        if (All) {
          Group.push_back(Members[J]);
          Taken[J] = true;
        }
      }
      if (Group.size() < 2)
        continue;
      for (size_t X = 0; X < Group.size(); ++X)
        for (size_t Y = X + 1; Y < Group.size(); ++Y)
          UsedByGroups.insert(std::minmax(Group[X], Group[Y]));
      Feature &P = B.feature(*Parent);
      size_t Children = 0;
      for (const Option &O : Options)
        if (O.Index != *Root &&
            (O.Parent.empty() ? Root : B.lookup(O.Parent)) == Parent)
          ++Children;
      for (unsigned G : Group)
        B.feature(G).Mandatory = false;
      if (Children == Group.size()) {
        P.ChildGroup = GroupKind::Alternative;
        continue;
      }
      // Other children too: the group becomes a constraint.
      std::vector<Expr> Vars;
      std::string Names;
      for (unsigned G : Group) {
        Vars.push_back(condition::makeIdent(B.feature(G).Name));
        Names += (Names.empty() ? "" : ", ") + B.feature(G).Name;
      }
      Expr Exactly = condition::makeBinary(
          "&&", foldOperands("||", Vars),
          condition::makeCall(condition::AtMostOne, Vars));
      B.addConstraint(
          condition::makeBinary(
              "=>", condition::makeIdent(B.feature(*Parent).Name), Exactly),
          "alternative group of '" + P.Name + "' needs exactly one of " + Names,
          ByIndex[Group.front()]->Line);
    }
  }

  for (const auto &Key : Excludes) {
    if (UsedByGroups.count(Key))
      continue;
    B.addConstraint(
        condition::makeUnary(
            "!", condition::makeBinary(
                     "&&", condition::makeIdent(B.feature(Key.first).Name),
                     condition::makeIdent(B.feature(Key.second).Name))),
        B.feature(Key.first).Name + " excludes " + B.feature(Key.second).Name,
        ExcludeLine[Key]);
  }
  for (const Option &O : Options) {
    for (const auto &[Name, Line] : O.Implied) {
      std::optional<unsigned> Other = B.lookup(Name);
      if (!Other)
        return error(Line, "option '" + B.feature(O.Index).Name +
                               "' implies unknown option '" + Name + "'");
      B.addConstraint(condition::makeBinary(
                          "=>", condition::makeIdent(B.feature(O.Index).Name),
                          condition::makeIdent(B.feature(*Other).Name)),
                      B.feature(O.Index).Name + " implies " + Name, Line);
    }
  }
  return llvm::Error::success();
}

llvm::Error SPLConquerorReader::readBooleanConstraints(const XMLElement &List) {
  auto Lookup = [&](llvm::StringRef Name) -> std::optional<FeatureId> {
    return B.lookup(Name);
  };
  for (const XMLElement *E = List.FirstChildElement(); E;
       E = E->NextSiblingElement()) {
    if (llvm::StringRef(E->Name()) != "constraint")
      return error(lineOf(*E), "unknown element <" +
                                   llvm::StringRef(E->Name()) +
                                   "> in <booleanConstraints>");
    llvm::StringRef Text =
        E->GetText() ? llvm::StringRef(E->GetText()).trim() : "";
    if (Text.empty())
      return error(lineOf(*E), "empty <constraint>");
    llvm::Expected<Expr> X = parseConstraintText(Text, Lookup);
    if (!X)
      return error(lineOf(*E), errorMessage(X.takeError()));
    B.addConstraint(std::move(*X), Text.str(), lineOf(*E));
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<FeatureModel> readSPLConqueror(const tinyxml2::XMLElement &Root,
                                              llvm::StringRef Path) {
  return SPLConquerorReader(Path).read(Root);
}

} // namespace varsim::fm
