//===- test/rewrite/DiagnosticTest.cpp - Refusals and the output contract ===//
//
// What the rewriter refuses (located errors, exit without output), what it
// never touches (the original sources, byte for byte) and the layout of OUT.
//
//===----------------------------------------------------------------------===//

#include "support/Diagnostic.h"
#include "rewrite/SimulatorCheck.h"
#include "test/common/RewriteHarness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

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

TEST(RewriteDiagnostics, UndisciplinedInitializerAtFileScopeIsHandled) {
  // Once refused; the file-scope pass (rewrite/globals) now lowers a table
  // with an #ifdef'd entry: the simulator must behave as each variant.
  TempProject P({{"main.c", "static const int t[] = {1,\n#ifdef A\n2,\n"
                            "#endif\n3};\nint main(void) { return t[1]; }\n"},
                 {"model.xml", OneFeature}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteDiagnostics, AHeaderIncludedUnderAFeatureHasItsBranchesParsed) {
  // opt/deep.h is read only with VERBOSE, and opt/fast.h only with VERBOSE
  // and DEEP: their #else branches need parse configurations with those
  // on. Once refused: "this branch (!DEEP) was not parsed by any
  // translation unit" (the chosen configurations had all or nothing on).
  TempProject P(
      {{"main.c", "#include <stdio.h>\n#ifdef VERBOSE\n#include "
                  "\"opt/deep.h\"\n#endif\nint main(void) {\n  int r = 1;\n"
                  "#ifdef VERBOSE\n  r += deep();\n#endif\n"
                  "  printf(\"%d\\n\", r);\n  return 0;\n}\n"},
       {"opt/deep.h", "#ifdef DEEP\n#include \"fast.h\"\n"
                      "static int deep(void) { return 8 + fast(); }\n"
                      "#else\nstatic int deep(void) { return 2; }\n"
                      "#endif\n"},
       {"opt/fast.h", "static int fast(void) {\n#ifdef FAST\n  return 16;\n"
                      "#else\n  return 32;\n#endif\n}\n"},
       {"model.xml",
        "<?xml version=\"1.0\"?>\n<featureModel><struct><and "
        "abstract=\"true\" mandatory=\"true\" name=\"R\"><feature "
        "name=\"VERBOSE\"/><feature name=\"DEEP\"/><feature name=\"FAST\"/>"
        "</and></struct></featureModel>\n"}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteDiagnostics, AnOptionalNumericFeatureTestedByAnIfIsRefused) {
  // LEVEL optional (values 1, 5; default 5): its variant without it is
  // compiled without -DLEVEL and prints "small"; the simulator gave LEVEL
  // its default and printed "big", exit 0. Refused at the model's line.
  const char *Model =
      "<?xml version=\"1.0\"?>\n<featureModel><struct><and "
      "abstract=\"true\" mandatory=\"true\" name=\"R\">\n<feature "
      "name=\"LEVEL\"><property key=\"type\" value=\"numeric\"/><property "
      "key=\"values\" value=\"1,5\"/><property key=\"default\" "
      "value=\"5\"/></feature>\n</and></struct></featureModel>\n";
  TempProject P({{"main.c", "#include <stdio.h>\nint main(void) {\n"
                            "#if LEVEL > 2\n  puts(\"big\");\n#else\n"
                            "  puts(\"small\");\n#endif\n  return 0;\n}\n"},
                 {"model.xml", Model}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("model.xml:3:"));
  EXPECT_THAT(Err, HasSubstr("numeric feature 'LEVEL' is optional"));
  EXPECT_THAT(Err, HasSubstr("make it mandatory"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));

  // Mandatory, it is a value in every configuration: accepted, and every
  // configuration's simulator prints what its variant prints.
  std::string Mandatory = Model;
  Mandatory.replace(Mandatory.find("<feature name=\"LEVEL\">"),
                    std::strlen("<feature name=\"LEVEL\">"),
                    "<feature mandatory=\"true\" name=\"LEVEL\">");
  TempProject Q({{"main.c", "#include <stdio.h>\nint main(void) {\n"
                            "#if LEVEL > 2\n  puts(\"big\");\n#else\n"
                            "  puts(\"small\");\n#endif\n  return 0;\n}\n"},
                 {"model.xml", Mandatory}});
  ASSERT_EQ(Q.rewrite(), "");
  EXPECT_EQ(Q.checkAllConfigurations(Q.root() + "/model.xml"), "");
}

TEST(RewriteDiagnostics, AMacroDefinedPerFeatureAndElsewhereNamesBoth) {
  // zlib: deflate.h defines GZIP unless NO_GZIP; gzguts.h, read by other
  // units, defines GZIP 2 (a mode). The refusal named neither the second
  // definition nor what to do about it.
  TempProject P(
      {{"a.h", "#ifndef NO_GZIP\n#  define GZIP\n#endif\n"},
       {"a.c", "#include <stdio.h>\n#include \"a.h\"\nint how(void);\n"
               "int main(void) {\n#ifdef GZIP\n  puts(\"gzip\");\n#else\n"
               "  puts(\"raw\");\n#endif\n  printf(\"%d\\n\", how());\n"
               "  return 0;\n}\n"},
       {"b.h", "#define GZIP 2\n"},
       {"b.c", "#include \"b.h\"\nint how(void) { return GZIP; }\n"},
       {"model.xml", "<?xml version=\"1.0\"?>\n<featureModel><struct><and "
                     "abstract=\"true\" mandatory=\"true\" name=\"R\"><feature "
                     "name=\"NO_GZIP\"/></and></struct></featureModel>\n"}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("a.h:2:1: error: macro 'GZIP'"));
  EXPECT_THAT(Err, HasSubstr("also defined at b.h:1"));
  EXPECT_THAT(Err, HasSubstr("rename one of them"));
}

TEST(RewriteDiagnostics, ABracedInitializerMacroPerPlatformIsKeptBraced) {
  // zlib's crc32.c with DYNAMIC_CRC_TABLE: `local once_t made =
  // ONCE_INIT;` where ONCE_INIT is `{0, 0}` or another list per branch of
  // a platform #if inside the feature's branch. The lowering wrote the
  // chosen value in parentheses, `({0, 0})`, a statement expression that
  // file scope does not allow: "does not compile".
  TempProject P(
      {{"a.c",
        "#include <stdio.h>\n#ifdef DYNAMIC_TABLE\n"
        "#if defined(__STDC__) && defined(USE_ATOMICS_NEVER)\n"
        "typedef struct { int begun; int done; int extra; } once_t;\n"
        "#define ONCE_INIT {0, 0, 0}\n#else\n"
        "typedef struct once_s once_t;\n"
        "struct once_s { volatile int begun; volatile int done; };\n"
        "#define ONCE_INIT {0, 0}\n#endif\n"
        "static once_t made = ONCE_INIT;\nstatic int table[4];\n"
        "static void make(void) { for (int i = 0; i < 4; i++) table[i] = i "
        "* 3; }\n#else\nstatic const int table[4] = {0, 3, 6, 9};\n#endif\n"
        "static int get(int i) {\n#ifdef DYNAMIC_TABLE\n"
        "  if (!made.done) { make(); made.done = 1; }\n#endif\n"
        "  return table[i] + 1;\n}\n"
        "int main(void) { printf(\"%d\\n\", get(2) + get(3)); return 0; }\n"},
       {"model.xml",
        "<?xml version=\"1.0\"?>\n<featureModel><struct><and "
        "abstract=\"true\" mandatory=\"true\" name=\"R\"><feature "
        "name=\"DYNAMIC_TABLE\"/></and></struct></featureModel>\n"}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
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
  // Defined outside its class: its copies would need declarations there.
  TempProject P({{"main.cpp", "struct S {\n  int v;\n  S();\n};\n"
                              "S::S() {\n    v = 1\n"
                              "#ifdef A\n    + 1\n#endif\n    ;\n}\n"
                              "int main() { return S().v; }\n"},
                 {"model.xml", OneFeature}},
                /*Cxx=*/true);
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.cpp:7:1: error: "));
  EXPECT_THAT(Err, HasSubstr("constructor"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

TEST(RewriteDiagnostics, ParameterOfAFunctionPointerIsRefused) {
  // Parameters under a condition take the union (test/rewrite/ParamTest);
  // a function whose address is taken cannot (calls through the pointer).
  TempProject P(
      {{"main.c", "static int f(int a\n#ifdef A\n, int b\n#endif\n"
                  ") { return a; }\nint main(void) {\n"
                  "  int (*g)() = f;\n  return g(1\n#ifdef A\n, 2"
                  "\n#endif\n); }\n"},
       {"model.xml", "<?xml version=\"1.0\"?>\n<featureModel><struct><and "
                     "abstract=\"true\" mandatory=\"true\" name=\"R\"><feature "
                     "mandatory=\"true\" name=\"A\"/></and></struct>"
                     "</featureModel>\n"}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:7:16: error: "));
  EXPECT_THAT(Err, HasSubstr("address is taken"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

TEST(RewriteDiagnostics, TypeDefinedPerVariantInBodiesIsLowered) {
  // The file-scope pass makes a variant of main per type (docs/globals.md).
  TempProject P(
      {{"main.c", "#ifdef A\ntypedef long num;\n#else\ntypedef short num;\n"
                  "#endif\nint main(void) { num n = 1; return (int)n + "
                  "(int)sizeof(num); }\n"},
       {"model.xml", OneFeature}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteDiagnostics, TypeDefinedPerVariantAcrossUnitsIsLowered) {
  // Declared in a header that two translation units share: the function is
  // one item in every unit, copied per configuration with the header's
  // prototypes per copy (docs/globals.md, "across translation units").
  TempProject P(
      {{"num.h", "#ifdef A\ntypedef long num;\n#else\ntypedef short num;\n"
                 "#endif\nnum twice(num x);\n"},
       {"twice.c", "#include \"num.h\"\nnum twice(num x) { return 2 * x; }\n"},
       {"main.c", "#include \"num.h\"\nint main(void) { return (int)twice(1) "
                  "+ (int)sizeof(num); }\n"},
       {"model.xml", OneFeature}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteDiagnostics, MacroDefinedInOneBranchOnlyIsRefused) {
  // Used (in another macro's body) where A may be off.
  TempProject P({{"main.c", "#ifdef A\n#define EXTRA 2\n#endif\n"
                            "#define TWICE (EXTRA * 2)\n"
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

TEST(RewriteOutput, InferenceLeavesOutThePlatformsAndUnreachedMacros) {
  // zlib's gzguts.h tests O_EXCL (which <fcntl.h> defines, and tests
  // itself) and zutil.h INT_MAX: inferred as options, the rewrite refused
  // O_EXCL as "tested by a system header". contrib/ headers no unit
  // includes tested 23 more. A header included only when an option is on
  // is reached in that configuration: its option stays.
  TempProject P(
      {{"main.c", "#include <fcntl.h>\n#include <limits.h>\n"
                  "#ifdef VERBOSE\n#include \"opt/deep.h\"\n#endif\n"
                  "int main(void) {\n  int r = 0;\n"
                  "#ifdef O_EXCL\n  r += 1;\n#endif\n"
                  "#if INT_MAX > 32767\n  r += 2;\n#endif\n"
                  "#ifdef VERBOSE\n  r += 4 + deep();\n#endif\n"
                  "  return r;\n}\n"},
       {"opt/deep.h", "static int deep(void) {\n  int d = 0;\n"
                      "#ifdef DEEP\n  d = 8;\n#endif\n  return d;\n}\n"},
       {"contrib/tool.h", "#ifdef TOOL_OPTION\nint tool(void);\n#endif\n"},
       {"Makefile", "all:\n"}});
  std::string Log;
  llvm::raw_string_ostream OS(Log);
  ASSERT_EQ(P.rewrite(Granularity::Region, "", &OS), "");
  std::string Model = P.readOut("model.xml");
  EXPECT_THAT(Model, HasSubstr("\"VERBOSE\""));
  EXPECT_THAT(Model, HasSubstr("\"DEEP\""));
  for (const char *Left : {"O_EXCL", "INT_MAX", "TOOL_OPTION"})
    EXPECT_THAT(Model, ::testing::Not(HasSubstr(Left))) << Left;
  EXPECT_THAT(Log, HasSubstr("left out as the platform's"));
  EXPECT_THAT(Log, HasSubstr("INT_MAX, O_EXCL"));
  EXPECT_THAT(Log, HasSubstr("no translation unit reaches: TOOL_OPTION"));
  EXPECT_EQ(P.checkAllConfigurations(P.out() + "/model.xml"), "");
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

namespace {

TEST(RewriteDiagnostics, SimulatorThatDoesNotCompileFailsAndKeepsOut) {
  // A C++ traits struct with a `static constexpr` member per #ifdef: the
  // rewrite emits both members (a construct it does not lower yet). Before
  // the simulator check this was "simulator in OUT", exit 0, and a build
  // failure later. Now the rewrite fails, says the simulator does not
  // compile, names the user's line, and leaves the previous OUT alone.
  const char *Traits = "struct Limits {\n"
                       "#ifdef A\n"
                       "  static constexpr int width = 64;\n"
                       "#else\n"
                       "  static constexpr int width = 32;\n"
                       "#endif\n"
                       "};\n"
                       "int main() { return Limits::width == 64 ? 1 : 0; }\n";
  TempProject P({{"main.cpp", Traits}, {"model.xml", OneFeature}},
                /*Cxx=*/true);
  // A previous, complete output that must survive the failed rewrite.
  llvm::sys::fs::create_directories(P.out());
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(P.out() + "/manifest.json", EC);
    ASSERT_FALSE(EC);
    OS << "{\"format\": \"varsim-manifest\", \"previous\": true}\n";
  }
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("the simulator does not compile"));
  EXPECT_THAT(Err, HasSubstr("main.cpp:5:"));
  EXPECT_THAT(P.readOut("manifest.json"), HasSubstr("\"previous\": true"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out() + ".partial"));
}

TEST(RewriteDiagnostics, FirstErrorLinesKeepErrorsAndTheirNotes) {
  std::string Diags = "a.c:1:2: warning: w\n"
                      "a.c:3:4: error: first\n"
                      "a.c:1:1: note: previous here\n"
                      "b.c:5:6: error: second\n"
                      "2 errors generated.\n";
  auto Lines = firstErrorLines(Diags, 10);
  ASSERT_EQ(Lines.size(), 3u);
  EXPECT_EQ(Lines[0], "a.c:3:4: error: first");
  EXPECT_EQ(Lines[1], "a.c:1:1: note: previous here");
  EXPECT_EQ(Lines[2], "b.c:5:6: error: second");
  EXPECT_EQ(firstErrorLines(Diags, 1).size(), 1u);
}

} // namespace

namespace {

// A function in one branch, a macro of its name in the other: selected per
// use when the macro is function-like and follows the function (corpus
// c_idiom_function_or_macro); otherwise refused at the macro with the fix.
TEST(RewriteDiagnostics, FunctionOrObjectLikeMacroIsRefusedWithTheFix) {
  // An alias of a function-like macro stands for its calls (corpus
  // c_idiom_function_or_alias); an alias of another function could also be
  // used without a call (its address), which a selection cannot follow.
  const char *Code = "static void put_fast(int n, char *b) { b[0] = n; }\n"
                     "#ifdef A\n"
                     "static void put(int n, char *b) { b[0] = (char)n; }\n"
                     "#else\n"
                     "#define put put_fast\n"
                     "#endif\n"
                     "int main(void) { char b[1]; put(3, b); return b[0]; }\n";
  TempProject P({{"main.c", Code}, {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:5:1: error: macro 'put' is defined in "
                             "some branches"));
  EXPECT_THAT(Err, HasSubstr("does not name a function-like macro"));
  EXPECT_THAT(Err, HasSubstr("give the macro the function's parameters"));
}

TEST(RewriteDiagnostics, StatementMacroAgainstValueFunctionIsRefused) {
  const char *Code = "#ifdef A\n"
                     "static int bump(int *p) { return ++*p; }\n"
                     "#else\n"
                     "#define bump(p) do { ++*(p); } while (0)\n"
                     "#endif\n"
                     "int main(void) { int n = 0; bump(&n); return n; }\n";
  TempProject P({{"main.c", Code}, {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:4:1: error: macro 'bump'"));
  EXPECT_THAT(Err, HasSubstr("its body is a statement and the function "
                             "returns a value"));
}

TEST(RewriteDiagnostics, MacroBeforeItsFunctionIsRefusedWithTheFix) {
  const char *Code = "#ifndef A\n"
                     "#define twice(x) (x)\n"
                     "#else\n"
                     "static int twice(int x) { return 2 * x; }\n"
                     "#endif\n"
                     "int main(void) { return twice(2) == 4 ? 0 : 1; }\n";
  TempProject P({{"main.c", Code}, {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:2:1: error: macro 'twice'"));
  EXPECT_THAT(Err, HasSubstr("define the function first"));
}

} // namespace

namespace {

// `#if FEATURE / #undef M / #define M v / #endif` over a default of M is
// lowered (corpus c_idiom_project_constant); over two earlier definitions
// (which one is in force depends on B) it is still refused.
TEST(RewriteDiagnostics, UndefWithoutOneDefaultIsRefused) {
  const char *Code = "#ifdef B\n"
                     "#define WORKERS 8\n"
                     "#else\n"
                     "#define WORKERS 6\n"
                     "#endif\n"
                     "#ifdef A\n"
                     "#undef WORKERS\n"
                     "#define WORKERS 0\n"
                     "#endif\n"
                     "int main(void) { return WORKERS; }\n";
  TempProject P({{"main.c", Code}, {"model.xml", OneFeature}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("main.c:7:1: error: #undef inside a conditional "
                             "on feature A is not supported"));
}

// Feature values in a writable global's initializer are set at start-up
// (corpus c_idiom_static_config, also read through `extern` in another
// unit); a const one cannot be written there: read from another unit, its
// copies per configuration are refused as before.
TEST(RewriteDiagnostics, FeatureValueInSharedConstInitializerIsLowered) {
  const char *Model =
      "<?xml version=\"1.0\"?>\n<vm name=\"m\">\n<binaryOptions>\n"
      "<configurationOption><name>root</name><outputString>root"
      "</outputString><parent></parent><impliedOptions/><excludedOptions/>"
      "<optional>False</optional></configurationOption>\n</binaryOptions>\n"
      "<numericOptions>\n<configurationOption><name>LEVEL</name>"
      "<outputString>LEVEL</outputString><parent>root</parent>"
      "<impliedOptions/><excludedOptions/><minValue>1</minValue><maxValue>3"
      "</maxValue><stepFunction>LEVEL + 1</stepFunction>"
      "</configurationOption>\n</numericOptions>\n</vm>\n";
  const char *Header = "struct Cfg { int a, b; };\n"
                       "extern const struct Cfg cfg;\n";
  const char *Main = "#include \"cfg.h\"\n"
                     "const struct Cfg cfg = {LEVEL, 2};\n"
                     "int other(void);\n"
                     "int main(void) { return cfg.a + other(); }\n";
  const char *Other = "#include \"cfg.h\"\n"
                      "int other(void) { return cfg.a; }\n";
  TempProject P({{"cfg.h", Header},
                 {"main.c", Main},
                 {"other.c", Other},
                 {"model.xml", Model}});
  // The exported variable is copied per value of LEVEL and other.c's user
  // per configuration, each naming its copy (docs/globals.md).
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

} // namespace
