//===- model/validation/Placeholders.h - Command templates ------*- C++ -*-===//
//
// The user's build and run commands are templates: `{dir}` becomes the
// variant's build directory, `{defines}` its -D flags and `{config}` its
// CONFIG string. Nothing else is touched, so shell syntax such as `${HOME}`
// or `{a,b}` passes through unchanged. Values are inserted verbatim (the
// user quotes them, as in -DCMAKE_C_FLAGS="{defines}").
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_PLACEHOLDERS_H
#define VARSIM_MODEL_VALIDATION_PLACEHOLDERS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace varsim::validation {

struct PlaceholderValues {
  std::string Dir;
  std::string Defines;
  std::string Config;
};

std::string expandPlaceholders(llvm::StringRef Template,
                               const PlaceholderValues &Values);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_PLACEHOLDERS_H
