//===- test/support/Utf8PathTest.cpp --------------------------------------===//

#include "support/Utf8Path.h"

#include "gtest/gtest.h"

using namespace varsim;

namespace {

TEST(Utf8Path, Utf8NamesPass) {
  EXPECT_FALSE(static_cast<bool>(requireUtf8Path("/src/main.c", "source")));
  EXPECT_FALSE(
      static_cast<bool>(requireUtf8Path("/src/caf\xC3\xA9.c", "source")));
  EXPECT_FALSE(static_cast<bool>(requireUtf8Path("", "feature model")));
}

TEST(Utf8Path, OtherBytesRefusedWithTheByteAndWhy) {
  llvm::Error E = requireUtf8Path("/src/caf\xE9.h", "included file");
  ASSERT_TRUE(static_cast<bool>(E));
  std::string Text = llvm::toString(std::move(E));
  EXPECT_NE(Text.find("/src/caf\\xE9.h: error: the included file name is "
                      "not valid UTF-8 (byte 0xE9)"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("rename it"), std::string::npos) << Text;
}

TEST(Utf8Path, PrintableShowsEachBadByte) {
  EXPECT_EQ(printablePath("a\xE9"
                          "b\xFF\xFE"
                          "c\xC3\xA9"),
            "a\\xE9b\\xFF\\xFEc\xC3\xA9");
  // A truncated sequence at the end.
  EXPECT_EQ(printablePath("x\xC3"), "x\\xC3");
  EXPECT_EQ(printablePath("plain"), "plain");
}

} // namespace
