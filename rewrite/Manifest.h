//===- rewrite/Manifest.h - The rewrite's part of manifest.json -*- C++ -*-===//
//
// What a rewrite did goes to OUT/manifest.json (manifest/Manifest.h, the
// record, its writer and reader). The output pass fills the record's
// project part (paths, files, sites, parses); this adds what the project
// context holds: the features, constraints, regions, renamings and the
// code left without a marker.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_MANIFEST_H
#define VARSIM_REWRITE_MANIFEST_H

#include "manifest/Manifest.h"
#include "rewrite/FileRewriter.h"

namespace varsim::rewrite {

/// Adds Ctx's tables to M (and the varsim version).
void addContextTables(manifest::Manifest &M, const ProjectContext &Ctx);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_MANIFEST_H
