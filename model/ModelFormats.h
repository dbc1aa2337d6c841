//===- model/ModelFormats.h - Printing a model ------------------*- C++ -*-===//
//
// The ways `varsim model` shows a model: a table for people (largest term
// first, with its share of the total, its order and where its time is spent),
// CSV for spreadsheets, and SPL Conqueror's text form
// (`1.5 * A + 0.5 * A * B`) for tools that read it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_MODELFORMATS_H
#define VARSIM_MODEL_MODELFORMATS_H

#include "model/PerformanceModel.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace varsim::model {

/// At most MaxSources source locations per term are listed ("+N more").
void writeTable(const PerformanceModel &M, llvm::raw_ostream &OS,
                unsigned MaxSources = 3);

/// Header `term,seconds,share,order,sources`; sources separated by `;`.
void writeCsv(const PerformanceModel &M, llvm::raw_ostream &OS);

/// SPL Conqueror's linear form. It has no negation: a negated literal is
/// expanded (t * !A * B = t * B - t * A * B). A term with a general condition
/// (a disjunction, a comparison) cannot be written; it is left out and
/// named in the returned list.
std::vector<std::string> writeSplConqueror(const PerformanceModel &M,
                                           llvm::raw_ostream &OS);

} // namespace varsim::model

#endif // VARSIM_MODEL_MODELFORMATS_H
