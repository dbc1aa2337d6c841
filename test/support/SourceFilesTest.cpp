//===- test/support/SourceFilesTest.cpp - The one extension list ----------===//
//
// support/SourceFiles.h replaced five lists that disagreed (the scan knew
// .tcc but not .tpp, the translation-unit test knew .C and .mm, the C++
// tests knew .hpp but not .h++ or upper case). The union, per question.
//
//===----------------------------------------------------------------------===//

#include "support/SourceFiles.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace varsim;

namespace {

TEST(SourceFiles, EveryCAndCxxSourceAndHeaderIsScanned) {
  for (const char *Name :
       {"a.c",   "a.h",   "a.cc",  "a.cpp", "a.cxx",       "a.c++", "a.C",
        "a.hh",  "a.hpp", "a.hxx", "a.h++", "a.H",         "a.inc", "a.inl",
        "a.def", "a.ipp", "a.tcc", "a.tpp", "dir.d/a.CPP", "A.HPP"})
    EXPECT_TRUE(isSourceFileName(Name)) << Name;
  // Objective-C is compiled, never rewritten; other files are not sources.
  for (const char *Name : {"a.m", "a.mm", "a.txt", "Makefile", "a.o", "a.s",
                           "a.cmake", "a.c.orig", "c", "a."})
    EXPECT_FALSE(isSourceFileName(Name)) << Name;
}

TEST(SourceFiles, TranslationUnitsAreTheFilesCompiledOnTheirOwn) {
  for (const char *Name :
       {"a.c", "a.cc", "a.cpp", "a.cxx", "a.c++", "a.C", "a.m", "a.mm"})
    EXPECT_TRUE(isTranslationUnitName(Name)) << Name;
  for (const char *Name : {"a.h", "a.hpp", "a.inc", "a.tcc", "a.def", "a.txt"})
    EXPECT_FALSE(isTranslationUnitName(Name)) << Name;
}

TEST(SourceFiles, TheNameSaysCOrCxxOrNothing) {
  EXPECT_EQ(isCxxFileName("a.c"), false);
  EXPECT_EQ(isCxxFileName("a.C"), true); // As GCC and Clang read it.
  for (const char *Cxx : {"a.cc", "a.cpp", "a.c++", "a.hpp", "a.h++", "a.H",
                          "a.tcc", "a.ipp", "a.CPP"})
    EXPECT_EQ(isCxxFileName(Cxx), true) << Cxx;
  for (const char *Either : {"a.h", "a.inc", "a.def", "a.m", "a.txt"})
    EXPECT_EQ(isCxxFileName(Either), std::nullopt) << Either;
}

TEST(SourceFiles, ACompileCommandsLanguageFlagWinsOverTheName) {
  std::vector<std::string> Plain{"cc", "-c", "a.c"};
  EXPECT_FALSE(isCxxCompile("a.c", Plain));
  EXPECT_TRUE(isCxxCompile("a.cpp", Plain));
  EXPECT_TRUE(isCxxCompile("a.c", {"cc", "-x", "c++", "-c", "a.c"}));
  EXPECT_TRUE(isCxxCompile("a.c", {"cc", "-x", "c++-header", "a.c"}));
  EXPECT_FALSE(isCxxCompile("a.cpp", {"cc", "-x", "c", "-c", "a.cpp"}));
  EXPECT_FALSE(isCxxCompile("a.h", {"cc", "-c", "a.h"}));
}

} // namespace
