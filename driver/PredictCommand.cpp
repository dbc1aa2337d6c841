//===- driver/PredictCommand.cpp - varsim predict ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makePredictCommand() {
  return makeNotYetCommand("predict", "planned");
}

} // namespace varsim::driver
