//===- rewrite/FeatureReads.h - Which features a piece of code reads -*- C++
//-*-===//
//
// The simulator reads a feature at run time through `VARSIM_F_<MACRO>`
// (runtime::featureValueExpr), written by the rewrite into lowered #if
// regions and feature values, or reached through a macro whose expansion
// holds one: a macro defined per feature (`lua_assert` selected by
// LUAI_ASSERT), a macro whose body names a feature macro, or a macro that
// uses such a macro (`check_exp` -> `lua_assert`). A function versioned per
// configuration (FeatureVersions.cpp) fixes the features its body reads to
// constants; this finds them, with how often each is read.
//
// The answer over-approximates (every #define of a name counts, wherever
// it is), which only costs a version that reads a feature no more than the
// original does; a read it misses stays a run-time read. Neither changes
// behaviour.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FEATUREREADS_H
#define VARSIM_REWRITE_FEATUREREADS_H

#include "rewrite/FileRewriter.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// A feature as a version fixes it.
struct VersionedFeature {
  std::string Name;         ///< As in the feature model.
  std::string Macro;        ///< As in the sources.
  std::string Read;         ///< VARSIM_F_<Macro>.
  std::string DispatchRead; ///< VARSIM_D_<Macro>: the dispatcher's tests.
  /// The values a version is made for: 0 and 1 for a boolean feature, the
  /// model's values for a numeric one.
  std::vector<int64_t> Values;
  /// Whether Values are all the values the runtime accepts (a numeric
  /// feature with a step leaves values between: those run a version that
  /// keeps the run-time read).
  bool Complete = true;
};

class FeatureReads {
public:
  explicit FeatureReads(const ProjectContext &Ctx);

  /// The features Code reads, by read expression (VARSIM_F_<Macro>), with
  /// how many identifier tokens of Code lead to each.
  std::map<std::string, unsigned> readsIn(llvm::StringRef Code);

  /// The feature read by Read (a VARSIM_F_<Macro> name), if one is.
  const VersionedFeature *feature(llvm::StringRef Read) const;

private:
  /// The reads a macro's expansion may hold (memoised; a macro being
  /// expanded reads nothing more through itself).
  const std::set<std::string> &macroReads(const std::string &Macro);
  void addReadsOf(llvm::StringRef Identifier, std::set<std::string> &Out);

  const ProjectContext &Ctx;
  std::map<std::string, VersionedFeature> ByRead;
  std::map<std::string, std::string> ReadByMacro;
  std::map<std::string, std::set<std::string>> Memo;
  std::set<std::string> Expanding;
};

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FEATUREREADS_H
