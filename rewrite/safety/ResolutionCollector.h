//===- rewrite/safety/ResolutionCollector.h - What names resolve to -*- C++
//-*-===//
//
// The simulator compiles the declarations of every variant at once, so a
// name can resolve to another declaration than in the variant while
// everything still compiles (an overload, a hiding member or a shadowing
// local under a feature). And a macro defined differently per feature
// becomes one `?:` selection, which has one type. This collector records,
// from one parse, what every reference in project code resolves to (as an
// entity: kind, qualified name, type, scope) and what each expansion of a
// macro selected at run time becomes (the type of its outermost
// expression, or a type); the judge (ResolutionJudge) compares the parses.
// A string literal concatenated with such a macro is reported at once.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_RESOLUTIONCOLLECTOR_H
#define VARSIM_REWRITE_SAFETY_RESOLUTIONCOLLECTOR_H

#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"

#include <map>
#include <memory>

namespace varsim::rewrite::safety {

/// The expansions of macros selected at run time that the preprocessor
/// saw in project files, by the file locations of their first and last
/// token (raw encodings).
struct ExpansionTable {
  struct Entry {
    std::string Macro;
    std::string Condition; ///< Of the definition used.
    unsigned Begin = 0, End = 0;
  };
  std::map<std::pair<unsigned, unsigned>, Entry> ByRange;
  std::map<unsigned, const Entry *> ByBegin;
};

/// Installs a preprocessor callback on CI that fills Table.
void recordSelectedMacroExpansions(clang::CompilerInstance &CI,
                                   ProjectFiles &Files,
                                   const FeatureRanges &Ranges,
                                   std::shared_ptr<ExpansionTable> Table);

/// Walks the project's code of the translation unit.
void collectResolutions(clang::ASTContext &Ctx, ProjectFiles &Files,
                        const ProjectLayout &Project,
                        const FeatureRanges &Ranges,
                        const ExpansionTable &Table, SafetyFacts &Out);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_RESOLUTIONCOLLECTOR_H
