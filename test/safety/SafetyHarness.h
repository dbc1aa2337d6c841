//===- test/safety/SafetyHarness.h - Run the safety pass on a project -*- C++
//-*-===//
//
// A throw-away project (files, a compile database, a FeatureIDE model with
// the given optional features) run through the steps of varsim rewrite
// that precede the parses (scan, features, groups, parse configurations)
// and then through checkVariantSafety.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_SAFETY_SAFETYHARNESS_H
#define VARSIM_TEST_SAFETY_SAFETYHARNESS_H

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::safety::test {

struct SafetyRun {
  std::string Errors; ///< errorToString of the result ("" if none).
  std::string Root;   ///< The project's (deleted) directory.
  unsigned Parses = 0;
  double Seconds = 0; ///< Time of checkVariantSafety.
  /// Per parse: the shell command of the same parse with
  /// `clang -fsyntax-only` (the benchmark's baseline).
  std::vector<std::string> SyntaxOnly;
};

struct ProjectOptions {
  bool Cxx = false;
  unsigned Jobs = 1;
  std::string Standard; ///< "" : c11 / c++17.
  bool Keep = false;    ///< Keep the directory (the caller removes Root).
};

/// Files relative to the root; .c/.cpp files are translation units. The
/// model is Files' "model.xml" if there is one, else one with Features
/// (optional, unconstrained).
SafetyRun checkProject(const std::map<std::string, std::string> &Files,
                       const std::vector<std::string> &Features,
                       const ProjectOptions &Options);
inline SafetyRun checkProject(const std::map<std::string, std::string> &Files,
                              const std::vector<std::string> &Features,
                              bool Cxx = false) {
  ProjectOptions O;
  O.Cxx = Cxx;
  return checkProject(Files, Features, O);
}

/// The files under a directory (relative paths), for the realistic
/// programs.
std::map<std::string, std::string> readDirectory(const std::string &Dir);

} // namespace varsim::rewrite::safety::test

#endif // VARSIM_TEST_SAFETY_SAFETYHARNESS_H
