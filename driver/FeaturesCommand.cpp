//===- driver/FeaturesCommand.cpp - varsim features ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makeFeaturesCommand() {
  return makeNotYetCommand("features", "planned");
}

} // namespace varsim::driver
