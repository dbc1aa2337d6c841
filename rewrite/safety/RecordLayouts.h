//===- rewrite/safety/RecordLayouts.h - Layout facts of records -*- C++ -*-===//
//
// Part of the safety facts of one parse (SafetyCollector.h): the layout of
// every record a layout use reaches, by key (which members lie under a
// feature, relative to the record; which records it holds by value, as a
// base, a member or its template; virtual functions all under a feature,
// which add a vtable pointer), for LayoutJudge to compare across parses.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_RECORDLAYOUTS_H
#define VARSIM_REWRITE_SAFETY_RECORDLAYOUTS_H

#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace varsim::rewrite::safety {

/// The presence condition of a member relative to its record: a record
/// wholly under a feature has the same members in every variant that has
/// the record at all. Null if the member is not in the project or is
/// unconditional.
const std::string *memberCondition(ProjectFiles &Files,
                                   const FeatureRanges &Ranges,
                                   const ProjectFiles::Place &Member,
                                   const clang::Decl *Record);

/// Describes records into Out.Records, each once per parse.
class RecordLayouts {
public:
  RecordLayouts(clang::ASTContext &Ctx, ProjectFiles &Files,
                const FeatureRanges &Ranges, SafetyFacts &Out)
      : Ctx(Ctx), Files(Files), Ranges(Ranges), Out(Out) {}

  /// The record whose layout sizeof(T) observes ("" if none), described.
  std::string layoutKey(clang::QualType T);

  /// Records the layout facts of RD (and of what it holds by value);
  /// returns its key.
  std::string describe(const clang::RecordDecl *RD);

private:
  std::string keyOf(const clang::RecordDecl *RD);
  std::string declarationOf(const clang::FieldDecl *F) const;
  void conditionalVirtuals(const clang::CXXRecordDecl *C, RecordLayout &L);
  std::string typeName(clang::QualType T) const;

  clang::ASTContext &Ctx;
  ProjectFiles &Files;
  const FeatureRanges &Ranges;
  SafetyFacts &Out;
  llvm::DenseMap<const clang::RecordDecl *, std::string> Described;
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_RECORDLAYOUTS_H
