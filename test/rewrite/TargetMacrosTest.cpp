//===- test/rewrite/TargetMacrosTest.cpp - Target macros read as values ---===//
//
// rewrite/TargetMacros.h: which predefined macros name the target, and how
// `defined(M)` and `M` read them: only what the compilers agree on for a
// target (whether a macro is defined, a value of 1, the data model's
// sizes), never a compiler's version, never a macro some unit's system
// headers may define.
//
//===----------------------------------------------------------------------===//

#include "rewrite/TargetMacros.h"

#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::condition;

namespace {

/// The value read, as text: "-" when left alone.
std::string read(const CondPtr &E, const TargetMacros &T,
                 const std::set<std::string> &External) {
  auto V = targetMacroValue(*E, T, External);
  if (!V)
    return "-";
  EXPECT_EQ((*V)->K, Cond::Int);
  return std::to_string((*V)->Value);
}

TEST(TargetMacros, NamesTheTargetNotTheBuild) {
  for (const char *M : {"__x86_64__", "__amd64__", "__i386__", "__aarch64__",
                        "__AES__", "__PCLMUL__", "__SSE2__", "__AVX2__",
                        "_MSC_VER", "_WIN32", "__linux__", "__GNUC__"})
    EXPECT_TRUE(isTargetMacro(M)) << M;
  for (const char *M : {"__GNUC_MINOR__", "__clang__", "__OPTIMIZE__", "NDEBUG",
                        "_FORTIFY_SOURCE", "MBEDTLS_HAVE_X86",
                        "__STDC_VERSION__", "__has_feature"})
    EXPECT_FALSE(isTargetMacro(M)) << M;
}

TEST(TargetMacros, DefinedEverywhereIsOneUndefinedEverywhereIsZero) {
  TargetMacros T{{"__x86_64__", "1"}, {"__GNUC__", "4"}};
  std::set<std::string> External{"__x86_64__", "__GNUC__", "__clang__"};
  EXPECT_EQ(read(makeDefined("__x86_64__"), T, External), "1");
  EXPECT_EQ(read(makeIdent("__x86_64__"), T, External), "1");
  EXPECT_EQ(read(makeDefined("__GNUC__"), T, External), "1");
  // Its value differs between compilers (4 for clang, the release for gcc).
  EXPECT_EQ(read(makeIdent("__GNUC__"), T, External), "-");
  EXPECT_EQ(read(makeDefined("__i386__"), T, External), "0");
  EXPECT_EQ(read(makeIdent("__AES__"), T, External), "0");
  EXPECT_EQ(read(makeDefined("_MSC_VER"), T, External), "0");
}

TEST(TargetMacros, TheDataModelIsReadAsItsValue) {
  // The target's ABI fixes these values: gcc and clang agree on them.
  TargetMacros T{{"__SIZEOF_POINTER__", "8"},
                 {"__CHAR_BIT__", "8"},
                 {"__ORDER_LITTLE_ENDIAN__", "1234"},
                 {"__SIZEOF_INT128__", "16"}};
  std::set<std::string> External{"__SIZEOF_POINTER__", "__CHAR_BIT__",
                                 "__ORDER_LITTLE_ENDIAN__",
                                 "__SIZEOF_INT128__"};
  EXPECT_TRUE(isTargetValueMacro("__SIZEOF_LONG__"));
  EXPECT_FALSE(isTargetValueMacro("__GNUC__"));
  EXPECT_EQ(read(makeIdent("__SIZEOF_POINTER__"), T, External), "8");
  EXPECT_EQ(read(makeIdent("__CHAR_BIT__"), T, External), "8");
  EXPECT_EQ(read(makeIdent("__ORDER_LITTLE_ENDIAN__"), T, External), "1234");
  EXPECT_EQ(read(makeDefined("__SIZEOF_INT128__"), T, External), "1");
  // Not predefined on this target, nor by any header: undefined.
  EXPECT_EQ(read(makeDefined("__SIZEOF_FLOAT128__"), T, External), "0");
}

TEST(TargetMacros, LeavesAloneWhatSomeUnitsDefineAndNonTargetMacros) {
  TargetMacros T{{"__x86_64__", "1"}};
  // Predefined in some units only (a -maes on one file), or by a header.
  std::set<std::string> External{"__x86_64__", "__AES__"};
  EXPECT_EQ(read(makeDefined("__AES__"), T, External), "-");
  EXPECT_EQ(read(makeDefined("__clang__"), T, External), "-");
  EXPECT_EQ(read(makeDefined("FEATURE_X"), T, External), "-");
  EXPECT_EQ(read(makeCall("__x86_64__", {}), T, External), "-");
}

TEST(TargetMacros, OnlyWhatEveryUnitPredefinesAlikeIsKept) {
  TargetMacros T{{"__x86_64__", "1"}, {"__AES__", "1"}, {"__GNUC__", "4"}};
  keepCommon(T, {{"__x86_64__", "1"}, {"__GNUC__", "12"}});
  EXPECT_EQ(T, (TargetMacros{{"__x86_64__", "1"}}));
}

} // namespace
