//===- test/conditions/DerivedMacrosTest.cpp - Derived macros -------------===//
//
// resolveDerivedMacros against the preprocessor itself: each program is
// scanned and resolved, then preprocessed with clang -E in every valid
// configuration; every marker identifier (live_*) in a translation unit
// must survive exactly when the resolved conditions of its enclosing
// branches hold. Macros that cannot be resolved soundly must stay in the
// conditions (the rewriter then refuses them, as before).
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacros.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "test/common/Shell.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>

using namespace varsim::rewrite;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

#ifndef VARSIM_TEST_CC
#define VARSIM_TEST_CC "clang-19"
#endif

std::string run(const std::string &Command) {
  return varsim::test::shell(Command).Stdout;
}

using FileMap = std::map<std::string, std::string>;

/// A project in a temporary directory: its files scanned, its features set
/// up (from model.xml if given, else inferred), its macros resolved.
struct Project {
  std::string Root;
  std::map<std::string, std::string> Files; ///< Relative path -> text.
  std::map<std::string, FileStructure> Structures;
  std::optional<FeatureSetup> Features;

  Project(FileMap Fs, std::vector<std::string> CommandLine = {})
      : Files(std::move(Fs)) {
    llvm::SmallString<128> Dir;
    EXPECT_FALSE(fs::createUniqueDirectory("varsim-cond", Dir));
    Root = std::string(Dir);
    for (const auto &[Rel, Text] : Files) {
      std::string Abs = abs(Rel);
      fs::create_directories(path::parent_path(Abs));
      std::ofstream(Abs) << Text;
      if (Rel == "model.xml")
        continue;
      auto FS = scanDirectives(Abs, Text);
      EXPECT_TRUE(static_cast<bool>(FS)) << llvm::toString(FS.takeError());
      Structures.emplace(Abs, std::move(*FS));
    }
    auto F = setUpFeatures("", Root, Structures, CommandLine);
    EXPECT_TRUE(static_cast<bool>(F)) << llvm::toString(F.takeError());
    Features.emplace(std::move(*F));
    llvm::Error E = resolveDerivedMacros(Structures, *Features);
    EXPECT_FALSE(static_cast<bool>(E)) << llvm::toString(std::move(E));
  }
  ~Project() { fs::remove_directories(Root); }

  std::string abs(const std::string &Rel) const { return Root + "/" + Rel; }

  /// Every macro the branch conditions of a file test.
  std::set<std::string> tested(const std::string &Rel) const {
    std::set<std::string> Out;
    for (const CondGroup &G : Structures.at(abs(Rel)).Groups)
      for (const CondGroup::Branch &B : G.Branches)
        if (B.Condition)
          collectMacros(*B.Condition, Out);
    return Out;
  }

  /// The condition (calltrace syntax) of the group whose first directive
  /// is on Line.
  std::string conditionOnLine(const std::string &Rel, unsigned Line) const {
    const FileStructure &FS = Structures.at(abs(Rel));
    for (const CondGroup &G : FS.Groups)
      for (const CondGroup::Branch &B : G.Branches)
        if (FS.Directives[B.DirectiveIndex].Line == Line && B.Condition)
          return conditionText(*B.Condition, *Features);
    return "<no condition on line " + std::to_string(Line) + ">";
  }

  /// Preprocesses each translation unit in every valid configuration and
  /// checks its live_* markers against the resolved conditions. Returns
  /// the number of markers checked.
  unsigned checkAgainstPreprocessor(const std::vector<std::string> &Units) {
    unsigned Checked = 0;
    Features->Model.forEachValid([&](const varsim::fm::Configuration &Cfg) {
      std::string Defines;
      for (const std::string &D : Features->defines(Cfg))
        Defines += " '" + D + "'";
      for (const std::string &Unit : Units) {
        std::string Out =
            run(std::string(VARSIM_TEST_CC) + " -E -P -x c" + Defines + " -I" +
                Root + " " + abs(Unit) + " 2>&1");
        std::set<std::string> Live;
        std::regex Marker("live_[A-Za-z0-9_]+");
        for (std::sregex_iterator It(Out.begin(), Out.end(), Marker), End;
             It != End; ++It)
          Live.insert(It->str());
        const std::string &Text = Files.at(Unit);
        const FileStructure &FS = Structures.at(abs(Unit));
        for (std::sregex_iterator It(Text.begin(), Text.end(), Marker), End;
             It != End; ++It) {
          bool Unresolved = false;
          bool Expected = expectedLive(
              FS, static_cast<unsigned>(It->position()), Cfg, Unresolved);
          if (Unresolved)
            continue;
          ++Checked;
          EXPECT_EQ(Live.count(It->str()) != 0, Expected)
              << It->str() << " in " << Unit << " under '"
              << Features->Model.format(Cfg) << "'\n"
              << Out;
        }
      }
      return true;
    });
    return Checked;
  }

  /// Whether the branches holding Offset are taken under Cfg, by their
  /// (resolved) conditions; Unresolved if one tests a project macro.
  bool expectedLive(const FileStructure &FS, unsigned Offset,
                    const varsim::fm::Configuration &Cfg, bool &Unresolved) {
    auto Value = [&](llvm::StringRef M) -> std::optional<int64_t> {
      if (Features->isFeatureMacro(M))
        return Features->macroValue(Cfg, M);
      if (M == "__linux__")
        return 1;
      if (M.starts_with("_"))
        return std::nullopt;
      Unresolved = true;
      return std::nullopt;
    };
    for (const CondGroup &G : FS.Groups)
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        if (Offset < B.ContentBegin || Offset >= B.ContentEnd)
          continue;
        for (size_t J = 0; J <= BI; ++J) {
          const CondGroup::Branch &Bj = G.Branches[J];
          if (!Bj.Condition)
            continue;
          std::set<std::string> Ms;
          collectMacros(*Bj.Condition, Ms);
          for (const std::string &M : Ms)
            if (!Features->isFeatureMacro(M) && M[0] != '_')
              Unresolved = true;
          if (Unresolved)
            return false;
          bool Holds = evaluate(*Bj.Condition, Value) != 0;
          if (Holds != (J == BI))
            return false;
        }
      }
    return true;
  }
};

const char *const ConfigAlias10 = R"(#pragma once
#ifdef FEATURE_X
#define HAVE_X 1
#else
#define HAVE_X 0
#endif
#if defined(FEATURE_Y)
#define HAVE_Y
#endif
)";

const char *const ModelXY = R"(<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature name="FEATURE_X"/>
      <feature name="FEATURE_Y"/>
    </and>
  </struct>
  <constraints/>
</featureModel>
)";

TEST(ConditionDerivedMacros, ZeroOneAliasBecomesTheFeature) {
  Project P(
      FileMap{{"config.h", ConfigAlias10}, {"main.c", R"(#include "config.h"
#if HAVE_X
live_x
#else
live_not_x
#endif
#if !HAVE_X && defined(FEATURE_Y)
live_y_only
#endif
#if HAVE_X == 0
live_x_zero
#endif
)"}});
  EXPECT_EQ(P.Features->macros(),
            (std::vector<std::string>{"FEATURE_X", "FEATURE_Y"}));
  EXPECT_EQ(P.tested("main.c"),
            (std::set<std::string>{"FEATURE_X", "FEATURE_Y"}));
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "FEATURE_X");
  EXPECT_EQ(P.conditionOnLine("main.c", 7), "!FEATURE_X && FEATURE_Y");
  EXPECT_EQ(P.checkAgainstPreprocessor({"main.c"}), 4u * 4u);
}

TEST(ConditionDerivedMacros, IfdefStyleAliasBecomesTheFeature) {
  Project P(
      FileMap{{"config.h", ConfigAlias10}, {"main.c", R"(#include "config.h"
#ifdef HAVE_Y
live_y
#endif
#ifndef HAVE_Y
live_not_y
#endif
#if defined(HAVE_Y) && HAVE_X
live_both
#elif defined HAVE_X
live_elif
#endif
)"}});
  EXPECT_EQ(P.tested("main.c"),
            (std::set<std::string>{"FEATURE_X", "FEATURE_Y"}));
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "FEATURE_Y");
  EXPECT_EQ(P.conditionOnLine("main.c", 5), "!FEATURE_Y");
  // HAVE_X is defined either way: `#elif defined HAVE_X` always holds.
  EXPECT_EQ(P.conditionOnLine("main.c", 10), "1");
  EXPECT_EQ(P.checkAgainstPreprocessor({"main.c"}), 4u * 4u);
}

TEST(ConditionDerivedMacros, ChainsDefaultsUndefsAndNumericValues) {
  Project P(FileMap{{"config.h", R"(#ifndef CONFIG_H
#define CONFIG_H
#ifdef FEATURE_X
#define HAVE_X 1
#endif
#ifndef HAVE_X
#define HAVE_X 0
#endif
#if HAVE_X && !defined(FEATURE_Z)
#define HAVE_XY 1
#endif
#if defined(FEATURE_BIG)
#define BUFSZ_LEVEL 2
#elif defined(FEATURE_Z)
#define BUFSZ_LEVEL (HAVE_X + 1)
#else
#define BUFSZ_LEVEL 1
#endif
#ifdef FEATURE_Z
#undef HAVE_X
#define HAVE_X 7
#endif
#endif
)"},
                    {"main.c", R"(#include "config.h"
#ifdef HAVE_XY
live_xy
#endif
#if HAVE_X > 1
live_x_seven
#elif HAVE_X
live_x_one
#endif
#if BUFSZ_LEVEL >= 2
live_big
#endif
#if BUFSZ_LEVEL == 1 && defined(FEATURE_X)
live_small_x
#endif
#if BUFSZ_LEVEL * 2 == 4
live_times
#endif
)"}});
  EXPECT_EQ(P.tested("main.c"),
            (std::set<std::string>{"FEATURE_BIG", "FEATURE_X", "FEATURE_Z"}));
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "FEATURE_X && !FEATURE_Z");
  EXPECT_EQ(P.checkAgainstPreprocessor({"main.c"}), 8u * 6u);
}

TEST(ConditionDerivedMacros, ProjectConstantsAgainstANumericFeature) {
  Project P(FileMap{{"model.xml", R"(<vm name="kv">
  <binaryOptions>
    <configurationOption><name>root</name><outputString>root</outputString>
      <parent></parent><impliedOptions /><excludedOptions />
      <optional>False</optional></configurationOption>
    <configurationOption><name>STATS</name><outputString>STATS</outputString>
      <parent>root</parent><impliedOptions /><excludedOptions />
      <optional>True</optional></configurationOption>
  </binaryOptions>
  <numericOptions>
    <configurationOption><name>LOG_LEVEL</name>
      <outputString>LOG_LEVEL</outputString><parent>root</parent>
      <minValue>0</minValue><maxValue>3</maxValue>
      <stepFunction>LOG_LEVEL + 1</stepFunction></configurationOption>
  </numericOptions>
</vm>
)"},
                    {"log.h", R"(#ifndef LOG_H
#define LOG_H
#ifndef LOG_LEVEL
#define LOG_LEVEL 1
#endif
#define KV_LOG_ERROR 0
#define KV_LOG_INFO (KV_LOG_ERROR + 1)
#define KV_LOG_DEBUG 2
#define LOG_ENABLED(l) (LOG_LEVEL >= (l))
#define TWICE(x) x * 2
#if LOG_LEVEL >= KV_LOG_INFO
#define KV_INFO_ON 1
#else
#define KV_INFO_ON 0
#endif
#endif
)"},
                    {"main.c", R"(#include "log.h"
#if LOG_LEVEL >= KV_LOG_DEBUG
live_debug
#elif LOG_LEVEL > KV_LOG_ERROR && defined(STATS)
live_info_stats
#endif
#if KV_INFO_ON
live_info_on
#endif
#if LOG_ENABLED(KV_LOG_DEBUG) && defined(STATS)
live_fn_debug
#endif
#if !LOG_ENABLED(KV_LOG_INFO + 0)
live_fn_quiet
#endif
#if defined(STATS) && TWICE(1 + 1) == 4
live_textual
#endif
)"}});
  // TWICE(1 + 1) is `1 + 1 * 2`: not the tree (1 + 1) * 2, left alone.
  EXPECT_EQ(P.tested("main.c"),
            (std::set<std::string>{"LOG_LEVEL", "STATS", "TWICE"}));
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "LOG_LEVEL >= 2");
  EXPECT_EQ(P.conditionOnLine("main.c", 4), "LOG_LEVEL > 0 && STATS");
  EXPECT_EQ(P.conditionOnLine("main.c", 7), "LOG_LEVEL >= 1");
  EXPECT_EQ(P.conditionOnLine("main.c", 10), "LOG_LEVEL >= 2 && STATS");
  EXPECT_EQ(P.conditionOnLine("main.c", 13), "!(LOG_LEVEL >= 1)");
  EXPECT_EQ(P.conditionOnLine("log.h", 11), "LOG_LEVEL >= 1");
  EXPECT_EQ(P.checkAgainstPreprocessor({"main.c"}), 8u * 5u);
  // Not a feature-dependent condition: left to the preprocessor.
  Project Q(FileMap{{"main.c", R"(#define ONE 1
#if ONE
live_one
#endif
)"}});
  EXPECT_EQ(Q.tested("main.c"), (std::set<std::string>{"ONE"}));
}

TEST(ConditionDerivedMacros, HeadersThatEveryUnitIncludesAfterTheConfig) {
  Project P(FileMap{{"inc/config.h", ConfigAlias10},
                    {"inc/util.h", R"(#pragma once
#if HAVE_X
int util_x(void);
#endif
)"},
                    {"inc/late.h", R"(#pragma once
#ifdef HAVE_Y
int late_y(void);
#endif
)"},
                    {"a.c", R"(#include "inc/config.h"
#include "inc/util.h"
#include "inc/late.h"
#if HAVE_X
live_a
#endif
)"},
                    {"b.c", R"(#include "inc/config.h"
#include "inc/util.h"
#ifdef HAVE_Y
live_b
#endif
)"},
                    {"c.c", R"(#include "inc/late.h"
#include "inc/config.h"
)"}});
  EXPECT_EQ(P.tested("inc/util.h"), (std::set<std::string>{"FEATURE_X"}));
  // c.c reads late.h before config.h: HAVE_Y is undefined there.
  EXPECT_EQ(P.tested("inc/late.h"), (std::set<std::string>{"HAVE_Y"}));
  EXPECT_EQ(P.checkAgainstPreprocessor({"a.c", "b.c"}), 2u * 4u);
}

TEST(ConditionDerivedMacros, LeavesAloneWhatItCannotEstablish) {
  Project P(FileMap{{"model.xml", ModelXY},
                    {"config.h", ConfigAlias10},
                    {"two.h", R"(#pragma once
#ifdef FEATURE_X
#define TWICE 1
#endif
)"},
                    {"three.h", R"(#pragma once
#ifdef FEATURE_Y
#define TWICE 1
#endif
)"},
                    {"noguard.h", R"(#ifdef FEATURE_X
#define LOOSE 1
#endif
#ifndef LOOSE
#define LOOSE 0
#endif
)"},
                    {"main.c", R"(#if HAVE_X
live_too_early
#endif
#include "config.h"
#include "two.h"
#include "three.h"
#include "noguard.h"
#ifdef FEATURE_Y
#include "cond.h"
#endif
#define SUM 1 + 1
#define MULTI 2
#if defined(FEATURE_X) && SUM * 2 == 4
live_textual
#endif
#ifdef TWICE
live_twice
#endif
#if LOOSE
live_loose
#endif
#if defined(FEATURE_X) && HAVE_C
live_conditional_include
#endif
#if defined(FEATURE_X) && FROM_CMDLINE
live_cmdline
#endif
#ifdef SOME_SYSTEM_MACRO
#define HAVE_S 1
#endif
#if defined(FEATURE_X) && HAVE_S
live_system
#endif
)"},
                    {"cond.h", R"(#pragma once
#define HAVE_C 1
)"},
                    {"other.c", R"(#define FROM_CMDLINE 1
)"}},
            {"FROM_CMDLINE"});
  std::set<std::string> T = P.tested("main.c");
  for (const char *M :
       {"HAVE_X", "SUM", "LOOSE", "HAVE_C", "FROM_CMDLINE", "HAVE_S"})
    EXPECT_TRUE(T.count(M)) << M << " was substituted";
  // Defined in two headers read before the test: defined in either case.
  EXPECT_FALSE(T.count("TWICE"));
  EXPECT_EQ(P.conditionOnLine("main.c", 16), "FEATURE_X || FEATURE_Y");
}

// A hook macro that an option defines in one header and another header
// defaults under `#if !defined(hook)` (Lua's luai_apicheck): the test of
// the default reads the option, and so do later tests of the hook; a value
// read from sites of several files needs them exclusive.
TEST(ConditionDerivedMacros, HookDefaultsAcrossHeaders) {
  Project P(FileMap{{"model.xml", ModelXY},
                    {"conf.h", R"(#pragma once
#if defined(FEATURE_X)
#define CHECK_HOOK(e) check(e)
#define LEVEL 3
#endif
#ifdef FEATURE_Y
#define ALSO 1
#endif
)"},
                    {"limits.h", R"(#pragma once
#include "conf.h"
#if !defined(CHECK_HOOK)
#define CHECK_HOOK(e) ((void)0)
live_default
#endif
#ifndef LEVEL
#define LEVEL 1
#endif
#ifdef FEATURE_X
#define ALSO 2
#endif
)"},
                    {"main.c", R"(#include "limits.h"
#if defined(CHECK_HOOK)
live_always
#endif
#if LEVEL > 2
live_level
#endif
#if ALSO == 2
live_overlapping
#endif
)"}});
  EXPECT_EQ(P.conditionOnLine("limits.h", 3), "!FEATURE_X");
  EXPECT_EQ(P.conditionOnLine("main.c", 5), "FEATURE_X");
  // X and Y may both hold: which ALSO wins depends on the order, which
  // limits.h fixes (it includes conf.h, which nothing else includes,
  // before its own site). Defined everywhere, though per feature,
  // CHECK_HOOK's test reads 1 in every configuration: settled (the
  // simulator writes `#if 1`, where the macro is a run-time selection).
  // (Checked against the preprocessor below; Y's value 1 is never 2.)
  EXPECT_NE(P.conditionOnLine("main.c", 8).find("FEATURE_X"),
            std::string::npos);
  EXPECT_FALSE(P.tested("main.c").count("ALSO"));
  EXPECT_FALSE(P.tested("main.c").count("CHECK_HOOK"));
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "1");
  EXPECT_EQ(P.checkAgainstPreprocessor({"main.c", "limits.h"}), 4u * 4u);
}

TEST(ConditionDerivedMacros, ConstantsDefinedIdenticallyOrPerPlatform) {
  Project P(FileMap{{"model.xml", ModelXY},
                    {"a.h", "#pragma once\n#define LIMIT 4\n"},
                    {"b.h", "#pragma once\n#define LIMIT 4\n"},
                    {"c.h", "#pragma once\n#define OTHER 4\n"},
                    {"d.h", "#pragma once\n#define OTHER 5\n"},
                    {"plat.h", R"(#pragma once
#if defined(__linux__)
#define PATHLEN 4096
#elif defined(_WIN32)
#define PATHLEN 260
#endif
)"},
                    {"main.c", R"(#include "b.h"
#include "c.h"
#include "plat.h"
#if defined(FEATURE_X) && LIMIT > 3
live_limit
#endif
#if defined(FEATURE_X) && OTHER > 3
live_other
#endif
#if defined(FEATURE_Y) && PATHLEN > 1000
live_path
#endif
)"},
                    {"other.c", "#include \"a.h\"\n#include \"d.h\"\n"}});
  EXPECT_EQ(P.conditionOnLine("main.c", 4), "FEATURE_X");
  EXPECT_TRUE(P.tested("main.c").count("OTHER")); // 4 here, 5 elsewhere.
  // Either form of the simplifier (PATHLEN > 1000 holds on Linux only).
  std::string Path = P.conditionOnLine("main.c", 10);
  EXPECT_TRUE(
      Path ==
          "FEATURE_Y && (!__linux__ && _WIN32 ? 260 : __linux__ ? 4096 : 0) "
          "> 1000" ||
      Path == "FEATURE_Y && (!(!__linux__ && _WIN32) && __linux__)")
      << Path;
  FileGroups FG = analyzeGroups(P.Structures.at(P.abs("main.c")), *P.Features);
  EXPECT_TRUE(FG.Groups[2].Separable); // The platform part stays compile-time.
  EXPECT_EQ(P.checkAgainstPreprocessor({"main.c"}), 4u * 2u);
}

// A header holding a derived macro's sites, included inside a module's
// test that the resolver cannot read (MOD_C, defined under a platform
// macro), and a test of the derived macro under a repeat of that module
// test (as the globals lowering appends a function's copies under the
// original's enclosing #ifs, docs/globals.md): the repeat holds only where
// the first did, so the include condition reduces to the feature. Not
// when a header read between the two may define the module macro.
TEST(ConditionDerivedMacros, ARepeatedTestHoldsWhereTheFirstHeld) {
  const char *const Fast = R"(#pragma once
#ifdef FEATURE_X
#define HAVE_FAST 1
#endif
)";
  const char *const Unit = R"(#include "config.h"
#if defined(MOD_C)
#ifdef FEATURE_X
#include "fast.h"
#endif
#endif
%s
#if (defined(MOD_C))
#if defined(FEATURE_Y) && defined(HAVE_FAST)
live_repeated
#endif
#endif
)";
  auto Text = [&](const char *Between) {
    std::string Out(Unit);
    Out.replace(Out.find("%s"), 2, Between);
    return Out;
  };
  Project P(FileMap{{"model.xml", ModelXY},
                    {"config.h", R"(#pragma once
#ifdef SOME_SYSTEM_MACRO
#define MOD_C
#endif
)"},
                    {"fast.h", Fast},
                    {"late.h", R"(#pragma once
#ifdef FEATURE_Y
#define MOD_C
#endif
)"},
                    {"main.c", Text("#include \"config.h\"")},
                    {"other.c", Text("#include \"late.h\"")}});
  // config.h, included again between the tests, holds a site of MOD_C,
  // but every unit has read it before the first (#pragma once).
  EXPECT_EQ(P.conditionOnLine("main.c", 9), "FEATURE_Y && FEATURE_X");
  // With FEATURE_Y, late.h defines MOD_C after the include was skipped.
  EXPECT_TRUE(P.tested("other.c").count("HAVE_FAST"));
  EXPECT_TRUE(P.tested("main.c").count("MOD_C"));
}

TEST(ConditionDerivedMacros, FeaturesAndGuardsTheProjectDefinesStayPut) {
  Project P(FileMap{{"model.xml", ModelXY},
                    {"dflt.h", R"(#pragma once
#ifndef FEATURE_Y
#define FEATURE_Y 0
#endif
#if FEATURE_Y
#define HAVE_DY 1
#endif
)"},
                    {"blocked.h", R"(#ifndef BLOCKED_H
#define BLOCKED_H
#define HAVE_B 1
#endif
)"},
                    {"blocker.h", "#define BLOCKED_H\n"},
                    {"guarded.h", R"(#ifndef GUARDED_H
#define GUARDED_H
#define HAVE_G 1
#endif
)"},
                    {"main.c", R"(#include "dflt.h"
#include "blocked.h"
#include "guarded.h"
#if defined(FEATURE_X) && HAVE_DY
live_dy
#endif
#if defined(FEATURE_X) && HAVE_B
live_b
#endif
#if defined(FEATURE_X) && HAVE_G
live_g
#endif
)"}});
  std::set<std::string> T = P.tested("main.c");
  EXPECT_TRUE(T.count("HAVE_DY")) << "moved a test of a defaulted feature";
  EXPECT_TRUE(T.count("HAVE_B")) << "took BLOCKED_H for an include guard";
  EXPECT_FALSE(T.count("HAVE_G"));
  EXPECT_EQ(P.conditionOnLine("main.c", 10), "FEATURE_X");
}

TEST(ConditionDerivedMacros, IdempotentAndClassifiedAsFeatureGroups) {
  Project P(
      FileMap{{"config.h", ConfigAlias10}, {"main.c", R"(#include "config.h"
#if HAVE_X && defined(__linux__)
int a;
#endif
#ifdef HAVE_Y
int b;
#endif
)"}});
  const FileStructure &FS = P.Structures.at(P.abs("main.c"));
  std::vector<std::string> Before;
  for (const CondGroup &G : FS.Groups)
    Before.push_back(conditionText(*G.Branches[0].Condition, *P.Features));
  ASSERT_FALSE(resolveDerivedMacros(P.Structures, *P.Features));
  std::vector<std::string> After;
  for (const CondGroup &G : FS.Groups)
    After.push_back(conditionText(*G.Branches[0].Condition, *P.Features));
  EXPECT_EQ(Before, After);
  FileGroups FG = analyzeGroups(FS, *P.Features);
  EXPECT_TRUE(FG.Groups[0].IsFeature);
  EXPECT_TRUE(FG.Groups[0].Separable); // __linux__ stays a compile-time part.
  EXPECT_TRUE(FG.Groups[1].IsFeature);
  EXPECT_TRUE(FG.Groups[1].MixedMacros.empty());
}

const char *const ModelSslCrypto = R"(<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature name="SSL"/>
      <feature name="CRYPTO"/>
      <feature name="ZIP"/>
    </and>
  </struct>
</featureModel>
)";

// FINDINGS "Located refusals, new": a feature that implies another in a
// config header. After it, defined(CRYPTO) means CRYPTO || SSL.
TEST(ConditionDerivedMacros, AFeatureThatImpliesAnotherInAConfigHeader) {
  Project P(FileMap{{"model.xml", ModelSslCrypto},
                    {"config.h", R"(#ifndef CONFIG_H
#define CONFIG_H
#if defined(SSL) && !defined(CRYPTO)
#define CRYPTO 1
#endif
#endif
)"},
                    {"main.c", R"(#include "config.h"
#ifdef ZIP
live_zip
#endif
#ifdef CRYPTO
live_crypto
#endif
#if CRYPTO && !defined(ZIP)
live_crypto_value
#endif
#ifndef CRYPTO
live_plain
#endif
)"}});
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "ZIP");
  EXPECT_EQ(P.conditionOnLine("main.c", 5), "CRYPTO || SSL");
  // The implying group leaves the feature analysis (the simulator never
  // enters it): condition 0, its directive unchanged.
  EXPECT_EQ(P.conditionOnLine("config.h", 3), "0");
  EXPECT_GE(P.checkAgainstPreprocessor({"main.c"}), 4u * 8u);
  // Idempotent: a second run (after a pass rescans other files) keeps
  // the implication, and so does a fresh scan of the testing file.
  ASSERT_FALSE(resolveDerivedMacros(P.Structures, *P.Features));
  EXPECT_EQ(P.conditionOnLine("main.c", 5), "CRYPTO || SSL");
  auto Fresh = scanDirectives(P.abs("main.c"), P.Files.at("main.c"));
  ASSERT_TRUE(static_cast<bool>(Fresh));
  P.Structures[P.abs("main.c")] = std::move(*Fresh);
  ASSERT_FALSE(resolveDerivedMacros(P.Structures, *P.Features));
  EXPECT_EQ(P.conditionOnLine("main.c", 5), "CRYPTO || SSL");
  EXPECT_EQ(P.conditionOnLine("config.h", 3), "0");
  const FileStructure &Config = P.Structures.at(P.abs("config.h"));
  FileGroups FG = analyzeGroups(Config, *P.Features);
  for (size_t GI = 0; GI < Config.Groups.size(); ++GI)
    EXPECT_FALSE(FG.Groups[GI].IsFeature)
        << "group on line "
        << Config.Directives[Config.Groups[GI].Branches[0].DirectiveIndex].Line
        << ": "
        << conditionText(*Config.Groups[GI].Branches[0].Condition, *P.Features);
}

TEST(ConditionDerivedMacros, ImplicationsItCannotEstablishStayPut) {
  // Another definition of CRYPTO (not guarded by !defined(CRYPTO)), and a
  // header that does not certainly come first: left as they were.
  Project P(FileMap{{"model.xml", ModelSslCrypto},
                    {"a.h", R"(#pragma once
#ifdef SSL
#define CRYPTO 1
#endif
)"},
                    {"b.h", R"(#pragma once
#if defined(SSL) && !defined(ZIP)
#define ZIP 1
#endif
)"},
                    {"main.c", R"(#include "a.h"
#ifdef CRYPTO
live_a
#endif
#ifdef ZIP
live_zip
#endif
#include "b.h"
)"},
                    {"other.c", R"(#ifdef ZIP
live_other
#endif
)"}});
  EXPECT_EQ(P.conditionOnLine("main.c", 2), "CRYPTO");
  EXPECT_EQ(P.conditionOnLine("a.h", 2), "SSL");
  EXPECT_EQ(P.conditionOnLine("main.c", 5), "ZIP");
  EXPECT_EQ(P.conditionOnLine("b.h", 2), "SSL && !ZIP");
}

} // namespace

namespace {

// SQLite's amalgamation beside the tree it was made from: the build
// compiles sqlite3.c only, but the other sources (never read) define the
// same constants. With the build's translation units known, they define
// nothing: `#ifndef TEMP_STORE` / `#define TEMP_STORE 1` then `#if
// TEMP_STORE == 3 || FEATURE_X` is decidable.
TEST(ConditionDerivedMacros, FilesNoTranslationUnitReadsDefineNothing) {
  Project P(FileMap{{"model.xml", ModelXY},
                    {"tree/src/main.c", R"(#include "tree/src/int.h"
#define TEMP_STORE 2
)"},
                    {"tree/src/int.h", R"(#pragma once
#ifndef TEMP_STORE
#define TEMP_STORE 1
#endif
)"},
                    {"tree/test/harness.c", R"(#include "amalgamation.c"
)"},
                    {"amalgamation.c", R"(#ifdef CUSTOM_INCLUDE
#include CUSTOM_INCLUDE
#endif
#ifndef TEMP_STORE
#define TEMP_STORE 1
#endif
#if TEMP_STORE == 3 || defined(FEATURE_X)
live_mixed
#endif
)"}});
  // Every .c may start a reading, and harness.c includes the amalgamation:
  // left alone.
  EXPECT_TRUE(P.tested("amalgamation.c").count("TEMP_STORE"));
  std::set<std::string> Units{P.abs("amalgamation.c")};
  ASSERT_FALSE(resolveDerivedMacros(P.Structures, *P.Features, &Units));
  // The #include of a macro nobody defines could name any file (this one
  // too), but is never read.
  EXPECT_EQ(P.conditionOnLine("amalgamation.c", 7), "FEATURE_X");
  EXPECT_EQ(P.checkAgainstPreprocessor({"amalgamation.c"}), 4u * 1u);
}

} // namespace
