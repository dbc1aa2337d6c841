//===- rewrite/Rewriter.cpp - varsim rewrite, from database to OUT --------===//
//
// The pipeline: the passes of rewrite/passes/, in order, over one
// RewriteState, stopping at the first error. Nothing is written to OUT
// before the output pass, which writes OUT.partial and renames it into
// place only when everything succeeded. Each pass's parses are counted
// (rewrite/ParseCount.h) for --verbose and the manifest.
//
//===----------------------------------------------------------------------===//

#include "rewrite/Rewriter.h"

#include "rewrite/ParseFileCache.h"
#include "rewrite/passes/Passes.h"

#include "clang/Frontend/ASTUnit.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <chrono>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {

char OutputKeptError::ID = 0;

llvm::ArrayRef<RewritePass> rewritePasses() {
  static const RewritePass Passes[] = {
      {"project", runProjectPass},
      {"scan", runScanPass},
      {"features", runFeaturesPass},
      {"included-lists", runIncludedListsPass},
      {"included-backends", runIncludedBackendsPass},
      {"pass-through-macros", runPassThroughMacrosPass},
      {"enabled-macros", runEnabledMacrosPass},
      {"derived-macros", runDerivedMacrosPass},
      // Again, now that tests of derived macros read as feature tests
      // (SQLite's MUTEX_LOGIC under `#ifdef SQLITE_MUTEX_OMIT`).
      {"pass-through-macros", runPassThroughMacrosPass},
      {"derived-macros", runDerivedMacrosPass},
      {"foreign-features", runForeignFeaturesPass},
      {"derived-macros", runDerivedMacrosPass},
      {"pointer-wrappers", runPointerWrappersPass},
      {"template-lowering", runTemplateLoweringPass},
      {"value-arguments", runValueArgumentsPass},
      {"derived-macros", runDerivedMacrosPass},
      {"feature-specializations", runFeatureSpecializationsPass},
      {"derived-macros", runDerivedMacrosPass},
      {"feature-overloads", runFeatureOverloadsPass},
      {"derived-macros", runDerivedMacrosPass},
      {"designated-inits", runDesignatedInitsPass},
      {"global-lowering", runGlobalLoweringPass},
      {"derived-macros", runDerivedMacrosPass},
      {"feature-groups", runFeatureGroupsPass},
      {"parse-configurations", runParseConfigurationsPass},
      {"record", runRecordPass},
      {"safety", runSafetyPass},
      {"facts", runFactsPass},
      {"planning", runPlanningPass},
      {"function-switches", runFunctionSwitchPass},
      {"file-rewrite", runFileRewritePass},
      {"output", runOutputPass},
      {"summary", runSummaryPass},
      {"dataflow", runDataFlowPass},
  };
  return Passes;
}

std::string defaultOutDir(llvm::StringRef CompileCommands) {
  llvm::SmallString<256> Abs(CompileCommands);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, true);
  llvm::SmallString<256> Out(path::parent_path(Abs));
  path::append(Out, "varsim");
  return std::string(Out);
}

llvm::Expected<RewriteSummary> rewriteProject(const RewriteOptions &Options) {
  RewriteState S(Options);
  // Where the time goes, for --verbose (per pass: wall clock, and the
  // process's CPU time, whose ratio shows how well a pass uses -j).
  struct PassTime {
    llvm::StringRef Name;
    double Wall, Cpu;
  };
  std::vector<PassTime> Seconds;
  auto CpuNow = [] {
    llvm::sys::TimePoint<> Wall;
    std::chrono::nanoseconds User, Sys;
    llvm::sys::Process::GetTimeUsage(Wall, User, Sys);
    return std::chrono::duration<double>(User + Sys).count();
  };
  for (const RewritePass &P : rewritePasses()) {
    CountParses Count(S.Parses, P.Name);
    // The pass's parses read each file once; a scope per pass, as nothing
    // writes what a parse reads during a pass (rewrite/ParseFileCache.h).
    ParseFileCacheScope Files;
    auto Start = std::chrono::steady_clock::now();
    double Cpu0 = CpuNow();
    llvm::Error E = P.Run(S);
    Seconds.push_back(
        {P.Name,
         std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
             .count(),
         CpuNow() - Cpu0});
    if (E)
      return E;
  }
  if (Options.Verbose) {
    S.Log << "varsim: seconds per pass (wall/cpu):";
    for (const PassTime &T : Seconds)
      if (T.Wall >= 0.005 || T.Cpu >= 0.005)
        S.Log << " " << T.Name << " " << llvm::format("%.2f", T.Wall) << "/"
              << llvm::format("%.2f", T.Cpu) << ";";
    S.Log << "\n";
  }
  return std::move(S.Summary);
}

} // namespace varsim::rewrite
