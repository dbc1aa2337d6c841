//===- rewrite/templates/PointerWrappers.cpp - Iterator class or pointer --===//
//
// See PointerWrappers.h. The candidate groups are found on the text (two
// branches, the second an #else, both holding a `template`), parsed in
// configurations that reach both branches; the decision reads the facts
// of every parse.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/PointerWrappers.h"
#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/TextEdits.h"
#include "rewrite/templates/LoweringParses.h"
#include "rewrite/templates/PointerWrapperFacts.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::templates {
namespace {

using namespace wrappers;

struct Group {
  CandidateGroup Candidate;
  const FileStructure *FS = nullptr;
  std::map<unsigned, BranchFacts> Branches; ///< The first facts per branch.
};

/// B holds only `#include <...>` lines (and blank lines or comments).
bool onlySystemIncludes(const FileStructure &FS, llvm::StringRef Text,
                        const CondGroup::Branch &B) {
  if (!B.Children.empty() || B.Directives.empty())
    return false;
  unsigned At = B.ContentBegin;
  for (unsigned DI : B.Directives) {
    const Directive &D = FS.Directives[DI];
    llvm::StringRef Between = Text.slice(At, D.Begin).trim();
    if ((!Between.empty() && !Between.starts_with("//")) ||
        D.Kind != DirectiveKind::Include ||
        !llvm::StringRef(D.Body).trim().starts_with("<"))
      return false;
    At = D.End;
  }
  return Text.slice(At, B.ContentEnd).trim().empty();
}

/// Same text length in newlines only: the lines stay, their text goes.
std::string blank(llvm::StringRef Text) {
  return std::string(Text.count('\n'), '\n');
}

class Lowering {
public:
  explicit Lowering(const LoweringInput &In) : In(In) {}

  // The steps of runTextLowering.
  bool findCandidates(std::vector<CondPtr> &ToCover) {
    for (const auto &[File, Text] : In.Texts) {
      llvm::StringRef T(Text);
      if (!T.contains("#if") || !T.contains("template"))
        continue;
      auto FS = scanDirectives(File, Text);
      if (!FS) {
        llvm::consumeError(FS.takeError()); // The rewriter reports it.
        continue;
      }
      FileGroups FG = analyzeGroups(*FS, In.Features);
      std::vector<unsigned> Found;
      for (unsigned GI = 0; GI < FS->Groups.size(); ++GI) {
        const CondGroup &CG = FS->Groups[GI];
        if (!FG.Groups[GI].IsFeature || CG.Branches.size() != 2 ||
            CG.Branches.back().Condition)
          continue;
        bool Nested = false;
        for (auto P = CG.ParentGroup; P; P = FS->Groups[*P].ParentGroup)
          Nested = Nested || FG.Groups[*P].IsFeature;
        bool Templates = true;
        for (const CondGroup::Branch &B : CG.Branches)
          Templates =
              Templates &&
              T.slice(B.ContentBegin, B.ContentEnd).contains("template");
        if (Nested || !Templates)
          continue;
        Found.push_back(GI);
        ToCover.push_back(FG.Groups[GI].Presence[0]);
        ToCover.push_back(FG.Groups[GI].Presence[1]);
      }
      if (Found.empty())
        continue;
      const FileStructure &Kept =
          Structures.emplace(File, std::move(*FS)).first->second;
      FileGroupsOf.emplace(File, std::move(FG));
      for (unsigned GI : Found) {
        Group G;
        G.Candidate.Key = File + "|" + std::to_string(GI);
        G.Candidate.File = File;
        G.Candidate.Group = GI;
        for (const CondGroup::Branch &B : Kept.Groups[GI].Branches)
          G.Candidate.Branches.push_back({B.ContentBegin, B.ContentEnd});
        G.FS = &Kept;
        Groups.emplace(G.Candidate.Key, std::move(G));
      }
    }
    return !Groups.empty();
  }

  llvm::Error parse(const std::vector<CondPtr> &ToCover) {
    std::vector<CandidateGroup> Candidates;
    for (const auto &[_, G] : Groups)
      Candidates.push_back(G.Candidate);
    auto Results = runLoweringParses<WrapperFacts>(
        In, ToCover, /*CxxOnly=*/true, "pointer wrapper",
        [&](const LoweringParse &P, const std::vector<std::string> &Strip) {
          return collectWrapperFacts(P, Strip, Candidates, In.Project,
                                     In.Overlay);
        });
    if (!Results)
      return Results.takeError();
    for (WrapperFacts &R : *Results) {
      for (auto &[Key, Branches] : R.Groups)
        for (auto &[B, F] : Branches) {
          auto [It, New] = Groups.at(Key).Branches.try_emplace(B, F);
          if (!New)
            It->second.PointerByArgs.insert(F.PointerByArgs.begin(),
                                            F.PointerByArgs.end());
        }
      for (auto &[Key, Uses] : R.Refused)
        Refused[Key].insert(Refused[Key].end(), Uses.begin(), Uses.end());
      for (auto &[Key, Callees] : R.WrapperCalls)
        WrapperCalls[Key].insert(Callees.begin(), Callees.end());
      for (auto &[Key, Callees] : R.PointerCalls)
        PointerCalls[Key].insert(Callees.begin(), Callees.end());
      CallPlaces.insert(R.CallPlaces.begin(), R.CallPlaces.end());
    }
    return llvm::Error::success();
  }

  llvm::Error lower(LoweringResult &Result) {
    for (auto &[Key, G] : Groups)
      if (llvm::Error E = decide(G, Result))
        return E;
    return llvm::Error::success();
  }

private:
  /// G is nested in a feature group of File.
  bool inFeatureGroup(const std::string &File, const CondGroup &G) const {
    const FileStructure &FS = Structures.at(File);
    const FileGroups &FG = FileGroupsOf.at(File);
    for (auto P = G.ParentGroup; P; P = FS.Groups[*P].ParentGroup)
      if (FG.Groups[*P].IsFeature)
        return true;
    return false;
  }

  unsigned ifLine(const Group &G) const {
    const CondGroup &CG = G.FS->Groups[G.Candidate.Group];
    return G.FS->Directives[CG.Branches[0].DirectiveIndex].Line;
  }

  std::string features(const Group &G) const {
    std::set<std::string> Macros;
    for (const CondGroup::Branch &B : G.FS->Groups[G.Candidate.Group].Branches)
      if (B.Condition)
        collectMacros(*B.Condition, Macros);
    std::vector<std::string> Out;
    for (const std::string &M : Macros)
      if (In.Features.isFeatureMacro(M))
        Out.push_back(M);
    return llvm::join(Out, ",");
  }

  llvm::Error refuse(const Group &G, const Place &At, const std::string &Name,
                     const std::string &Why) const {
    std::string Msg =
        "'" + Name + "' is a class template defined per feature (the #if on " +
        "line " + std::to_string(ifLine(G)) + " of " + G.Candidate.File +
        ") as a class over a pointer in one branch and a plain pointer in " +
        "the other; the simulator can use the class in place of the pointer " +
        "only where it behaves as the pointer, but " + Why +
        "; make the class's members the plain pointer operators and pass " +
        "its values only to functions that take it by its own type, or " +
        "leave this option out of the model";
    if (At.File.empty())
      return makeError(G.Candidate.File, ifLine(G), 1, Msg);
    return makeError(At.File, At.Line, At.Column, Msg);
  }

  llvm::Error decide(Group &G, LoweringResult &Result) {
    if (G.Branches.size() != 2)
      return llvm::Error::success();
    const BranchFacts *Wrapper = nullptr, *Pointer = nullptr;
    unsigned PointerBranch = 0;
    for (const auto &[B, F] : G.Branches) {
      if (F.Kind == BranchFacts::Wrapper)
        Wrapper = &F;
      if (F.Kind == BranchFacts::Pointer) {
        Pointer = &F;
        PointerBranch = B;
      }
    }
    // Not this idiom: the template lowering's (which refuses class
    // templates per feature with its own message).
    if (!Wrapper && !Pointer)
      return llvm::Error::success();
    // One branch has the shape, the other fails a check: this idiom's
    // refusal, when the two branches are a definition and a fallback (two
    // definitions per feature are the template lowering's refusal).
    for (const auto &[B, F] : G.Branches)
      if (F.Kind == BranchFacts::Other) {
        bool OtherDefines = (Wrapper != nullptr);
        if (F.Template.empty() || F.Defines == OtherDefines)
          return llvm::Error::success();
        return refuse(G, F.Where, F.Template, F.Why);
      }
    if (!Wrapper || !Pointer)
      return llvm::Error::success();
    llvm::SmallVector<llvm::StringRef, 4> Self;
    llvm::StringRef(Wrapper->Member).split(Self, '|');
    if (std::find(Self.begin(), Self.end(), Pointer->Member) == Self.end())
      return refuse(G, {}, Wrapper->Template,
                    "the plain pointer is its nested type '" + Pointer->Member +
                        "', which the class does not define as itself");
    for (const auto &[Args, Type] : Pointer->PointerByArgs) {
      auto It = Wrapper->PointerByArgs.find(Args);
      if (It != Wrapper->PointerByArgs.end() && It->second != Type)
        return refuse(G, {}, Wrapper->Template,
                      "for <" + Args + "> the class holds '" + It->second +
                          "' and the other branch names '" + Type + "'");
    }
    auto R = Refused.find(G.Candidate.Key);
    if (R != Refused.end() && !R->second.empty())
      return refuse(G, R->second.front().first, Wrapper->Template,
                    "a value of the class is used here where the pointer " +
                        std::string("may behave otherwise: ") +
                        R->second.front().second);
    for (const auto &[Key, Callees] : WrapperCalls) {
      auto P = PointerCalls.find(Key);
      if (P != PointerCalls.end() && P->second != Callees)
        return refuse(G, CallPlaces.at(Key), Wrapper->Template,
                      "this call passes the class to '" + *Callees.begin() +
                          "', and the pointer to another function or "
                          "operator ('" +
                          *P->second.begin() + "')");
    }
    lowerGroup(G, PointerBranch, Result);
    return llvm::Error::success();
  }

  /// The directives and the fallback's lines blanked (a comment on the
  /// #if line says why): the wrapper is the type in every configuration.
  void lowerGroup(const Group &G, unsigned PointerBranch,
                  LoweringResult &Result) {
    const std::string &File = G.Candidate.File;
    const CondGroup &CG = G.FS->Groups[G.Candidate.Group];
    const std::string &Text = In.Texts.at(File);
    std::set<TextEdit> &E = Edits[File];
    auto Blank = [&](unsigned B, unsigned End, std::string Prefix = "") {
      std::string Lines = blank(llvm::StringRef(Text).slice(B, End));
      if (!Prefix.empty() && !Lines.empty())
        Lines = Prefix + Lines;
      E.insert({B, End - B, Lines});
    };
    const Directive &If = G.FS->Directives[CG.Branches[0].DirectiveIndex];
    Blank(If.Begin, If.End,
          "/* varsim: the class over a pointer in every configuration "
          "(docs/templates.md, pointer wrappers) */");
    const Directive &Else = G.FS->Directives[CG.Branches[1].DirectiveIndex];
    Blank(Else.Begin, Else.End);
    Blank(CG.Branches[PointerBranch].ContentBegin,
          CG.Branches[PointerBranch].ContentEnd);
    const Directive &Endif = G.FS->Directives[CG.EndifIndex];
    Blank(Endif.Begin, Endif.End);
    // The system headers the class needs, included under the same
    // condition (`#ifndef NO_ITER_CLASS` / `#include <iterator>` /
    // `#endif`), are included in every configuration with it.
    unsigned Kept = 1 - PointerBranch;
    std::string Cond = branchCondition(*G.FS, CG, Kept);
    for (const CondGroup &Other : G.FS->Groups) {
      if (&Other == &CG || Other.Branches.size() != 1 ||
          inFeatureGroup(File, Other) ||
          branchCondition(*G.FS, Other, 0) != Cond ||
          !onlySystemIncludes(*G.FS, Text, Other.Branches[0]))
        continue;
      for (unsigned DI : {Other.Branches[0].DirectiveIndex, Other.EndifIndex})
        Blank(G.FS->Directives[DI].Begin, G.FS->Directives[DI].End);
    }
    Result.Sites.push_back({File, ifLine(G), "pointer wrapper", features(G)});
    auto Lowered = applyTextEdits(File, Text, 0, E, "pointer wrapper");
    if (!Lowered) {
      llvm::consumeError(Lowered.takeError()); // Disjoint by construction.
      return;
    }
    Result.Files[File] = std::move(*Lowered);
    if (In.Log)
      *In.Log << "lowered template variability: "
              << In.Project.relativeToRoot(File) << ":" << ifLine(G)
              << " (pointer wrapper, " << features(G) << ")\n";
  }

  const LoweringInput &In;
  std::map<std::string, FileStructure> Structures;
  std::map<std::string, FileGroups> FileGroupsOf;
  std::map<std::string, Group> Groups;
  std::map<std::string, std::vector<std::pair<Place, std::string>>> Refused;
  std::map<std::string, std::set<std::string>> WrapperCalls, PointerCalls;
  std::map<std::string, Place> CallPlaces;
  std::map<std::string, std::set<TextEdit>> Edits;
};

} // namespace

llvm::Expected<LoweringResult> lowerPointerWrappers(const LoweringInput &In) {
  Lowering L(In);
  return runTextLowering(L);
}

} // namespace varsim::rewrite::templates
