//===- rewrite/MarkerPolicy.h - Which feature code gets no marker -*- C++
//-*-===//
//
// A marker costs a thread-local load, a hash probe and (until its node is
// sampled) two clock reads per visit: far more than a one-line accessor or
// a two-statement block in a hot loop. Such code gets no marker where the
// model does not need one: its time is the self time of the innermost
// marked region or function around it (a feature switch: of each marked
// function calling it), whose context then depends on the code's features.
// The manifest lists these places ("unmarked_code"), so that the plan runs
// each of those contexts with the features on and off and the model gives
// them local models. `--granularity all` keeps every marker.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_MARKERPOLICY_H
#define VARSIM_REWRITE_MARKERPOLICY_H

#include "condition/Condition.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

struct FeatureSetup;

/// Feature code without a marker of its own: a feature switch (Kind
/// "switch", Name the function's name) or a tiny statement block (Kind
/// "region", Name its function).
struct UnmarkedCode {
  std::string Kind, Name;
  std::string Condition; ///< Its condition as the regions table prints it.
  std::vector<std::string> Features; ///< The features it tests, sorted.
  std::string File;                  ///< Where it is timed (the caller).
  unsigned Line = 0;
  /// The marked regions (functions, blocks) whose self time holds its
  /// time; empty: none known (the time lands in some caller's context).
  std::vector<unsigned> TimedIn;
};

/// Whether a feature block (its source text, directives excluded) costs
/// less than a marker in every visit and needs none: no loop, no call (an
/// identifier followed by '(', function-like macros included), no exit
/// (return, break, continue, goto, throw, case labels), no allocation, no
/// nested directive, at most a few statements.
bool isTinyBlock(llvm::StringRef Code);

/// The calls in Code of functions named in Names (an identifier followed
/// by '(' outside comments and literals; with TemplateArgs also by a
/// template argument list and '(', followedByCall): name and offset in
/// Code.
std::vector<std::pair<std::string, unsigned>>
callsOf(llvm::StringRef Code, const std::set<std::string> &Names,
        bool TemplateArgs = false);

/// The name a call of a function uses: the last part of its qualified
/// name (a member's, a namespace's function's), or the name itself.
inline llvm::StringRef calledName(llvm::StringRef Qualified) {
  llvm::StringRef Last = Qualified.rsplit("::").second;
  return Last.empty() ? Qualified : Last;
}

/// Whether the text after a name makes the name a call: '(', or a
/// template argument list (balanced '<' '>' within one statement) and then
/// '(' (`skip<Flags>(is)`).
bool followedByCall(llvm::StringRef After);

/// Whether Code holds the identifier Word (outside comments and
/// literals).
bool namesIdentifier(llvm::StringRef Code, llvm::StringRef Word);

/// How often Code holds the identifier Word (outside comments and
/// literals).
size_t countIdentifier(llvm::StringRef Code, llvm::StringRef Word);

/// Calls Each(Word, FollowedByParen, Offset) for every identifier of Code
/// outside comments and literals (numbers skipped).
void forEachIdentifier(
    llvm::StringRef Code,
    llvm::function_ref<void(llvm::StringRef, bool, unsigned)> Each);

/// The feature names (not macros) a condition tests, sorted and unique.
std::vector<std::string> featuresOf(const condition::Cond &C,
                                    const FeatureSetup &F);

/// The feature names whose run-time reads (featureValueExpr) appear in
/// Code, sorted and unique.
std::vector<std::string> featuresRead(llvm::StringRef Code,
                                      const FeatureSetup &F);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_MARKERPOLICY_H
