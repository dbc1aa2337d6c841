//===- test/templates/ValueArgumentsTest.cpp - Feature values as arguments ===//
//
// The RapidJSON idiom: a numeric feature's value named by an enumerator
// (`kDefaultFlags = DEFAULT_FLAGS`) and passed as a template argument in
// member functions of class templates (`return parse<kDefaultFlags>(s);`),
// or read at run time. Lowered directly (line numbers kept; compiled with
// every configuration's -D flags it behaves as the original) and rewritten
// end to end (the simulator against every variant); uses the lowering
// cannot select at run time are located errors.
//
//===----------------------------------------------------------------------===//

#include "test/common/FirstPasses.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/templates/ValueArguments.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using varsim::test::compileAndRun;
namespace tpl = varsim::rewrite::templates;

namespace {

const char *FlagsModel = R"(<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature mandatory="true" name="DEFAULT_FLAGS">
        <property key="type" value="numeric"/>
        <property key="values" value="0,1,2,3"/>
        <property key="default" value="0"/>
      </feature>
    </and>
  </struct>
</featureModel>
)";

// A reader whose default flags are a numeric feature: a template argument
// in a `return` (a dependent member call), in an expression statement (a
// call of a function template), and a run-time read in an `if`.
const char *ReaderHeader = R"(#ifndef READER_H
#define READER_H
#include <cstdio>
#include <string>

#ifndef DEFAULT_FLAGS
#define DEFAULT_FLAGS kNoFlags
#endif

enum Flag {
  kNoFlags = 0,
  kUpper = 1,
  kReverse = 2,
  kDefaultFlags = DEFAULT_FLAGS,
  kLast = 8
};

template <unsigned F> void trace(const std::string &S) {
  std::printf("trace<%u> %s\n", F, S.c_str());
}

template <class Ch> class Reader {
public:
  template <unsigned F> std::string parse(const std::string &S) {
    std::string Out;
    for (char C : S)
      Out += (F & kUpper) && C >= 'a' && C <= 'z' ? char(C - 32) : C;
    if (F & kReverse)
      Out = std::string(Out.rbegin(), Out.rend());
    return Out;
  }
  std::string parse(const std::string &S) {
    trace<kDefaultFlags>(S);
    if ((kDefaultFlags & kReverse) != 0)
      std::printf("reversing\n");
    return parse<kDefaultFlags>(
        S);
  }
};
#endif
)";

const char *ReaderMain = R"(#include "reader.h"

int main() {
  Reader<char> R;
  std::printf("%s\n", R.parse("hello world").c_str());
  std::printf("%s\n", R.parse<kUpper>("explicit").c_str());
  return 0;
}
)";

using LoweringEnv = varsim::test::ScannedProject;

llvm::Expected<tpl::LoweringResult> lowerProject(const TempProject &P,
                                                 LoweringEnv &Env) {
  if (llvm::Error Err = varsim::test::scanProject(P.compileCommands(),
                                                  P.root() + "/model.xml", Env))
    return Err;
  return tpl::lowerValueArguments(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr});
}

unsigned countLines(llvm::StringRef S) {
  return static_cast<unsigned>(std::count(S.begin(), S.end(), '\n'));
}

std::string loweringError(const std::map<std::string, std::string> &Files) {
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  if (R)
    return "";
  return llvm::toString(R.takeError());
}

TEST(ValueArguments, EnumeratorOfANumericFeatureAsTemplateArgument) {
  std::map<std::string, std::string> Files = {{"reader.h", ReaderHeader},
                                              {"main.cpp", ReaderMain},
                                              {"model.xml", FlagsModel}};
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Sites.size(), 1u);
  EXPECT_EQ(R->Sites[0].Idiom, "value argument");
  ASSERT_EQ(R->Files.size(), 1u);
  const std::string &Header = R->Files.begin()->second;
  EXPECT_EQ(countLines(Header), countLines(ReaderHeader)) << Header;
  EXPECT_NE(Header.find("kDefaultFlags = 3,"), std::string::npos) << Header;
  EXPECT_NE(Header.find("switch (DEFAULT_FLAGS) { case 0: return "
                        "parse<static_cast<decltype(kDefaultFlags)>(0)>("
                        "         S);"),
            std::string::npos)
      << Header;
  EXPECT_NE(Header.find("default: trace<static_cast<decltype(kDefaultFlags)>"
                        "(3)>(S); break; }"),
            std::string::npos)
      << Header;
  EXPECT_NE(Header.find("if ((static_cast<decltype(kDefaultFlags)>("
                        "DEFAULT_FLAGS) & kReverse) != 0)"),
            std::string::npos)
      << Header;

  std::map<std::string, std::string> Lowered = Files;
  Lowered["reader.h"] = Header;
  for (const auto &[Config, Defines] :
       P.configurations(P.root() + "/model.xml")) {
    RunOutcome Original = compileAndRun(Files, Defines, /*Cxx=*/true);
    RunOutcome Low = compileAndRun(Lowered, Defines, /*Cxx=*/true);
    EXPECT_EQ(Original.Exit, 0) << Config << ": " << Original.Stdout;
    EXPECT_EQ(Original.Exit, Low.Exit) << Config << ": " << Low.Stdout;
    EXPECT_EQ(Original.Stdout, Low.Stdout)
        << "configuration '" << Config << "'";
  }

  EXPECT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

// A default template argument (RapidJSON's `unsigned writeFlags =
// kWriteDefaultFlags`): a use relying on it in a function body names the
// per-value alias with the feature macro written out (the #if rewriter then
// copies the function per value); the alias follows the definition on its
// last line. End to end, the simulator behaves as every variant.
const char *FamilyHeader = R"(#ifndef SINK_H
#define SINK_H
#include <cstdio>

#ifndef DEFAULT_FLAGS
#define DEFAULT_FLAGS kNoFlags
#endif

enum Flag { kNoFlags = 0, kLoud = 1, kTwice = 2, kDefaultFlags = DEFAULT_FLAGS };

template <class Ch, unsigned G = kDefaultFlags> class Sink {
public:
  void put(const Ch *S) {
    for (unsigned I = 0; I < ((G & kTwice) ? 2u : 1u); ++I)
      std::printf((G & kLoud) ? "%s!\n" : "%s\n", S);
  }
  int tag();
};

template <class Ch, unsigned G> int Sink<Ch, G>::tag() { return int(G); }

template <> inline int Sink<char>::tag() { return 100; }
#endif
)";

const char *FamilyMain = R"(#include "sink.h"

int main() {
  Sink<char> S;
  S.put("hello");
  std::printf("%d %d\n", S.tag(), Sink<char, kLoud>().tag());
  return S.tag() % 5;
}
)";

TEST(ValueArguments, DefaultTemplateArgumentIsLoweredThroughAnAlias) {
  std::string Main = FamilyMain;
  // An explicit argument other than a family parameter is refused (below);
  // here main uses the default only.
  Main.replace(Main.find(", Sink<char, kLoud>().tag()"),
               std::string(", Sink<char, kLoud>().tag()").size(),
               ", Sink<char>().tag()");
  std::map<std::string, std::string> Files = {
      {"sink.h", FamilyHeader}, {"main.cpp", Main}, {"model.xml", FlagsModel}};
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  const std::string &Header = R->Files.at(P.root() + "/sink.h");
  const std::string &Lowered = R->Files.at(P.root() + "/main.cpp");
  EXPECT_EQ(countLines(Header), countLines(FamilyHeader)) << Header;
  EXPECT_NE(Header.find("}; template <unsigned G, class Ch> using "
                        "Sink__varsim_d = Sink<Ch, G>;"),
            std::string::npos)
      << Header;
  EXPECT_NE(Header.find("template <> inline int Sink__varsim_d<0, "
                        "char>::tag() { return 100; } template <> inline int "
                        "Sink__varsim_d<1, char>::tag() { return 100; }"),
            std::string::npos)
      << Header;
  EXPECT_NE(Lowered.find("Sink__varsim_d<DEFAULT_FLAGS, char> S;"),
            std::string::npos)
      << Lowered;
  EXPECT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

// Uses that cannot take the configuration's value are refused where they
// are: relying on the default outside a function body, and an explicit
// argument that is not a family template's own parameter (the variant of
// the default value would specialize it, the others not).
TEST(ValueArguments, DefaultTemplateArgumentOutsideABodyIsALocatedError) {
  std::string Main = FamilyMain;
  Main.replace(Main.find("int main() {"), 12,
               "typedef Sink<char> CharSink;\nint main() {");
  std::string Err = loweringError({{"sink.h", FamilyHeader},
                                   {"main.cpp", Main},
                                   {"model.xml", FlagsModel}});
  EXPECT_NE(Err.find("main.cpp:3:9: error: the class template 'Sink' takes "
                     "the enumerator 'kDefaultFlags'"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("outside a function body"), std::string::npos) << Err;

  Err = loweringError({{"sink.h", FamilyHeader},
                       {"main.cpp", FamilyMain},
                       {"model.xml", FlagsModel}});
  EXPECT_NE(Err.find("main.cpp:6:35: error: the class template 'Sink'"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("with that argument written out"), std::string::npos)
      << Err;
}

// A use as a constant expression (an array bound) is refused, located.
TEST(ValueArguments, ConstantExpressionUseIsALocatedError) {
  std::string Main = ReaderMain;
  std::string From = "  Reader<char> R;";
  Main.replace(Main.find(From), From.size(),
               "  char Buf[kDefaultFlags + 1] = {};\n  Reader<char> R;");
  std::string Err = loweringError({{"reader.h", ReaderHeader},
                                   {"main.cpp", Main},
                                   {"model.xml", FlagsModel}});
  EXPECT_NE(Err.find("main.cpp:4:12: error: the enumerator 'kDefaultFlags'"),
            std::string::npos)
      << Err;
}

// A read in a constexpr function may be evaluated where a constant is
// required: refused, located, though it looks like a run-time `return`.
TEST(ValueArguments, ReadInAConstexprFunctionIsALocatedError) {
  std::string Main = ReaderMain;
  std::string From = "int main() {";
  Main.replace(Main.find(From), From.size(),
               "constexpr unsigned flags() { return kDefaultFlags; }\n"
               "int main() {");
  std::string Err = loweringError({{"reader.h", ReaderHeader},
                                   {"main.cpp", Main},
                                   {"model.xml", FlagsModel}});
  EXPECT_NE(Err.find("main.cpp:3:37: error: the enumerator 'kDefaultFlags'"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("constexpr function"), std::string::npos) << Err;
}

// A use no parse classified (here in a macro's body, which the parses do
// not see as a use) is refused: its value would otherwise be the rewritten
// initializer's. Code every parse skips (`#if 0`) is dead everywhere.
TEST(ValueArguments, UseNoParseSawIsALocatedError) {
  std::string Main = ReaderMain;
  std::string From = "int main() {";
  Main.replace(Main.find(From), From.size(),
               "#if 0\nstatic int unused() { return kDefaultFlags; }\n#endif\n"
               "#define FLAGS_OF_MAIN kDefaultFlags\nint main() {");
  std::string Err = loweringError({{"reader.h", ReaderHeader},
                                   {"main.cpp", Main},
                                   {"model.xml", FlagsModel}});
  EXPECT_NE(Err.find("main.cpp:6:23: error: 'kDefaultFlags'"),
            std::string::npos)
      << Err;
  EXPECT_EQ(Err.find("main.cpp:4:"), std::string::npos) << Err;
}

// Without a numeric feature in an enumerator nothing is parsed or changed.
TEST(ValueArguments, NothingToLowerLeavesTheProjectAlone) {
  std::string Header = ReaderHeader;
  std::string From = "  kDefaultFlags = DEFAULT_FLAGS,";
  Header.replace(Header.find(From), From.size(), "  kDefaultFlags = 2,");
  TempProject P({{"reader.h", Header},
                 {"main.cpp", ReaderMain},
                 {"model.xml", FlagsModel}},
                /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
  EXPECT_TRUE(R->Sites.empty());
}

} // namespace

namespace {

// An enumeration local to a function is the #if rewriter's (it copies the
// function per configuration): left alone here.
TEST(ValueArguments, FunctionLocalEnumerationIsLeftToTheRewriter) {
  std::string Main = R"(#include <cstdio>
int main() {
  enum { kLocal = DEFAULT_FLAGS };
  std::printf("%d\n", (int)kLocal);
  return 0;
}
)";
  TempProject P({{"main.cpp", Main}, {"model.xml", FlagsModel}},
                /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
}

} // namespace
