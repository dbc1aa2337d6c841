//===- rewrite/templates/FeatureOverloads.cpp - Overloads per feature -----===//
//
// See FeatureOverloads.h. Candidate branches are found on the text (a
// feature branch naming, before a `(`, a function template declared in a
// project file), parsed in configurations that reach each of them and in
// configurations that leave each out; the lowering is written on the
// texts.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/FeatureOverloads.h"
#include "rewrite/TextEdits.h"
#include "rewrite/templates/FeatureBranchTexts.h"
#include "rewrite/templates/FeatureOverloadFacts.h"
#include "rewrite/templates/LoweringParses.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite::templates {
namespace {

using namespace overloads;

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The names of the function templates declared in Text: after each
/// `template <...>`, the identifier before the first `(` (none when a `{`
/// or `;` comes first: a class or variable template).
void addTemplateNames(llvm::StringRef Text, std::set<std::string> &Names) {
  for (size_t At = Text.find("template"); At != llvm::StringRef::npos;
       At = Text.find("template", At + 1)) {
    if ((At && isIdentChar(Text[At - 1])) ||
        (At + 8 < Text.size() && isIdentChar(Text[At + 8])))
      continue;
    size_t I = At + 8;
    while (I < Text.size() && llvm::isSpace(Text[I]))
      ++I;
    if (I == Text.size() || Text[I] != '<')
      continue;
    int Angles = 0;
    for (; I < Text.size(); ++I) {
      Angles += Text[I] == '<' ? 1 : Text[I] == '>' ? -1 : 0;
      if (!Angles)
        break;
    }
    size_t Paren = Text.find_first_of("({;", I);
    if (Paren == llvm::StringRef::npos || Text[Paren] != '(')
      continue;
    size_t End = Paren;
    while (End > I && llvm::isSpace(Text[End - 1]))
      --End;
    size_t Begin = End;
    while (Begin > I && isIdentChar(Text[Begin - 1]))
      --Begin;
    if (Begin < End && !llvm::isDigit(Text[Begin]))
      Names.insert(Text.slice(Begin, End).str());
  }
}

/// The names of Names that Text calls or declares (`name (`).
std::set<std::string> namesBeforeParen(llvm::StringRef Text,
                                       const std::set<std::string> &Names) {
  std::set<std::string> Found;
  for (const std::string &N : Names)
    for (size_t At = Text.find(N); At != llvm::StringRef::npos;
         At = Text.find(N, At + 1)) {
      size_t After = At + N.size();
      if ((At && isIdentChar(Text[At - 1])) ||
          (After < Text.size() && isIdentChar(Text[After])))
        continue;
      llvm::StringRef Rest = Text.drop_front(After).ltrim();
      if (Rest.starts_with("(")) {
        Found.insert(N);
        break;
      }
    }
  return Found;
}

/// Whether Text names N before a `(` at some offset outside [Begin, End).
bool namedOutside(llvm::StringRef Text, const std::string &N, size_t Begin,
                  size_t End) {
  std::set<std::string> One{N};
  return !namesBeforeParen(Text.take_front(Begin), One).empty() ||
         !namesBeforeParen(Text.drop_front(std::min(End, Text.size())), One)
              .empty();
}

/// The names Text defines as functions (`name(...) const {`), a text
/// prefilter: statements (`if (...) {`) and macros aside.
std::set<std::string> definedNames(llvm::StringRef Text) {
  static const std::set<llvm::StringRef> Keywords = {
      "if",       "while",    "for",           "switch",       "catch",
      "return",   "sizeof",   "alignof",       "decltype",     "defined",
      "noexcept", "requires", "static_assert", "__attribute__"};
  std::set<std::string> Found;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (!isIdentChar(Text[I]) || (I && isIdentChar(Text[I - 1])) ||
        llvm::isDigit(Text[I]))
      continue;
    size_t E = I;
    while (E < Text.size() && isIdentChar(Text[E]))
      ++E;
    llvm::StringRef Name = Text.slice(I, E);
    size_t P = E;
    while (P < Text.size() && llvm::isSpace(Text[P]))
      ++P;
    I = E - 1;
    if (P == Text.size() || Text[P] != '(' || Keywords.count(Name))
      continue;
    int Depth = 0;
    for (; P < Text.size(); ++P) {
      Depth += Text[P] == '(' ? 1 : Text[P] == ')' ? -1 : 0;
      if (!Depth)
        break;
    }
    llvm::StringRef Rest = Text.drop_front(std::min(P + 1, Text.size()));
    for (;;) {
      Rest = Rest.ltrim();
      if (!Rest.consume_front("const") && !Rest.consume_front("noexcept") &&
          !Rest.consume_front("override") && !Rest.consume_front("final") &&
          !Rest.consume_front("&"))
        break;
    }
    if (Rest.starts_with("{"))
      Found.insert(Name.str());
  }
  return Found;
}

std::string shownPlace(const Place &P) {
  return llvm::sys::path::filename(P.File).str() + ":" + std::to_string(P.Line);
}

class Lowering {
public:
  explicit Lowering(const LoweringInput &In) : In(In) {}

  // The steps of runTextLowering.
  bool findCandidates(std::vector<CondPtr> &ToCover) {
    if (llvm::none_of(In.Project.Entries, [](const CompileEntry &E) {
          return isCxxCompile(E.File, E.Arguments);
        }))
      return false; // No overloads in C; its parses are C++ ones only.
    std::set<std::string> Templates;
    for (const auto &[File, Text] : In.Texts)
      if (llvm::StringRef(Text).contains("template"))
        addTemplateNames(Text, Templates);
    if (Templates.empty())
      return false;
    Branches.forEachFeatureBranch(nullptr, [&](const FeatureBranch &B) {
      llvm::StringRef Content = B.Text.slice(B.Begin, B.End);
      std::set<std::string> Found = namesBeforeParen(Content, Templates);
      // A plain function defined here and named elsewhere: its calls
      // elsewhere may pick another function where it is not defined.
      for (const std::string &N : definedNames(Content))
        if (!Found.count(N) && llvm::any_of(In.Texts, [&](const auto &FT) {
              return FT.first == B.File
                         ? namedOutside(B.Text, N, B.Begin, B.End)
                         : namedOutside(FT.second, N, 0, 0);
            }))
          Found.insert(N);
      if (Found.empty())
        return;
      Names.insert(Found.begin(), Found.end());
      Ranges[B.File].push_back({B.Begin, B.End});
      if (B.Presence) {
        ToCover.push_back(B.Presence);
        ToCover.push_back(condition::makeNot(B.Presence));
      }
    });
    return !Ranges.empty();
  }

  llvm::Error parse(const std::vector<CondPtr> &ToCover) {
    auto Results = runLoweringParses<OverloadFacts>(
        In, ToCover, /*CxxOnly=*/true, "overload",
        [&](const LoweringParse &P, const std::vector<std::string> &Strip) {
          return collectOverloadFacts(P, Strip, Ranges, Names, In.Project,
                                      In.Overlay);
        });
    if (!Results)
      return Results.takeError();
    Parses = std::move(*Results);
    for (const OverloadFacts &R : Parses)
      for (const OverloadFact &O : R.Overloads)
        Overloads.try_emplace(O.At, O);
    return llvm::Error::success();
  }

  llvm::Error lower(LoweringResult &Result) {
    for (const auto &[At, O] : Overloads)
      if (llvm::Error E = lowerOne(O, Result))
        return E;
    for (const auto &[File, ByOffset] : Twins) {
      std::set<TextEdit> Edits;
      for (const auto &[Offset, Text] : ByOffset)
        Edits.insert({Offset, 0, Text});
      auto Lowered = applyTextEdits(File, In.Texts.at(File), 0, Edits,
                                    "overload per feature");
      if (!Lowered)
        return Lowered.takeError();
      Result.Files[File] = std::move(*Lowered);
    }
    return llvm::Error::success();
  }

private:
  llvm::Error refuse(const OverloadFact &O, const Enclosing &E, const Place &At,
                     const std::string &Why) const {
    const Place &P = At.File.empty() ? O.At : At;
    std::string Beside =
        O.Templates.empty()
            ? "; the simulator holds the declarations of every variant, so "
              "the configurations without it would call it too: "
            : ", beside a function template of its name (" +
                  shownPlace(O.Templates.front()) +
                  "); the simulator holds both in every configuration, so "
                  "the configurations without it would call it too, and "
                  "forwarding them to the template is not sound here: ";
    return makeError(
        P.File, P.Line, P.Column,
        "the overload " + O.Shown + " is defined only where " +
            (E.Shown.empty() ? E.Condition : E.Shown) + " holds" + Beside +
            Why +
            "; give the overload another name, define it in every "
            "configuration (with the feature's code inside it) or leave the "
            "feature out of the model");
  }

  /// Whether Offset of File lies in a feature branch.
  bool underFeature(const std::string &File, unsigned Offset) {
    const FileStructure *FS = Branches.structureOf(File);
    return FS && Branches.enclosingOf(File, Offset).Any;
  }

  /// Every call of O where it is defined against the same call where it
  /// is not. Counts the calls that reach, where O is not defined, the
  /// template (or may pick O in the simulator: ToTemplate) and the same
  /// function defined in another branch (the function switch's: Same).
  llvm::Error checkCalls(const OverloadFact &O, const Enclosing &E,
                         unsigned &ToTemplate, unsigned &Same) {
    auto SamePlace = [](const Place &A, const Place &B) {
      return !(A < B) && !(B < A);
    };
    std::map<std::string, std::vector<const CallFact *>> Without;
    std::vector<const CallFact *> With;
    std::set<std::string> Signatures{O.Signature};
    for (const OverloadFacts &R : Parses) {
      bool Has = llvm::any_of(R.Overloads, [&](const OverloadFact &F) {
        return SamePlace(F.At, O.At);
      });
      for (const CallFact &C : R.Calls)
        if (Has && C.IsOverload && SamePlace(C.Overload, O.At)) {
          With.push_back(&C);
          Signatures.insert(C.Signature);
        } else if (!Has)
          Without[C.Key].push_back(&C);
    }
    bool Template = !O.Templates.empty();
    std::set<std::string> Checked;
    for (const CallFact *C : With) {
      auto It = Without.find(C->Key);
      if (It == Without.end())
        continue; // The call does not exist without it.
      Checked.insert(C->Key);
      for (const CallFact *D : It->second) {
        if (!D->Specialization && D->Qualified == C->Qualified &&
            D->Signature == C->Signature && D->NotACall == C->NotACall) {
          ++Same; // The function switch selects it.
          continue;
        }
        if (C->NotACall || D->NotACall)
          return refuse(O, E, C->At,
                        "it is referred to here without being called, and "
                        "not to the same function where it is not defined");
        if (!Template)
          return refuse(O, E, C->At,
                        "this call resolves to " + D->Callee + " (" + D->Where +
                            ") where it is not defined");
        if (!SamePlace(D->Template, O.Templates.front()))
          return refuse(O, E, C->At,
                        "this call resolves to " + D->Callee + " (" + D->Where +
                            ") where it is not defined, not to a "
                            "specialization of that template");
        if (D->Signature != C->Signature)
          return refuse(O, E, C->At,
                        "this call resolves to " + D->Callee + " (" + D->Where +
                            ") where it is not defined, whose return and "
                            "parameter types or qualifiers ('" +
                            D->Signature + "') are not the overload's ('" +
                            C->Signature +
                            "'), so the arguments that forwarding deduces "
                            "may differ");
        ++ToTemplate;
      }
    }
    // A call seen only without it, of a specialization with its types: the
    // simulator may pick the overload there (the forwarding runs the
    // template's body then).
    if (Template)
      for (const auto &[Key, Calls] : Without)
        if (!Checked.count(Key))
          for (const CallFact *D : Calls)
            if (!D->NotACall && SamePlace(D->Template, O.Templates.front()) &&
                Signatures.count(D->Signature))
              ++ToTemplate;
    return llvm::Error::success();
  }

  llvm::Error lowerOne(const OverloadFact &O, LoweringResult &Result) {
    const FileStructure *FS = Branches.structureOf(O.At.File);
    if (!FS)
      return llvm::Error::success();
    Enclosing E = Branches.enclosingOf(O.At.File, O.Begin);
    if (!E.Any)
      return llvm::Error::success();
    unsigned ToTemplate = 0, Same = 0;
    if (llvm::Error Err = checkCalls(O, E, ToTemplate, Same))
      return Err;
    if (!ToTemplate)
      return llvm::Error::success(); // As before: nothing calls the template.
    if (Same)
      return refuse(O, E, O.At,
                    "some of its calls reach, where it is not defined, the "
                    "same function defined in another branch and others the "
                    "template");
    if (!O.Why.empty())
      return refuse(O, E, O.At, O.Why);
    for (const Place &P : O.Templates)
      if (P.File.empty() || underFeature(P.File, P.Offset))
        return refuse(O, E, O.At,
                      "the template (" +
                          (P.File.empty() ? std::string("outside the project")
                                          : shownPlace(P)) +
                          ") is itself defined under a feature");
    if (!O.Member && !(O.Templates.front().File == O.At.File &&
                       O.Templates.front().Offset < O.Begin))
      return refuse(O, E, O.At,
                    "the template is not declared before it in its file (a "
                    "free function's forwarding call would not see it)");
    llvm::StringRef Text = In.Texts.at(O.At.File);
    if (braceDepth(Text.slice(E.OuterBegin, O.Begin)) != 0)
      return refuse(O, E, O.At,
                    "its #if also opens a namespace, class or block, after "
                    "which the forwarding definition has no place");
    std::string Twin =
        "#if !(" + E.Condition + ")\n#line " +
        std::to_string(Branches.presumedLine(O.At.File, O.Begin)) + "\n" +
        Text.slice(O.Begin, O.BodyBegin).str() + "{ return " + O.Name + "<>(" +
        llvm::join(O.Forwarded, ", ") + "); }\n#endif\n";
    if (O.Member) {
      // Right after it: the function switch merges a member's variants
      // only where nothing but directives lies between them. Its group is
      // closed after it and opened again (only the first branch of a group
      // that no other feature group encloses can be).
      if (E.Inner != E.Outer || E.InnerBranch != 0)
        return refuse(O, E, O.At,
                      "it is a member defined in an #elif or #else branch "
                      "or in a nested #if, which the forwarding member "
                      "cannot be placed next to");
      Twins[O.At.File][O.BodyEnd + 1] =
          "\n#endif\n" + Twin + "#if " + E.Condition + "\n#line " +
          std::to_string(Branches.presumedLine(O.At.File, O.BodyEnd)) + "\n";
    } else {
      // After the #endif of the outermost feature group around it.
      const Directive &Endif = FS->Directives[FS->Groups[E.Outer].EndifIndex];
      std::string &Out = Twins[O.At.File][Endif.End];
      if (Out.empty() && Endif.End == Text.size() && !Text.ends_with("\n"))
        Out = "\n";
      Out += Twin + "#line " +
             std::to_string(Branches.presumedLine(O.At.File, Endif.Begin) +
                            Endif.PhysicalLines) +
             "\n";
    }
    Result.Sites.push_back(
        {O.At.File, O.At.Line, "overload per feature", E.Shown});
    if (In.Log)
      *In.Log << "lowered template variability: "
              << In.Project.relativeToRoot(O.At.File) << ":" << O.At.Line
              << " (overload per feature, " << O.Shown << ")\n";
    return llvm::Error::success();
  }

  const LoweringInput &In;
  FeatureBranchTexts Branches{In};
  BranchRanges Ranges;
  std::set<std::string> Names;
  std::vector<OverloadFacts> Parses;
  std::map<Place, OverloadFact> Overloads;
  /// By file and offset: the forwarding definitions to insert there.
  std::map<std::string, std::map<unsigned, std::string>> Twins;
};

} // namespace

llvm::Expected<LoweringResult> lowerFeatureOverloads(const LoweringInput &In) {
  Lowering L(In);
  return runTextLowering(L);
}

} // namespace varsim::rewrite::templates
