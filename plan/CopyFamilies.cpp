//===- plan/CopyFamilies.cpp - The code of functions copied per configuration
//-===//

#include "plan/CopyFamilies.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <tuple>

namespace varsim::plan {

namespace {

/// The original name of a copy (`f__varsim_A_B` -> `f`); other names are
/// their own.
std::string stemOf(llvm::StringRef Name) {
  return Name.substr(0, Name.find("__varsim_")).str();
}

} // namespace

std::map<std::string, CopiedFunction>
markCopyFamilies(const manifest::Manifest &M,
                 std::vector<RegionToCover> &Regions) {
  // The copies' function regions, by place and original name.
  using Site = std::tuple<std::string, unsigned, std::string>;
  std::map<Site, unsigned> FunctionsAt;
  for (const manifest::Region &R : M.Regions)
    if (R.Kind == "function" && R.Condition != "1" && R.Line != 0)
      ++FunctionsAt[{R.File, R.Line, stemOf(R.Function)}];
  // File and original name -> the family's key "f (file:line)". Two
  // families of one name in one file (definitions under exclusive #ifs,
  // each copied) keep the first key for the code outside the copies'
  // function regions: it is on demand either way.
  std::map<std::pair<std::string, std::string>, std::string> FamilyOf;
  std::map<Site, std::string> KeyAt;
  for (const auto &[At, Count] : FunctionsAt) {
    const auto &[File, Line, Stem] = At;
    if (Count < 2 || Stem == "main")
      continue;
    std::string Key = Stem + " (" + File + ":" + std::to_string(Line) + ")";
    KeyAt[At] = Key;
    FamilyOf.try_emplace({File, Stem}, Key);
  }
  std::map<std::string, CopiedFunction> Presence;
  if (KeyAt.empty())
    return Presence;
  for (size_t I = 0; I < M.Regions.size() && I < Regions.size(); ++I) {
    const manifest::Region &R = M.Regions[I];
    std::string Stem = stemOf(R.Function);
    if (R.Kind == "function") {
      // Only the copies at the family's place: another definition of the
      // name (condition 1, elsewhere) is not a copy.
      if (auto It = KeyAt.find({R.File, R.Line, Stem}); It != KeyAt.end()) {
        Regions[I].CopyOf = It->second;
        CopiedFunction &F = Presence[It->second];
        F.Presence += (F.Presence.empty() ? "(" : " || (") + R.Condition + ")";
        ++F.Copies;
      }
      continue;
    }
    if (auto It = FamilyOf.find({R.File, Stem}); It != FamilyOf.end())
      Regions[I].CopyOf = It->second;
  }
  // The variants of renamed copies (rewrite/Lifting.cpp lists each copy
  // under "renamings" too), in summarizeManifest's order.
  size_t Next = M.Regions.size();
  for (const manifest::Renaming &R : M.Renamings) {
    if (R.Condition.empty() || R.Condition == "1")
      continue;
    if (Next >= Regions.size())
      break;
    RegionToCover &Variant = Regions[Next++];
    if (auto It = FamilyOf.find({R.File, stemOf(R.Renamed)});
        It != FamilyOf.end() && stemOf(R.Renamed) == stemOf(R.Original))
      Variant.CopyOf = It->second;
  }
  return Presence;
}

} // namespace varsim::plan
