//===- runtime/BuildFingerprint.h - Which rewrite a simulator is -*- C++
//-*-===//
//
// A rewrite's build id: a hash of everything the simulator is compiled from
// (every file of OUT/src, the generated and runtime headers, the simulator's
// compile database). `varsim rewrite` writes it into the manifest and into
// varsim_generated.h; the simulator writes it into every trace; `varsim
// model` refuses a trace whose id is not the manifest's, so a trace of a
// stale simulator build (an earlier rewrite with the same region table)
// is never modelled against the current sources (docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_RUNTIME_BUILDFINGERPRINT_H
#define VARSIM_RUNTIME_BUILDFINGERPRINT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SHA256.h"

#include <string>

namespace varsim::runtime {

class BuildFingerprint {
public:
  /// Adds one input of the simulator: its name (a path relative to OUT)
  /// and its bytes. Order matters; the rewriter adds files in a fixed
  /// (sorted) order, so equal inputs give equal ids.
  void add(llvm::StringRef Name, llvm::StringRef Bytes);
  /// The id: 16 lower-case hex digits (64 bits of SHA-256).
  std::string finish();

private:
  llvm::SHA256 Hash;
};

} // namespace varsim::runtime

#endif // VARSIM_RUNTIME_BUILDFINGERPRINT_H
