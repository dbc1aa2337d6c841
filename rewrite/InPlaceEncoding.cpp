//===- rewrite/InPlaceEncoding.cpp - Groups encoded as run-time ifs -------===//
//
// The part of FileRewriter (FileRewriterImpl.h) that encodes disciplined
// groups in place: a group's tests become run-time ifs over the features
// (platform parts kept by the preprocessor), statement-level declarations
// are hoisted out of their blocks, members repeated per feature are
// declared once, defaulting groups are dropped and feature macros used as
// values read the runtime's value.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <functional>

namespace varsim::rewrite::detail {

/// The region marker that opens the block of statement-level branch BI of
/// group GI (a space first), or "" where the branch gets none (function
/// granularity, a dead branch, a tiny block, a guarded case).
std::string FileRewriter::branchMarker(unsigned GI, size_t BI) {
  const CondGroup &G = FS.Groups[GI];
  const GroupPlan &P = Plans[GI];
  if (Ctx.Detail == Granularity::Function || P.Dead[BI] ||
      leaveUnmarked(GI, BI) || CaseGuarded.count(GI))
    return "";
  unsigned Next = BI + 1 < G.Branches.size() ? G.Branches[BI + 1].DirectiveIndex
                                             : G.EndifIndex;
  unsigned Id = addRegion(runtime::RegionKind::Region, P.Function,
                          conditionText(*FG.Groups[GI].Own[BI], F),
                          originalLine(dir(G.Branches[BI].DirectiveIndex).Line),
                          originalLine(dir(Next).Line));
  noteMarkedBlock(GI, BI, Id);
  return " " + runtime::regionMarker(runtime::RegionKind::Region, Id);
}

/// A group whose tests are `platform && features`: the preprocessor
/// computes each platform part into a helper macro (at the #if), the
/// run-time if reads it, and statements of a branch stay inside a
/// preprocessor #if on its platform part (they may not compile
/// elsewhere). #line keeps the original line numbers.
void FileRewriter::encodeMixed(unsigned GI) {
  const CondGroup &G = FS.Groups[GI];
  const GroupPlan &P = Plans[GI];
  bool Stmts = P.L == Level::Statements;
  std::string Helpers;
  for (size_t BI = 0; BI < G.Branches.size(); ++BI)
    if (const CondPtr &PP = FG.Groups[GI].PlatformPart[BI])
      Helpers += "#if " + preprocessorText(*PP) + "\n#define " +
                 helperName(GI, BI) + " 1\n#else\n#define " +
                 helperName(GI, BI) + " 0\n#endif\n";
  bool PrevGuard = false;
  auto Lines = [&](const Directive &D, const std::string &Code,
                   const std::string &Open) {
    return "\n" + std::string(PrevGuard ? "#endif\n" : "") + "#line " +
           std::to_string(D.Line) + "\n" + Code + "\n" + Open + "#line " +
           std::to_string(D.Line + D.PhysicalLines) + "\n";
  };
  for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
    const CondGroup::Branch &B = G.Branches[BI];
    blankIfDead(GI, BI);
    std::string Code;
    if (Stmts) {
      std::string Test =
          B.Condition ? conditionCode(*runtimeTest(GI, BI), F) : "";
      Code = BI == 0       ? "if (" + Test + ") {"
             : B.Condition ? "} else if (" + Test + ") {"
                           : "} else {";
      Code += branchMarker(GI, BI);
    }
    // Declarations of a branch that defines macros stay unguarded: a
    // macro merged per feature is defined in its first branch. (A scratch
    // macro, defined and undefined in the branch, is not merged.)
    bool HasDefine = llvm::any_of(B.Directives, [&](unsigned D) {
      return dir(D).Kind == DirectiveKind::Define && !scratchPair(B, D);
    });
    bool Guard =
        FG.Groups[GI].PlatformPart[BI] && !P.Dead[BI] && (Stmts || !HasDefine);
    std::string Open =
        Guard
            ? "#if " + preprocessorText(*FG.Groups[GI].PlatformPart[BI]) + "\n"
            : "";
    Replace[B.DirectiveIndex] += (BI == 0 ? "\n" + Helpers : std::string()) +
                                 Lines(dir(B.DirectiveIndex), Code, Open);
    Raw.insert(B.DirectiveIndex);
    PrevGuard = Guard;
  }
  Replace[G.EndifIndex] += Lines(dir(G.EndifIndex), Stmts ? "}" : "", "");
  Raw.insert(G.EndifIndex);
}

llvm::Error FileRewriter::encodeGroups() {
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    const GroupPlan &P = Plans[GI];
    if ((P.L == Level::Statements || P.L == Level::Declarations) &&
        hasPlatformPart(GI)) {
      encodeMixed(GI);
      continue;
    }
    if (P.L == Level::Defaulted) {
      unsigned B = dir(G.Branches[0].DirectiveIndex).Begin;
      unsigned E = dir(G.EndifIndex).End;
      blankLines(B, E);
      continue;
    }
    if (P.L == Level::Untouched || P.L == Level::Resolved)
      continue;
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      blankIfDead(GI, BI);
      std::string &Text = Replace[B.DirectiveIndex];
      if (P.L == Level::Declarations)
        continue;
      if (BI == 0)
        Text += "if (" + conditionCode(*B.Condition, F) + ") {";
      else if (B.Condition)
        Text += "} else if (" + conditionCode(*B.Condition, F) + ") {";
      else
        Text += "} else {";
      Text += branchMarker(GI, BI);
    }
    Replace[G.EndifIndex] += P.L == Level::Statements ? "}" : "";
  }
  return llvm::Error::success();
}

/// The outermost statement-level group around GI in the same block.
unsigned FileRewriter::anchorOf(unsigned GI) const {
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

/// Hoists the declarations of statement-level blocks that the code after
/// the block uses. Dry: only finds the blocks whose declarations cannot
/// be hoisted (appended to Found, to be lifted), and edits nothing.
llvm::Error FileRewriter::hoistDeclarations(
    bool Dry, std::vector<std::pair<unsigned, Problem>> *Found) {
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
          if (Plans[GI].L != Level::Statements || Plans[GI].Compound != C.Begin)
            continue;
          // A label's statement ends where the labelled one begins,
          // which may be after the block: only its start counts.
          for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
            if (B.ContentBegin <= S.Begin &&
                (S.Label ? S.Begin < B.ContentEnd : S.End <= B.ContentEnd) &&
                B.ContentEnd - B.ContentBegin < Size) {
              Size = B.ContentEnd - B.ContentBegin;
              Group = GI;
            }
        }
        if (!Group)
          continue;
        // Lifting the group (dry run) or a located error.
        auto Fail = [&](const llvm::Twine &Msg) -> llvm::Error {
          if (Dry) {
            Found->push_back({*Group, Problem{S.Begin, Msg.str()}});
            return llvm::Error::success();
          }
          return error(S.Begin, Msg);
        };
        if (S.Label) {
          std::string WhyNot = guardCaseLabel(C, S, *Group, Dry);
          if (WhyNot.empty())
            continue;
          if (llvm::Error E =
                  Fail("a case or goto label inside a conditional block on "
                       "feature " +
                       featuresOf(FS.Groups[*Group]) +
                       " (an undisciplined annotation; " + WhyNot + ")"))
            return E;
          continue;
        }
        if (!S.DeclStmt || !Done.insert(S.Begin).second)
          continue;
        const VarFact *Destructed = nullptr;
        for (const VarFact &VF : S.Vars)
          if (VF.Destructed && !Destructed)
            Destructed = &VF;
        if (Destructed) {
          if (llvm::Error E =
                  Fail("the object '" + Destructed->Name +
                       "' declared inside a conditional block on feature " +
                       featuresOf(FS.Groups[*Group]) +
                       " has a destructor; as run-time control flow it would "
                       "be destroyed at the end of the block instead of its "
                       "scope"))
            return E;
          continue;
        }
        unsigned GroupEnd = dir(FS.Groups[*Group].EndifIndex).Begin;
        bool UsedAfter = llvm::any_of(
            S.Vars, [&](const VarFact &VF) { return VF.MaxUse > GroupEnd; });
        if (!UsedAfter)
          continue;
        if (S.Vars.size() != 1) {
          if (llvm::Error E = Fail(
                  "a declaration of several variables inside a "
                  "conditional block on feature " +
                  featuresOf(FS.Groups[*Group]) + " is used after the block"))
            return E;
          continue;
        }
        const VarFact &VF = S.Vars.front();
        if (!VF.Scalar || VF.StaticLocal) {
          if (llvm::Error E =
                  Fail("the variable '" + VF.Name +
                       "' is declared inside a conditional block on feature " +
                       featuresOf(FS.Groups[*Group]) +
                       " and used after it, but its declaration ('" +
                       VF.HoistedDecl +
                       "') cannot be hoisted (only non-static scalar variables "
                       "initialized with '=' can)"))
            return E;
          continue;
        }
        unsigned Anchor = anchorOf(*Group);
        auto [It, New] = Hoisted[Anchor].try_emplace(VF.Name, VF.HoistedDecl);
        if (!New && It->second != VF.HoistedDecl) {
          if (llvm::Error E =
                  Fail("the variable '" + VF.Name +
                       "' has a different type per variant ('" + It->second +
                       "' and '" + VF.HoistedDecl + "')"))
            return E;
          continue;
        }
        if (Dry)
          continue;
        if (VF.HasInit)
          addEdit(S.Begin, VF.InitBegin, VF.Name + " = ");
        else
          addEdit(S.Begin, S.End, "");
      }
    }
  }
  if (Dry)
    return llvm::Error::success();
  for (const auto &[Anchor, Vars] : Hoisted) {
    std::string Decls;
    for (const auto &[Name, Decl] : Vars)
      Decls += Decl + "; ";
    unsigned D = FS.Groups[Anchor].Branches[0].DirectiveIndex;
    Replace[D] = Decls + Replace[D];
  }
  return llvm::Error::success();
}

/// A member declared alike (same type, same text) in several feature
/// branches of its record (`#if A int extra; #elif B int extra; ...`): the
/// simulator holds the union of the members, so it declares it once (the
/// first declaration) and drops the repeats. A member declared differently
/// is refused by the safety pass (LayoutJudge).
void FileRewriter::dropRepeatedMembers() {
  std::map<std::pair<std::string, std::string>,
           std::map<unsigned, const FieldFact *>>
      ByName;
  std::map<unsigned, std::set<std::string>> NamesAt;
  for (const ParseView &V : In.Parses)
    for (const FieldFact &Fd : V.Facts->Fields) {
      ByName[{Fd.Record, Fd.Name}].try_emplace(Fd.Begin, &Fd);
      NamesAt[Fd.Begin].insert(Fd.Name);
    }
  for (const auto &[Key, Decls] : ByName) {
    if (Decls.size() < 2)
      continue;
    const FieldFact &First = *Decls.begin()->second;
    bool Alike = llvm::all_of(Decls, [&](const auto &D) {
      const FieldFact &Fd = *D.second;
      return Fd.Declaration == First.Declaration && Fd.End != 0 &&
             NamesAt[Fd.Begin].size() == 1 &&
             FG.presenceAt(FS, Fd.Begin)->K != Cond::Int;
    });
    if (!Alike)
      continue;
    for (auto It = std::next(Decls.begin()); It != Decls.end(); ++It) {
      const FieldFact &Fd = *It->second;
      blankLines(Fd.Begin, Fd.End);
    }
  }
}

/// `#ifndef F` / `#define F 0` / `#endif` for a feature F (any value for
/// a numeric F, which every configuration defines): the default of a
/// feature tested by value, which the simulator reads at run time.
bool FileRewriter::isDefaulting(unsigned GI) const {
  const CondGroup &G = FS.Groups[GI];
  if (G.Branches.size() != 1 || !G.Branches[0].Condition)
    return false;
  const Cond &C = *G.Branches[0].Condition;
  if (C.K != Cond::Unary || C.Op != "!" || C.Operands[0]->K != Cond::Defined)
    return false;
  const std::string &M = C.Operands[0]->Name;
  const CondGroup::Branch &B = G.Branches[0];
  if (!F.isFeatureMacro(M) || B.Directives.size() != 1 || !B.Children.empty())
    return false;
  const Directive &D = dir(B.Directives[0]);
  llvm::StringRef Text(In.Text);
  if (D.Kind != DirectiveKind::Define || D.Macro != M || D.FunctionLike ||
      Text.slice(B.ContentBegin, B.ContentEnd).trim() !=
          Text.slice(D.Begin, D.End).trim())
    return false;
  if (F.isNumeric(M))
    return true;
  // A boolean feature defaulted to 0 is read by value (#if F); with
  // defined(F) elsewhere the variant would always see it defined.
  if (llvm::StringRef(D.Replacement).trim() != "0")
    return false;
  std::function<bool(const Cond &)> TestsDefined = [&](const Cond &N) {
    if (N.K == Cond::Defined && N.Name == M)
      return true;
    return llvm::any_of(N.Operands,
                        [&](const CondPtr &O) { return TestsDefined(*O); });
  };
  for (unsigned Other = 0; Other < FS.Groups.size(); ++Other)
    if (Other != GI)
      for (const CondGroup::Branch &Br : FS.Groups[Other].Branches)
        if (Br.Condition && TestsDefined(*Br.Condition))
          return false;
  return true;
}

/// Feature macros used as values (`printf("%d", LEVEL)`) read the
/// runtime's value (the simulator is compiled without their -D flags).
void FileRewriter::replaceFeatureValues() {
  std::set<unsigned> Constant;
  std::map<unsigned, std::string> Uses;
  for (const ParseView &V : In.Parses) {
    for (const ConstantUse &CU : V.Facts->ConstantUses)
      Constant.insert(CU.Offset);
    for (const MacroUse &U : V.Facts->FeatureValueUses)
      Uses.emplace(U.Offset, U.Macro);
  }
  for (const auto &[Offset, Macro] : Uses) {
    if (Constant.count(Offset))
      continue; // Duplicated per configuration instead.
    if (auto D = directiveAt(Offset))
      if (dir(*D).Kind != DirectiveKind::Define || Replace.count(*D))
        continue;
    addEdit(Offset, Offset + static_cast<unsigned>(Macro.size()),
            runtime::featureValueUse(F.descOf(Macro)));
  }
}

} // namespace varsim::rewrite::detail
