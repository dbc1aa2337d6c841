//===- rewrite/ParseCount.cpp - Parses per translation unit and configuration
//===//

#include "rewrite/ParseCount.h"

#include "llvm/ADT/StringExtras.h"

#include <mutex>

namespace varsim::rewrite {
namespace {

// The parses run on pool threads that know nothing of the pass: the
// counting target is process-wide, guarded by one mutex.
std::mutex CountMutex;
ParseCounts *Current = nullptr;
std::string CurrentPass;

} // namespace

unsigned ParseCounts::total(const std::map<std::string, unsigned> &ByPass) {
  unsigned N = 0;
  for (const auto &[Pass, Count] : ByPass)
    N += Count;
  return N;
}

CountParses::CountParses(ParseCounts &Counts, llvm::StringRef Pass) {
  std::lock_guard<std::mutex> Lock(CountMutex);
  Current = &Counts;
  CurrentPass = Pass.str();
}

CountParses::~CountParses() {
  std::lock_guard<std::mutex> Lock(CountMutex);
  Current = nullptr;
  CurrentPass.clear();
}

void recordParse(llvm::StringRef Unit, llvm::ArrayRef<std::string> Defines) {
  std::lock_guard<std::mutex> Lock(CountMutex);
  if (!Current)
    return;
  ++Current->ByUnit[{Unit.str(), llvm::join(Defines, " ")}][CurrentPass];
}

} // namespace varsim::rewrite
