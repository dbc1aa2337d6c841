//===- rewrite/FileRewriter.cpp - The edits of one source file ------------===//

#include "rewrite/FileRewriter.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>

namespace varsim::rewrite {
namespace {

struct Edit {
  unsigned Begin = 0, End = 0;
  std::string Text;
  unsigned Seq = 0;
};

enum class Level { Untouched, Declarations, Statements };

struct GroupPlan {
  Level L = Level::Untouched;
  unsigned Compound = 0;
  std::string Function;
  bool FunctionConstexpr = false;
  std::vector<bool> Live, Dead;
  bool InsideDead = false;
};

class FileRewriter {
public:
  FileRewriter(const FileInput &In, ProjectContext &Ctx)
      : In(In), FS(*In.Structure), FG(*In.Groups), Ctx(Ctx), F(Ctx.Features) {}

  llvm::Expected<std::string> run() {
    if (llvm::Error E = classify())
      return E;
    if (llvm::Error E = encodeGroups())
      return E;
    if (llvm::Error E = hoistDeclarations())
      return E;
    if (llvm::Error E = mergeMacros())
      return E;
    if (llvm::Error E = emitSwitches())
      return E;
    markFunctions();
    return apply();
  }

private:
  llvm::Error error(unsigned Offset, const llvm::Twine &Msg) {
    unsigned Line = FS.lineOf(Offset);
    unsigned Col = Offset - FS.LineStarts[Line - 1] + 1;
    return makeError(In.Path, Line, Col, Msg);
  }
  llvm::Error errorAt(const Directive &D, const llvm::Twine &Msg) {
    return makeError(In.Path, D.Line, D.Column, Msg);
  }

  const Directive &dir(unsigned I) const { return FS.Directives[I]; }

  std::string featuresOf(const CondGroup &G) {
    std::set<std::string> Ms;
    for (const CondGroup::Branch &B : G.Branches)
      if (B.Condition)
        collectMacros(*B.Condition, Ms);
    std::string S;
    for (const std::string &M : Ms)
      if (F.isFeatureMacro(M))
        S += (S.empty() ? "" : ", ") + M;
    return S;
  }

  bool groupActive(const FileFacts &Facts, unsigned GI) const {
    const CondGroup &G = FS.Groups[GI];
    if (!G.ParentGroup)
      return true;
    const CondGroup &P = FS.Groups[*G.ParentGroup];
    return !Facts.isSkipped(P.Branches[G.ParentBranch].ContentBegin) &&
           groupActive(Facts, *G.ParentGroup);
  }

  llvm::Error classify() {
    Plans.resize(FS.Groups.size());
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &G = FS.Groups[GI];
      GroupPlan &P = Plans[GI];
      P.Live.assign(G.Branches.size(), false);
      P.Dead.assign(G.Branches.size(), false);
      if (G.ParentGroup) {
        const GroupPlan &Parent = Plans[*G.ParentGroup];
        P.InsideDead = Parent.InsideDead || (Parent.L != Level::Untouched &&
                                             Parent.Dead[G.ParentBranch]);
      }
      if (!FG.IsFeature[GI] || P.InsideDead)
        continue;
      const Directive &If = dir(G.Branches[0].DirectiveIndex);
      bool Active = false;
      std::optional<DirectivePlace> Seen;
      for (const ParseView &V : In.Parses) {
        if (!groupActive(*V.Facts, GI))
          continue;
        Active = true;
        for (size_t BI = 0; BI < G.Branches.size(); ++BI)
          if (!V.Facts->isSkipped(G.Branches[BI].ContentBegin))
            P.Live[BI] = true;
        std::vector<unsigned> Dirs;
        for (const CondGroup::Branch &B : G.Branches)
          Dirs.push_back(B.DirectiveIndex);
        Dirs.push_back(G.EndifIndex);
        for (unsigned D : Dirs) {
          auto It = V.Facts->Places.find(D);
          if (It == V.Facts->Places.end())
            continue;
          const DirectivePlace &Pl = It->second;
          if (Pl.K == DirectivePlace::Inside)
            return errorAt(dir(D), "conditional on feature " + featuresOf(G) +
                                       " inside " + Pl.Construct +
                                       " (an undisciplined annotation) is not "
                                       "supported; put the #if around complete "
                                       "statements or declarations");
          if (!Seen) {
            Seen = Pl;
            if (Pl.K == DirectivePlace::Statements && Pl.Function >= 0) {
              const FunctionFact &Fn = V.Facts->Functions[Pl.Function];
              P.Function = Fn.Name;
              P.FunctionConstexpr = Fn.Constexpr;
            }
            continue;
          }
          bool SameKind = (Seen->K == DirectivePlace::Statements) ==
                          (Pl.K == DirectivePlace::Statements);
          if (!SameKind || (Pl.K == DirectivePlace::Statements &&
                            Pl.Compound != Seen->Compound))
            return errorAt(dir(D),
                           "conditional on feature " + featuresOf(G) +
                               " spans more than one block or mixes "
                               "statements and declarations (an "
                               "undisciplined annotation); not supported");
        }
      }
      if (!Active)
        continue;
      if (!FG.MixedMacros[GI].empty())
        return errorAt(If, "condition mixes features with the non-feature "
                           "macro '" +
                               FG.MixedMacros[GI].front() +
                               "'; only feature macros can become run-time "
                               "conditions");
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        if (P.Live[BI])
          continue;
        P.Dead[BI] = !isSatisfiable(*FG.Presence[GI][BI], F);
        if (!P.Dead[BI] &&
            G.Branches[BI].ContentBegin < G.Branches[BI].ContentEnd &&
            hasCode(G.Branches[BI]))
          return errorAt(dir(G.Branches[BI].DirectiveIndex),
                         "this branch (" +
                             conditionText(*FG.Presence[GI][BI], F) +
                             ") was not parsed by any translation unit; "
                             "cannot classify it");
      }
      P.L = Seen && Seen->K == DirectivePlace::Statements ? Level::Statements
                                                          : Level::Declarations;
      if (Seen && Seen->K == DirectivePlace::Statements)
        P.Compound = Seen->Compound;
      if (P.L == Level::Statements && P.FunctionConstexpr)
        return errorAt(If, "conditional statements in the constexpr function "
                           "'" +
                               P.Function +
                               "' cannot become run-time control flow");
    }
    return llvm::Error::success();
  }

  bool hasCode(const CondGroup::Branch &B) const {
    llvm::StringRef Content =
        llvm::StringRef(In.Text).slice(B.ContentBegin, B.ContentEnd);
    return !Content.trim().empty();
  }

  std::string newlines(llvm::StringRef Text) {
    return std::string(Text.count('\n'), '\n');
  }

  unsigned addRegion(runtime::RegionKind K, const std::string &Function,
                     const std::string &Condition, unsigned Line,
                     unsigned EndLine) {
    runtime::RegionDesc R;
    R.Kind = K;
    R.Function = Function;
    R.Condition = Condition;
    R.File = In.Path;
    R.Line = Line;
    R.EndLine = EndLine;
    Ctx.Tables.Regions.push_back(std::move(R));
    return static_cast<unsigned>(Ctx.Tables.Regions.size() - 1);
  }

  llvm::Error encodeGroups() {
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &G = FS.Groups[GI];
      const GroupPlan &P = Plans[GI];
      if (P.L == Level::Untouched)
        continue;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        if (P.Dead[BI] && B.ContentBegin < B.ContentEnd)
          addEdit(B.ContentBegin, B.ContentEnd,
                  newlines(llvm::StringRef(In.Text).slice(B.ContentBegin,
                                                          B.ContentEnd)));
        std::string &Text = Replace[B.DirectiveIndex];
        if (P.L == Level::Declarations)
          continue;
        if (BI == 0)
          Text += "if (" + conditionCode(*B.Condition, F) + ") {";
        else if (B.Condition)
          Text += "} else if (" + conditionCode(*B.Condition, F) + ") {";
        else
          Text += "} else {";
        if (Ctx.Detail == Granularity::Region && !P.Dead[BI]) {
          unsigned Next = BI + 1 < G.Branches.size()
                              ? G.Branches[BI + 1].DirectiveIndex
                              : G.EndifIndex;
          unsigned Id = addRegion(runtime::RegionKind::Region, P.Function,
                                  conditionText(*FG.Own[GI][BI], F),
                                  dir(B.DirectiveIndex).Line, dir(Next).Line);
          Text += " " + runtime::regionMarker(runtime::RegionKind::Region, Id);
        }
      }
      Replace[G.EndifIndex] += P.L == Level::Statements ? "}" : "";
    }
    return llvm::Error::success();
  }

  /// The outermost statement-level group around GI in the same block.
  unsigned anchorOf(unsigned GI) const {
    unsigned A = GI;
    while (FS.Groups[A].ParentGroup) {
      unsigned P = *FS.Groups[A].ParentGroup;
      if (Plans[P].L != Level::Statements ||
          Plans[P].Compound != Plans[GI].Compound)
        break;
      A = P;
    }
    return A;
  }

  llvm::Error hoistDeclarations() {
    std::set<unsigned> Done;
    // Per anchor: the hoisted variables, name -> declaration.
    std::map<unsigned, std::map<std::string, std::string>> Hoisted;
    for (const ParseView &V : In.Parses) {
      for (const CompoundFact &C : V.Facts->Compounds) {
        for (const StmtFact &S : C.Children) {
          // The innermost statement-level feature branch holding S.
          std::optional<unsigned> Group;
          unsigned Size = ~0u;
          for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
            if (Plans[GI].L != Level::Statements ||
                Plans[GI].Compound != C.Begin)
              continue;
            for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
              if (B.ContentBegin <= S.Begin && S.End <= B.ContentEnd &&
                  B.ContentEnd - B.ContentBegin < Size) {
                Size = B.ContentEnd - B.ContentBegin;
                Group = GI;
              }
          }
          if (!Group)
            continue;
          if (S.Label)
            return error(S.Begin,
                         "a case or goto label inside a conditional block on "
                         "feature " +
                             featuresOf(FS.Groups[*Group]) +
                             " (an undisciplined annotation) is not "
                             "supported; put the #if inside the labelled "
                             "statements");
          if (!S.DeclStmt || !Done.insert(S.Begin).second)
            continue;
          for (const VarFact &VF : S.Vars)
            if (VF.Destructed)
              return error(S.Begin,
                           "the object '" + VF.Name +
                               "' declared inside a conditional block on "
                               "feature " +
                               featuresOf(FS.Groups[*Group]) +
                               " has a destructor; as run-time control flow "
                               "it would be destroyed at the end of the "
                               "block instead of its scope; not supported");
          unsigned GroupEnd = dir(FS.Groups[*Group].EndifIndex).Begin;
          bool UsedAfter = llvm::any_of(
              S.Vars, [&](const VarFact &VF) { return VF.MaxUse > GroupEnd; });
          if (!UsedAfter)
            continue;
          if (S.Vars.size() != 1)
            return error(S.Begin, "a declaration of several variables inside "
                                  "a conditional block is used after the "
                                  "block; declare one variable per statement");
          const VarFact &VF = S.Vars.front();
          if (!VF.Scalar || VF.StaticLocal)
            return error(S.Begin,
                         "the variable '" + VF.Name +
                             "' is declared inside a conditional block on "
                             "feature " +
                             featuresOf(FS.Groups[*Group]) +
                             " and used after it, but its declaration ('" +
                             VF.HoistedDecl +
                             "') cannot be hoisted (only non-static scalar "
                             "variables initialized with '=' can)");
          unsigned Anchor = anchorOf(*Group);
          auto [It, New] = Hoisted[Anchor].try_emplace(VF.Name, VF.HoistedDecl);
          if (!New && It->second != VF.HoistedDecl)
            return error(S.Begin, "the variable '" + VF.Name +
                                      "' has a different type per variant ('" +
                                      It->second + "' and '" + VF.HoistedDecl +
                                      "'); not supported");
          if (VF.HasInit)
            addEdit(S.Begin, VF.InitBegin, VF.Name + " = ");
          else
            addEdit(S.Begin, S.End, "");
        }
      }
    }
    for (const auto &[Anchor, Vars] : Hoisted) {
      std::string Decls;
      for (const auto &[Name, Decl] : Vars)
        Decls += Decl + "; ";
      unsigned D = FS.Groups[Anchor].Branches[0].DirectiveIndex;
      Replace[D] = Decls + Replace[D];
    }
    return llvm::Error::success();
  }

  llvm::Error mergeMacros() {
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &G = FS.Groups[GI];
      const GroupPlan &P = Plans[GI];
      if (P.L == Level::Untouched)
        continue;
      std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Defs;
      bool HasElse = false;
      unsigned LiveBranches = 0;
      for (unsigned BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        HasElse = HasElse || !B.Condition;
        if (P.Dead[BI])
          continue;
        ++LiveBranches;
        for (unsigned D : B.Directives) {
          const Directive &Dv = dir(D);
          if (Dv.Kind == DirectiveKind::Undef)
            return errorAt(Dv, "#undef inside a conditional on feature " +
                                   featuresOf(G) + " is not supported");
          if (Dv.Kind == DirectiveKind::Error)
            return errorAt(Dv, "#error inside a conditional on feature " +
                                   featuresOf(G) +
                                   " that some valid configuration reaches");
          if (Dv.Kind == DirectiveKind::Define)
            Defs[Dv.Macro].push_back({BI, D});
        }
      }
      for (auto &[Macro, List] : Defs) {
        const Directive &First = dir(List.front().second);
        if (Ctx.TestedMacros.count(Macro))
          return errorAt(First, "macro '" + Macro +
                                    "' is defined per feature (" +
                                    featuresOf(G) +
                                    ") and tested by #if elsewhere; make it a "
                                    "feature of the model");
        std::set<unsigned> Branches;
        for (auto &[BI, D] : List)
          Branches.insert(BI);
        bool Everywhere =
            Branches.size() == LiveBranches && List.size() == LiveBranches;
        if (!HasElse) {
          std::vector<CondPtr> None;
          for (const CondGroup::Branch &B : G.Branches)
            None.push_back(makeNot(B.Condition));
          CondPtr Outer = G.ParentGroup
                              ? FG.Presence[*G.ParentGroup][G.ParentBranch]
                              : makeInt(1);
          None.push_back(Outer);
          if (isSatisfiable(*makeAnd(None), F))
            Everywhere = false;
        }
        std::set<std::string> Bodies;
        for (auto &[BI, D] : List)
          Bodies.insert(dir(D).Body);
        if (Bodies.size() == 1 && List.size() == Branches.size() &&
            Everywhere) {
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
        if (!Everywhere)
          return errorAt(First, "macro '" + Macro +
                                    "' is defined only in some branches of "
                                    "the conditional on feature " +
                                    featuresOf(G) +
                                    "; cannot select it at run time");
        std::string Params;
        for (auto &[BI, D] : List) {
          const Directive &Dv = dir(D);
          llvm::StringRef R(Dv.Replacement);
          if (R.empty() ||
              (Dv.FunctionLike && (R.contains(';') || R.contains('{'))))
            return errorAt(Dv, "macro '" + Macro +
                                   "' defined per feature has a body that is "
                                   "not an expression; cannot select it at "
                                   "run time");
          if (Dv.FunctionLike != First.FunctionLike)
            return errorAt(Dv, "macro '" + Macro +
                                   "' is object-like in one branch and "
                                   "function-like in another");
        }
        if (First.FunctionLike) {
          llvm::StringRef B(First.Body);
          Params = B.slice(Macro.size(), B.find(')') + 1).str();
        }
        std::string Sel;
        for (size_t I = 0; I < List.size(); ++I) {
          const Directive &Dv = dir(List[I].second);
          std::string Value = "(" + Dv.Replacement + ")";
          if (I + 1 == List.size())
            Sel += Value;
          else
            Sel += "(" + conditionCode(*FG.Own[GI][List[I].first], F) + ") ? " +
                   Value + " : ";
        }
        Replace[List.front().second] =
            "#define " + Macro + Params + " (" + Sel + ")";
        for (size_t I = 1; I < List.size(); ++I)
          Replace[List[I].second] += "";
      }
    }
    return llvm::Error::success();
  }

  /// The outermost feature group whose lines contain Offset.
  std::optional<unsigned> outermostGroupAt(unsigned Offset) const {
    for (unsigned GI : FS.TopGroups) {
      std::optional<unsigned> Found = findFeatureGroup(GI, Offset);
      if (Found)
        return Found;
    }
    return std::nullopt;
  }
  std::optional<unsigned> findFeatureGroup(unsigned GI, unsigned Offset) const {
    const CondGroup &G = FS.Groups[GI];
    unsigned B = dir(G.Branches[0].DirectiveIndex).Begin;
    unsigned E = dir(G.EndifIndex).End;
    if (Offset < B || Offset >= E)
      return std::nullopt;
    if (Plans[GI].L == Level::Declarations)
      return GI;
    for (const CondGroup::Branch &Br : G.Branches)
      for (unsigned C : Br.Children)
        if (auto Found = findFeatureGroup(C, Offset))
          return Found;
    return std::nullopt;
  }

  llvm::Error emitSwitches() {
    for (const SwitchPlan &SP : Ctx.Switches) {
      const SwitchPlan::Variant *Last = nullptr, *First = nullptr;
      for (const SwitchPlan::Variant &V : SP.Variants) {
        if (V.File != In.Path)
          continue;
        const FunctionFact &Fn = *V.Fn;
        const char *Why = Fn.Member     ? "a member function"
                          : Fn.Variadic ? "a variadic function"
                          : Fn.Main     ? "'main'"
                          : !Fn.ParamsNamed
                              ? "a function with unnamed parameters"
                          : Fn.NameLength == 0 ? "an operator"
                                               : nullptr;
        if (Why)
          return error(Fn.NameBegin,
                       llvm::Twine("'") + SP.Name +
                           "' is defined differently per feature, but a "
                           "feature switch for " +
                           Why + " is not supported");
        addEdit(Fn.NameBegin, Fn.NameBegin + Fn.NameLength, V.Renamed);
        Ctx.Renamings.push_back({SP.Name, V.Renamed, V.Condition, In.Path,
                                 FS.lineOf(Fn.NameBegin)});
        First = First ? First : &V;
        Last = &V;
      }
      if (SP.OwnerFile != In.Path || !Last)
        continue;
      auto Group = outermostGroupAt(Last->Fn->DeclBegin);
      if (!Group)
        return error(Last->Fn->NameBegin,
                     "'" + SP.Name +
                         "' is defined per feature, but this definition is "
                         "not inside a feature conditional");
      CondPtr Common = FG.presenceAt(
          FS, dir(FS.Groups[*Group].Branches[0].DirectiveIndex).Begin);
      std::string Args;
      for (const std::string &P : Last->Fn->Params)
        Args += (Args.empty() ? "" : ", ") + P;
      std::string Dispatch, Prototypes;
      for (size_t I = 0; I < SP.Variants.size(); ++I) {
        const SwitchPlan::Variant &V = SP.Variants[I];
        if (V.File != In.Path)
          Prototypes += V.Header + "; ";
        std::string Call = V.Renamed + "(" + Args + ")";
        std::string Stmt = V.Fn->ReturnsVoid ? "{ " + Call + "; return; }"
                                             : "return " + Call + ";";
        if (I + 1 < SP.Variants.size())
          Dispatch += "if (" + V.Code + ") " + Stmt + " ";
        else
          Dispatch += Stmt;
      }
      // Variants may call the function (recursion): declare the switch
      // before the first of them.
      if (auto FirstGroup = outermostGroupAt(First->Fn->DeclBegin)) {
        unsigned D = FS.Groups[*FirstGroup].Branches[0].DirectiveIndex;
        Replace[D] = SP.Header + "; " + Replace[D];
      }
      const Directive &Endif = dir(FS.Groups[*Group].EndifIndex);
      unsigned Id =
          addRegion(runtime::RegionKind::Switch, SP.Name,
                    conditionText(*Common, F), Endif.Line, Endif.Line);
      Replace[FS.Groups[*Group].EndifIndex] +=
          Prototypes + SP.Header + " { " +
          runtime::regionMarker(runtime::RegionKind::Switch, Id) + " " +
          Dispatch + " }";
    }
    return llvm::Error::success();
  }

  void markFunctions() {
    std::map<unsigned, const FunctionFact *> Functions;
    for (const ParseView &V : In.Parses)
      for (const FunctionFact &Fn : V.Facts->Functions)
        Functions.try_emplace(Fn.BodyBegin, &Fn);
    for (const auto &[Begin, Fn] : Functions) {
      if (Fn->Lambda || Fn->Constexpr)
        continue;
      CondPtr PC = FG.presenceAt(FS, Fn->DeclBegin);
      unsigned Id = addRegion(runtime::RegionKind::Function, Fn->Name,
                              conditionText(*PC, F), Fn->Line, Fn->EndLine);
      addEdit(Begin + 1, Begin + 1,
              " " + runtime::regionMarker(runtime::RegionKind::Function, Id));
    }
  }

  void addEdit(unsigned B, unsigned E, std::string Text) {
    Edits.push_back(
        {B, E, std::move(Text), static_cast<unsigned>(Edits.size())});
  }

  llvm::Expected<std::string> apply() {
    for (const auto &[Idx, Text] : Replace) {
      const Directive &D = dir(Idx);
      addEdit(D.Begin, D.End,
              Text + newlines(llvm::StringRef(In.Text).slice(D.Begin, D.End)));
    }
    if (Edits.empty())
      return std::string();
    std::stable_sort(Edits.begin(), Edits.end(),
                     [](const Edit &A, const Edit &B) {
                       if (A.Begin != B.Begin)
                         return A.Begin < B.Begin;
                       return A.Seq < B.Seq;
                     });
    std::string Out = "#include \"" + In.GeneratedInclude + "\"\n#line 1\n";
    unsigned Pos = 0;
    for (size_t I = 0; I < Edits.size(); ++I) {
      const Edit &E = Edits[I];
      if (I > 0 && Edits[I - 1].Begin == E.Begin && Edits[I - 1].End == E.End &&
          Edits[I - 1].Text == E.Text && E.Begin != E.End)
        continue;
      if (E.Begin < Pos)
        return error(E.Begin, "internal error: conflicting rewrites here");
      Out += llvm::StringRef(In.Text).slice(Pos, E.Begin);
      Out += E.Text;
      Pos = E.End;
    }
    Out += llvm::StringRef(In.Text).substr(Pos);
    return Out;
  }

  const FileInput &In;
  const FileStructure &FS;
  const FileGroups &FG;
  ProjectContext &Ctx;
  const FeatureSetup &F;
  std::vector<GroupPlan> Plans;
  std::map<unsigned, std::string> Replace; ///< Directive -> its new text.
  std::vector<Edit> Edits;
};

} // namespace

std::string identifierFor(llvm::StringRef Condition) {
  std::string Out;
  for (size_t I = 0; I < Condition.size(); ++I) {
    char C = Condition[I];
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_')
      Out += C;
    else if (C == '!')
      Out += "not_";
    else if (Condition.substr(I).starts_with("&&")) {
      Out += "_and_";
      ++I;
    } else if (Condition.substr(I).starts_with("||")) {
      Out += "_or_";
      ++I;
    } else if (C != ' ' && C != '(' && C != ')')
      Out += '_';
  }
  return Out.empty() ? "base" : Out;
}

llvm::Expected<std::string> rewriteFile(const FileInput &In,
                                        ProjectContext &Ctx) {
  return FileRewriter(In, Ctx).run();
}

} // namespace varsim::rewrite
