//===- driver/ModelCommand.cpp - varsim model ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makeModelCommand() {
  return makeNotYetCommand("model", "planned");
}

} // namespace varsim::driver
