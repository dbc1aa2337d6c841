//===- manifest/Manifest.h - OUT/manifest.json ------------------*- C++ -*-===//
//
// What a rewrite did, for the later stages (plan, run, model, report) and
// for the user: features, regions, renamings, files, parse configurations.
// One record, one writer (`varsim rewrite`) and one reader (plan, run,
// model), so that the two cannot drift; the format is documented in
// docs/manifest-format.md. Depends on support/ only.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MANIFEST_MANIFEST_H
#define VARSIM_MANIFEST_MANIFEST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace varsim::manifest {

/// The suffix of the function that reads a feature constant at run time
/// (`kNormalize__varsim_value()`, rewrite/templates/): what a lowered `if
/// constexpr` on a feature constant or a template flag tests. The #if
/// rewriter makes it a feature switch whose variants each return one
/// constant (the manifest's `renamings`, `original` ending so).
inline constexpr llvm::StringLiteral ConstantValueSuffix = "__varsim_value";

inline constexpr int ManifestVersion = 1;

struct Feature {
  std::string Name, Macro;
  bool Numeric = false, Mandatory = false, Abstract = false;
  /// Whether the rewrite encoded it (a feature macro of the sources).
  bool Encoded = false;
  int64_t Min = 0, Max = 1, Default = 0; ///< Numeric only.
  std::string Parent;                    ///< "" for a root.
};

struct Constraint {
  std::string Expression, Description;
};

/// A region of the simulator's table, by id (its index).
struct Region {
  unsigned Id = 0;
  std::string Kind; ///< "function", "region" or "switch".
  std::string Function;
  /// Its own #if condition in calltrace.json syntax; "1" if none.
  std::string Condition = "1";
  std::string File;
  unsigned Line = 0, EndLine = 0; ///< 0: not known.
};

struct Renaming {
  std::string Original, Renamed, Condition, File;
  unsigned Line = 0;
};

/// A function without a marker (no region: its time is its caller's).
struct UnmarkedFunction {
  std::string Name, File;
  unsigned Line = 0, EndLine = 0;
};

/// Feature code the rewrite left without a marker (a feature switch at a
/// call, a tiny feature block). Its time is the self time of the TimedIn
/// regions, so those regions' time depends on Features as if their data
/// reached the regions' control flow.
struct UnmarkedCode {
  std::string Kind;     ///< "switch" or "region".
  std::string Function; ///< The switch's name, or the enclosing function.
  std::string Condition = "1";
  std::vector<std::string> Features; ///< The features it tests, sorted.
  std::string File;                  ///< Where it is timed (the caller).
  unsigned Line = 0;
  std::vector<unsigned> TimedIn; ///< Region ids; empty: unknown.
};

/// A function the rewrite versioned per value of the features its body
/// reads (rewrite/FeatureVersions.cpp).
struct FeatureVersioned {
  std::string Function, File;
  unsigned Line = 0;
  std::vector<std::string> Features; ///< Fixed in each version.
  unsigned Versions = 0;
  std::string Dispatch; ///< "entry" or "callers".
};

struct WrittenFile {
  std::string Original; ///< Absolute path in the project.
  std::string Written;  ///< Relative to OUT.
  bool Rewritten = false;
};

/// A construct lowered before the #if rewrite (a template configuration
/// site, a file-scope entity, a foreign feature).
struct LoweredSite {
  std::string File;
  unsigned Line = 0;
  std::string Idiom, Features;
};

/// How often the rewrite parsed one translation unit in one configuration,
/// and in which passes (rewrite/ParseCount.h).
struct ParseCountRow {
  std::string TranslationUnit; ///< Relative to the project root.
  std::string Configuration;   ///< Its name, or its -D flags.
  unsigned Parses = 0;
  std::map<std::string, unsigned> ByPass;
};

struct Manifest {
  std::string VarsimVersion; ///< Of the varsim that wrote it.
  /// The simulator's build id (runtime/BuildFingerprint.h), also in
  /// varsim_generated.h and so in every trace; "" if not known.
  std::string BuildId;
  std::string ProjectRoot, CompileCommands;
  /// As stored (relative paths are relative to OUT); "" if none.
  std::string FeatureModelPath;
  bool ModelInferred = false;
  std::string Granularity;
  std::optional<std::string> DefaultConfig;
  std::vector<Feature> Features;
  std::vector<Constraint> Constraints;
  std::vector<std::string> ParseConfigurations;
  unsigned TranslationUnits = 0;
  std::vector<ParseCountRow> Parses;
  std::vector<Region> Regions;
  std::vector<Renaming> Renamings;
  std::vector<UnmarkedFunction> UnmarkedFunctions;
  std::vector<UnmarkedCode> Unmarked;
  std::vector<FeatureVersioned> FeatureVersions;
  std::vector<LoweredSite> TemplateSites;
  /// File-scope entities lowered into per-configuration variants.
  std::vector<LoweredSite> GlobalSites;
  std::vector<LoweredSite> ForeignSites;
  std::vector<WrittenFile> Files;
  /// Written by `varsim plan` (plan/OutDir.h) into the same file: kept as
  /// read, an empty array from the rewrite.
  llvm::json::Value DataFlow = llvm::json::Array{};
  llvm::json::Value Plan = llvm::json::Array{};
};

// --- Writer (ManifestWriter.cpp) ------------------------------------------

/// The manifest as JSON text (keys sorted, two-space indent, a final
/// newline).
std::string renderManifest(const Manifest &M);
/// The "unmarked_code" array.
llvm::json::Array unmarkedCodeToJSON(const std::vector<UnmarkedCode> &Code);

// --- Reader (ManifestReader.cpp) ------------------------------------------

/// Parses Text (named Path in errors) and checks that it is a varsim
/// manifest of the version this varsim reads. The result is an object.
/// Malformed JSON is a `Path:line:col: error:`.
llvm::Expected<llvm::json::Value> parseManifestJSON(llvm::StringRef Text,
                                                    llvm::StringRef Path);

/// The record of a parsed manifest. A region without a non-negative
/// integer "id", a duplicate id, or a "condition" that is not a string, or
/// a malformed "unmarked_code" entry is an error naming the entry; a
/// missing "regions" array is an error; other missing keys read as empty.
llvm::Expected<Manifest> readManifest(const llvm::json::Object &Root,
                                      llvm::StringRef Path);
/// parseManifestJSON, then readManifest.
llvm::Expected<Manifest> readManifestText(llvm::StringRef Text,
                                          llvm::StringRef Path);
/// Reads the file at Path.
llvm::Expected<Manifest> readManifestFile(llvm::StringRef Path);

/// The "unmarked_code" entries of a parsed manifest; none if the key is
/// absent (an older rewrite). An entry without "features" and "timed_in"
/// arrays, a feature that is not a string or a region id that is not a
/// non-negative integer is an error.
llvm::Expected<std::vector<UnmarkedCode>>
readUnmarkedCode(const llvm::json::Object &Root, llvm::StringRef Path);

} // namespace varsim::manifest

#endif // VARSIM_MANIFEST_MANIFEST_H
