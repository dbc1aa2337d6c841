//===- rewrite/safety/LayoutJudge.cpp - Which layout uses differ ----------===//

#include "rewrite/safety/LayoutJudge.h"

#include "rewrite/safety/AllocationFlows.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace varsim::rewrite::safety {
namespace {

/// Why a record's layout (or a prefix of it) differs between variants.
struct Why {
  std::string Record;
  std::vector<ConditionalMember> Members;
  std::vector<std::string> Chain; ///< Innermost first.
};

class Judge {
public:
  Judge(const std::vector<SafetyFacts> &Parses, const ProjectLayout &Project,
        const FeatureRanges &Ranges)
      : Project(Project), Ranges(Ranges) {
    for (const SafetyFacts &P : Parses)
      for (const auto &[Key, L] : P.Records)
        merge(Key, L);
  }

  /// Why the layout Need observes varies, if it does.
  std::optional<Why> varies(const LayoutNeed &N) {
    if (N.Whole)
      return whole(N.Key);
    return check(N.Key, &N);
  }

  std::string explain(const Why &W) const {
    std::string Text = W.Members.size() == 1 ? "member " : "members ";
    for (size_t I = 0; I < W.Members.size() && I < 3; ++I) {
      const ConditionalMember &M = W.Members[I];
      Text += (I ? ", " : "") + M.Name;
      if (!W.Chain.empty() && I == 0)
        Text += " of '" + W.Record + "'";
      Text += " under " + M.Condition + " at " +
              Project.relativeToRoot(M.File) + ":" +
              std::to_string(Ranges.lineOf(M.File, M.Offset));
    }
    if (W.Members.size() > 3)
      Text += " and " + std::to_string(W.Members.size() - 3) + " more";
    for (const std::string &C : W.Chain)
      Text += ", " + C;
    return Text;
  }

  /// Members declared in several branches (`#if A int x; #elif B int x;`):
  /// the simulator compiles every variant's members together, so the
  /// record would not compile; say so where the compiler would not.
  std::vector<Finding> repeatedMembers() const {
    std::vector<Finding> Out;
    for (const auto &[Key, L] : Records) {
      std::map<std::string, std::vector<const ConditionalMember *>> ByName;
      for (const ConditionalMember &M : L.Conditional)
        if (!M.Everywhere)
          ByName[M.Name].push_back(&M);
      for (auto &[Name, List] : ByName) {
        if (List.size() < 2)
          continue;
        // Declared alike: the rewriter keeps one declaration (the union).
        bool Alike = llvm::all_of(List, [&](const ConditionalMember *M) {
          return !M->Declaration.empty() &&
                 M->Declaration == List.front()->Declaration;
        });
        if (Alike)
          continue;
        llvm::sort(List, [](const ConditionalMember *A,
                            const ConditionalMember *B) {
          return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
        });
        std::string Where;
        for (const ConditionalMember *M : List)
          Where += (Where.empty() ? "" : ", ") + std::string("under ") +
                   M->Condition + " at " + Project.relativeToRoot(M->File) +
                   ":" + std::to_string(Ranges.lineOf(M->File, M->Offset));
        Out.push_back(
            {Ranges.pointOf(List[1]->File, List[1]->Offset),
             "member " + Name + " of '" + L.Name +
                 "' is declared differently in several feature branches (" +
                 Where +
                 "); the simulator holds the members of every variant, so "
                 "it would be declared twice with different types or "
                 "initializers: give each variant its own name"});
      }
    }
    return Out;
  }

private:
  void merge(const std::string &Key, const RecordLayout &L) {
    auto [It, New] = Records.try_emplace(Key, L);
    if (New)
      return;
    RecordLayout &Into = It->second;
    for (const ConditionalMember &M : L.Conditional) {
      bool Seen = false;
      for (const ConditionalMember &O : Into.Conditional)
        Seen |= O.File == M.File && O.Offset == M.Offset && O.Name == M.Name;
      if (!Seen)
        Into.Conditional.push_back(M);
    }
    for (const LayoutPart &P : L.Parts) {
      bool Seen = false;
      for (const LayoutPart &O : Into.Parts)
        Seen |= O.Key == P.Key && O.File == P.File && O.Offset == P.Offset;
      if (!Seen)
        Into.Parts.push_back(P);
    }
  }

  /// True if a member at File:Offset lies in front of Limit (or may: in
  /// another file, the order is unknown).
  static bool inFront(const std::string &File, unsigned Offset,
                      const LayoutNeed *Limit) {
    if (!Limit)
      return true;
    return File != Limit->File || Offset < Limit->Offset;
  }

  std::optional<Why> whole(const std::string &Key) {
    if (auto It = Memo.find(Key); It != Memo.end())
      return It->second;
    Memo[Key] = std::nullopt; // A cycle (impossible by value) ends here.
    std::optional<Why> W = check(Key, nullptr);
    Memo[Key] = W;
    return W;
  }

  std::optional<Why> check(const std::string &Key, const LayoutNeed *Limit) {
    auto It = Records.find(Key);
    if (It == Records.end())
      return std::nullopt;
    const RecordLayout &L = It->second;
    Why W{L.Name, {}, {}};
    for (const ConditionalMember &M : L.Conditional)
      if (M.Everywhere || inFront(M.File, M.Offset, Limit))
        W.Members.push_back(M);
    if (!W.Members.empty())
      return W;
    for (const LayoutPart &P : L.Parts) {
      if (!inFront(P.File, P.Offset, Limit))
        continue;
      if (std::optional<Why> Inner = whole(P.Key)) {
        Inner->Chain.push_back(P.Via == "its template"
                                   ? "the template of '" + L.Name + "'"
                                   : "held by value as " + P.Via + " of '" +
                                         L.Name + "'");
        return Inner;
      }
    }
    return std::nullopt;
  }

  const ProjectLayout &Project;
  const FeatureRanges &Ranges;
  std::map<std::string, RecordLayout> Records;
  std::map<std::string, std::optional<Why>> Memo;
};

} // namespace

std::vector<Finding> judgeLayouts(const std::vector<SafetyFacts> &Parses,
                                  const ProjectLayout &Project,
                                  const FeatureRanges &Ranges) {
  Judge J(Parses, Project, Ranges);
  SizeFlowIndex Flows(Parses);
  std::vector<Finding> Out = J.repeatedMembers();
  std::set<std::tuple<std::string, unsigned, unsigned>> Done, Reported;
  for (const SafetyFacts &P : Parses)
    for (const LayoutUse &U : P.Uses) {
      auto At = std::make_tuple(U.Where.File, U.Where.Line, U.Where.Column);
      if (Done.count(At))
        continue;
      for (const LayoutNeed &N : U.Needs) {
        std::optional<Why> W = J.varies(N);
        if (!W)
          continue;
        if (!U.SizeSinks.empty()) {
          // An allocation size: wrong only if the allocator observes it.
          // Reported at that use (the sizeof may be in a function the
          // file-scope lowering copied, whose lines are not the user's).
          std::optional<SizeEscape> E = Flows.escape(U.SizeSinks);
          if (!E)
            continue;
          Done.insert(At);
          SourcePoint Where = E->Where.File.empty() ? U.Where : E->Where;
          auto Key = std::make_tuple(Where.File, Where.Line, Where.Column);
          if (!Reported.insert(Key).second)
            break;
          Out.push_back(
              {Where,
               "the allocator '" + E->Allocator +
                   "' uses its size parameter '" + E->Parameter +
                   "' for more than allocating (" + E->Use +
                   "), and it is asked for '" + U.What + "' (in " +
                   Project.relativeToRoot(U.Where.File) +
                   "), which depends on the configuration: the simulator "
                   "holds the members of every variant (" +
                   J.explain(*W) +
                   "), so this code would see the simulator's size instead "
                   "of the variant's; let the allocator pass sizes only to "
                   "malloc/calloc/realloc (count the allocations, not the "
                   "bytes), or declare the members in every configuration"});
          break;
        }
        Done.insert(At);
        Out.push_back(
            {U.Where,
             "'" + U.What +
                 "' depends on the configuration: the simulator holds the "
                 "members of every variant (" +
                 J.explain(*W) +
                 "), so it would differ from the variant's; only allocation "
                 "and memset/memcpy sizes are allowed"});
        break;
      }
    }
  return Out;
}

} // namespace varsim::rewrite::safety
