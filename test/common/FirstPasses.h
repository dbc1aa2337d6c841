//===- test/common/FirstPasses.h - The first half of the rewrite -*- C++
//-*-===//
//
// Tests of a later pass (template or global lowering, foreign features,
// safety) need what the rewrite's first passes produce: the project, the
// sources' texts and #if structures, the features. They get them from the
// rewrite's own passes (rewrite/passes/), run up to a named one, instead
// of a copy of the pipeline's first half per test file.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_COMMON_FIRSTPASSES_H
#define VARSIM_TEST_COMMON_FIRSTPASSES_H

#include "rewrite/passes/RewriteState.h"

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace varsim::test {

/// The options and the state the passes ran on (the state refers to the
/// options: both live here, at a fixed address).
struct FirstPasses {
  rewrite::RewriteOptions Options;
  rewrite::RewriteState State{Options};
};

/// Runs the rewrite's passes after "project" (which takes OUT's lock) up to
/// and including Last on the project of CompileCommands with the model at
/// ModelPath. A file that does not scan is an error here at once (the
/// rewrite defers it to the facts pass).
llvm::Expected<std::unique_ptr<FirstPasses>>
runFirstPasses(llvm::StringRef CompileCommands, llvm::StringRef ModelPath,
               llvm::StringRef Last = "features");

/// What the tests of a lowering read, owned: the project, its sources'
/// texts and #if structures, the features (the first passes' results).
struct ScannedProject {
  rewrite::ProjectLayout Layout;
  std::optional<rewrite::FeatureSetup> Features;
  std::map<std::string, std::string> Texts;
  std::map<std::string, rewrite::FileStructure> Structures;
};

/// runFirstPasses through "features", its results moved into Into.
llvm::Error scanProject(llvm::StringRef CompileCommands,
                        llvm::StringRef ModelPath, ScannedProject &Into);

} // namespace varsim::test

#endif // VARSIM_TEST_COMMON_FIRSTPASSES_H
