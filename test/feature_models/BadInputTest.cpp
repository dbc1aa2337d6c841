//===- test/feature_models/BadInputTest.cpp - Located errors, no crash ----===//

#include "TestModels.h"

#include "feature_models/Validity.h"
#include "support/Diagnostic.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "llvm/Support/MemoryBuffer.h"

using namespace varsim::fm;
using namespace varsim::fm::test;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

struct BadCase {
  const char *What;
  const char *Xml;
  const char *Where;   ///< Expected prefix: "bad.xml:LINE: error: ".
  const char *Message; ///< Expected part of the message.
};

const BadCase Cases[] = {
    {"malformed XML",
     "<featureModel>\n<struct>\n<and name=\"R\">\n</struct>\n</featureModel>",
     "bad.xml:3: error: ", "malformed XML"},
    {"empty document", "", "bad.xml:1: error: ", "malformed XML"},
    {"unknown root element", "<?xml version=\"1.0\"?>\n<model/>",
     "bad.xml:2: error: ", "unknown root element <model>"},
    {"unknown element in struct",
     "<featureModel><struct>\n<group name=\"R\"/></struct></featureModel>",
     "bad.xml:2: error: ", "unknown element <group> in <struct>"},
    {"unknown element in a feature",
     "<featureModel><struct><and name=\"R\">\n<featur name=\"A\"/>"
     "</and></struct></featureModel>",
     "bad.xml:2: error: ", "unknown element <featur> in feature 'R'"},
    {"unknown top-level element",
     "<featureModel><struct><and name=\"R\"/></struct>\n<constraint/>"
     "</featureModel>",
     "bad.xml:2: error: ", "unknown element <constraint> in <featureModel>"},
    {"unknown formula element",
     "<featureModel><struct><and name=\"R\"><feature name=\"A\"/></and>"
     "</struct><constraints><rule>\n<xor><var>A</var><var>A</var></xor>"
     "</rule></constraints></featureModel>",
     "bad.xml:2: error: ", "unknown element <xor> in a constraint"},
    {"wrong arity",
     "<featureModel><struct><and name=\"R\"><feature name=\"A\"/></and>"
     "</struct><constraints><rule>\n<imp><var>A</var></imp>"
     "</rule></constraints></featureModel>",
     "bad.xml:2: error: ", "<imp> takes 2 operand(s), not 1"},
    {"unknown feature in a FeatureIDE constraint",
     "<featureModel><struct><and name=\"R\"><feature name=\"A\"/></and>"
     "</struct>\n<constraints>\n<rule><imp><var>A</var>\n<var>Nope</var>"
     "</imp></rule></constraints></featureModel>",
     "bad.xml:4: error: ", "constraint names unknown feature 'Nope'"},
    // Found by fuzz/FuzzFeatureModel.cpp: names a CONFIG cannot hold.
    {"a comma in a feature name",
     "<featureModel><struct>\n<and name=\"R\">\n<feature name=\"A,B\"/>"
     "</and></struct></featureModel>",
     "bad.xml:3: error: ",
     "feature name 'A,B' cannot be written in a CONFIG string"},
    {"an SPL Conqueror name with '='",
     "<vm name=\"S\"><binaryOptions>\n<configurationOption>"
     "<name>X=1</name><optional>True</optional></configurationOption>"
     "</binaryOptions></vm>",
     "bad.xml:2: error: ",
     "feature name 'X=1' cannot be written in a CONFIG string"},
    {"duplicate feature names",
     "<featureModel><struct>\n<and name=\"R\">\n<feature name=\"A\"/>\n"
     "<feature name=\"A\"/></and></struct></featureModel>",
     "bad.xml:4: error: ",
     "duplicate feature name 'A' (first declared at line 3)"},
    {"feature without a name",
     "<featureModel><struct>\n<and name=\"R\">\n<feature/></and></struct>"
     "</featureModel>",
     "bad.xml:3: error: ", "<feature> without a name"},
    {"two roots",
     "<featureModel><struct>\n<and name=\"R\"/>\n<and name=\"S\"/></struct>"
     "</featureModel>",
     "bad.xml:3: error: ", "a second root feature"},
    {"empty FeatureIDE struct", "<featureModel>\n<struct/></featureModel>",
     "bad.xml:2: error: ", "the feature model has no features"},
    {"no struct", "<featureModel/>",
     "bad.xml:1: error: ", "the feature model has no features"},
    {"empty vm", "<vm name=\"x\">\n<binaryOptions/></vm>",
     "bad.xml:1: error: ", "the feature model has no features"},
    {"macro collision",
     "<featureModel><struct><and name=\"R\" abstract=\"true\">\n"
     "<feature name=\"A\"/>\n<feature name=\"B\"><property key=\"macro\" "
     "value=\"A\"/></feature></and></struct></featureModel>",
     "bad.xml:3: error: ", "features 'A' and 'B' both stand for macro 'A'"},
    {"numeric feature without values",
     "<featureModel><struct><and name=\"R\">\n<feature name=\"N\">"
     "<property key=\"type\" value=\"numeric\"/></feature></and></struct>"
     "</featureModel>",
     "bad.xml:2: error: ", "needs a 'values' property or 'min' and 'max'"},
    {"numeric default outside the values",
     "<featureModel><struct><and name=\"R\">\n<feature name=\"N\">"
     "<property key=\"type\" value=\"numeric\"/><property key=\"values\" "
     "value=\"1,2\"/><property key=\"default\" value=\"5\"/></feature>"
     "</and></struct></featureModel>",
     "bad.xml:2: error: ", "default value 5 of numeric feature 'N'"},
    {"malformed numeric value",
     "<featureModel><struct><and name=\"R\"><feature name=\"N\">\n"
     "<property key=\"type\" value=\"numeric\"/><property key=\"values\" "
     "value=\"1,two\"/></feature></and></struct></featureModel>",
     "bad.xml:2: error: ", "malformed value 'two'"},
    {"unknown feature in an SPL Conqueror constraint",
     "<vm name=\"x\"><binaryOptions><configurationOption><name>A</name>"
     "</configurationOption></binaryOptions><booleanConstraints>\n"
     "<constraint>A | !Q</constraint></booleanConstraints></vm>",
     "bad.xml:2: error: ",
     "in constraint 'A | !Q': constraint names unknown feature 'Q' at "
     "column 6"},
    {"constraint syntax error",
     "<vm name=\"x\"><binaryOptions><configurationOption><name>A</name>"
     "</configurationOption></binaryOptions><booleanConstraints>\n"
     "<constraint>A &amp; | A</constraint></booleanConstraints></vm>",
     "bad.xml:2: error: ", "expected a feature name at column 5"},
    {"unbalanced parenthesis",
     "<vm name=\"x\"><binaryOptions><configurationOption><name>A</name>"
     "</configurationOption></binaryOptions><booleanConstraints>\n"
     "<constraint>(A | A</constraint></booleanConstraints></vm>",
     "bad.xml:2: error: ", "expected ')'"},
    {"unknown parent",
     "<vm name=\"x\"><binaryOptions>\n<configurationOption><name>A</name>"
     "<parent>Nope</parent></configurationOption></binaryOptions></vm>",
     "bad.xml:2: error: ", "option 'A' names unknown parent 'Nope'"},
    {"parent cycle",
     "<vm name=\"x\"><binaryOptions>\n<configurationOption><name>A</name>"
     "<parent>B</parent></configurationOption>\n<configurationOption>"
     "<name>B</name><parent>A</parent></configurationOption>"
     "</binaryOptions></vm>",
     "bad.xml:2: error: ", "not below the root"},
    {"option without a name",
     "<vm name=\"x\"><binaryOptions>\n<configurationOption><parent/>"
     "</configurationOption></binaryOptions></vm>",
     "bad.xml:2: error: ", "<configurationOption> without a <name>"},
    {"duplicate option",
     "<vm name=\"x\"><binaryOptions>\n<configurationOption><name>A</name>"
     "</configurationOption>\n<configurationOption><name>A</name>"
     "</configurationOption></binaryOptions></vm>",
     "bad.xml:3: error: ", "duplicate feature name 'A'"},
    {"unknown excluded option",
     "<vm name=\"x\"><binaryOptions><configurationOption><name>A</name>"
     "<excludedOptions>\n<options>Z</options></excludedOptions>"
     "</configurationOption></binaryOptions></vm>",
     "bad.xml:2: error: ", "option 'A' excludes unknown option 'Z'"},
    {"unsupported step function",
     "<vm name=\"x\"><numericOptions>\n<configurationOption><name>N</name>"
     "<minValue>1</minValue><maxValue>9</maxValue><stepFunction>N ^ 2"
     "</stepFunction></configurationOption></numericOptions></vm>",
     "bad.xml:2: error: ", "unsupported stepFunction 'N ^ 2'"},
    {"step function that does not grow",
     "<vm name=\"x\"><numericOptions>\n<configurationOption><name>N</name>"
     "<minValue>0</minValue><maxValue>9</maxValue><stepFunction>N * 2"
     "</stepFunction></configurationOption></numericOptions></vm>",
     "bad.xml:2: error: ", "does not increase from 0"},
    {"non-integer numeric bound",
     "<vm name=\"x\"><numericOptions><configurationOption><name>N</name>\n"
     "<minValue>0.5</minValue><maxValue>9</maxValue>"
     "</configurationOption></numericOptions></vm>",
     "bad.xml:2: error: ", "malformed minValue '0.5'"},
    {"huge numeric domain",
     "<vm name=\"x\"><numericOptions>\n<configurationOption><name>N</name>"
     "<minValue>0</minValue><maxValue>1000000000</maxValue>"
     "</configurationOption></numericOptions></vm>",
     "bad.xml:2: error: ", "more than 4096 values"},
    {"unknown element in vm", "<vm name=\"x\">\n<options/></vm>",
     "bad.xml:2: error: ", "unknown element <options> in <vm>"},
};

TEST(FeatureModelBadInput, EveryCaseIsALocatedError) {
  for (const BadCase &C : Cases) {
    std::string Message = parseError(C.Xml);
    EXPECT_THAT(Message, StartsWith(C.Where)) << C.What;
    EXPECT_THAT(Message, HasSubstr(C.Message)) << C.What;
  }
}

TEST(FeatureModelBadInput, MissingFile) {
  llvm::Expected<FeatureModel> M = loadFeatureModel("/nonexistent/model.xml");
  ASSERT_FALSE(static_cast<bool>(M));
  EXPECT_THAT(parseError("", "x"), StartsWith("x:1: error:"));
  std::string Message;
  llvm::handleAllErrors(M.takeError(), [&](const llvm::ErrorInfoBase &E) {
    Message = E.message();
  });
  EXPECT_THAT(Message, HasSubstr("/nonexistent/model.xml: error: cannot "
                                 "read the feature model"));
}

TEST(FeatureModelBadInput, TruncatedFilesNeverCrash) {
  // Every prefix of a real model is either a model or a located error.
  for (const char *Name : {"elevator.xml", "email.vm.xml"}) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(modelPath(Name));
    ASSERT_TRUE(static_cast<bool>(Buffer));
    llvm::StringRef Text = (*Buffer)->getBuffer();
    for (size_t Length = 0; Length < Text.size(); Length += 37) {
      std::string Message = parseError(Text.substr(0, Length).str(), "t.xml");
      if (!Message.empty()) {
        EXPECT_THAT(Message,
                    ::testing::MatchesRegex("t\\.xml:[0-9]+: error: .*"));
      }
    }
  }
}

} // namespace

// A model whose constraints contradict its tree describes no program.
TEST(BadInput, NoValidConfigurationIsAnErrorAtTheModel) {
  auto M = parseFeatureModel(
      "<featureModel><struct><and abstract=\"true\" mandatory=\"true\" "
      "name=\"R\"><feature mandatory=\"true\" name=\"A\"/></and></struct>"
      "<constraints><rule><not><var>A</var></not></rule></constraints>"
      "</featureModel>",
      "none.xml");
  ASSERT_TRUE(bool(M)) << varsim::errorToString(M.takeError());
  EXPECT_EQ(M->count(), 0);
  EXPECT_THAT(varsim::errorToString(requireValidConfiguration(*M)),
              StartsWith("none.xml: error: the feature model has no valid "
                         "configuration: its tree and its 1 cross-tree "
                         "constraint contradict each other (!A)"));
  EXPECT_FALSE(bool(requireValidConfiguration(
      *parseFeatureModel("<featureModel><struct><and name=\"R\"/></struct>"
                         "</featureModel>",
                         "ok.xml"))));
}
