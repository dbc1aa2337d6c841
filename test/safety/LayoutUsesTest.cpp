//===- test/safety/LayoutUsesTest.cpp - Positional inits, punning ---------===//
//
// Q2/Q3 (test/realistic/FINDINGS.md, session 4): the simulator's record
// holds the members of every variant, so a positional initializer fills
// other members than in the variant, and bytes read through a union or a
// cast of a pointer are not the variant's. findLayoutUses is run directly
// on each parse configuration of a one-file project (as the safety pass
// runs it on every parse); the findings of all parses are joined.
//
//===----------------------------------------------------------------------===//

#include "rewrite/safety/LayoutUses.h"
#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/SizeFlow.h"
#include "support/Diagnostic.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <map>

using namespace varsim;
using namespace varsim::rewrite;
using namespace varsim::rewrite::safety;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

namespace fs = llvm::sys::fs;

namespace {

void writeText(const std::string &Path, const std::string &Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

/// The findings ("main.c:LINE:COL: message", sorted) of every parse of
/// Code with each feature off and then all on, as the safety pass would
/// parse it (one parse per configuration); like the pass, one per location
/// (the first parse's).
std::vector<std::string> findingsOf(const std::string &Code, bool Cxx,
                                    std::vector<std::string> Features = {
                                        "MID"}) {
  llvm::SmallString<128> Dir;
  fs::createUniqueDirectory("varsim-layout-uses-test", Dir);
  std::string Root(Dir);
  std::string Name = Cxx ? "main.cpp" : "main.c";
  std::string Main = Root + "/" + Name;
  std::string Std = Cxx ? "-std=c++17" : "-std=c11";
  fs::create_directories(Root + "/build");
  writeText(Main, Code);
  writeText(Root + "/build/compile_commands.json",
            "[{\"directory\": \"" + Root + "/build\", \"file\": \"" + Main +
                "\", \"arguments\": [\"cc\", \"" + Std + "\", \"-c\", \"" +
                Main + "\"]}]\n");
  std::string Model =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel><struct>"
      "<and abstract=\"true\" mandatory=\"true\" name=\"Root\">";
  for (const std::string &F : Features)
    Model += "<feature name=\"" + F + "\"/>";
  writeText(Root + "/model.xml",
            Model + "</and></struct><constraints/></featureModel>\n");

  std::map<std::string, std::string> Out; // Location -> finding.
  auto Project = loadProject(Root + "/build/compile_commands.json");
  EXPECT_TRUE(static_cast<bool>(Project));
  if (!Project) {
    std::string E = errorToString(Project.takeError());
    fs::remove_directories(Root);
    return {E};
  }
  std::map<std::string, FileStructure> Structures;
  auto FS = scanDirectives(Main, Code);
  EXPECT_TRUE(static_cast<bool>(FS));
  if (FS)
    Structures.emplace(Main, std::move(*FS));
  else
    llvm::consumeError(FS.takeError());
  auto Setup =
      setUpFeatures(Root + "/model.xml", Project->Root, Structures, {});
  EXPECT_TRUE(static_cast<bool>(Setup));
  if (!Setup) {
    std::string E = errorToString(Setup.takeError());
    fs::remove_directories(Root);
    return {E};
  }
  std::map<std::string, FileGroups> Groups;
  for (const auto &[File, S] : Structures)
    Groups.emplace(File, analyzeGroups(S, *Setup));
  FeatureRanges Ranges(Structures, Groups, *Setup);

  std::vector<std::vector<std::string>> Configs{{}};
  Configs.emplace_back();
  for (const std::string &F : Features)
    Configs.back().push_back("-D" + F);
  for (const std::vector<std::string> &Defines : Configs) {
    std::vector<std::string> Args{Std, "-w"};
    Args.insert(Args.end(), Defines.begin(), Defines.end());
    std::unique_ptr<clang::ASTUnit> AST =
        clang::tooling::buildASTFromCodeWithArgs(Code, Args, Main);
    EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred())
        << "the snippet does not compile with " << llvm::join(Defines, " ");
    if (!AST)
      continue;
    std::vector<Finding> Found;
    // As the pass does: the address casts of SizeFlow are not judged.
    ProjectFiles Files(AST->getSourceManager(), *Project);
    SizeFlowFacts Flow = findSizeFlow(AST->getASTContext(), Files);
    findLayoutUses(AST->getASTContext(), *Project, Ranges, Found,
                   &Flow.AddressCasts);
    for (const Finding &F : Found) {
      std::string At = Name + ":" + std::to_string(F.Where.Line) + ":" +
                       std::to_string(F.Where.Column);
      Out.try_emplace(At, At + ": " + F.Message);
    }
  }
  fs::remove_directories(Root);
  std::vector<std::string> List;
  for (const auto &[At, Text] : Out)
    List.push_back(Text);
  return List;
}

const char *Opts = R"(struct opts {
  int verbose;
#ifdef MID
  int retries;
#endif
  int timeout;
  int port;
};
)";

// --- Q2: positional initializers -------------------------------------------

TEST(SafetyLayoutUses, PositionalLocalPerBranchIsRefused) {
  // The #else list is seen only by the parse without MID, where 'retries'
  // is not in the AST: it is found in the skipped branch of the record.
  // The #ifdef list is refused too: another variant may lack another
  // member.
  std::vector<std::string> F =
      findingsOf(std::string(Opts) + R"(int main(void) {
#ifdef MID
  struct opts o = {1, 3, 30, 8080};
#else
  struct opts o = {1, 30, 8080};
#endif
  return o.timeout;
}
)",
                 false);
  ASSERT_THAT(F, SizeIs(2));
  EXPECT_THAT(F[0], HasSubstr("main.c:11:23: positional initializer of "
                              "'struct opts': this value (for member "
                              "'retries' here) and the ones after it are at "
                              "or behind member 'retries' under MID at "
                              "main.c:4"));
  EXPECT_THAT(F[1], HasSubstr("main.c:13:23: positional initializer of "
                              "'struct opts': this value (for member "
                              "'timeout' here) and the ones after it are at "
                              "or behind member 'retries' under MID at "
                              "main.c:4"));
  EXPECT_THAT(F[1], HasSubstr("use designated initializers (.timeout = ...)"));
}

TEST(SafetyLayoutUses, PositionalFileScopeIsRefused) {
  // Both parses refuse the same element (the one at 'retries' or behind).
  std::vector<std::string> F = findingsOf(std::string(Opts) + R"(
static const struct opts defaults = {1, 30, 8080};
int main(void) { return defaults.port; }
)",
                                          false);
  ASSERT_THAT(F, SizeIs(1));
  EXPECT_THAT(F[0], HasSubstr("main.c:10:41: positional initializer of "
                              "'struct opts': this value (for member "
                              "'timeout' here)"));
}

TEST(SafetyLayoutUses, CompoundLiteralIsRefused) {
  std::vector<std::string> F = findingsOf(R"(struct point {
  int x;
#ifdef MID
  int z;
#endif
  int y;
};
static int sum(struct point p) { return p.x + p.y; }
int main(void) { return sum((struct point){3, 4}); }
)",
                                          false);
  ASSERT_THAT(F, SizeIs(1));
  EXPECT_THAT(F[0], HasSubstr("main.c:9:47: positional initializer of "
                              "'struct point': this value (for member 'y' "
                              "here) and the ones after it are at or behind "
                              "member 'z' under MID"));
}

TEST(SafetyLayoutUses, ArraysOfRecordsAreRefused) {
  // Nested braces, and brace elision (no inner braces: the parses cut the
  // values into records differently, so they refuse different elements).
  std::vector<std::string> F = findingsOf(std::string(Opts) + R"(
struct opts presets[] = {{1, 30, 8080}, {0, 60, 8081}};
struct opts flat[] = {1, 30, 8080, 0, 60, 8081};
int main(void) { return presets[1].port + flat[1].port; }
)",
                                          false);
  ASSERT_THAT(F, SizeIs(5));
  EXPECT_THAT(F[0], HasSubstr("main.c:10:30: positional initializer"));
  EXPECT_THAT(F[1], HasSubstr("main.c:10:45: positional initializer"));
  EXPECT_THAT(F[2], HasSubstr("main.c:11:26: positional initializer"));
  EXPECT_THAT(F[3], HasSubstr("main.c:11:39: positional initializer"));
  EXPECT_THAT(F[4], HasSubstr("main.c:11:43: positional initializer"));
}

TEST(SafetyLayoutUses, HarmlessInitializersAreAccepted) {
  std::vector<std::string> F = findingsOf(std::string(Opts) + R"(
struct plain { int a, b; };
#ifdef MID
struct whole { int a, b; };
static struct whole w = {1, 2};
#endif
int main(void) {
  struct opts a = {.verbose = 1, .timeout = 30, .port = 8080};
  struct opts b = {0};
  struct opts c = {};
  struct opts d = {1};
  struct opts e = {1, 0, 0};
  struct plain p = {1, 2};
  return a.port + b.port + c.port + d.port + e.port + p.b;
}
)",
                                          false);
  EXPECT_THAT(F, IsEmpty());
}

TEST(SafetyLayoutUses, CxxAggregateIsRefused) {
  std::vector<std::string> F = findingsOf(R"(struct Opts {
  int verbose;
#ifdef MID
  int retries;
#endif
  int timeout;
  int port;
};
int main() {
  Opts o{1, 30, 8080};
  return o.port;
}
)",
                                          true);
  ASSERT_THAT(F, SizeIs(1));
  EXPECT_THAT(F[0], HasSubstr("main.cpp:10:13: positional initializer of "
                              "'Opts': this value (for member 'timeout' "
                              "here) and the ones after it are at or behind "
                              "member 'retries' under MID"));
}

TEST(SafetyLayoutUses, CxxConstructorsAndConditionalMethodsAreAccepted) {
  // A constructor maps its arguments by name; a member function under a
  // feature lays nothing out (found in the text of the skipped branch).
  std::vector<std::string> F = findingsOf(R"(struct Opts {
  Opts(int v, int t, int p) : verbose(v), timeout(t), port(p) {}
  int verbose;
#ifdef MID
  int retries = 0;
#endif
  int timeout;
  int port;
};
struct Pair {
  int a;
#ifdef MID
  int twice() const { return 2 * a; }
  static int count;
  using value_type = int;
#endif
  int b;
};
int main() {
  Opts o{1, 30, 8080};
  Pair p{1, 2};
  return o.port + p.b;
}
)",
                                          true);
  EXPECT_THAT(F, IsEmpty());
}

// --- Q3: type punning --------------------------------------------------------

const char *Hdr = R"(struct hdr {
  unsigned short type;
#ifdef MID
  unsigned short crc;
#endif
  unsigned short len;
};
)";

TEST(SafetyLayoutUses, UnionOverlayIsRefused) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
union packet { struct hdr h; unsigned short words[3]; };
int main(void) {
  union packet p = {{0}};
  p.h.type = 1;
  return p.words[1];
}
)",
                                          false);
  ASSERT_THAT(F, SizeIs(1));
  EXPECT_THAT(F[0], HasSubstr("main.c:9:27: the union 'union packet' "
                              "overlays 'struct hdr' (member 'h')"));
  EXPECT_THAT(F[0], HasSubstr("(member 'crc' under MID at main.c:4)"));
}

TEST(SafetyLayoutUses, UnionOverHeldRecordIsRefused) {
  // The record with the conditional member is held by value in another.
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
struct frame { struct hdr head; int body; };
union raw { struct frame f; unsigned char bytes[16]; };
int main(void) { union raw r = {{{0}}}; return r.bytes[2]; }
)",
                                          false);
  ASSERT_THAT(F, SizeIs(1));
  EXPECT_THAT(F[0], HasSubstr("main.c:10:26: the union 'union raw'"));
  EXPECT_THAT(F[0], HasSubstr("held by value in 'struct frame'"));
}

TEST(SafetyLayoutUses, PointerCastsAreRefused) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
struct other { unsigned short a, b; };
int main(void) {
  struct hdr h = {.type = 1, .len = 2};
  const unsigned char *bytes = (const unsigned char *)&h;
  struct other *o = (struct other *)&h;
  return bytes[2] + o->b;
}
)",
                                          false);
  ASSERT_THAT(F, SizeIs(2));
  EXPECT_THAT(F[0], HasSubstr("main.c:12:32: the cast of 'struct hdr *' to "
                              "'const unsigned char *' reads the bytes of "
                              "'struct hdr'"));
  EXPECT_THAT(F[1], HasSubstr("main.c:13:21: the cast of 'struct hdr *'"));
}

TEST(SafetyLayoutUses, HarmlessCastsAndUnionsAreAccepted) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
struct base { int kind; };
struct derived {
  struct base b;
#ifdef MID
  int extra;
#endif
  int value;
};
union number { int i; float f; };
int main(void) {
  struct hdr h = {.type = 1, .len = 2};
  void *any = (void *)&h;
  struct hdr *back = (struct hdr *)any;
  struct derived d = {.value = 3};
  struct base *b = (struct base *)&d;
  union number n = {1};
  return back->len + b->kind + n.i;
}
)",
                                          false);
  EXPECT_THAT(F, IsEmpty());
}

TEST(SafetyLayoutUses, CxxReinterpretCastIsRefused) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
int main() {
  hdr h{};
  auto *bytes = reinterpret_cast<const unsigned char *>(&h);
  return bytes[2];
}
)",
                                          true);
  ASSERT_THAT(F, SizeIs(1));
  EXPECT_THAT(F[0], HasSubstr("main.cpp:11:17: the cast of 'hdr *' to "
                              "'const unsigned char *'"));
}

} // namespace

// --- Trailing storage behind records (TrailingStorage.h) ---------------------

TEST(SafetyLayoutUses, TrailingStorageBehindRecordsIsAccepted) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
#include <stdlib.h>
struct table {
  int n;
  struct hdr *rows;
};
static void *zalloc(size_t n) { return calloc(1, n); }
static struct hdr *one(int len) {
  struct hdr *p = malloc(sizeof *p + len * sizeof(int));
  int *data = (int *)&p[1];
  char *text = (char *)(p + 1);
  p->len = len;
  data[0] = text[0];
  return p;
}
static struct table *many(int k, int extra) {
  struct table *t;
  int n;
  n = sizeof(*t) + ((sizeof(int) + 7) & ~7);
  n += sizeof(struct hdr) * (k + extra) + 16;
  t = zalloc(n);
  t->rows = (struct hdr *)&t[1];
  unsigned char *rest = (unsigned char *)&t->rows[extra + k];
  t->n = k + extra;
  return rest[0] ? t : 0;
}
int main(void) { return one(2)->len + many(3, 1)->n; }
)",
                                          false);
  EXPECT_THAT(F, IsEmpty());
}

TEST(SafetyLayoutUses, RecordsReadAsTrailingStorageAreRefused) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
#include <stdlib.h>
static char *behind(struct hdr *p) { return (char *)(p + 1); }
static void *make(size_t extra) {
  struct hdr *p = malloc(sizeof *p + extra);
  return (char *)(p + 1);
}
int main(int argc, char **argv) {
  struct hdr *one = malloc(sizeof *one + 8);
  struct hdr *arr = calloc(argc, sizeof *arr);
  struct hdr *grown;
  int n = sizeof *grown + 8;
  if (argc > 2)
    n += sizeof *grown;
  grown = malloc(n);
  int k = argc;
  struct hdr *rows = malloc(sizeof(struct hdr) * k);
  k = k - 1;
  char *a = (char *)&one[2];
  char *b = (char *)&arr[1];
  char *c = (char *)(grown + 1);
  char *d = (char *)&rows[k];
  char *e = behind(one);
  char *f = make(sizeof(struct hdr));
  return a[0] + b[0] + c[0] + d[0] + e[0] + f[0] + argv[0][0];
}
)",
                                          false);
  ASSERT_THAT(F, SizeIs(6));
  EXPECT_THAT(F[0], HasSubstr("main.c:10:45: the cast of 'struct hdr *' to "
                              "'char *' reads the bytes of 'struct hdr'"));
  EXPECT_THAT(F[0], HasSubstr("storage behind records is accepted where"));
  EXPECT_THAT(F[1], HasSubstr("main.c:13:10: the cast"));
  EXPECT_THAT(F[2], HasSubstr("main.c:26:13: the cast"));
  EXPECT_THAT(F[3], HasSubstr("main.c:27:13: the cast"));
  EXPECT_THAT(F[4], HasSubstr("main.c:28:13: the cast"));
  EXPECT_THAT(F[5], HasSubstr("main.c:29:13: the cast"));
}

// Sizes that count the records on one path only, or that a callee or a
// scaling write may change, do not end where the records do.
TEST(SafetyLayoutUses, TrailingStorageNeedsOneCountOnEveryPath) {
  std::vector<std::string> F = findingsOf(std::string(Hdr) + R"(
#include <stdlib.h>
void set(int *);
int main(int argc, char **argv) {
  size_t sz = argc > 1 ? sizeof(struct hdr) * (size_t)argc : 64;
  struct hdr *q = malloc(sz);
  size_t s2 = 4096;
  if (argc > 3)
    s2 = sizeof(struct hdr) * (size_t)argc;
  struct hdr *r = malloc(s2);
  int m = sizeof *q + 8;
  set(&m);
  struct hdr *u = malloc(m);
  int w = sizeof *q + 8;
  w *= 2;
  struct hdr *v = malloc(w);
  char *a = (char *)&q[argc];
  char *b = (char *)&r[argc];
  char *c = (char *)(u + 1);
  char *d = (char *)(v + 1);
  return a[0] + b[0] + c[0] + d[0] + argv[0][0];
}
)",
                                          false);
  ASSERT_THAT(F, SizeIs(4));
  EXPECT_THAT(F[0], HasSubstr("main.c:24:13: the cast"));
  EXPECT_THAT(F[1], HasSubstr("main.c:25:13: the cast"));
  EXPECT_THAT(F[2], HasSubstr("main.c:26:13: the cast"));
  EXPECT_THAT(F[3], HasSubstr("main.c:27:13: the cast"));
}
