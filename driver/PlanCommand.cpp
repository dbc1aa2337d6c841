//===- driver/PlanCommand.cpp - varsim plan ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makePlanCommand() {
  return makeNotYetCommand("plan", "planned");
}

} // namespace varsim::driver
