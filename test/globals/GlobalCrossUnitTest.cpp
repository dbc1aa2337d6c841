//===- test/globals/GlobalCrossUnitTest.cpp - Names across units ---------===//
//
// Names per configuration used across translation units
// (rewrite/globals/CrossUnit.cpp): exported tables and functions whose
// copies other units declare, prototypes in headers and sources, return
// types chosen before the name.
//
//===----------------------------------------------------------------------===//

#include "test/globals/GlobalsHarness.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/globals/LexicalScan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <optional>

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using namespace varsim::rewrite::test::globaltest;

namespace {

TEST(globals, ExportedTableUsedFromAnotherUnitDeclaresItsCopies) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"ops.h", "#ifndef OPS_H\n#define OPS_H\nstruct ops {\n"
                 "  const char *name;\n  int (*open)(int);\n"
                 "  int (*extra)(int);\n};\n"
                 "extern const struct ops null_ops;\n#endif\n"},
       {"null.c", "#include \"ops.h\"\nstatic int n_open(int x) { return x; }\n"
                  "#ifdef EXTRA\nstatic int n_extra(int x) { return x * 7; }\n"
                  "#endif\nconst struct ops null_ops = {\n"
                  "    .name = \"null\",\n    .open = n_open,\n#ifdef EXTRA\n"
                  "    .extra = n_extra,\n#endif\n};\n"},
       {"main.c", "#include <stdio.h>\n#include \"ops.h\"\n"
                  "static const struct ops *const all[] = {&null_ops};\n"
                  "int main(void) {\n  int s = all[0]->open(3);\n"
                  "  if (null_ops.extra)\n    s += null_ops.extra(2);\n"
                  "  printf(\"%s %d\\n\", all[0]->name, s);\n  return s;\n}\n"},
       {"model.xml", model({"EXTRA"})}},
      false);
  // The header declares the renamed copy beside the original, on its line.
  auto Header = std::find_if(R.Files.begin(), R.Files.end(), [](auto &F) {
    return llvm::StringRef(F.first).ends_with("/ops.h");
  });
  ASSERT_NE(Header, R.Files.end());
  EXPECT_NE(Header->second.find("extern const struct ops null_ops; extern "
                                "const struct ops null_ops__varsim_"),
            std::string::npos)
      << Header->second;
}

const char *SeqHeader = R"(#ifndef SEQ_H
#define SEQ_H
#include <stdint.h>
#ifdef WIDE
typedef struct hdr_w { uint32_t len; uint32_t id; } hdr_t;
#else
typedef struct hdr_n { uint16_t len; } hdr_t;
#endif
int decode(const unsigned char *b, hdr_t *out);
#endif
)";

TEST(globals, TypedefPerFeatureInAHeaderPrototypeDeclaresTheCopies) {
  expectLoweredEquivalent(
      {{"seq.h", SeqHeader},
       {"seq.c", "#include \"seq.h\"\n"
                 "int decode(const unsigned char *b, hdr_t *out) {\n"
                 "  out->len = (uint16_t)(b[0] << 8 | b[1]);\n#ifdef WIDE\n"
                 "  out->len = out->len << 16 | b[2];\n  out->id = b[3];\n"
                 "  return 4;\n#else\n  return 2;\n#endif\n}\n"},
       {"main.c", "#include <stdio.h>\n#include \"seq.h\"\nint main(void) {\n"
                  "  static const unsigned char f[] = {0xff, 0xfe, 3, 4};\n"
                  "  hdr_t h;\n  int used = decode(f, &h);\n"
                  "  printf(\"%lu %d %d\\n\", (unsigned long)h.len, used,\n"
                  "         (int)sizeof h);\n  return used;\n}\n"},
       {"model.xml", model({"WIDE"})}},
      false);
}

TEST(globals, ReturnTypeChosenBeforeTheNameIsRenamedAcrossUnits) {
  const char *Header = "#ifndef BLK_H\n#define BLK_H\n#include <stdint.h>\n"
                       "#ifdef BIG\ntypedef uint64_t stat_t;\n#else\n"
                       "typedef uint16_t stat_t;\n#endif\n"
                       "#ifdef BIG\nuint64_t\n#else\nuint16_t\n#endif\n"
                       "submit(unsigned count\n#ifdef TMO\n, int tmo\n#endif\n"
                       ");\n#endif\n";
  expectLoweredEquivalent(
      {{"blk.h", Header},
       {"blk.c", "#include \"blk.h\"\nstatic stat_t done;\n"
                 "#ifdef BIG\nuint64_t\n#else\nuint16_t\n#endif\n"
                 "submit(unsigned count\n#ifdef TMO\n, int tmo\n#endif\n"
                 ") {\n#ifdef TMO\n  if ((int)count > tmo)\n"
                 "    count = (unsigned)tmo;\n#endif\n"
                 "  done += (stat_t)(count * 4000u);\n  return done;\n}\n"},
       {"main.c", "#include <stdio.h>\n#include \"blk.h\"\nint main(void) {\n"
                  "  unsigned long long d = 0;\n"
                  "  for (unsigned i = 0; i < 9; i++)\n"
                  "    d = submit(i * 3\n#ifdef TMO\n, 10\n#endif\n);\n"
                  "  printf(\"%llu\\n\", d);\n  return (int)(d % 7);\n}\n"},
       {"model.xml", model({"BIG", "TMO"})}},
      false);
}

TEST(globals, PrototypeInASourceFileOfAFunctionRenamedPerCopyIsALocatedError) {
  std::string Err = loweringError(
      {{"seq.h", SeqHeader},
       {"seq.c", "#include \"seq.h\"\n"
                 "int decode(const unsigned char *b, hdr_t *out) {\n"
                 "  out->len = b[0];\n  return 1;\n}\n"},
       {"main.c", "#include \"seq.h\"\n"
                  "int decode(const unsigned char *b, hdr_t *out);\n"
                  "int main(void) {\n  static const unsigned char f[] = {1};\n"
                  "  hdr_t h;\n  return decode(f, &h);\n}\n"},
       {"model.xml", model({"WIDE"})}},
      false);
  EXPECT_NE(Err.find("main.c:2:36: error:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("in a source file"), std::string::npos) << Err;
}

TEST(globals, HeadSharedByTwoFeatureBranchesIsSplitIntoEach) {
  // `static int` before the #ifdef that chooses name, parameters and body:
  // each branch gets the words (lines kept), then the function-switches
  // pass renames the two definitions. The typedef per feature makes the
  // pass parse the project.
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.c", "#include <stdio.h>\n#ifdef NUMA\ntypedef long q_t;\n"
                  "#else\ntypedef short q_t;\n#endif\nstatic int\n"
                  "#ifdef NUMA\npick(int node, int cpu) {\n"
                  "  return node * 4 + cpu % 4;\n}\n#else\npick(int cpu) {\n"
                  "  return cpu % 2;\n}\n#endif\n"
                  "int main(void) {\n  q_t q = 0;\n"
                  "  for (int i = 0; i < 5; i++)\n#ifdef NUMA\n"
                  "    q += pick(1, i);\n#else\n    q += pick(i);\n#endif\n"
                  "  printf(\"%ld %d\\n\", (long)q, (int)sizeof q);\n"
                  "  return (int)q;\n}\n"},
       {"model.xml", model({"NUMA"})}},
      false);
  auto Main = std::find_if(R.Files.begin(), R.Files.end(), [](auto &F) {
    return llvm::StringRef(F.first).ends_with("/main.c");
  });
  ASSERT_NE(Main, R.Files.end());
  EXPECT_NE(Main->second.find("\n\n#ifdef NUMA\nstatic int pick(int node"),
            std::string::npos)
      << Main->second;
  EXPECT_NE(Main->second.find("#else\nstatic int pick(int cpu)"),
            std::string::npos)
      << Main->second;
}

TEST(globals, ReturnTypeChosenBeforeTheNameAloneIsLowered) {
  // Nothing else at file scope differs: the pre-check sees the group
  // that ends inside the declaration.
  expectLoweredEquivalent(
      {{"main.c", "#include <stdio.h>\n#include <stdint.h>\nstatic\n"
                  "#ifdef WIDE\nuint32_t\n#else\nuint8_t\n#endif\n"
                  "grow(unsigned x) {\n  return x * 40u;\n}\n"
                  "int main(void) {\n  unsigned long s = 0;\n"
                  "  for (unsigned i = 0; i < 20; i++)\n    s += grow(i);\n"
                  "  printf(\"%lu\\n\", s);\n  return (int)(s % 100);\n}\n"},
       {"model.xml", model({"WIDE"})}},
      false);
}

} // namespace
