//===- driver/ProfileCommand.cpp - varsim profile -------------------------===//
//
// The whole pipeline on a user's project in one command: options in, the
// stages of profile/Pipeline.h run, the report's path out.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"

#include "profile/Pipeline.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace varsim::driver {
namespace {

class ProfileCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "From a project to a report in one command: export the compile "
        "database (CMake, Meson, or Make under bear), rewrite, build the "
        "simulator with the project's own build system, run the planned "
        "configurations, build the model, optionally validate on a sample "
        "of real variants, and write an offline HTML report "
        "(OUT/report/index.html) with a Chrome/Perfetto trace and a "
        "speedscope profile beside it. A stage whose inputs did not change "
        "since it last succeeded is reused.");
    Sub.add_option("PROJECT", Options.Project,
                   "The project's directory (CMakeLists.txt, meson.build or "
                   "Makefile), or its compile_commands.json")
        ->required();
    Sub.add_option("--run", Options.RunCommand,
                   "The workload: a shell command run in the project's "
                   "directory; {bin} is the directory the program was built "
                   "in, {project} the project's directory")
        ->required()
        ->type_name("CMD");
    Sub.add_option("-f,--feature-model", Options.FeatureModel,
                   "FeatureIDE or SPL Conqueror model (default: the one the "
                   "rewrite finds or infers)")
        ->type_name("FILE");
    Sub.add_option("-o,--output", Options.OutDir,
                   "Output directory, outside the project (default: "
                   "./varsim-<project>, or <project>.varsim beside the "
                   "project when the working directory is inside it)")
        ->type_name("OUT");
    Sub.add_option("--build-system", BuildName,
                   "auto (default), cmake, make, meson or compdb")
        ->type_name("NAME");
    Sub.add_option("--configure-arg", Options.ConfigureArgs,
                   "An extra argument for cmake/meson configure (repeatable)")
        ->type_name("ARG");
    Sub.add_option("--sim-build", Options.SimulatorBuildCommand,
                   "The simulator's build command ({src} the rewritten "
                   "project, {bin} its build directory); needed with a "
                   "compile database")
        ->type_name("CMD");
    Sub.add_option("--validate", Options.ValidateSample,
                   "Also build and measure real variants: validate's "
                   "--sample (a number, all, pairwise, ...)")
        ->type_name("SAMPLE");
    Sub.add_option("--variant-build", Options.VariantBuildCommand,
                   "The variants' build command for --validate ({dir}, "
                   "{defines}; default: from the build system)")
        ->type_name("CMD");
    Sub.add_option("--repeat", Options.Repeat,
                   "Measurements per variant with --validate (default 3)")
        ->type_name("N");
    Sub.add_option("--exit-code", Options.ExitCodes,
                   "Exit code(s) of a good run: N, N,M or any (default 0)")
        ->type_name("N|N,M|any");
    Sub.add_option("-j,--jobs", Options.Jobs, "Parallel build jobs (default 1)")
        ->type_name("N");
    Sub.add_flag("--native-reference", Options.NativeReference,
                 "Also build the plan's first configuration as a variant and "
                 "run it beside every simulator run, so that the model is "
                 "free of the machine's drift and in native time (off by "
                 "default: it assumes the simulator's slowdown is the same "
                 "in every configuration, and its build must succeed)");
    Sub.add_flag("--native-variants", Options.NativeVariants,
                 "Implies --native-reference: build and run every planned "
                 "configuration's native variant too (one build per run), "
                 "and fit the model's last terms to their times: what the "
                 "simulator cannot time, such as code the compiler "
                 "optimises differently in a variant, enters the model");
    Sub.add_flag("--force", Options.Force,
                 "Run every stage even if its inputs did not change");
    Sub.footer(
        "Outputs in OUT: report/ (index.html, trace.json, "
        "profile.speedscope.json,\nreport-data.json), model.json, model.txt, "
        "sim/ (the rewrite), logs/ (one log per\nstage), profile.log (the "
        "progress lines), validation/ (with --validate).\n"
        "Exit code: 0 report written; 1 a stage failed (its command and the "
        "end of its log\nare shown) or, with --validate, a variant failed "
        "(the report is still written);\n2 usage error.\n"
        "\n"
        "Examples:\n"
        "  varsim profile samples/printer -o /tmp/printer-profile \\\n"
        "      --run '{bin}/printer workload/job.txt'\n"
        "  varsim profile ~/src/mytool --run '{bin}/mytool -q data/in.txt' "
        "--validate 8\n"
        "  varsim profile ~/src/make-project --build-system make "
        "--run '{bin}/app input'\n"
        "See docs/profile.md and docs/report.md.");
  }

  int run() override {
    auto Build = profile::parseBuildSystem(BuildName);
    if (!Build) {
      reportError(makeError("--build-system: '" + BuildName +
                            "' is not auto, cmake, make, meson or compdb"));
      return ExitUsage;
    }
    Options.Build = *Build;
    Options.Varsim = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
    bool Terminal = llvm::sys::Process::StandardErrIsDisplayed();
    auto R = profile::runProfile(Options, llvm::errs(), Terminal);
    if (!R) {
      reportError(R.takeError());
      return ExitFailure;
    }
    llvm::outs() << R->ReportPath << "\n";
    return R->ValidateExit == 0 ? ExitSuccess : ExitFailure;
  }

private:
  profile::ProfileOptions Options;
  std::string BuildName = "auto";
};

} // namespace

std::unique_ptr<Command> makeProfileCommand() {
  return std::make_unique<ProfileCommand>();
}

} // namespace varsim::driver
