//===- model/ModelFile.h - MODEL.json ---------------------------*- C++ -*-===//
//
// The model on disk (docs/model-format.md): versioned JSON with the terms
// (their atoms by feature name, in order), the features, the traces it came
// from, the feature model's path, and what was dropped or reported. Written
// by `varsim model`, read by `varsim predict` and `varsim validate`.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_MODELFILE_H
#define VARSIM_MODEL_MODELFILE_H

#include "model/PerformanceModel.h"

#include "llvm/Support/raw_ostream.h"

namespace varsim::model {

inline constexpr llvm::StringLiteral ModelFormat = "varsim-model";
inline constexpr int ModelVersion = 1;

void writeModelJson(const PerformanceModel &M, llvm::raw_ostream &OS);

/// Writes MODEL.json atomically (temporary file, then rename).
llvm::Error saveModel(const PerformanceModel &M, llvm::StringRef Path);

/// Reads a MODEL.json. Errors are `file: error: ...`.
llvm::Expected<PerformanceModel> loadModel(llvm::StringRef Path);
llvm::Expected<PerformanceModel> parseModel(llvm::StringRef Text,
                                            llvm::StringRef Path);

} // namespace varsim::model

#endif // VARSIM_MODEL_MODELFILE_H
