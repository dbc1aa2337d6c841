//===- feature_models/FeatureIDEReader.cpp - FeatureIDE model.xml ---------===//
//
// Reads <featureModel> (and <extendedFeatureModel>): <struct> with and, or,
// alt and feature elements; <constraints> with rule, var, not, conj, disj,
// imp, eq and atmost1. Layout and bookkeeping elements are skipped. varsim
// reads a few properties (<property key=.. value=..> or <attribute name=..
// value=..>): on a feature, macro, type=numeric, values, min, max, step,
// default; on the model (under <properties>), macro-prefix.
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"
#include "feature_models/Readers.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

namespace varsim::fm {
namespace {

using tinyxml2::XMLElement;

unsigned lineOf(const XMLElement &E) {
  return static_cast<unsigned>(E.GetLineNum());
}

bool isTrue(const XMLElement &E, const char *Attr) {
  const char *V = E.Attribute(Attr);
  return V && llvm::StringRef(V).trim().equals_insensitive("true");
}

/// A <property key value> or <attribute name value>: its key, or "".
llvm::StringRef propertyKey(const XMLElement &E) {
  llvm::StringRef Tag = E.Name();
  const char *Key = Tag == "property"    ? E.Attribute("key")
                    : Tag == "attribute" ? E.Attribute("name")
                                         : nullptr;
  return Key ? llvm::StringRef(Key).trim() : llvm::StringRef();
}

llvm::StringRef propertyValue(const XMLElement &E) {
  const char *V = E.Attribute("value");
  if (!V)
    V = E.GetText();
  return V ? llvm::StringRef(V).trim() : llvm::StringRef();
}

class FeatureIDEReader {
public:
  explicit FeatureIDEReader(llvm::StringRef Path) : Path(Path), B(Path.str()) {}

  llvm::Expected<FeatureModel> read(const XMLElement &Root);

private:
  llvm::Error readModelProperties(const XMLElement &Properties);
  llvm::Error readStruct(const XMLElement &Struct);
  llvm::Error readFeature(const XMLElement &E, std::optional<unsigned> Parent);
  llvm::Error readFeatureProperty(const XMLElement &E, Feature &F,
                                  std::optional<int64_t> &Min,
                                  std::optional<int64_t> &Max,
                                  std::optional<int64_t> &Step,
                                  bool &HasDefault);
  llvm::Error readConstraints(const XMLElement &Constraints);
  llvm::Expected<Expr> readFormula(const XMLElement &E);

  llvm::Error error(const XMLElement &E, const llvm::Twine &Msg) {
    return makeError(Path, lineOf(E), 0, Msg);
  }

  llvm::StringRef Path;
  FeatureModelBuilder B;
};

bool isFeatureElement(llvm::StringRef Tag) {
  return Tag == "and" || Tag == "or" || Tag == "alt" || Tag == "feature";
}

/// Elements that carry no semantics for varsim, wherever they appear.
bool isIgnoredElement(llvm::StringRef Tag) {
  static const llvm::StringSet<> Ignored = {
      "description", "graphics",     "comment",   "tags",
      "tag",         "calculations", "comments",  "featureOrder",
      "properties",  "property",     "attribute", "note"};
  return Ignored.contains(Tag);
}

llvm::Expected<FeatureModel> FeatureIDEReader::read(const XMLElement &Root) {
  B.setModelLine(lineOf(Root));
  const XMLElement *Struct = nullptr, *Constraints = nullptr;
  for (const XMLElement *E = Root.FirstChildElement(); E;
       E = E->NextSiblingElement()) {
    llvm::StringRef Tag = E->Name();
    if (Tag == "struct") {
      if (Struct)
        return error(*E, "a second <struct> (first at line " +
                             llvm::Twine(lineOf(*Struct)) + ")");
      Struct = E;
    } else if (Tag == "constraints") {
      if (Constraints)
        return error(*E, "a second <constraints> (first at line " +
                             llvm::Twine(lineOf(*Constraints)) + ")");
      Constraints = E;
    } else if (Tag == "properties") {
      if (llvm::Error Err = readModelProperties(*E))
        return Err;
    } else if (!isIgnoredElement(Tag) && Tag != "featureModelAttributes") {
      return error(*E,
                   "unknown element <" + Tag + "> in <" + Root.Name() + ">");
    }
  }
  if (!Struct)
    return error(Root, "the feature model has no features (no <struct>)");
  if (llvm::Error Err = readStruct(*Struct))
    return Err;
  if (Constraints)
    if (llvm::Error Err = readConstraints(*Constraints))
      return Err;
  return B.build();
}

llvm::Error
FeatureIDEReader::readModelProperties(const XMLElement &Properties) {
  for (const XMLElement *E = Properties.FirstChildElement(); E;
       E = E->NextSiblingElement())
    if (propertyKey(*E) == "macro-prefix")
      B.setMacroPrefix(propertyValue(*E).str());
  return llvm::Error::success();
}

llvm::Error FeatureIDEReader::readStruct(const XMLElement &Struct) {
  const XMLElement *Root = nullptr;
  for (const XMLElement *E = Struct.FirstChildElement(); E;
       E = E->NextSiblingElement()) {
    llvm::StringRef Tag = E->Name();
    if (isIgnoredElement(Tag))
      continue;
    if (!isFeatureElement(Tag))
      return error(*E, "unknown element <" + Tag + "> in <struct>");
    if (Root)
      return error(*E, "a second root feature in <struct> (the first is at "
                       "line " +
                           llvm::Twine(lineOf(*Root)) + ")");
    Root = E;
  }
  if (!Root)
    return error(Struct, "the feature model has no features");
  return readFeature(*Root, std::nullopt);
}

llvm::Error FeatureIDEReader::readFeatureProperty(const XMLElement &E,
                                                  Feature &F,
                                                  std::optional<int64_t> &Min,
                                                  std::optional<int64_t> &Max,
                                                  std::optional<int64_t> &Step,
                                                  bool &HasDefault) {
  llvm::StringRef Key = propertyKey(E), Value = propertyValue(E);
  unsigned Line = lineOf(E);
  auto Integer = [&](std::optional<int64_t> &Out) -> llvm::Error {
    llvm::Expected<int64_t> N = parseInteger(Value, Key, Path, Line);
    if (!N)
      return N.takeError();
    Out = *N;
    return llvm::Error::success();
  };
  if (Key == "macro") {
    F.Macro = Value.str();
  } else if (Key == "type") {
    if (Value.equals_insensitive("numeric") ||
        Value.equals_insensitive("integer") || Value.equals_insensitive("int"))
      F.Kind = FeatureKind::Numeric;
    else if (!Value.equals_insensitive("boolean") &&
             !Value.equals_insensitive("bool"))
      return error(E, "unknown feature type '" + Value +
                          "' (expected boolean or numeric)");
  } else if (Key == "values") {
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    Value.split(Parts, Value.contains(';') ? ';' : ',', -1, false);
    for (llvm::StringRef Part : Parts) {
      llvm::Expected<int64_t> N = parseInteger(Part, "value", Path, Line);
      if (!N)
        return N.takeError();
      F.Values.push_back(*N);
    }
  } else if (Key == "min") {
    return Integer(Min);
  } else if (Key == "max") {
    return Integer(Max);
  } else if (Key == "step") {
    return Integer(Step);
  } else if (Key == "default") {
    std::optional<int64_t> D;
    if (llvm::Error Err = Integer(D))
      return Err;
    F.DefaultValue = *D;
    HasDefault = true;
  }
  return llvm::Error::success();
}

llvm::Error FeatureIDEReader::readFeature(const XMLElement &E,
                                          std::optional<unsigned> Parent) {
  llvm::StringRef Tag = E.Name();
  const char *Name = E.Attribute("name");
  if (!Name || llvm::StringRef(Name).trim().empty())
    return error(E, "<" + Tag + "> without a name");
  Feature F;
  F.Name = llvm::StringRef(Name).trim().str();
  F.Mandatory = isTrue(E, "mandatory");
  F.Abstract = isTrue(E, "abstract");
  F.Hidden = isTrue(E, "hidden");
  F.Line = lineOf(E);
  F.ChildGroup = Tag == "or"    ? GroupKind::Or
                 : Tag == "alt" ? GroupKind::Alternative
                                : GroupKind::And;

  std::optional<int64_t> Min, Max, Step;
  bool HasDefault = false;
  std::vector<const XMLElement *> Children;
  for (const XMLElement *C = E.FirstChildElement(); C;
       C = C->NextSiblingElement()) {
    llvm::StringRef CTag = C->Name();
    if (CTag == "property" || CTag == "attribute") {
      if (llvm::Error Err =
              readFeatureProperty(*C, F, Min, Max, Step, HasDefault))
        return Err;
    } else if (isFeatureElement(CTag)) {
      Children.push_back(C);
    } else if (!isIgnoredElement(CTag)) {
      return error(*C, "unknown element <" + CTag + "> in feature '" + F.Name +
                           "'");
    }
  }
  if (F.Kind == FeatureKind::Numeric && F.Values.empty()) {
    if (!Min || !Max)
      return error(E, "numeric feature '" + F.Name +
                          "' needs a 'values' property or 'min' and 'max'");
    int64_t By = Step.value_or(1);
    if (By <= 0 || *Max < *Min)
      return error(E, "numeric feature '" + F.Name +
                          "' has an empty range (min " + llvm::Twine(*Min) +
                          ", max " + llvm::Twine(*Max) + ", step " +
                          llvm::Twine(By) + ")");
    if ((*Max - *Min) / By >= 4096)
      return error(E, "numeric feature '" + F.Name +
                          "' has more than 4096 values");
    for (int64_t V = *Min; V <= *Max; V += By)
      F.Values.push_back(V);
  }
  if (F.Kind == FeatureKind::Numeric && !HasDefault && !F.Values.empty())
    F.DefaultValue = *std::min_element(F.Values.begin(), F.Values.end());

  llvm::Expected<unsigned> Index = B.addFeature(std::move(F));
  if (!Index)
    return Index.takeError();
  if (Parent)
    B.setParent(*Index, *Parent);
  for (const XMLElement *C : Children)
    if (llvm::Error Err = readFeature(*C, *Index))
      return Err;
  return llvm::Error::success();
}

llvm::Error FeatureIDEReader::readConstraints(const XMLElement &Constraints) {
  for (const XMLElement *Rule = Constraints.FirstChildElement(); Rule;
       Rule = Rule->NextSiblingElement()) {
    llvm::StringRef Tag = Rule->Name();
    if (isIgnoredElement(Tag))
      continue;
    if (Tag != "rule")
      return error(*Rule, "unknown element <" + Tag + "> in <constraints>");
    const XMLElement *Formula = nullptr;
    for (const XMLElement *C = Rule->FirstChildElement(); C;
         C = C->NextSiblingElement()) {
      if (isIgnoredElement(C->Name()))
        continue;
      if (Formula)
        return error(*C, "a <rule> holds one formula; this is a second");
      Formula = C;
    }
    if (!Formula)
      return error(*Rule, "empty <rule>");
    llvm::Expected<Expr> E = readFormula(*Formula);
    if (!E)
      return E.takeError();
    B.addConstraint(std::move(*E), "", lineOf(*Rule));
  }
  return llvm::Error::success();
}

llvm::Expected<Expr> FeatureIDEReader::readFormula(const XMLElement &E) {
  llvm::StringRef Tag = E.Name();
  if (Tag == "var") {
    llvm::StringRef Name =
        E.GetText() ? llvm::StringRef(E.GetText()).trim() : "";
    if (Name.empty())
      return error(E, "empty <var>");
    std::optional<unsigned> Id = B.lookup(Name);
    if (!Id)
      return error(E, "constraint names unknown feature '" + Name + "'");
    return condition::makeIdent(Name);
  }
  std::vector<Expr> Ops;
  for (const XMLElement *C = E.FirstChildElement(); C;
       C = C->NextSiblingElement()) {
    if (isIgnoredElement(C->Name()))
      continue;
    llvm::Expected<Expr> Op = readFormula(*C);
    if (!Op)
      return Op.takeError();
    Ops.push_back(std::move(*Op));
  }
  auto Arity = [&](size_t Min, size_t Max) -> llvm::Error {
    if (Ops.size() < Min || Ops.size() > Max) {
      std::string Expected =
          Min == Max ? std::to_string(Min) : "at least " + std::to_string(Min);
      return error(E, "<" + Tag + "> takes " + Expected + " operand(s), not " +
                          llvm::Twine(Ops.size()));
    }
    return llvm::Error::success();
  };
  if (Tag == "not") {
    if (llvm::Error Err = Arity(1, 1))
      return Err;
    return condition::makeUnary("!", Ops.front());
  }
  if (Tag == "conj" || Tag == "disj" || Tag == "atmost1") {
    if (llvm::Error Err = Arity(1, ~size_t(0)))
      return Err;
    if (Tag == "atmost1")
      return condition::makeCall(condition::AtMostOne, std::move(Ops));
    return foldOperands(Tag == "conj" ? "&&" : "||", Ops);
  }
  if (Tag == "imp" || Tag == "eq") {
    if (llvm::Error Err = Arity(2, 2))
      return Err;
    return condition::makeBinary(Tag == "imp" ? "=>" : "<=>", Ops[0], Ops[1]);
  }
  return error(E, "unknown element <" + Tag + "> in a constraint");
}

} // namespace

llvm::Expected<FeatureModel> readFeatureIDE(const tinyxml2::XMLElement &Root,
                                            llvm::StringRef Path) {
  return FeatureIDEReader(Path).read(Root);
}

} // namespace varsim::fm
