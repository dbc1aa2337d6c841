//===- test/rewrite/OverlayTest.cpp - Parses that see lowered texts -------===//
//
// The template-lowering pass hands the rewriter new texts for some files;
// every parse must see those texts instead of the files on disk, and their
// #if structure must be rescanned. Tested with an overlay made here, so that
// the plumbing does not depend on what the lowering pass does.
//
//===----------------------------------------------------------------------===//

#include "test/common/RewriteHarness.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/ParseFacts.h"
#include "rewrite/ProjectLayout.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;

namespace {

bool definesFunction(const FileFacts &F, const std::string &Name) {
  return std::any_of(F.Functions.begin(), F.Functions.end(),
                     [&](const FunctionFact &Fn) { return Fn.Name == Name; });
}

TEST(RewriteOverlay, ParseSeesOverlaidSourceAndHeader) {
  // On disk main.c does not compile; the overlay's version does, and it
  // includes a header whose overlaid version defines another function.
  TempProject P({{"main.c", "int main(void) { return undeclared_thing; }\n"},
                 {"h.h", "static int on_disk(void) { return 0; }\n"}});
  auto Project = loadProject(P.compileCommands());
  ASSERT_TRUE(static_cast<bool>(Project))
      << llvm::toString(Project.takeError());
  ASSERT_EQ(Project->Entries.size(), 1u);
  std::string Main = P.root() + "/main.c", Header = P.root() + "/h.h";

  std::map<std::string, FileStructure> Structures;
  std::map<std::string, std::vector<unsigned>> Watched;
  ParseJob Plain{&Project->Entries[0], {}, {}, nullptr};
  EXPECT_TRUE(
      parseTranslationUnit(Plain, *Project, Structures, Watched).Failed);

  std::map<std::string, std::string> Overlay{
      {Main, "#include \"h.h\"\nint main(void) { return lowered(); }\n"},
      {Header, "static int lowered(void) { return 1; }\n"}};
  ParseJob Job{&Project->Entries[0], {}, {}, &Overlay};
  ParseResult R = parseTranslationUnit(Job, *Project, Structures, Watched);
  ASSERT_FALSE(R.Failed) << R.Diagnostics;
  ASSERT_TRUE(R.Files.count(Header));
  EXPECT_TRUE(definesFunction(R.Files.at(Header), "lowered"));
  EXPECT_FALSE(definesFunction(R.Files.at(Header), "on_disk"));
  ASSERT_TRUE(R.Files.count(Main));
  const FileFacts &M = R.Files.at(Main);
  ASSERT_TRUE(definesFunction(M, "main"));
  // Offsets are those of the overlaid text.
  auto MainFn = std::find_if(M.Functions.begin(), M.Functions.end(),
                             [](const FunctionFact &F) { return F.Main; });
  EXPECT_EQ(MainFn->Line, 2u);
}

TEST(RewriteOverlay, ApplyOverlayReplacesTextsAndRescans) {
  std::map<std::string, std::string> Texts{{"/p/a.c", "int a;\n"},
                                           {"/p/b.c", "int b;\n"}};
  std::map<std::string, FileStructure> Structures;
  for (const auto &[F, T] : Texts)
    Structures.emplace(F, cantFail(scanDirectives(F, T)));
  std::map<std::string, std::string> Overlay{
      {"/p/a.c", "#ifdef A\nint a;\n#endif\n"}};
  ASSERT_FALSE(static_cast<bool>(applyOverlay(Overlay, Texts, Structures)));
  EXPECT_EQ(Texts.at("/p/a.c"), Overlay.at("/p/a.c"));
  EXPECT_EQ(Structures.at("/p/a.c").Groups.size(), 1u);
  EXPECT_EQ(Texts.at("/p/b.c"), "int b;\n");
  EXPECT_TRUE(Structures.at("/p/b.c").Groups.empty());

  std::map<std::string, std::string> Broken{{"/p/b.c", "#if A\nint b;\n"}};
  llvm::Error E = applyOverlay(Broken, Texts, Structures);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("/p/b.c:1:"), std::string::npos);
}

} // namespace
