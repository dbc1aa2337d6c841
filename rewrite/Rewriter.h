//===- rewrite/Rewriter.h - varsim rewrite ----------------------*- C++ -*-===//
//
// The public face of rewrite/: turns a project's compile-time variability
// (#if/#ifdef on feature macros) into a variant simulator, written as a
// mirror of the project in an output directory (see docs/rewriter.md).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_REWRITER_H
#define VARSIM_REWRITE_REWRITER_H

#include "support/Diagnostic.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace varsim::rewrite {

enum class Granularity {
  Function, ///< Function and switch markers only.
  Region,   ///< Also one marker per encoded #if block.
  All,      ///< Region, and a marker on every function (loopless Base ones
            ///< included, which Function and Region leave unmarked).
};

struct RewriteOptions {
  std::string CompileCommands; ///< Path to compile_commands.json.
  std::string FeatureModel;    ///< "" = look beside the project, or infer.
  std::string OutDir;          ///< "" = <dir of compile_commands>/varsim.
  unsigned Jobs = 1;
  Granularity Detail = Granularity::Region;
  /// Where progress, warnings and the summary go (nullptr: nowhere).
  llvm::raw_ostream *Log = nullptr;
  /// Also print the parses per translation unit and configuration.
  bool Verbose = false;
  /// Run the data-flow analysis of the simulator as the last pass and
  /// store its facts in the manifest (`varsim rewrite` without
  /// --no-dataflow; otherwise `varsim plan` runs it).
  bool DataFlow = false;
};

struct RewriteSummary {
  std::string OutDir;
  std::string FeatureModelPath; ///< The model used (OUT/model.xml if inferred).
  bool ModelInferred = false;
  unsigned TranslationUnits = 0;
  unsigned ParseConfigurations = 0;
  unsigned FilesWritten = 0, FilesRewritten = 0;
  unsigned Regions = 0, Features = 0, Renamings = 0;
  unsigned TemplateSites = 0; ///< Template variability lowered to #ifs.
  unsigned GlobalSites = 0;   ///< File-scope entities lowered to variants.
};

/// The error of a rewrite that failed after OUT was swapped in (the
/// data-flow analysis of the simulator): OUT is kept for inspection.
class OutputKeptError : public llvm::ErrorInfo<OutputKeptError, LocatedError> {
public:
  using ErrorInfo::ErrorInfo;
  static char ID;
};

/// The default output directory for a compile database.
std::string defaultOutDir(llvm::StringRef CompileCommands);

/// Rewrites the project; nothing is written to OutDir unless it succeeds.
llvm::Expected<RewriteSummary> rewriteProject(const RewriteOptions &Options);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_REWRITER_H
