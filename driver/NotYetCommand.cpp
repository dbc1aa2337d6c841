//===- driver/NotYetCommand.cpp - Placeholder for unbuilt commands --------===//

#include "driver/Command.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace varsim::driver {
namespace {

class NotYetCommand : public Command {
public:
  NotYetCommand(const char *Name, const char *Issue)
      : Name(Name), Issue(Issue) {}

  void addOptions(CLI::App &Sub) override {
    Sub.allow_extras();
    Sub.footer(std::string("Not built yet: ") + Issue + ".");
  }

  int run() override {
    llvm::errs() << "varsim: error: 'varsim " << Name
                 << "' is not built yet (" << Issue << ")\n";
    return ExitFailure;
  }

private:
  const char *Name;
  const char *Issue;
};

} // namespace

std::unique_ptr<Command> makeNotYetCommand(const char *Name,
                                           const char *Issue) {
  return std::make_unique<NotYetCommand>(Name, Issue);
}

} // namespace varsim::driver
