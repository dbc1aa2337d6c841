//===- test/rewrite/LinkageMacrosTest.cpp ---------------------------------===//
//
// Storage-class and attribute macros per feature (rewrite/LinkageMacros.h):
// which are seen through and which definition the simulator keeps.
//
//===----------------------------------------------------------------------===//

#include "rewrite/LinkageMacros.h"

#include <gtest/gtest.h>

using namespace varsim::rewrite;

namespace {

TEST(LinkageMacros, CoreOfLinkageWords) {
  EXPECT_EQ(linkageCore(""), std::string());
  EXPECT_EQ(linkageCore("static inline"), "static");
  EXPECT_EQ(linkageCore("__attribute__((visibility(\"default\")))"),
            std::string());
  EXPECT_EQ(linkageCore("extern __attribute__((unused))"), "extern");
  // Not linkage only: a type, a value, two storage classes.
  EXPECT_EQ(linkageCore("int"), std::nullopt);
  EXPECT_EQ(linkageCore("1"), std::nullopt);
  EXPECT_EQ(linkageCore("static extern"), std::nullopt);
  // Attributes that change layout or run code are not neutral.
  EXPECT_EQ(linkageCore("__attribute__((packed))"), std::nullopt);
  EXPECT_EQ(linkageCore("__attribute__((constructor))"), std::nullopt);
  EXPECT_EQ(linkageCore("__attribute__((aligned(16)))"), std::nullopt);
  EXPECT_EQ(linkageCore("__attribute__((visibility(\"default\"))"),
            std::nullopt); // Unbalanced.
}

TEST(LinkageMacros, KeptDefinition) {
  EXPECT_EQ(keptLinkage({"__attribute__((visibility(\"default\")))", ""}),
            std::string());
  EXPECT_EQ(keptLinkage({"static inline", "static"}), "static");
  EXPECT_EQ(keptLinkage({"static", ""}), std::string());
  EXPECT_EQ(keptLinkage({"static", "extern"}), std::nullopt);
  EXPECT_EQ(keptLinkage({"static", "int"}), std::nullopt);
  EXPECT_EQ(keptLinkage({"__attribute__((constructor))", ""}), std::nullopt);
}

} // namespace
