//===- test/support/HtmlTest.cpp ------------------------------------------===//

#include "support/Html.h"

#include "gtest/gtest.h"

using namespace varsim;

namespace {

TEST(HtmlEscape, MarkupCharactersBecomeReferences) {
  EXPECT_EQ(htmlEscape("a<b>&\"c'd"), "a&lt;b&gt;&amp;&quot;c&apos;d");
  // An entity in the input is text, escaped again.
  EXPECT_EQ(htmlEscape("&lt;"), "&amp;lt;");
}

TEST(HtmlEscape, OrdinaryTextUnchanged) {
  // CONFIG strings, feature names, numbers, UTF-8: as they were.
  EXPECT_EQ(htmlEscape("LOG,LEVEL=3,Cache_Size=-1"),
            "LOG,LEVEL=3,Cache_Size=-1");
  EXPECT_EQ(htmlEscape("caf\xC3\xA9 \xE2\x9C\x93"), "caf\xC3\xA9 \xE2\x9C\x93");
  EXPECT_EQ(htmlEscape("a\tb\nc\rd"), "a\tb\nc\rd");
  EXPECT_EQ(htmlEscape(""), "");
}

TEST(HtmlEscape, ForbiddenControlsBecomeReplacementCharacter) {
  // An SVG (XML) parser refuses these even as character references.
  EXPECT_EQ(htmlEscape(llvm::StringRef("a\0b", 3)), "a\xEF\xBF\xBD"
                                                    "b");
  EXPECT_EQ(htmlEscape("\x01\x1b[0m\x7f"),
            "\xEF\xBF\xBD\xEF\xBF\xBD[0m\xEF\xBF\xBD");
}

} // namespace
