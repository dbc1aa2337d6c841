//===- rewrite/safety/ResolutionJudge.cpp - Names that resolve per parse --===//

#include "rewrite/safety/ResolutionJudge.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <tuple>

namespace varsim::rewrite::safety {
namespace {

/// The parses of each translation unit, in order.
std::map<size_t, std::vector<size_t>>
byUnit(const std::vector<SafetyFacts> &Parses,
       const std::vector<ParseOrigin> &Origins) {
  std::map<size_t, std::vector<size_t>> Units;
  for (size_t I = 0; I < Parses.size() && I < Origins.size(); ++I)
    if (!Parses[I].Failed)
      Units[Origins[I].Unit].push_back(I);
  return Units;
}

std::string functionOf(const std::string &Scope) {
  return Scope.substr(0, Scope.rfind('@'));
}

/// Resolutions that differ between parses on purpose: the rewriter copies
/// the function per configuration for a local it cannot hoist, and for
/// locals of one name with different types; the function-switches pass
/// renames each definition of a C function defined per feature with
/// another signature, and each use to the one it reaches.
bool handledByCopies(const ResolvedEntity &A, const ResolvedEntity &B) {
  if (A.Lifted || B.Lifted)
    return true;
  if (A.CFunction && B.CFunction && A.Name == B.Name)
    return true;
  return A.Kind == "local" && B.Kind == "local" && A.Name == B.Name &&
         functionOf(A.Scope) == functionOf(B.Scope) &&
         A.Canonical != B.Canonical;
}

/// Whether the parse recorded a copy site at File:Offset (CopySites.h):
/// there CopySiteJudge decides between a move member and another member.
bool copySiteAt(const SafetyFacts &F, const std::string &File,
                unsigned Offset) {
  std::string Prefix = File + ":" + std::to_string(Offset);
  for (auto It = F.CopySites.lower_bound(Prefix);
       It != F.CopySites.end() &&
       llvm::StringRef(It->first).starts_with(Prefix);
       ++It) {
    char Next = It->first.size() > Prefix.size() ? It->first[Prefix.size()] : 0;
    if (Next == '|' || Next == ':')
      return true;
  }
  return false;
}

std::string configName(const std::vector<std::string> &Names, size_t C) {
  if (C >= Names.size())
    return "#" + std::to_string(C + 1);
  return "'" + Names[C] + "'";
}

std::string describe(const ResolvedEntity &E) {
  std::string S = E.Shown + " (" + E.Where;
  if (!E.Condition.empty())
    S += ", under " + E.Condition;
  return S + ")";
}

} // namespace

std::vector<Finding>
judgeResolutions(const std::vector<SafetyFacts> &Parses,
                 const std::vector<ParseOrigin> &Origins,
                 const std::vector<std::string> &ConfigNames,
                 const FeatureRanges &Ranges) {
  std::vector<Finding> Out;
  std::set<std::pair<std::string, unsigned>> Reported;
  for (const auto &[Unit, List] : byUnit(Parses, Origins)) {
    // Site key -> the first parse that resolved it.
    std::map<std::string, size_t> First;
    for (size_t P : List)
      for (const auto &[Key, Site] : Parses[P].References) {
        if (Site.Ambiguous)
          continue;
        auto [It, New] = First.try_emplace(Key, P);
        if (New)
          continue;
        const SafetyFacts &Q = Parses[It->second];
        const ReferenceSite &Earlier = Q.References.at(Key);
        if (Earlier.Ambiguous)
          continue;
        const ResolvedEntity &A = Q.Entities[Earlier.Entity];
        const ResolvedEntity &B = Parses[P].Entities[Site.Entity];
        // Only a declaration under a feature makes the union resolve
        // otherwise; other differences come from types per feature, which
        // the file-scope pass lowers or the rewriter refuses.
        if (A.sameEntity(B) || handledByCopies(A, B) ||
            ((A.Move || B.Move) && copySiteAt(Q, Site.File, Site.Offset) &&
             copySiteAt(Parses[P], Site.File, Site.Offset)) ||
            (A.Condition.empty() && B.Condition.empty()) ||
            !Reported.insert({Site.File, Site.Offset}).second)
          continue;
        Out.push_back(
            {Ranges.pointOf(Site.File, Site.Offset),
             "'" + Site.Spelled + "' resolves to " + describe(A) +
                 " in configuration " +
                 configName(ConfigNames, Origins[It->second].Config) +
                 " and to " + describe(B) + " in configuration " +
                 configName(ConfigNames, Origins[P].Config) +
                 "; the simulator compiles the declarations of every "
                 "variant together, so a declaration under a feature (an "
                 "overload, a hiding member, a shadowing local) would change "
                 "what it refers to: rename one of them or make the "
                 "reference the same in every variant"});
      }
  }
  return Out;
}

std::vector<Finding> judgeMacroTypes(const std::vector<SafetyFacts> &Parses,
                                     const std::vector<ParseOrigin> &Origins,
                                     const FeatureRanges &Ranges) {
  // Per macro, the first use (file, offset) that differs, and why.
  std::map<std::string,
           std::pair<std::tuple<std::string, unsigned>, std::string>>
      Worst;
  auto Note = [&](const MacroExpansionFact &F, std::string Message) {
    auto Where = std::make_tuple(F.File, F.Offset);
    auto [It, New] = Worst.try_emplace(F.Macro, Where, Message);
    if (!New && Where < It->second.first)
      It->second = {Where, std::move(Message)};
  };
  for (const auto &[Unit, List] : byUnit(Parses, Origins)) {
    std::map<std::string, const MacroExpansionFact *> First;
    for (size_t P : List)
      for (const auto &[Key, F] : Parses[P].Expansions) {
        if (F.IsType) {
          Note(F, "the macro '" + F.Macro +
                      "' defined differently per feature expands to a type "
                      "here; the simulator selects such a macro at run time, "
                      "which a type cannot be: use a typedef per feature "
                      "instead");
          continue;
        }
        if (F.Type.empty() || F.Type == "void" ||
            Ranges.isLiteralMacro(F.Macro))
          continue;
        auto [It, New] = First.try_emplace(Key, &F);
        const MacroExpansionFact &E = *It->second;
        // Converted to one type in every variant (`size + GUARD` with
        // `sizeof(int)` / `0`): the `?:`'s common type converts alike.
        if (New || E.Type == F.Type ||
            (!E.Converted.empty() && E.Converted == F.Converted))
          continue;
        Note(F, "the macro '" + F.Macro + "' is '" + E.Type + "' when " +
                    E.Condition + " and '" + F.Type + "' when " + F.Condition +
                    "; selected at run time (a '?:'), it would be converted "
                    "to their common type in every variant: give its "
                    "definitions the same type (e.g. with a suffix or a "
                    "cast)");
      }
  }
  std::vector<Finding> Out;
  for (const auto &[Macro, W] : Worst)
    Out.push_back(
        {Ranges.pointOf(std::get<0>(W.first), std::get<1>(W.first)), W.second});
  return Out;
}

std::vector<Finding> judgeStorageMacros(const std::vector<SafetyFacts> &Parses,
                                        const std::vector<ParseOrigin> &Origins,
                                        const ProjectLayout &Project) {
  // Name -> unit -> where it is defined there, and the macro.
  std::map<std::string, std::map<size_t, std::pair<SourcePoint, std::string>>>
      Units;
  for (size_t I = 0; I < Parses.size() && I < Origins.size(); ++I)
    for (const auto &[Name, At] : Parses[I].StorageDefinitions)
      Units[Name].try_emplace(Origins[I].Unit, At);
  std::vector<Finding> Out;
  for (const auto &[Name, ByUnit] : Units) {
    if (ByUnit.size() < 2)
      continue;
    auto Second = std::next(ByUnit.begin());
    std::string Files;
    for (const auto &[Unit, At] : ByUnit)
      Files += (Files.empty() ? "" : ", ") +
               Project.relativeToRoot(Project.Entries[Unit].File);
    Out.push_back(
        {Second->second.first,
         "'" + Name + "' is defined with the macro '" + Second->second.second +
             "' (empty in some variants, 'static' in others) in several "
             "translation units (" +
             Files +
             "); the simulator keeps the empty definition, so they would "
             "clash: rename them or make them static in every variant"});
  }
  return Out;
}

} // namespace varsim::rewrite::safety
