//===- test/rewrite/DiagnosticTest.cpp - Refusals and the output contract ===//
//
// What the rewriter refuses (located errors, exit without output), what it
// never touches (the original sources, byte for byte) and the layout of OUT.
//
//===----------------------------------------------------------------------===//

#include "support/Diagnostic.h"
#include "RewriteHarness.h"

#include "llvm/Support/FileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;

namespace {

const char *OneFeature =
    "<?xml version=\"1.0\"?>\n<featureModel><struct><and abstract=\"true\" "
    "mandatory=\"true\" name=\"R\"><feature name=\"A\"/><feature "
    "name=\"B\"/></and></struct></featureModel>\n";

TEST(RewriteDiagnostics, UndisciplinedInitializerAtFileScopeIsALocatedError) {
  TempProject P({{"main.c", "static const int t[] = {1,\n#ifdef A\n2,\n"
                            "#endif\n3};\nint main(void) { return t[1]; }\n"},
                 {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:2:1: error: "));
  EXPECT_THAT(Err, HasSubstr("undisciplined"));
  EXPECT_THAT(Err, HasSubstr("outside a function body"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

TEST(RewriteDiagnostics, DuplicationBeyondTheCapNamesTheFeatures) {
  // Five independent terms: 32 copies, more than the cap of 16.
  std::string Body = "int main(void) {\n  int x = 1\n";
  std::string Features;
  for (const char *F : {"F1", "F2", "F3", "F4", "F5"}) {
    Body += std::string("#ifdef ") + F + "\n  + 1\n#endif\n";
    Features += std::string("<feature name=\"") + F + "\"/>";
  }
  Body += "  ;\n  return x;\n}\n";
  TempProject P(
      {{"main.c", Body},
       {"model.xml", "<?xml version=\"1.0\"?>\n<featureModel><struct><and "
                     "abstract=\"true\" mandatory=\"true\" name=\"R\">" +
                         Features + "</and></struct></featureModel>\n"}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:3:1: error: "));
  EXPECT_THAT(Err, HasSubstr("F1, F2, F3, F4, F5"));
  EXPECT_THAT(Err, HasSubstr("32 copies"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

TEST(RewriteDiagnostics, UndisciplinedInConstructorIsRefusedWithReason) {
  TempProject P({{"main.cpp", "struct S {\n  int v;\n  S() {\n    v = 1\n"
                              "#ifdef A\n    + 1\n#endif\n    ;\n  }\n};\n"
                              "int main() { return S().v; }\n"},
                 {"model.xml", OneFeature}},
                /*Cxx=*/true);
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.cpp:5:1: error: "));
  EXPECT_THAT(Err, HasSubstr("constructor"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

TEST(RewriteDiagnostics, ParameterUnderConditionIsRefused) {
  TempProject P({{"main.c", "static int f(int a\n#ifdef A\n, int b\n#endif\n"
                            ") { return a; }\nint main(void) { return f(1"
                            "\n#ifdef A\n, 2\n#endif\n); }\n"},
                 {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:2:1: error: "));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

TEST(RewriteDiagnostics, TypeDefinedPerVariantIsRefused) {
  TempProject P(
      {{"main.c", "#ifdef A\ntypedef long num;\n#else\ntypedef short num;\n"
                  "#endif\nint main(void) { num n = 1; return (int)n; }\n"},
       {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err,
              HasSubstr("error: the typedef 'num' is defined differently"));
  // The message names each variant: its type and its condition.
  EXPECT_THAT(Err, HasSubstr("'long' when A (main.c:2) and 'short' when !A "
                             "(main.c:4)"));
  EXPECT_THAT(Err, HasSubstr("main.c:4:"));
}

TEST(RewriteDiagnostics, MacroDefinedInOneBranchOnlyIsRefused) {
  TempProject P({{"main.c", "#ifdef A\n#define EXTRA 2\n#endif\n"
                            "int main(void) { return 0; }\n"},
                 {"model.xml", OneFeature}});
  EXPECT_THAT(P.rewrite(), HasSubstr("main.c:2:1: error: macro 'EXTRA'"));
}

TEST(RewriteOutput, OriginalSourcesAreUnchangedByteForByte) {
  TempProject P({{"main.c", "#include \"util.h\"\nint main(void) {\n"
                            "#ifdef A\n  return twice(2);\n#else\n"
                            "  return twice(1);\n#endif\n}\n"},
                 {"util.h", "#ifndef UTIL_H\n#define UTIL_H\n"
                            "static inline int twice(int x) {\n#ifdef B\n"
                            "  x += 1;\n#endif\n  return 2 * x;\n}\n#endif\n"},
                 {"model.xml", OneFeature}});
  auto Before = P.snapshot();
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.snapshot(), Before);
  // And the rewritten copies do differ, in the mirror.
  EXPECT_NE(P.readOut("src/main.c"), Before[P.root() + "/main.c"]);
  EXPECT_THAT(P.readOut("src/main.c"),
              HasSubstr("#include \"varsim/varsim_generated.h\""));
  EXPECT_THAT(P.readOut("src/util.h"), HasSubstr("#ifndef UTIL_H"));
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteOutput, OutputLayoutAndManifest) {
  TempProject P({{"src/main.c", "int main(void) {\n#ifdef A\n  return 1;\n"
                                "#endif\n  return 0;\n}\n"},
                 {"Makefile", "all:\n\tcc src/main.c\n"},
                 {"model.xml", OneFeature}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_THAT(P.readOut("src/Makefile"), HasSubstr("cc src/main.c"));
  EXPECT_THAT(P.readOut("src/src/main.c"),
              HasSubstr("#include \"../varsim/varsim_generated.h\""));
  std::string DB = P.readOut("compile_commands.json");
  EXPECT_THAT(DB, HasSubstr(P.out() + "/src/src/main.c"));
  EXPECT_THAT(DB, HasSubstr(P.out() + "/build"));
  std::string M = P.readOut("manifest.json");
  EXPECT_THAT(M, HasSubstr("\"format\": \"varsim-manifest\""));
  EXPECT_THAT(M, HasSubstr("\"kind\": \"region\""));
  EXPECT_THAT(M, HasSubstr("\"condition\": \"A\""));
  EXPECT_THAT(M, HasSubstr("\"kind\": \"function\""));
  EXPECT_FALSE(P.readOut("src/varsim/varsim_runtime.h").empty());
}

TEST(RewriteOutput, InferredModelIsWrittenWithoutModelFile) {
  TempProject P({{"main.c", "#define LOCAL 1\nint main(void) {\n"
                            "#ifdef VERBOSE\n  return 3;\n#endif\n"
                            "#ifdef LOCAL\n  return LOCAL;\n#endif\n}\n"},
                 {"Makefile", "all:\n"}});
  ASSERT_EQ(P.rewrite(), "");
  std::string Model = P.readOut("model.xml");
  EXPECT_THAT(Model, HasSubstr("VERBOSE"));
  EXPECT_THAT(Model, ::testing::Not(HasSubstr("LOCAL")));
}

TEST(RewriteOutput, OutputInsideTheSourcesIsRefused) {
  TempProject P(
      {{"main.c", "int main(void) { return 0; }\n"}, {"Makefile", "all:\n"}});
  RewriteOptions O;
  O.CompileCommands = P.compileCommands();
  O.OutDir = P.root() + "/sim";
  auto Sum = rewriteProject(O);
  ASSERT_FALSE(static_cast<bool>(Sum));
  EXPECT_THAT(varsim::errorToString(Sum.takeError()),
              HasSubstr("inside the project's sources"));
}

} // namespace
