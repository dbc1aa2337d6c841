//===- test/support/CompileDatabaseTest.cpp -------------------------------===//

#include "support/CompileDatabase.h"
#include "support/Diagnostic.h"

#include "gtest/gtest.h"

using namespace varsim;

namespace {

std::string errorOf(llvm::StringRef Text) {
  auto R = parseCompileDatabase("cc.json", Text);
  if (R)
    return "(parsed " + std::to_string(R->size()) + " entries)";
  return errorToString(R.takeError());
}

TEST(CompileDatabase, ReadsArgumentsAndCommands) {
  auto R = parseCompileDatabase("cc.json", R"([
  {"directory": "/p", "file": "a.c", "arguments": ["cc", "-c", "a.c"]},
  {"directory": "/p", "file": "b.c",
   "command": "cc -DMSG=\"a b\" -DQ='x y' -I\\ sp -c b.c", "output": "b.o"}
])");
  ASSERT_TRUE(bool(R)) << errorToString(R.takeError());
  ASSERT_EQ(R->size(), 2u);
  EXPECT_EQ((*R)[0].Arguments, (std::vector<std::string>{"cc", "-c", "a.c"}));
  EXPECT_EQ((*R)[1].Arguments,
            (std::vector<std::string>{"cc", "-DMSG=a b", "-DQ=x y", "-I sp",
                                      "-c", "b.c"}));
  EXPECT_EQ((*R)[1].Output, "b.o");
  EXPECT_EQ((*R)[0].Line, 2u);
  EXPECT_EQ((*R)[0].Column, 3u);
  EXPECT_EQ((*R)[1].Line, 3u);
}

TEST(CompileDatabase, RefusesATruncatedFileWholeWithItsPosition) {
  // clang's reader salvaged the first entry and printed a YAML error.
  std::string E = errorOf(R"([
  {"directory": "/p", "file": "a.c", "arguments": ["cc", "-c", "a.c"]},
  {"directory": "/p", "file": "b.c", "argu)");
  EXPECT_NE(E.find("cc.json:3:"), std::string::npos) << E;
  EXPECT_NE(E.find("error: malformed compile database"), std::string::npos)
      << E;
}

TEST(CompileDatabase, NamesTheEntryThatIsIllTyped) {
  std::string E = errorOf(R"([
  {"directory": "/p", "file": "a.c", "arguments": ["cc"]},
  {"directory": 3, "file": "b.c", "arguments": ["cc"]}
])");
  EXPECT_NE(E.find("cc.json:3:3: error: entry 2: \"directory\" is not a "
                   "string"),
            std::string::npos)
      << E;
  E = errorOf(R"([{"directory": "/p", "file": "a.c"}])");
  EXPECT_NE(E.find("entry 1: neither \"arguments\" nor \"command\""),
            std::string::npos)
      << E;
  E = errorOf(R"([{"directory": "/p", "file": "a.c", "command": "cc 'x"}])");
  EXPECT_NE(E.find("unterminated quote"), std::string::npos) << E;
  E = errorOf(R"([{"directory": "/p", "file": "", "arguments": ["cc"]}])");
  EXPECT_NE(E.find("\"file\" is empty"), std::string::npos) << E;
}

TEST(CompileDatabase, RefusesEmptyAndForeignFiles) {
  EXPECT_NE(errorOf("").find("cc.json: error: the compile database is empty"),
            std::string::npos);
  EXPECT_NE(errorOf("[]").find("has no entries"), std::string::npos);
  EXPECT_NE(errorOf(R"({"entries": []})").find("expected a JSON array"),
            std::string::npos);
}

TEST(CompileDatabase, RefusesFileNamesThatAreNotUtf8) {
  // A JSON text must be UTF-8; the name would come out as U+FFFD.
  std::string Text = "[{\"directory\": \"/p\", \"file\": \"caf\xE9.c\", "
                     "\"arguments\": [\"cc\"]}]";
  std::string E = errorOf(Text);
  EXPECT_NE(E.find("cc.json:1:"), std::string::npos) << E;
  EXPECT_NE(E.find("UTF-8"), std::string::npos) << E;
}

} // namespace
