//===- rewrite/templates/FeatureSpecializations.cpp - Specs per feature ---===//
//
// See FeatureSpecializations.h. Candidate branches are found on the text
// (a feature branch holding `template <>`), parsed in configurations that
// reach each of them; the lowering is written on the texts.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/FeatureSpecializations.h"
#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/PassThroughLines.h"
#include "rewrite/TextEdits.h"
#include "rewrite/templates/FeatureBranchTexts.h"
#include "rewrite/templates/FeatureSpecializationFacts.h"
#include "rewrite/templates/LoweringParses.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::rewrite::templates {
namespace {

using namespace specs;

/// Text holds `template <>` (an explicit specialization's header).
bool hasEmptyTemplateHeader(llvm::StringRef Text) {
  for (size_t At = Text.find("template"); At != llvm::StringRef::npos;
       At = Text.find("template", At + 1)) {
    llvm::StringRef Rest = Text.drop_front(At + 8).ltrim();
    if (Rest.consume_front("<") && Rest.ltrim().starts_with(">"))
      return true;
  }
  return false;
}

class Lowering {
public:
  explicit Lowering(const LoweringInput &In) : In(In) {}

  // The steps of runTextLowering.
  bool findCandidates(std::vector<CondPtr> &ToCover) {
    Branches.forEachFeatureBranch(
        hasEmptyTemplateHeader, [&](const FeatureBranch &B) {
          if (!hasEmptyTemplateHeader(B.Text.slice(B.Begin, B.End)))
            return;
          Ranges[B.File].push_back({B.Begin, B.End});
          if (B.Presence)
            ToCover.push_back(B.Presence);
        });
    return !Ranges.empty();
  }

  llvm::Error parse(const std::vector<CondPtr> &ToCover) {
    auto Results = runLoweringParses<SpecializationFacts>(
        In, ToCover, /*CxxOnly=*/true, "specialization",
        [&](const LoweringParse &P, const std::vector<std::string> &Strip) {
          return collectSpecializationFacts(P, Strip, Ranges, In.Project,
                                            In.Overlay);
        });
    if (!Results)
      return Results.takeError();
    for (SpecializationFacts &R : *Results) {
      for (SpecializationFact &S : R.Specializations)
        Specs.try_emplace(S.File + ":" + std::to_string(S.Begin) + ":" +
                              std::to_string(S.Line),
                          std::move(S));
    }
    return llvm::Error::success();
  }

  llvm::Error lower(LoweringResult &Result) {
    // By signature: the specializations (one per feature branch) and the
    // condition under which none of them exists.
    struct Family {
      std::vector<const SpecializationFact *> Members;
      std::vector<std::string> Conditions;
      std::vector<std::string> Shown;
      unsigned Outer = 0;
    };
    std::map<std::string, Family> Families;
    for (const auto &[Key, S] : Specs) {
      const FileStructure *FS = Branches.structureOf(S.File);
      if (!FS)
        continue;
      Enclosing E = Branches.enclosingOf(S.File, S.Begin);
      if (!E.Any)
        continue;
      const CondGroup &Outer = FS->Groups[E.Outer];
      unsigned OuterBegin =
          FS->Directives[Outer.Branches[0].DirectiveIndex].Begin;
      unsigned OuterEnd = FS->Directives[Outer.EndifIndex].End;
      // The primary under the same #if: no configuration calls it without
      // the specialization.
      if (S.Why.empty() && S.Primary.File == S.File &&
          OuterBegin <= S.Primary.Begin && S.Primary.Begin < OuterEnd)
        continue;
      if (!S.Why.empty())
        return refuse(S, E, S.Why);
      // Not lowered (docs/templates.md, limits): the simulator calls the
      // specialization in every configuration, which the model's trace
      // check refuses.
      if (braceDepth(llvm::StringRef(In.Texts.at(S.File))
                         .slice(OuterBegin, S.Begin)) != 0)
        continue;
      if (!llvm::StringRef(In.Texts.at(S.File))
               .substr(S.Begin)
               .starts_with("template"))
        return refuse(S, E, "its text does not start with 'template'");
      Family &F = Families[S.Signature];
      if (!F.Members.empty() && F.Members.front()->File != S.File)
        return refuse(S, E, "it is also defined in another file");
      if (F.Members.empty() || S.Begin > F.Members.back()->Begin)
        F.Outer = E.Outer;
      F.Members.push_back(&S);
      F.Conditions.push_back(E.Condition);
      F.Shown.push_back(E.Shown);
    }
    std::set<std::pair<std::string, unsigned>> Copied;
    for (auto &[Sig, F] : Families) {
      const SpecializationFact &Last = *F.Members.back();
      const SpecializationFact &First = *F.Members.front();
      if (Copied.insert({First.Primary.File, First.Primary.Begin}).second)
        copyPrimary(First.Primary);
      placeSpecialization(F.Members, F.Conditions, F.Outer);
      Result.Sites.push_back({Last.File, Last.Line,
                              "specialization per feature",
                              llvm::join(F.Shown, " || ")});
      if (In.Log)
        *In.Log << "lowered template variability: "
                << In.Project.relativeToRoot(Last.File) << ":" << Last.Line
                << " (specialization per feature, " << Last.Shown << ")\n";
    }
    for (const auto &[File, E] : Edits) {
      auto Lowered = applyTextEdits(File, In.Texts.at(File), 0, E,
                                    "specialization per feature");
      if (!Lowered)
        return Lowered.takeError();
      Result.Files[File] = std::move(*Lowered);
    }
    return llvm::Error::success();
  }

private:
  llvm::Error refuse(const SpecializationFact &S, const Enclosing &E,
                     const std::string &Why) const {
    return makeError(
        S.File, S.Line, S.Column,
        "the explicit specialization " + S.Shown + " is defined only where " +
            (E.Shown.empty() ? E.Condition : E.Shown) +
            " holds; the configurations without it call the template's "
            "primary definition for the same arguments, which the simulator "
            "runs through a copy of that definition, but " +
            Why +
            ": define the specialization in every configuration (with the "
            "feature's code inside it) or leave the feature out of the model");
  }

  /// After the primary's `}`: its renamed copy, under `#line` of the
  /// original; the rest of the line keeps its number.
  void copyPrimary(const PrimaryFact &P) {
    Branches.structureOf(P.File);
    llvm::StringRef Text = In.Texts.at(P.File);
    unsigned NameEnd = P.NameOffset;
    while (NameEnd < Text.size() &&
           (llvm::isAlnum(Text[NameEnd]) || Text[NameEnd] == '_'))
      ++NameEnd;
    std::string Copy = Text.slice(P.Begin, NameEnd).str() +
                       PrimaryCopySuffix.str() +
                       Text.slice(NameEnd, P.End).str();
    Edits[P.File].insert(
        {P.End, 0,
         "\n#line " + std::to_string(Branches.presumedLine(P.File, P.Begin)) +
             "\n" + Copy + "\n#line " +
             std::to_string(Branches.presumedLine(P.File, P.End - 1)) + "\n"});
  }

  /// After the #endif of the outermost feature group around the last
  /// member: the specialization for the configurations without any member,
  /// calling the primary's copy.
  void
  placeSpecialization(const std::vector<const SpecializationFact *> &Members,
                      const std::vector<std::string> &Conditions,
                      unsigned Outer) {
    const SpecializationFact &S = *Members.back();
    const FileStructure &FS = *Branches.structureOf(S.File);
    llvm::StringRef Text = In.Texts.at(S.File);
    const Directive &Endif = FS.Directives[FS.Groups[Outer].EndifIndex];
    std::string Out =
        Endif.End == Text.size() && !Text.ends_with("\n") ? "\n" : "";
    Out += "#if !(" + llvm::join(Conditions, " || ") + ")\n";
    Out += "#line " + std::to_string(Branches.presumedLine(S.File, S.Begin)) +
           "\n";
    Out += Text.slice(S.Begin, S.BodyBegin).str() + "{ return " + S.Name +
           PrimaryCopySuffix.str() + S.Arguments + "(" +
           llvm::join(S.Forwarded, ", ") + "); }\n";
    Out += "#endif\n#line " +
           std::to_string(Branches.presumedLine(S.File, Endif.Begin) +
                          Endif.PhysicalLines) +
           "\n";
    Edits[S.File].insert({Endif.End, 0, Out});
  }

  const LoweringInput &In;
  FeatureBranchTexts Branches{In};
  BranchRanges Ranges;
  std::map<std::string, SpecializationFact> Specs;
  std::map<std::string, std::set<TextEdit>> Edits;
};

} // namespace

llvm::Expected<LoweringResult>
lowerFeatureSpecializations(const LoweringInput &In) {
  Lowering L(In);
  return runTextLowering(L);
}

} // namespace varsim::rewrite::templates
