//===- driver/RunCommand.cpp - varsim run ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makeRunCommand() {
  return makeNotYetCommand("run", "planned");
}

} // namespace varsim::driver
