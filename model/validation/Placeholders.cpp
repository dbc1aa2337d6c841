//===- model/validation/Placeholders.cpp - Command templates --------------===//

#include "model/validation/Placeholders.h"

#include <array>
#include <utility>

namespace varsim::validation {

std::string expandPlaceholders(llvm::StringRef Template,
                               const PlaceholderValues &Values) {
  const std::array<std::pair<llvm::StringRef, const std::string *>, 3> Keys = {
      {{"{dir}", &Values.Dir},
       {"{defines}", &Values.Defines},
       {"{config}", &Values.Config}}};
  std::string Out;
  Out.reserve(Template.size());
  while (!Template.empty()) {
    bool Replaced = false;
    if (Template.front() == '{')
      for (const auto &[Key, Value] : Keys)
        if (Template.starts_with(Key)) {
          Out += *Value;
          Template = Template.drop_front(Key.size());
          Replaced = true;
          break;
        }
    if (!Replaced) {
      Out += Template.front();
      Template = Template.drop_front();
    }
  }
  return Out;
}

} // namespace varsim::validation
