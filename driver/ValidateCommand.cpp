//===- driver/ValidateCommand.cpp - varsim validate ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makeValidateCommand() {
  return makeNotYetCommand("validate", "planned");
}

} // namespace varsim::driver
