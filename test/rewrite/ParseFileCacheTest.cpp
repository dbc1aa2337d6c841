//===- test/rewrite/ParseFileCacheTest.cpp - Files read once per pass -----===//
//
// Parses inside a ParseFileCacheScope must see what they would see without
// it: the same failure for a missing header each time, overlays (lowered
// texts) over the cached files, and an AST that outlives the scope still
// reading its texts (the compile check's ASTs go to the data-flow pass).
//
//===----------------------------------------------------------------------===//

#include "test/common/RewriteHarness.h"

#include "rewrite/ParseFileCache.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/SyntaxOnlyAST.h"

#include "clang/Basic/SourceManager.h"

#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;

namespace {

/// An action that only parses.
class ParseOnly : public clang::ASTFrontendAction {
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<clang::ASTConsumer>();
  }
};

SyntaxOnlyResult parse(const SyntaxOnlyParse &P) {
  return runSyntaxOnlyWith(P, [] { return std::make_unique<ParseOnly>(); });
}

TEST(ParseFileCache, ParsesSeeWhatTheyWouldWithout) {
  TempProject P({{"main.c", "#include \"h.h\"\n#ifdef MISSING\n#include "
                            "\"missing.h\"\n#endif\nint main(void) { return "
                            "from_header(); }\n"},
                 {"h.h", "static int from_header(void) { return 0; }\n"}});
  auto Project = loadProject(P.compileCommands());
  ASSERT_TRUE(static_cast<bool>(Project))
      << llvm::toString(Project.takeError());
  ASSERT_EQ(Project->Entries.size(), 1u);
  SyntaxOnlyParse Plain;
  Plain.Entry = &Project->Entries[0];
  SyntaxOnlyParse Missing = Plain;
  Missing.Defines = {"-DMISSING"};
  std::string Header = P.root() + "/h.h";
  std::map<std::string, std::string> Overlay{
      {Header, "static int other(void) { return 1; }\n"}};
  SyntaxOnlyParse Overlaid = Plain;
  Overlaid.Overlay = &Overlay;

  std::string Uncached = parse(Missing).Diagnostics;
  ASSERT_FALSE(Uncached.empty());
  ParseFileCacheScope Scope;
  for (int Round = 0; Round < 2; ++Round) {
    SyntaxOnlyResult R = parse(Plain);
    EXPECT_FALSE(R.Failed) << R.Diagnostics;
    R = parse(Missing);
    EXPECT_TRUE(R.Failed);
    EXPECT_EQ(R.Diagnostics, Uncached);
    // The overlay's header does not define from_header.
    EXPECT_TRUE(parse(Overlaid).Failed);
  }
}

TEST(ParseFileCache, AnASTOutlivesItsScope) {
  TempProject P(std::map<std::string, std::string>{
      {"main.c", "int main(void) { return 7; }\n"}});
  auto Project = loadProject(P.compileCommands());
  ASSERT_TRUE(static_cast<bool>(Project))
      << llvm::toString(Project.takeError());
  SyntaxOnlyParse Plain;
  Plain.Entry = &Project->Entries[0];
  std::unique_ptr<clang::ASTUnit> AST;
  {
    ParseFileCacheScope Scope;
    SyntaxOnlyResult R = buildSyntaxOnlyAST(Plain, AST);
    ASSERT_FALSE(R.Failed) << R.Diagnostics;
  }
  ASSERT_TRUE(AST);
  const clang::SourceManager &SM = AST->getSourceManager();
  EXPECT_EQ(SM.getBufferData(SM.getMainFileID()),
            "int main(void) { return 7; }\n");
}

} // namespace
