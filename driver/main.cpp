//===- driver/main.cpp - The varsim command-line tool ---------------------===//
//
// varsim turns compile-time variability into a run-time variant simulator,
// runs it, and builds a performance-influence model. This file only parses
// the command line and dispatches to a subcommand.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"
#include "support/Interrupt.h"
#include "varsim/Version.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstring>
#include <string>

using namespace varsim::driver;

namespace {

const std::array<CommandInfo, 8> Commands = {{
    {"rewrite", "Turn #ifdef/#if variability into a variant simulator",
     makeRewriteCommand},
    {"plan", "Print the configurations to run the simulator with",
     makePlanCommand},
    {"run", "Run the built simulator once per planned configuration",
     makeRunCommand},
    {"model", "Build a performance-influence model from call traces",
     makeModelCommand},
    {"predict", "Predict the time of configurations from a model",
     makePredictCommand},
    {"validate", "Measure real variants and compare them with the model",
     makeValidateCommand},
    {"features", "Inspect a feature model: count, list, check, sample",
     makeFeaturesCommand},
    {"profile", "The whole pipeline on a project, to an HTML report",
     makeProfileCommand},
}};

std::string commandList() {
  std::string S;
  for (const CommandInfo &C : Commands) {
    if (!S.empty())
      S += ", ";
    S += C.Name;
  }
  return S;
}

const CommandInfo *findCommand(const char *Name) {
  for (const CommandInfo &C : Commands)
    if (std::strcmp(C.Name, Name) == 0)
      return &C;
  return nullptr;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  // Ctrl-C, SIGTERM and SIGHUP: child process groups ended, unfinished
  // outputs removed, a message, exit 128 + the signal.
  varsim::installInterruptCleanup();

  // An unknown subcommand gets a message that names the valid ones, rather
  // than CLI11's generic "arguments were not expected".
  if (argc > 1 && argv[1][0] != '-' && !findCommand(argv[1])) {
    llvm::errs() << "varsim: error: unknown command '" << argv[1]
                 << "'\nvarsim: note: the commands are: " << commandList()
                 << "\nvarsim: note: see 'varsim --help'\n";
    return ExitUsage;
  }

  CLI::App App{"varsim " VARSIM_VERSION_STRING
               ": family-based performance measurement for configurable C "
               "and C++ programs.\n\n"
               "varsim turns compile-time variability (#ifdef, #if, template "
               "parameters) into\na run-time variant simulator, runs it once "
               "or a few times, and produces a\nperformance-influence model: "
               "how much time each feature and each feature\ninteraction "
               "costs, where in the code, and a prediction for every "
               "variant.",
               "varsim"};
  App.set_version_flag("--version", "varsim " VARSIM_VERSION_STRING);
  App.require_subcommand(1);
  App.footer(
      "All in one (a CMake, Meson or Make project; report in OUT/report):\n"
      "  varsim profile ~/src/app -o app-profile --run '{bin}/app "
      "workload.txt'\n\n"
      "Typical session, step by step, in the project's directory (the "
      "rewrite's\noutput goes outside the project's sources):\n"
      "  varsim rewrite build/compile_commands.json -o ../sim\n"
      "  cmake -S ../sim/src -B ../sim-build && cmake --build ../sim-build\n"
      "  varsim run ../sim -- ../sim-build/app workload.txt\n"
      "  varsim model ../sim -o model.json\n"
      "  varsim predict model.json --all\n\n"
      "Run 'varsim COMMAND --help' for the options of a command.");

  std::array<std::unique_ptr<Command>, Commands.size()> Made;
  std::array<CLI::App *, Commands.size()> Subs{};
  for (size_t I = 0; I < Commands.size(); ++I) {
    Made[I] = Commands[I].Make();
    Subs[I] = App.add_subcommand(Commands[I].Name, Commands[I].Summary);
    Made[I]->addOptions(*Subs[I]);
    // `varsim --help` lists one line per command; a command's longer
    // description goes into its own --help, ahead of its examples.
    std::string Long = Subs[I]->get_description();
    if (Long != Commands[I].Summary) {
      Subs[I]->description(Commands[I].Summary);
      std::string Footer = Subs[I]->get_footer();
      Subs[I]->footer(Footer.empty() ? Long : Long + "\n\n" + Footer);
    }
  }

  try {
    App.parse(argc, argv);
  } catch (const CLI::CallForHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForAllHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForVersion &E) {
    return App.exit(E);
  } catch (const CLI::ParseError &E) {
    llvm::errs() << "varsim: error: " << E.what() << '\n'
                 << "varsim: note: see 'varsim "
                 << (App.get_subcommands().empty()
                         ? std::string("--help")
                         : App.get_subcommands().front()->get_name() +
                               " --help")
                 << "'\n";
    return ExitUsage;
  }

  for (size_t I = 0; I < Commands.size(); ++I)
    if (Subs[I]->parsed())
      return Made[I]->run();
  return ExitUsage;
}
