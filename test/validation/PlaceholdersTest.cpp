//===- test/validation/PlaceholdersTest.cpp - Command templates -----------===//

#include "model/validation/Placeholders.h"

#include <gtest/gtest.h>

using namespace varsim::validation;

TEST(ValidationPlaceholders, ExpandsEveryOccurrence) {
  PlaceholderValues V{"/tmp/v/build", "-DA=1 -DN=3", "A,N=3"};
  EXPECT_EQ(
      expandPlaceholders("cmake -S . -B {dir} -DCMAKE_C_FLAGS=\"{defines}\""
                         " && cmake --build {dir}",
                         V),
      "cmake -S . -B /tmp/v/build -DCMAKE_C_FLAGS=\"-DA=1 -DN=3\" && "
      "cmake --build /tmp/v/build");
  EXPECT_EQ(expandPlaceholders("echo {config}", V), "echo A,N=3");
}

TEST(ValidationPlaceholders, LeavesShellBracesAlone) {
  PlaceholderValues V{"D", "", ""};
  EXPECT_EQ(expandPlaceholders("echo ${HOME} {a,b} {dirx} {{dir}}", V),
            "echo ${HOME} {a,b} {dirx} {D}");
}

TEST(ValidationPlaceholders, EmptyValuesAndNoPlaceholders) {
  PlaceholderValues V{"d", "", ""};
  EXPECT_EQ(expandPlaceholders("cc {defines} -o {dir}/app", V), "cc  -o d/app");
  EXPECT_EQ(expandPlaceholders("true", V), "true");
  EXPECT_EQ(expandPlaceholders("", V), "");
}
