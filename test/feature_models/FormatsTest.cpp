//===- test/feature_models/FormatsTest.cpp - Readers and the writer -------===//

#include "TestModels.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include "llvm/Support/raw_ostream.h"

using namespace varsim::fm;
using namespace varsim::fm::test;

namespace {

/// The same product line in both formats: the same count and the same
/// valid configurations, and both agree with brute force over check().
void expectSameProductLine(const std::string &FeatureIDE,
                           const std::string &SPLConqueror) {
  FeatureModel A = load(FeatureIDE);
  FeatureModel B = load(SPLConqueror);
  std::vector<std::string> ConfigsA = validConfigs(A);
  std::vector<std::string> ConfigsB = validConfigs(B);
  EXPECT_GT(ConfigsA.size(), 1u);
  EXPECT_EQ(A.count(), B.count());
  EXPECT_EQ(A.count(), static_cast<double>(ConfigsA.size()));
  EXPECT_EQ(ConfigsA, ConfigsB);
  EXPECT_EQ(ConfigsA, bruteForceValid(A));
  EXPECT_EQ(ConfigsB, bruteForceValid(B));
}

std::string written(const FeatureModel &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeFeatureIDE(M, OS);
  return S;
}

void expectRoundTrip(const FeatureModel &M) {
  llvm::Expected<FeatureModel> Back =
      parseFeatureModel(written(M), "written.xml");
  ASSERT_TRUE(static_cast<bool>(Back))
      << varsim::errorToString(Back.takeError()) << "\n"
      << written(M);
  EXPECT_EQ(validConfigs(M), validConfigs(*Back));
  ASSERT_EQ(M.features().size(), Back->features().size());
  for (FeatureId F = 0; F < M.features().size(); ++F) {
    const Feature &X = M.feature(F), &Y = Back->feature(F);
    EXPECT_EQ(X.Name, Y.Name);
    EXPECT_EQ(X.Macro, Y.Macro);
    EXPECT_EQ(X.Abstract, Y.Abstract);
    EXPECT_EQ(X.Kind, Y.Kind);
    EXPECT_EQ(X.Values, Y.Values);
    EXPECT_EQ(X.DefaultValue, Y.DefaultValue);
    EXPECT_EQ(X.ChildGroup, Y.ChildGroup);
  }
}

TEST(FeatureModelFormats, ElevatorInBothFormatsIsTheSame) {
  expectSameProductLine("elevator.xml", "elevator.vm.xml");
}

TEST(FeatureModelFormats, EMailInBothFormatsIsTheSame) {
  expectSameProductLine("email.xml", "email.vm.xml");
}

TEST(FeatureModelFormats, FeaturesAreInDepthFirstOrder) {
  for (const char *Name : {"elevator.xml", "elevator.vm.xml", "email.xml"}) {
    FeatureModel M = load(Name);
    EXPECT_EQ(M.root(), 0u);
    EXPECT_FALSE(M.feature(M.root()).Parent.has_value());
    FeatureId Expected = 1;
    std::function<void(FeatureId)> Walk = [&](FeatureId F) {
      for (FeatureId C : M.feature(F).Children) {
        EXPECT_EQ(C, Expected++) << Name;
        EXPECT_EQ(M.feature(C).Parent, std::optional<FeatureId>(F));
        Walk(C);
      }
    };
    Walk(M.root());
    EXPECT_EQ(Expected, M.features().size());
  }
}

TEST(FeatureModelFormats, ElevatorStructure) {
  for (const char *Name : {"elevator.xml", "elevator.vm.xml"}) {
    FeatureModel M = load(Name);
    std::optional<FeatureId> Behavior = M.findByName("Behavior");
    ASSERT_TRUE(Behavior) << Name;
    EXPECT_EQ(M.feature(*Behavior).ChildGroup, GroupKind::Alternative);
    EXPECT_TRUE(M.feature(*Behavior).Abstract);
    EXPECT_TRUE(M.feature(*Behavior).Mandatory);
    EXPECT_TRUE(M.feature(*Behavior).Macro.empty());
    EXPECT_EQ(M.feature(*Behavior).Children.size(), 3u);
    EXPECT_TRUE(M.feature(M.root()).Abstract);
    std::optional<FeatureId> Logging = M.findByName("Logging");
    ASSERT_TRUE(Logging);
    EXPECT_EQ(M.feature(*Logging).Macro, "ELEVATOR_LOG");
    EXPECT_EQ(M.findByMacro("ELEVATOR_LOG"), Logging);
    EXPECT_FALSE(M.findByMacro("Logging"));
    EXPECT_EQ(M.findByMacro("FIFO"), M.findByName("FIFO"));
    EXPECT_EQ(M.path(), modelPath(Name));
    std::vector<FeatureId> Concrete = M.concreteFeatures();
    EXPECT_EQ(Concrete.size(), M.features().size() - 3); // 3 abstract
  }
}

TEST(FeatureModelFormats, MacroPrefixAndNumericFeatures) {
  for (const char *Name : {"email.xml", "email.vm.xml"}) {
    FeatureModel M = load(Name);
    std::optional<FeatureId> Sign = M.findByName("Sign");
    ASSERT_TRUE(Sign) << Name;
    EXPECT_EQ(M.feature(*Sign).Macro, "MAIL_Sign");
    EXPECT_EQ(M.findByMacro("MAIL_Sign"), Sign);
    std::optional<FeatureId> Level = M.findByMacro("COMPRESSION_LEVEL");
    ASSERT_TRUE(Level);
    EXPECT_EQ(M.feature(*Level).Name, "LEVEL");
    EXPECT_EQ(M.feature(*Level).Kind, FeatureKind::Numeric);
    EXPECT_EQ(M.feature(*Level).Values, (std::vector<int64_t>{0, 1, 2, 3}));
    EXPECT_EQ(M.feature(*Level).DefaultValue, 1);
    EXPECT_TRUE(M.feature(*Level).Mandatory);
  }
}

TEST(FeatureModelFormats, ExplicitNumericValuesAndStepFunctions) {
  const char *Xml = R"(<vm name="n">
  <binaryOptions><configurationOption><name>root</name></configurationOption></binaryOptions>
  <numericOptions>
    <configurationOption><name>Threads</name><parent>root</parent>
      <minValue>1</minValue><maxValue>16</maxValue><stepFunction>Threads * 2</stepFunction>
    </configurationOption>
    <configurationOption><name>Size</name><parent>root</parent>
      <values>10;30;20</values><defaultValue>20</defaultValue>
    </configurationOption>
  </numericOptions>
</vm>)";
  llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, "n.xml");
  ASSERT_TRUE(static_cast<bool>(M)) << varsim::errorToString(M.takeError());
  const Feature &Threads = M->feature(*M->findByName("Threads"));
  EXPECT_EQ(Threads.Values, (std::vector<int64_t>{1, 2, 4, 8, 16}));
  EXPECT_EQ(Threads.DefaultValue, 1);
  const Feature &Size = M->feature(*M->findByName("Size"));
  EXPECT_EQ(Size.Values, (std::vector<int64_t>{10, 20, 30}));
  EXPECT_EQ(Size.DefaultValue, 20);
  EXPECT_EQ(M->count(), 15.0);
  expectRoundTrip(*M);
}

TEST(FeatureModelFormats, TextualConstraintSyntax) {
  // Each constraint over A, B, C against the same formula in C++.
  struct Case {
    const char *Text;
    std::function<bool(bool, bool, bool)> Holds;
  } Cases[] = {
      {"!A | B &amp; (C)",
       [](bool A, bool B, bool C) { return !A || (B && C); }},
      {"A =&gt; B =&gt; C",
       [](bool A, bool B, bool C) { return !A || !B || C; }},
      {"(A =&gt; B) =&gt; C",
       [](bool A, bool B, bool C) { return (A && !B) || C; }},
      {"A &lt;=&gt; !B | C",
       [](bool A, bool B, bool C) { return A == (!B || C); }},
      {"!(A &amp;&amp; B) || ~C",
       [](bool A, bool B, bool C) { return !(A && B) || !C; }},
      {"A -&gt; (B &lt;-&gt; C)",
       [](bool A, bool B, bool C) { return !A || B == C; }},
  };
  for (const Case &K : Cases) {
    std::string Xml = std::string(R"(<vm name="t"><binaryOptions>
      <configurationOption><name>A</name><optional>True</optional></configurationOption>
      <configurationOption><name>B</name><optional>True</optional></configurationOption>
      <configurationOption><name>C</name><optional>True</optional></configurationOption>
    </binaryOptions><booleanConstraints><constraint>)") +
                      K.Text + "</constraint></booleanConstraints></vm>";
    llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, "t.xml");
    ASSERT_TRUE(static_cast<bool>(M))
        << K.Text << ": " << varsim::errorToString(M.takeError());
    unsigned Expected = 0;
    for (int Bits = 0; Bits < 8; ++Bits) {
      bool A = Bits & 1, B = Bits & 2, C = Bits & 4;
      std::string Config =
          std::string(A ? "A," : "") + (B ? "B," : "") + (C ? "C" : "");
      EXPECT_EQ(checkConfig(*M, Config).empty(), K.Holds(A, B, C))
          << K.Text << " with {" << Config << "}";
      Expected += K.Holds(A, B, C);
    }
    EXPECT_EQ(M->count(), static_cast<double>(Expected)) << K.Text;
    expectRoundTrip(*M);
  }
}

TEST(FeatureModelFormats, ExclusiveSiblingsBesideOthersFormAGroup) {
  // X and Y exclude each other and are not optional; Z is optional.
  const char *Xml = R"(<vm name="g"><binaryOptions>
    <configurationOption><name>root</name></configurationOption>
    <configurationOption><name>P</name><parent>root</parent><optional>True</optional></configurationOption>
    <configurationOption><name>X</name><parent>P</parent><optional>False</optional>
      <excludedOptions><options>Y</options></excludedOptions></configurationOption>
    <configurationOption><name>Y</name><parent>P</parent><optional>False</optional></configurationOption>
    <configurationOption><name>Z</name><parent>P</parent><optional>True</optional></configurationOption>
  </binaryOptions></vm>)";
  llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, "g.xml");
  ASSERT_TRUE(static_cast<bool>(M)) << varsim::errorToString(M.takeError());
  EXPECT_EQ(validConfigs(*M),
            (std::vector<std::string>{"", "P,X", "P,X,Z", "P,Y", "P,Y,Z"}));
  EXPECT_EQ(validConfigs(*M), bruteForceValid(*M));
  EXPECT_NE(checkConfig(*M, "P,Z").find("exactly one of X, Y"),
            std::string::npos)
      << checkConfig(*M, "P,Z");
}

TEST(FeatureModelFormats, WriterRoundTrips) {
  for (const char *Name :
       {"elevator.xml", "elevator.vm.xml", "email.xml", "email.vm.xml"}) {
    SCOPED_TRACE(Name);
    expectRoundTrip(load(Name));
  }
}

TEST(FeatureModelFormats, InferredFromMacros) {
  FeatureModel M =
      FeatureModel::inferFromMacros({"LOGGING", "CACHE", "Base", "LOGGING"});
  EXPECT_EQ(M.features().size(), 4u);
  EXPECT_TRUE(M.feature(M.root()).Abstract);
  EXPECT_NE(M.feature(M.root()).Name, "Base");
  EXPECT_EQ(M.count(), 8.0);
  for (const char *Macro : {"LOGGING", "CACHE", "Base"}) {
    std::optional<FeatureId> F = M.findByMacro(Macro);
    ASSERT_TRUE(F) << Macro;
    EXPECT_EQ(M.feature(*F).Name, Macro);
    EXPECT_FALSE(M.feature(*F).Mandatory);
  }
  expectRoundTrip(M);
  FeatureModel Empty = FeatureModel::inferFromMacros({});
  EXPECT_EQ(Empty.feature(Empty.root()).Name, "Base");
  EXPECT_EQ(Empty.count(), 1.0);
}

TEST(FeatureModelFormats, ToleratesFeatureIDEExtras) {
  const char *Xml = R"(<?xml version="1.0"?>
<extendedFeatureModel>
  <properties><graphics key="x" value="y"/></properties>
  <struct>
    <and name="R" abstract="true">
      <graphics key="collapsed" value="false"/>
      <attribute name="cost" type="long" value="3"/>
      <feature name="A" hidden="true"><description>d</description></feature>
      <feature name="B"><attribute name="macro" type="string" value="HAVE_B"/></feature>
    </and>
  </struct>
  <constraints><rule><description>r</description><tags>t</tags><var>A</var></rule></constraints>
  <calculations Auto="true"/>
  <comments/>
  <featureOrder userDefined="false"/>
</extendedFeatureModel>)";
  llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, "x.xml");
  ASSERT_TRUE(static_cast<bool>(M)) << varsim::errorToString(M.takeError());
  EXPECT_TRUE(M->feature(*M->findByName("A")).Hidden);
  EXPECT_EQ(M->findByMacro("HAVE_B"), M->findByName("B"));
  EXPECT_EQ(validConfigs(*M), (std::vector<std::string>{"A", "A,B"}));
}

} // namespace
