//===- rewrite/Manifest.h - OUT/manifest.json -------------------*- C++ -*-===//
//
// What a rewrite did, for the later stages (plan, run, model) and for the
// user: features, regions, renamings, files, parse configurations. The
// format is documented in docs/manifest-format.md.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_MANIFEST_H
#define VARSIM_REWRITE_MANIFEST_H

#include "rewrite/FileRewriter.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite {

inline constexpr int ManifestVersion = 1;

struct WrittenFile {
  std::string Original; ///< Absolute path in the project.
  std::string Written;  ///< Relative to OUT.
  bool Rewritten = false;
};

/// A template configuration site lowered before the #if rewrite.
struct TemplateSite {
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

struct ManifestData {
  std::string ProjectRoot, CompileCommands, FeatureModelPath;
  bool ModelInferred = false;
  std::string Granularity;
  std::vector<std::string> ParseConfigurations;
  unsigned TranslationUnits = 0;
  std::vector<WrittenFile> Files;
  std::vector<TemplateSite> TemplateSites;
  /// File-scope entities lowered into per-configuration variants.
  std::vector<TemplateSite> GlobalSites;
  std::vector<TemplateSite> ForeignSites;
  /// The simulator's build id (runtime/BuildFingerprint.h), also in
  /// varsim_generated.h and so in every trace.
  std::string BuildId;
  std::vector<ParseCountRow> Parses;
};

/// The manifest as JSON text.
std::string renderManifest(const ManifestData &M, const ProjectContext &Ctx);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_MANIFEST_H
