//===- feature_models/FeatureIDEWriter.cpp - Writing model.xml ------------===//
//
// Writes a model as FeatureIDE XML that the FeatureIDE reader reads back to
// the same model (macros, numeric domains and the macro prefix as
// properties).
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"

#include <tinyxml2.h>

namespace varsim::fm {
namespace {

using tinyxml2::XMLDocument;
using tinyxml2::XMLElement;

void addProperty(XMLDocument &Doc, XMLElement &Parent, const char *Key,
                 const std::string &Value) {
  XMLElement *E = Doc.NewElement("property");
  E->SetAttribute("key", Key);
  E->SetAttribute("value", Value.c_str());
  Parent.InsertEndChild(E);
}

XMLElement *writeFeature(XMLDocument &Doc, const FeatureModel::Impl &P,
                         FeatureId Id) {
  const Feature &F = P.Features[Id];
  const char *Tag = F.Children.empty()                       ? "feature"
                    : F.ChildGroup == GroupKind::Or          ? "or"
                    : F.ChildGroup == GroupKind::Alternative ? "alt"
                                                             : "and";
  XMLElement *E = Doc.NewElement(Tag);
  if (F.Abstract)
    E->SetAttribute("abstract", "true");
  if (F.Mandatory)
    E->SetAttribute("mandatory", "true");
  if (F.Hidden)
    E->SetAttribute("hidden", "true");
  E->SetAttribute("name", F.Name.c_str());
  bool MacroIsDefault = F.Abstract
                            ? F.Macro.empty()
                            : F.Macro == defaultMacro(P.MacroPrefix, F.Name);
  if (!MacroIsDefault)
    addProperty(Doc, *E, "macro", F.Macro);
  if (F.Kind == FeatureKind::Numeric) {
    addProperty(Doc, *E, "type", "numeric");
    std::string Values;
    for (int64_t V : F.Values) {
      if (!Values.empty())
        Values += ',';
      Values += std::to_string(V);
    }
    addProperty(Doc, *E, "values", Values);
    addProperty(Doc, *E, "default", std::to_string(F.DefaultValue));
  }
  for (FeatureId C : F.Children)
    E->InsertEndChild(writeFeature(Doc, P, C));
  return E;
}

XMLElement *writeExpr(XMLDocument &Doc, const FeatureModel::Impl &P,
                      const condition::Cond &X) {
  using condition::Cond;
  auto Op = [&](const char *Tag) {
    XMLElement *E = Doc.NewElement(Tag);
    for (const condition::CondPtr &O : X.Operands)
      E->InsertEndChild(writeExpr(Doc, P, *O));
    return E;
  };
  switch (X.K) {
  case Cond::Ident: {
    XMLElement *E = Doc.NewElement("var");
    E->SetText(X.Name.c_str());
    return E;
  }
  case Cond::Int: {
    // FeatureIDE has no constants: root | !root and root & !root.
    XMLElement *E = Doc.NewElement(X.Value ? "disj" : "conj");
    XMLElement *V = Doc.NewElement("var");
    V->SetText(P.Features[0].Name.c_str());
    XMLElement *N = Doc.NewElement("not");
    XMLElement *V2 = Doc.NewElement("var");
    V2->SetText(P.Features[0].Name.c_str());
    N->InsertEndChild(V2);
    E->InsertEndChild(V);
    E->InsertEndChild(N);
    return E;
  }
  case Cond::Unary:
    return Op("not");
  case Cond::Call:
    return Op("atmost1");
  case Cond::Binary:
    return Op(X.Op == "&&"   ? "conj"
              : X.Op == "||" ? "disj"
              : X.Op == "=>" ? "imp"
                             : "eq");
  default: // The readers build no other node.
    return Doc.NewElement("conj");
  }
}

} // namespace

void writeFeatureIDE(const FeatureModel &M, llvm::raw_ostream &OS) {
  const FeatureModel::Impl &P = *M.P;
  XMLDocument Doc;
  Doc.InsertEndChild(Doc.NewDeclaration(
      "xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\""));
  XMLElement *Root = Doc.NewElement("featureModel");
  Doc.InsertEndChild(Root);
  if (!P.MacroPrefix.empty()) {
    XMLElement *Props = Doc.NewElement("properties");
    addProperty(Doc, *Props, "macro-prefix", P.MacroPrefix);
    Root->InsertEndChild(Props);
  }
  XMLElement *Struct = Doc.NewElement("struct");
  Struct->InsertEndChild(writeFeature(Doc, P, 0));
  Root->InsertEndChild(Struct);
  if (!P.Constraints.empty()) {
    XMLElement *Cs = Doc.NewElement("constraints");
    for (const Constraint &C : P.Constraints) {
      XMLElement *Rule = Doc.NewElement("rule");
      Rule->InsertEndChild(writeExpr(Doc, P, *C.E));
      Cs->InsertEndChild(Rule);
    }
    Root->InsertEndChild(Cs);
  }
  tinyxml2::XMLPrinter Printer;
  Doc.Print(&Printer);
  OS << Printer.CStr();
}

} // namespace varsim::fm
