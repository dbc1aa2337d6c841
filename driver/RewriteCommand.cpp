//===- driver/RewriteCommand.cpp - varsim rewrite ----------------------------===//

#include "driver/Command.h"

namespace varsim::driver {

std::unique_ptr<Command> makeRewriteCommand() {
  return makeNotYetCommand("rewrite", "planned");
}

} // namespace varsim::driver
