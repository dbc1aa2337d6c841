//===- rewrite/passes/ParseCounts.cpp - Parses per TU and configuration
//----===//
//
// The parse counts the pipeline recorded (rewrite/ParseCount.h), named the
// way the user reads them: translation units relative to the project root,
// configurations by their CONFIG string where a parse configuration's
// defines match, else by the defines the pass chose itself.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

namespace varsim::rewrite {

std::vector<manifest::ParseCountRow> parseCountRows(const RewriteState &S) {
  std::map<std::string, std::string> NameOfDefines;
  for (size_t I = 0; I < S.Configs.size(); ++I)
    NameOfDefines.try_emplace(
        llvm::join(S.Features->defines(S.Configs[I]), " "), S.ConfigNames[I]);
  std::vector<manifest::ParseCountRow> Rows;
  std::set<std::string> Seen;
  // In compile database order; parses of other files (the simulator's)
  // are not the project's translation units.
  for (const CompileEntry &E : S.Project->Entries)
    if (Seen.insert(E.File).second)
      for (auto It = S.Parses.ByUnit.lower_bound({E.File, ""});
           It != S.Parses.ByUnit.end() && It->first.first == E.File; ++It) {
        manifest::ParseCountRow R;
        R.TranslationUnit = S.Project->relativeToRoot(E.File);
        auto Name = NameOfDefines.find(It->first.second);
        R.Configuration =
            Name != NameOfDefines.end() ? Name->second : It->first.second;
        R.ByPass = It->second;
        R.Parses = ParseCounts::total(It->second);
        Rows.push_back(std::move(R));
      }
  return Rows;
}

void printParseCounts(const RewriteState &S, llvm::raw_ostream &OS) {
  OS << "varsim: parses per translation unit and configuration:\n";
  for (const manifest::ParseCountRow &R : parseCountRows(S)) {
    OS << "  " << R.TranslationUnit << " ["
       << (R.Configuration.empty() ? "no optional feature" : R.Configuration)
       << "]: " << R.Parses << " (";
    bool First = true;
    for (const auto &[Pass, N] : R.ByPass) {
      OS << (First ? "" : ", ") << Pass << " " << N;
      First = false;
    }
    OS << ")\n";
  }
}

} // namespace varsim::rewrite
