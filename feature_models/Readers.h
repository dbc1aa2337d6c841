//===- feature_models/Readers.h - The two XML formats -----------*- C++ -*-===//
//
// Private to feature_models/: the readers behind loadFeatureModel, one per
// format, chosen by the document's root element.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_READERS_H
#define VARSIM_FEATURE_MODELS_READERS_H

#include "feature_models/Constraint.h"
#include "feature_models/FeatureModel.h"

#include <tinyxml2.h>

#include <functional>

namespace varsim::fm {

/// <featureModel> or <extendedFeatureModel> (FeatureIDE).
llvm::Expected<FeatureModel> readFeatureIDE(const tinyxml2::XMLElement &Root,
                                            llvm::StringRef Path);
/// <vm> (SPL Conqueror, VaRA).
llvm::Expected<FeatureModel> readSPLConqueror(const tinyxml2::XMLElement &Root,
                                              llvm::StringRef Path);

/// Parses a textual constraint in SPL Conqueror's syntax: `!A | B & (C)`,
/// with => and <=> (also ->, <->, ||, &&, ~). Lookup maps a name to a
/// feature. Errors name the constraint but carry no location: the caller
/// adds it.
llvm::Expected<Expr> parseConstraintText(
    llvm::StringRef Text,
    const std::function<std::optional<FeatureId>(llvm::StringRef)> &Lookup);

/// Parses an integer property value, or fails with a located error.
llvm::Expected<int64_t> parseInteger(llvm::StringRef Text, llvm::StringRef What,
                                     llvm::StringRef Path, unsigned Line);

/// The message of E without its location or "error: " (consumes E).
std::string errorMessage(llvm::Error E);

/// The text of Parent's child element Name, trimmed ("" if absent).
std::string childText(const tinyxml2::XMLElement &Parent, const char *Name);

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_READERS_H
