//===- rewrite/safety/CopySiteJudge.cpp - Move members under a feature ----===//

#include "rewrite/safety/CopySiteJudge.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

namespace varsim::rewrite::safety {
namespace {

std::string configName(const std::vector<std::string> &Names, size_t C) {
  if (C >= Names.size())
    return "#" + std::to_string(C + 1);
  return "'" + Names[C] + "'";
}

class Judge {
public:
  Judge(const std::vector<SafetyFacts> &Parses,
        const std::vector<ParseOrigin> &Origins,
        const std::vector<std::string> &Names, const FeatureRanges &Ranges)
      : Parses(Parses), Origins(Origins), Names(Names), Ranges(Ranges) {
    for (size_t I = 0; I < Parses.size() && I < Origins.size(); ++I) {
      if (Parses[I].Failed)
        continue;
      Units[Origins[I].Unit].push_back(I);
      for (const auto &[Key, M] : Parses[I].Members)
        if (M.Defined)
          Defined.insert(Key);
      for (const auto &[Key, G] : Parses[I].GuardedMoves)
        Guarded.try_emplace(Key, G);
    }
  }

  std::vector<Finding> run() {
    for (const auto &[Unit, List] : Units)
      judgeUnit(List);
    traits();
    return std::move(Out);
  }

private:
  /// Whether no variant that builds runs Key where parse P selects it.
  bool unusable(size_t P, const std::string &Key) const {
    auto It = Parses[P].Members.find(Key);
    if (It == Parses[P].Members.end())
      return false;
    return It->second.Deleted || (It->second.Private && !Defined.count(Key));
  }
  bool isMove(size_t P, const std::string &Key) const {
    auto It = Parses[P].Members.find(Key);
    return It != Parses[P].Members.end() && It->second.Move;
  }
  const std::string &shown(size_t P, const std::string &Key) const {
    return Parses[P].Members.at(Key).Shown;
  }

  void judgeUnit(const std::vector<size_t> &List) {
    std::set<std::string> Keys;
    for (size_t P : List)
      for (const auto &[Key, S] : Parses[P].CopySites)
        Keys.insert(Key);
    for (const std::string &Key : Keys) {
      std::vector<std::pair<size_t, const CopySite *>> At;
      for (size_t P : List)
        if (auto It = Parses[P].CopySites.find(Key);
            It != Parses[P].CopySites.end())
          At.push_back({P, &It->second});
      judgeSite(List, At);
    }
  }

  void judgeSite(const std::vector<size_t> &List,
                 const std::vector<std::pair<size_t, const CopySite *>> &At) {
    const CopySite &S = *At.front().second;
    bool AnyMove = false, Differ = false, Unevaluated = false;
    bool Elided = S.Elided, ElidedDiffers = false;
    // Usable member -> the first parse that selects it.
    std::map<std::string, size_t> Usable;
    std::string GuardedKey;
    size_t GuardedParse = 0;
    for (const auto &[P, Site] : At) {
      Differ |= Site->Selected != S.Selected;
      Unevaluated |= Site->Unevaluated;
      ElidedDiffers |= Site->Elided != Elided;
      for (const std::string &K : Site->Selected) {
        AnyMove |= isMove(P, K);
        if (!unusable(P, K))
          Usable.try_emplace(K, P);
        if (GuardedKey.empty() && Guarded.count(K)) {
          GuardedKey = K;
          GuardedParse = P;
        }
      }
    }
    if (!GuardedKey.empty() && onlyWhereMoveIs(List, At, GuardedKey, S))
      return report(S, "this " + what(S) + " selects " +
                           shown(GuardedParse, GuardedKey) +
                           " in configuration " + config(GuardedParse) +
                           " and is not compiled at all in configuration " +
                           config(missingIn(List, At, GuardedKey)) +
                           ", which lacks that member (a substitution "
                           "failure, or an instantiation only code under " +
                           Guarded.at(GuardedKey).Condition +
                           " asks for): the simulator holds the move member "
                           "in every configuration and may take this code "
                           "where that variant takes another; make this "
                           "code the same in every variant");
    if (!Differ || !AnyMove)
      return;
    auto Mv = std::find_if(Usable.begin(), Usable.end(), [&](const auto &U) {
      return isMove(U.second, U.first);
    });
    auto Ot = Mv == Usable.end()
                  ? Usable.end()
                  : std::find_if(Usable.begin(), Usable.end(),
                                 [&](const auto &U) { return U != *Mv; });
    if (Mv != Usable.end() && Ot != Usable.end())
      return report(
          S, "this " + what(S) + " selects " + shown(Mv->second, Mv->first) +
                 " in configuration " + config(Mv->second) + " and " +
                 shown(Ot->second, Ot->first) + " in configuration " +
                 config(Ot->second) +
                 "; the simulator holds the members of every variant and "
                 "runs the move member in every configuration. A move "
                 "member under a feature is accepted where the variants "
                 "without it select a deleted member, or a private one "
                 "that no unit defines (they cannot run the site): make "
                 "that overload reject a '" +
                 S.Class +
                 "' here, or declare the move member in every "
                 "configuration");
    if (Unevaluated)
      return report(S, "this " + what(S) +
                           " selects a move member in some configurations "
                           "and another member in others, in an operand "
                           "that is not evaluated (sizeof, decltype, "
                           "noexcept, typeid, requires): the variants may "
                           "compile it with a member they cannot run, and "
                           "its answer may differ (noexcept); the simulator "
                           "would give the move member's in every "
                           "configuration: declare the move member in every "
                           "configuration");
    if (ElidedDiffers)
      return report(S, "this " + what(S) +
                           " (a named return value) is elided in some "
                           "configurations and not in others, while it "
                           "selects a move member in some and another member "
                           "in others: a variant may skip an undefined "
                           "member here where the simulator moves; return "
                           "the same object on every path");
  }

  /// Whether the site is compiled where the guarded move member Key is and
  /// not compiled in some configuration without it, outside code under a
  /// feature (where its absence is the feature's doing).
  bool
  onlyWhereMoveIs(const std::vector<size_t> &List,
                  const std::vector<std::pair<size_t, const CopySite *>> &At,
                  const std::string &Key, const CopySite &S) const {
    if (Ranges.conditionAt(S.File, S.Offset))
      return false;
    return missingIn(List, At, Key) != SIZE_MAX;
  }
  size_t missingIn(const std::vector<size_t> &List,
                   const std::vector<std::pair<size_t, const CopySite *>> &At,
                   const std::string &Key) const {
    for (size_t Q : List) {
      if (Parses[Q].GuardedMoves.count(Key))
        continue;
      bool Has = false;
      for (const auto &[P, Site] : At)
        Has |= P == Q;
      if (!Has)
        return Q;
    }
    return SIZE_MAX;
  }

  static std::string what(const CopySite &S) {
    return (S.Assignment ? "assignment of a '" : "construction of a '") +
           S.Class + "' from a '" + S.Class + "'";
  }
  std::string config(size_t P) const {
    return configName(Names, Origins[P].Config);
  }

  void report(const CopySite &S, std::string Message) {
    if (Reported.insert({S.File, S.Offset}).second)
      Out.push_back({Ranges.pointOf(S.File, S.Offset), std::move(Message)});
  }

  /// `std::is_move_constructible<C>` is true in the simulator and false in
  /// the variants without C's move constructor.
  void traits() {
    for (const auto &[Key, G] : Guarded)
      if (const std::string *T = traitAbout(G.Class);
          T && Reported.insert({G.Where.File, G.Where.Line}).second)
        Out.push_back(
            {G.Where, G.Refusal + ", under " + G.Condition + ", and " + *T +
                          " asks whether a '" + G.Class +
                          "' can be copied or moved, which the variants "
                          "without it answer otherwise; declare it in every "
                          "configuration and put the #ifdef inside its "
                          "body"});
  }
  const std::string *traitAbout(const std::string &Class) const {
    for (const auto &[Unit, List] : Units)
      for (size_t P : List)
        if (auto T = Parses[P].TraitQueries.find(Class);
            T != Parses[P].TraitQueries.end())
          return &T->second;
    return nullptr;
  }

  const std::vector<SafetyFacts> &Parses;
  const std::vector<ParseOrigin> &Origins;
  const std::vector<std::string> &Names;
  const FeatureRanges &Ranges;
  std::map<size_t, std::vector<size_t>> Units;
  std::set<std::string> Defined;
  std::map<std::string, GuardedMove> Guarded;
  std::set<std::pair<std::string, unsigned>> Reported;
  std::vector<Finding> Out;
};

} // namespace

std::vector<Finding> judgeCopySites(const std::vector<SafetyFacts> &Parses,
                                    const std::vector<ParseOrigin> &Origins,
                                    const std::vector<std::string> &ConfigNames,
                                    const FeatureRanges &Ranges) {
  return Judge(Parses, Origins, ConfigNames, Ranges).run();
}

} // namespace varsim::rewrite::safety
