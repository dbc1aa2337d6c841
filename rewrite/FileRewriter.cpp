//===- rewrite/FileRewriter.cpp - The edits of one source file ------------===//

#include "rewrite/FileRewriter.h"

#include "rewrite/FunctionCopies.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace varsim::rewrite {
namespace {

/// Whether a macro body is syntactically a void expression: `(void)0`,
/// `((void)(x))`, `(void)sizeof(x)`.
bool isVoidExpression(llvm::StringRef Body) {
  llvm::StringRef B = Body.trim();
  while (B.consume_front("(")) {
    B = B.ltrim();
    if (B.consume_front("void")) {
      B = B.ltrim();
      return B.starts_with(")");
    }
  }
  return false;
}

/// A path as a C string literal (for #line).
std::string quotedPath(llvm::StringRef Path) {
  std::string Out = "\"";
  for (char C : Path) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

struct Edit {
  unsigned Begin = 0, End = 0;
  std::string Text;
  unsigned Seq = 0;
};

/// Resolved: lifted into per-configuration copies of its function.
/// Defaulted: `#ifndef F / #define F 0 / #endif` for a feature F, removed
/// (the simulator reads F's value at run time).
enum class Level { Untouched, Declarations, Statements, Resolved, Defaulted };

/// Why a group cannot be encoded in place (an undisciplined annotation).
struct Problem {
  unsigned Offset = 0;
  std::string Message;
};

/// A function duplicated per configuration of the features of the
/// conditionals lifted into it.
struct Duplicate {
  const FunctionFact *Fn = nullptr;
  std::set<unsigned> Groups;
  /// Macros a constant expression in it needs per configuration.
  std::set<std::string> Macros;
  CopyPlan Plan;
  std::vector<std::string> Names; ///< Per copy.
  std::vector<unsigned> Regions;  ///< Per copy (function regions).
  unsigned Switch = 0;            ///< The dispatcher's region.
};

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
    collectFunctions();
    if (llvm::Error E = classify())
      return E;
    if (llvm::Error E = liftProblems())
      return E;
    if (llvm::Error E = liftConstantUses())
      return E;
    if (llvm::Error E = encodeGroups())
      return E;
    if (llvm::Error E = hoistDeclarations(/*Dry=*/false, nullptr))
      return E;
    if (llvm::Error E = planDuplicates())
      return E;
    if (llvm::Error E = mergeMacros())
      return E;
    if (llvm::Error E = emitSwitches())
      return E;
    replaceFeatureValues();
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
      if (isDefaulting(GI)) {
        P.L = Level::Defaulted;
        continue;
      }
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
          if (Pl.K == DirectivePlace::Inside) {
            Problems.try_emplace(
                GI,
                Problem{dir(D).Begin,
                        "conditional on feature " + featuresOf(G) + " inside " +
                            Pl.Construct + " (an undisciplined annotation)"});
            continue;
          }
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
            Problems.try_emplace(
                GI, Problem{dir(D).Begin,
                            "conditional on feature " + featuresOf(G) +
                                " spans more than one block or mixes "
                                "statements and declarations (an "
                                "undisciplined annotation)"});
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
        // A branch for another platform: kept under its preprocessor #if.
        if (hasPlatformPart(GI) && FG.PlatformPart[GI][BI])
          continue;
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
      if (P.L == Level::Statements && P.FunctionConstexpr &&
          !Problems.count(GI))
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

  //===--- Conditions mixing features with platform/project macros -------===//

  bool hasPlatformPart(unsigned GI) const {
    return FG.Separable[GI] &&
           llvm::any_of(FG.PlatformPart[GI],
                        [](const CondPtr &C) { return C != nullptr; });
  }

  /// The helper macro holding a branch's compile-time part (0 or 1).
  std::string helperName(unsigned GI, size_t BI) const {
    return "VARSIM_PP_" +
           std::to_string(dir(FS.Groups[GI].Branches[0].DirectiveIndex).Line) +
           "_" + std::to_string(BI);
  }

  /// A branch's test with its compile-time part read from its helper.
  CondPtr runtimeTest(unsigned GI, size_t BI) const {
    std::vector<CondPtr> Parts;
    if (FG.PlatformPart[GI][BI]) {
      auto Id = std::make_shared<Cond>();
      Id->K = Cond::Ident;
      Id->Name = helperName(GI, BI);
      Parts.push_back(Id);
    }
    if (FG.FeaturePart[GI][BI])
      Parts.push_back(FG.FeaturePart[GI][BI]);
    return makeAnd(Parts);
  }

  /// A branch's own condition (earlier tests false), as runtimeTest.
  CondPtr runtimeOwn(unsigned GI, size_t BI) const {
    const CondGroup &G = FS.Groups[GI];
    std::vector<CondPtr> Parts;
    for (size_t J = 0; J < BI; ++J)
      if (G.Branches[J].Condition)
        Parts.push_back(makeNot(runtimeTest(GI, J)));
    if (G.Branches[BI].Condition)
      Parts.push_back(runtimeTest(GI, BI));
    return makeAnd(Parts);
  }

  static std::string preprocessorText(const Cond &C) {
    return printCondition(C, [](llvm::StringRef M, bool Defined) {
      return Defined ? "defined(" + M.str() + ")" : M.str();
    });
  }

  /// A group whose tests are `platform && features`: the preprocessor
  /// computes each platform part into a helper macro (at the #if), the
  /// run-time if reads it, and statements of a branch stay inside a
  /// preprocessor #if on its platform part (they may not compile
  /// elsewhere). #line keeps the original line numbers.
  void encodeMixed(unsigned GI) {
    const CondGroup &G = FS.Groups[GI];
    const GroupPlan &P = Plans[GI];
    bool Stmts = P.L == Level::Statements;
    std::string Helpers;
    for (size_t BI = 0; BI < G.Branches.size(); ++BI)
      if (const CondPtr &PP = FG.PlatformPart[GI][BI])
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
      if (P.Dead[BI] && B.ContentBegin < B.ContentEnd)
        addEdit(B.ContentBegin, B.ContentEnd,
                newlines(llvm::StringRef(In.Text).slice(B.ContentBegin,
                                                        B.ContentEnd)));
      std::string Code;
      if (Stmts) {
        std::string Test =
            B.Condition ? conditionCode(*runtimeTest(GI, BI), F) : "";
        Code = BI == 0       ? "if (" + Test + ") {"
               : B.Condition ? "} else if (" + Test + ") {"
                             : "} else {";
        if (Ctx.Detail == Granularity::Region && !P.Dead[BI]) {
          unsigned Next = BI + 1 < G.Branches.size()
                              ? G.Branches[BI + 1].DirectiveIndex
                              : G.EndifIndex;
          unsigned Id = addRegion(runtime::RegionKind::Region, P.Function,
                                  conditionText(*FG.Own[GI][BI], F),
                                  dir(B.DirectiveIndex).Line, dir(Next).Line);
          Code += " " + runtime::regionMarker(runtime::RegionKind::Region, Id);
        }
      }
      // Declarations of a branch that defines macros stay unguarded: a
      // macro merged per feature is defined in its first branch.
      bool HasDefine = llvm::any_of(B.Directives, [&](unsigned D) {
        return dir(D).Kind == DirectiveKind::Define;
      });
      bool Guard =
          FG.PlatformPart[GI][BI] && !P.Dead[BI] && (Stmts || !HasDefine);
      std::string Open =
          Guard ? "#if " + preprocessorText(*FG.PlatformPart[GI][BI]) + "\n"
                : "";
      Replace[B.DirectiveIndex] += (BI == 0 ? "\n" + Helpers : std::string()) +
                                   Lines(dir(B.DirectiveIndex), Code, Open);
      Raw.insert(B.DirectiveIndex);
      PrevGuard = Guard;
    }
    Replace[G.EndifIndex] += Lines(dir(G.EndifIndex), Stmts ? "}" : "", "");
    Raw.insert(G.EndifIndex);
  }

  llvm::Error encodeGroups() {
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
        addEdit(B, E, newlines(llvm::StringRef(In.Text).slice(B, E)));
        continue;
      }
      if (P.L == Level::Untouched || P.L == Level::Resolved)
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

  /// Hoists the declarations of statement-level blocks that the code after
  /// the block uses. Dry: only finds the blocks whose declarations cannot
  /// be hoisted (appended to Found, to be lifted), and edits nothing.
  llvm::Error
  hoistDeclarations(bool Dry,
                    std::vector<std::pair<unsigned, Problem>> *Found) {
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
            if (llvm::Error E =
                    Fail("a case or goto label inside a conditional block on "
                         "feature " +
                         featuresOf(FS.Groups[*Group]) +
                         " (an undisciplined annotation)"))
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
            if (llvm::Error E = Fail(
                    "the variable '" + VF.Name +
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

  /// `#ifndef F` / `#define F 0` / `#endif` for a feature F (any value for
  /// a numeric F, which every configuration defines): the default of a
  /// feature tested by value, which the simulator reads at run time.
  bool isDefaulting(unsigned GI) const {
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

  /// The directive whose lines hold Offset, if any.
  std::optional<unsigned> directiveAt(unsigned Offset) const {
    auto It = llvm::partition_point(
        FS.Directives, [&](const Directive &D) { return D.End <= Offset; });
    if (It == FS.Directives.end() || It->Begin > Offset)
      return std::nullopt;
    return static_cast<unsigned>(It - FS.Directives.begin());
  }

  /// Feature macros used as values (`printf("%d", LEVEL)`) read the
  /// runtime's value (the simulator is compiled without their -D flags).
  void replaceFeatureValues() {
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
              "(" + runtime::featureValueExpr(F.descOf(Macro)) + ")");
    }
  }

  /// Functions whose constant expressions (case labels, array bounds, ...)
  /// use a macro defined per feature or a feature macro are duplicated per
  /// configuration; at file scope such a use is a located error.
  llvm::Error liftConstantUses() {
    std::map<unsigned, const ConstantUse *> Uses;
    for (const ParseView &V : In.Parses)
      for (const ConstantUse &CU : V.Facts->ConstantUses)
        Uses.try_emplace(CU.Offset, &CU);
    for (const auto &[Offset, CU] : Uses) {
      bool IsFeature = F.isFeatureMacro(CU->Macro);
      auto PFM = Ctx.PerFeatureMacros.find(CU->Macro);
      if (!IsFeature && PFM == Ctx.PerFeatureMacros.end())
        continue;
      std::string What = IsFeature ? "the feature macro '" + CU->Macro + "'"
                                   : "the macro '" + CU->Macro +
                                         "' (defined per feature " +
                                         PFM->second.Features + ")";
      const FunctionFact *Fn = enclosingFunction(Offset, Offset + 1);
      if (!Fn || Offset < Fn->BodyBegin)
        return error(Offset,
                     What + " is used in " + CU->Context +
                         (Fn ? " in the declaration of '" + Fn->Name + "'"
                             : std::string(" outside a function body")) +
                         ", where a constant is required; the simulator "
                         "selects its value at run time, so this is not "
                         "supported (only function bodies are duplicated per "
                         "configuration)");
      if (const char *Why = notDuplicable(*Fn))
        return error(Offset,
                     What + " is used in " + CU->Context + " in '" + Fn->Name +
                         "', where a constant is required; "
                         "duplicating '" +
                         Fn->Name +
                         "' per configuration is not supported for " + Why);
      Duplicate &D = Duplicates[Fn->BodyBegin];
      D.Fn = Fn;
      D.Macros.insert(CU->Macro);
    }
    return llvm::Error::success();
  }

  //===--- Lifting undisciplined conditionals into function copies -------===//

  void collectFunctions() {
    for (const ParseView &V : In.Parses)
      for (const FunctionFact &Fn : V.Facts->Functions)
        Functions.try_emplace(Fn.BodyBegin, &Fn);
  }

  /// The innermost function (not a lambda) whose text holds [B, E).
  const FunctionFact *enclosingFunction(unsigned B, unsigned E) const {
    const FunctionFact *Best = nullptr;
    for (const auto &[Begin, Fn] : Functions) {
      if (Fn->Lambda || B < Fn->DeclBegin || E > Fn->BodyEnd + 1)
        continue;
      if (!Best || Fn->DeclBegin >= Best->DeclBegin)
        Best = Fn;
    }
    return Best;
  }

  /// Why Fn cannot be duplicated per configuration (nullptr: it can).
  const char *notDuplicable(const FunctionFact &Fn) const {
    if (Fn.NameLength == 0)
      return "a constructor, destructor or operator";
    if (Fn.Template)
      return "a template";
    if (Fn.Constexpr)
      return "a constexpr function";
    if (Fn.Variadic)
      return "a variadic function";
    if (!Fn.ParamsNamed)
      return "a function with unnamed parameters";
    if (Fn.OutOfLine)
      return "a member function defined outside its class";
    for (const SwitchPlan &SP : Ctx.Switches)
      for (const SwitchPlan::Variant &V : SP.Variants)
        if (V.File == In.Path && V.Fn->BodyBegin == Fn.BodyBegin)
          return "a function that is also defined per feature";
    return nullptr;
  }

  /// Lifts group GI into copies of its function, or explains why not.
  llvm::Error lift(unsigned GI, const Problem &Pr) {
    if (Plans[GI].L == Level::Resolved)
      return llvm::Error::success();
    if (hasPlatformPart(GI))
      return error(Pr.Offset, Pr.Message +
                                  " tests platform or project macros too; "
                                  "such a conditional cannot be lifted");
    const CondGroup &G = FS.Groups[GI];
    unsigned B = dir(G.Branches[0].DirectiveIndex).Begin;
    unsigned E = dir(G.EndifIndex).End;
    const FunctionFact *Fn = enclosingFunction(B, E);
    if (!Fn)
      return error(Pr.Offset,
                   Pr.Message +
                       " outside a function body is not supported; put the "
                       "#if around complete statements or declarations");
    if (B < Fn->BodyBegin)
      return error(Pr.Offset,
                   Pr.Message +
                       " is not supported: only function bodies are "
                       "duplicated per configuration, not the declaration "
                       "of '" +
                       Fn->Name + "' (its parameters or initializers)");
    if (const char *Why = notDuplicable(*Fn))
      return error(Pr.Offset, Pr.Message + " cannot be lifted: '" + Fn->Name +
                                  "' would be duplicated per configuration, "
                                  "which is not supported for " +
                                  Why);
    Plans[GI].L = Level::Resolved;
    Duplicate &D = Duplicates[Fn->BodyBegin];
    D.Fn = Fn;
    D.Groups.insert(GI);
    return llvm::Error::success();
  }

  /// Resolved groups of a function and every feature group of its body
  /// that tests one of their features (a copy fixes those features).
  void closeOverFeatures() {
    for (auto &[Begin, D] : Duplicates) {
      bool Changed = true;
      while (Changed) {
        Changed = false;
        std::set<std::string> Macros;
        for (unsigned GI : D.Groups)
          for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
            if (B.Condition)
              collectMacros(*B.Condition, Macros);
        for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
          GroupPlan &P = Plans[GI];
          // A mixed group stays a run-time if in every copy (its test
          // agrees with the copy's features).
          if ((P.L != Level::Declarations && P.L != Level::Statements) ||
              hasPlatformPart(GI))
            continue;
          const CondGroup &G = FS.Groups[GI];
          unsigned B = dir(G.Branches[0].DirectiveIndex).Begin;
          if (B < D.Fn->BodyBegin || dir(G.EndifIndex).End > D.Fn->BodyEnd)
            continue;
          std::set<std::string> Own;
          for (const CondGroup::Branch &Br : G.Branches)
            if (Br.Condition)
              collectMacros(*Br.Condition, Own);
          if (llvm::none_of(Own, [&](const std::string &M) {
                return F.isFeatureMacro(M) && Macros.count(M);
              }))
            continue;
          P.L = Level::Resolved;
          D.Groups.insert(GI);
          Changed = true;
        }
      }
    }
  }

  llvm::Error liftProblems() {
    for (const auto &[GI, Pr] : Problems)
      if (llvm::Error E = lift(GI, Pr))
        return E;
    for (unsigned Round = 0; Round <= FS.Groups.size(); ++Round) {
      closeOverFeatures();
      std::vector<std::pair<unsigned, Problem>> More;
      if (llvm::Error E = hoistDeclarations(/*Dry=*/true, &More))
        return E;
      if (More.empty())
        break;
      for (const auto &[GI, Pr] : More)
        if (llvm::Error E = lift(GI, Pr))
          return E;
    }
    return llvm::Error::success();
  }

  /// The copies of each duplicated function, their names and regions.
  llvm::Error planDuplicates() {
    for (auto &[Begin, D] : Duplicates) {
      const FunctionFact &Fn = *D.Fn;
      std::vector<unsigned> Groups(D.Groups.begin(), D.Groups.end());
      unsigned At =
          Groups.empty()
              ? Fn.NameBegin
              : dir(FS.Groups[Groups.front()].Branches[0].DirectiveIndex).Begin;
      if (const char *Why = notDuplicable(Fn))
        return error(At, "'" + Fn.Name +
                             "' would be duplicated per configuration, "
                             "which is not supported for " +
                             Why);
      std::vector<Decision> Decisions;
      std::map<unsigned, size_t> Position;
      for (unsigned GI : Groups) {
        Decision Dc = decisionOf(FS, FG, GI);
        const CondGroup &G = FS.Groups[GI];
        if (G.ParentGroup && Position.count(*G.ParentGroup)) {
          Dc.Parent = Position[*G.ParentGroup];
          Dc.ParentBranch = G.ParentBranch;
        }
        Position[GI] = Decisions.size();
        Decisions.push_back(std::move(Dc));
      }
      for (const std::string &M : D.Macros) {
        if (F.isFeatureMacro(M)) {
          Decisions.push_back(valueDecision(F, M));
        } else {
          const PerFeatureMacro &P = Ctx.PerFeatureMacros.at(M);
          Decisions.push_back({P.Tests, P.Own, std::nullopt, 0});
        }
      }
      CondPtr PC = FG.presenceAt(FS, Fn.DeclBegin);
      auto Plan = planCopies(Decisions, F, PC);
      if (!Plan)
        return error(At, "cannot duplicate '" + Fn.Name +
                             "' per configuration (to lift its undisciplined "
                             "conditionals or constant expressions): " +
                             llvm::toString(Plan.takeError()));
      D.Plan = std::move(*Plan);
      llvm::StringRef Base = Fn.Name;
      if (size_t Colons = Base.rfind("::"); Colons != llvm::StringRef::npos)
        Base = Base.substr(Colons + 2);
      D.Switch = addRegion(runtime::RegionKind::Switch, Fn.Name,
                           conditionText(*PC, F), Fn.Line, Fn.EndLine);
      for (const FunctionCopy &C : D.Plan.Copies) {
        std::string Cond = conditionText(*C.Condition, F);
        std::string Name = (Base + "__varsim_" + identifierFor(Cond)).str();
        if (llvm::is_contained(D.Names, Name))
          Name += "_" + std::to_string(D.Names.size());
        D.Names.push_back(Name);
        D.Regions.push_back(
            addRegion(runtime::RegionKind::Function, Fn.Name,
                      conditionText(*makeAnd({PC, C.Condition}), F), Fn.Line,
                      Fn.EndLine));
        Ctx.Renamings.push_back(
            {Fn.Name, Name, Cond, In.Path, FS.lineOf(Fn.NameBegin)});
      }
    }
    return llvm::Error::success();
  }

  /// The text of a duplicated function: a declaration (for recursion),
  /// its copies, the dispatcher; each from its original line (#line).
  llvm::Expected<std::string> renderDuplicate(const Duplicate &D,
                                              const std::vector<Edit> &Inner) {
    const FunctionFact &Fn = *D.Fn;
    llvm::StringRef Text(In.Text);
    unsigned DeclLine = FS.lineOf(Fn.DeclBegin);
    std::string LineDecl = "\n#line " + std::to_string(DeclLine) + "\n";
    std::string Header = Text.slice(Fn.DeclBegin, Fn.BodyBegin).rtrim().str();
    std::string Out;
    std::vector<unsigned> Groups(D.Groups.begin(), D.Groups.end());
    // C++ forbids repeating default arguments; members need no declaration.
    if (!Fn.Member && !Header.empty() && !llvm::StringRef(Header).contains('='))
      Out += LineDecl + Header + ";";
    for (size_t CI = 0; CI < D.Plan.Copies.size(); ++CI) {
      const FunctionCopy &C = D.Plan.Copies[CI];
      std::vector<std::pair<unsigned, unsigned>> Dropped;
      std::vector<Edit> Es;
      auto Blank = [&](unsigned B, unsigned E) {
        if (B >= E)
          return;
        Dropped.push_back({B, E});
        Es.push_back({B, E, newlines(Text.slice(B, E)), 0});
      };
      for (size_t I = 0; I < Groups.size(); ++I) {
        if (C.Branch[I] == FunctionCopy::Unreached)
          continue;
        const CondGroup &G = FS.Groups[Groups[I]];
        for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
          const Directive &Dv = dir(G.Branches[BI].DirectiveIndex);
          Blank(Dv.Begin, Dv.End);
          if (static_cast<int>(BI) != C.Branch[I])
            Blank(G.Branches[BI].ContentBegin, G.Branches[BI].ContentEnd);
        }
        Blank(dir(G.EndifIndex).Begin, dir(G.EndifIndex).End);
      }
      for (const Edit &E : Inner) {
        bool InDropped = llvm::any_of(Dropped, [&](const auto &R) {
          return R.first <= E.Begin && E.End <= R.second && E.Begin < R.second;
        });
        if (!InDropped)
          Es.push_back(E);
      }
      Es.push_back(
          {Fn.NameBegin, Fn.NameBegin + Fn.NameLength, D.Names[CI], 0});
      Es.push_back({Fn.BodyBegin + 1, Fn.BodyBegin + 1,
                    " " + runtime::regionMarker(runtime::RegionKind::Function,
                                                D.Regions[CI]),
                    0});
      // main returns 0 when it falls off its end; its copies must too.
      if (Fn.Main)
        Es.push_back({Fn.BodyEnd, Fn.BodyEnd, " return 0; ", 0});
      for (size_t I = 0; I < Es.size(); ++I)
        Es[I].Seq = static_cast<unsigned>(I);
      auto Copy = render(Fn.DeclBegin, Fn.BodyEnd + 1, std::move(Es));
      if (!Copy)
        return Copy.takeError();
      // The copy's definition of each macro its constants need.
      std::string Push, Pop;
      size_t MI = Groups.size();
      for (const std::string &M : D.Macros) {
        int Branch = C.Branch[MI++];
        std::string Def;
        if (Branch >= 0) {
          if (F.isFeatureMacro(M)) {
            std::string V = valueDecisionValues(F, M)[Branch];
            Def = V.empty() ? "" : M + " " + V;
          } else {
            Def = Ctx.PerFeatureMacros.at(M).Definitions[Branch];
          }
        }
        Push += "#pragma push_macro(\"" + M + "\")\n#undef " + M + "\n" +
                (Def.empty() ? "" : "#define " + Def + "\n");
        Pop += "\n#pragma pop_macro(\"" + M + "\")";
      }
      Out += "\n" + Push + LineDecl.substr(1) + *Copy + Pop;
    }
    std::string Args;
    for (const std::string &P : Fn.Params)
      Args += (Args.empty() ? "" : ", ") + P;
    std::string Dispatch;
    for (size_t CI = 0; CI < D.Plan.Copies.size(); ++CI) {
      std::string Call = D.Names[CI] + "(" + Args + ")";
      std::string Stmt =
          Fn.ReturnsVoid ? "{ " + Call + "; return; }" : "return " + Call + ";";
      if (CI + 1 < D.Plan.Copies.size())
        Dispatch += "if (" + conditionCode(*D.Plan.Copies[CI].Condition, F) +
                    ") " + Stmt + " ";
      else
        Dispatch += Stmt;
    }
    Out += LineDecl + Header + " { " +
           runtime::regionMarker(runtime::RegionKind::Switch, D.Switch) + " " +
           Dispatch + " }";
    Out += "\n#line " + std::to_string(FS.lineOf(Fn.BodyEnd)) + "\n";
    return Out;
  }

  llvm::Error mergeMacros() {
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &G = FS.Groups[GI];
      const GroupPlan &P = Plans[GI];
      if (P.L != Level::Declarations && P.L != Level::Statements)
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
        // `((void)0)` as the body of the disabled variant is the usual
        // idiom of statistics and trace macros; C++ refuses a ?: with one
        // void operand, so then every operand is made void (a use of such
        // a macro's value would not compile in that variant either).
        bool AnyVoid = llvm::any_of(List, [&](const auto &Def) {
          return isVoidExpression(dir(Def.second).Replacement);
        });
        std::string Sel;
        for (size_t I = 0; I < List.size(); ++I) {
          const Directive &Dv = dir(List[I].second);
          std::string Value =
              (AnyVoid ? "(void)(" : "(") + Dv.Replacement + ")";
          if (I + 1 == List.size())
            Sel += Value;
          else
            Sel += "(" +
                   conditionCode(hasPlatformPart(GI)
                                     ? *runtimeOwn(GI, List[I].first)
                                     : *FG.Own[GI][List[I].first],
                                 F) +
                   ") ? " + Value + " : ";
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

  /// A member function defined per condition cannot be renamed (its class
  /// declares one name): its consecutive variants are merged into one
  /// definition whose body dispatches between the variants' bodies.
  llvm::Error mergeMemberVariants(const SwitchPlan &SP) {
    const SwitchPlan::Variant &Front = SP.Variants.front();
    auto Refuse = [&](const FunctionFact &Fn, const llvm::Twine &Why) {
      return error(Fn.NameBegin, "the member function '" + SP.Name +
                                     "' is defined differently per feature, "
                                     "but its variants cannot be merged "
                                     "into one definition: " +
                                     Why);
    };
    llvm::StringRef Text(In.Text);
    for (size_t I = 0; I < SP.Variants.size(); ++I) {
      const SwitchPlan::Variant &V = SP.Variants[I];
      if (V.File != Front.File)
        return Refuse(*Front.Fn,
                      "they are in different files (" + V.File + ")");
      const FunctionFact &Fn = *V.Fn;
      if (Fn.NameLength == 0 || Fn.Variadic || Fn.Template)
        return Refuse(Fn, "it is a constructor, destructor, operator, "
                          "variadic function or template");
      if (Fn.Params != Front.Fn->Params)
        return Refuse(Fn, "their parameters have different names");
      if (I == 0)
        continue;
      // Only blank lines, comments and directives between two variants.
      llvm::StringRef Between =
          Text.slice(SP.Variants[I - 1].Fn->BodyEnd + 1, Fn.DeclBegin);
      llvm::SmallVector<llvm::StringRef, 8> Lines;
      Between.split(Lines, '\n');
      for (llvm::StringRef L : Lines) {
        L = L.trim();
        if (!L.empty() && !L.starts_with("#") && !L.starts_with("//"))
          return Refuse(Fn, "other code lies between the variants");
      }
    }
    if (In.Path != Front.File)
      return llvm::Error::success();
    auto Group = outermostGroupAt(Front.Fn->DeclBegin);
    CondPtr Common =
        Group ? FG.presenceAt(
                    FS, dir(FS.Groups[*Group].Branches[0].DirectiveIndex).Begin)
              : makeInt(1);
    const FunctionFact &First = *Front.Fn;
    const FunctionFact &Last = *SP.Variants.back().Fn;
    unsigned Switch =
        addRegion(runtime::RegionKind::Switch, SP.Name,
                  conditionText(*Common, F), First.Line, Last.EndLine);
    for (size_t I = 0; I < SP.Variants.size(); ++I) {
      const SwitchPlan::Variant &V = SP.Variants[I];
      const FunctionFact &Fn = *V.Fn;
      Merged.insert(Fn.BodyBegin);
      unsigned Id = addRegion(runtime::RegionKind::Function, SP.Name,
                              V.Condition, Fn.Line, Fn.EndLine);
      std::string Open =
          I + 1 < SP.Variants.size() ? "if (" + V.Code + ") {" : "{";
      Open += " " + runtime::regionMarker(runtime::RegionKind::Function, Id);
      if (I == 0) {
        addEdit(Fn.BodyBegin + 1, Fn.BodyBegin + 1,
                " " +
                    runtime::regionMarker(runtime::RegionKind::Switch, Switch) +
                    " " + Open);
      } else {
        llvm::StringRef Header = Text.slice(Fn.DeclBegin, Fn.BodyBegin + 1);
        addEdit(Fn.DeclBegin, Fn.BodyBegin + 1,
                "else " + Open + newlines(Header));
      }
    }
    addEdit(Last.BodyEnd + 1, Last.BodyEnd + 1, " }");
    return llvm::Error::success();
  }

  llvm::Error emitSwitches() {
    for (const SwitchPlan &SP : Ctx.Switches) {
      if (llvm::any_of(SP.Variants, [](const SwitchPlan::Variant &V) {
            return V.Fn->Member;
          })) {
        if (llvm::Error E = mergeMemberVariants(SP))
          return E;
        continue;
      }
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
    for (const auto &[Begin, Fn] : Functions) {
      if (Fn->Lambda || Fn->Constexpr || Duplicates.count(Begin) ||
          Merged.count(Begin))
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

  /// Text[B, E) with the edits (all inside it) applied.
  llvm::Expected<std::string> render(unsigned B, unsigned E,
                                     std::vector<Edit> Es) {
    std::stable_sort(Es.begin(), Es.end(), [](const Edit &X, const Edit &Y) {
      if (X.Begin != Y.Begin)
        return X.Begin < Y.Begin;
      return X.Seq < Y.Seq;
    });
    std::string Out;
    unsigned Pos = B;
    for (size_t I = 0; I < Es.size(); ++I) {
      const Edit &Ed = Es[I];
      if (I > 0 && Es[I - 1].Begin == Ed.Begin && Es[I - 1].End == Ed.End &&
          Es[I - 1].Text == Ed.Text && Ed.Begin != Ed.End)
        continue;
      if (Ed.Begin < Pos)
        return error(Ed.Begin, "internal error: conflicting rewrites here");
      Out += llvm::StringRef(In.Text).slice(Pos, Ed.Begin);
      Out += Ed.Text;
      Pos = Ed.End;
    }
    Out += llvm::StringRef(In.Text).slice(Pos, E);
    return Out;
  }

  llvm::Expected<std::string> apply() {
    for (const auto &[Idx, Text] : Replace) {
      const Directive &D = dir(Idx);
      addEdit(D.Begin, D.End,
              Raw.count(Idx) ? Text
                             : Text + newlines(llvm::StringRef(In.Text).slice(
                                          D.Begin, D.End)));
    }
    if (Edits.empty() && Duplicates.empty())
      return std::string();
    // A duplicated function is one edit: its copies, with the edits inside
    // it applied to each.
    for (const auto &[Begin, D] : Duplicates) {
      unsigned B = D.Fn->DeclBegin, E = D.Fn->BodyEnd + 1;
      std::vector<Edit> Inner, Outer;
      for (const Edit &Ed : Edits) {
        bool In =
            B <= Ed.Begin && Ed.End <= E && !(Ed.Begin == E && Ed.End == E);
        if (!In && Ed.Begin < E && Ed.End > B && Ed.Begin != Ed.End)
          return error(Ed.Begin, "internal error: an edit crosses the "
                                 "duplicated function '" +
                                     D.Fn->Name + "'");
        (In ? Inner : Outer).push_back(Ed);
      }
      auto Text = renderDuplicate(D, Inner);
      if (!Text)
        return Text.takeError();
      Edits = std::move(Outer);
      addEdit(B, E, std::move(*Text));
    }
    auto Body = render(0, static_cast<unsigned>(In.Text.size()), Edits);
    if (!Body)
      return Body.takeError();
    // `#line 1 "ORIGINAL"`: line numbers, __FILE__ and the compiler's
    // messages are those of the original source (includes are still found
    // from the mirror: the compilers search the real file's directory).
    return "#include \"" + In.GeneratedInclude + "\"\n#line 1 " +
           quotedPath(In.Path) + "\n" + *Body;
  }

  const FileInput &In;
  const FileStructure &FS;
  const FileGroups &FG;
  ProjectContext &Ctx;
  const FeatureSetup &F;
  std::vector<GroupPlan> Plans;
  std::map<unsigned, std::string> Replace; ///< Directive -> its new text.
  std::map<unsigned, Problem> Problems;    ///< Group -> why not in place.
  /// Function definitions seen by any parse, by the offset of their body.
  std::map<unsigned, const FunctionFact *> Functions;
  std::map<unsigned, Duplicate> Duplicates; ///< By body offset.
  std::set<unsigned> Merged; ///< Bodies of merged member variants.
  /// Directives whose Replace text keeps its own line count (#line).
  std::set<unsigned> Raw;
  std::vector<Edit> Edits;
};

} // namespace

std::map<std::string, PerFeatureMacro>
collectPerFeatureMacros(const std::map<std::string, FileStructure> &Structures,
                        const std::map<std::string, FileGroups> &Groups,
                        const FeatureSetup &F,
                        const std::set<std::string> &Parsed) {
  std::map<std::string, PerFeatureMacro> Out;
  std::set<std::string> Ambiguous;
  for (const auto &[File, FS] : Structures) {
    if (!Parsed.count(File))
      continue;
    auto FGIt = Groups.find(File);
    if (FGIt == Groups.end())
      continue;
    const FileGroups &FG = FGIt->second;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      const CondGroup &G = FS.Groups[GI];
      std::map<std::string, PerFeatureMacro> Here;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI)
        for (unsigned DI : G.Branches[BI].Directives) {
          const Directive &D = FS.Directives[DI];
          if (D.Kind != DirectiveKind::Define)
            continue;
          PerFeatureMacro &P = Here[D.Macro];
          if (P.Definitions.empty()) {
            std::set<std::string> Ms;
            for (const CondGroup::Branch &B : G.Branches) {
              P.Tests.push_back(B.Condition);
              if (B.Condition)
                collectMacros(*B.Condition, Ms);
            }
            P.Own = FG.Own[GI];
            P.Definitions.assign(G.Branches.size(), "");
            for (const std::string &M : Ms)
              if (F.isFeatureMacro(M))
                P.Features += (P.Features.empty() ? "" : ", ") + M;
          }
          std::string Params;
          if (D.FunctionLike) {
            llvm::StringRef B(D.Body);
            Params = B.slice(D.Macro.size(), B.find(')') + 1).str();
          }
          P.Definitions[BI] = D.Macro + Params + " " + D.Replacement;
        }
      for (auto &[M, P] : Here) {
        if (Ambiguous.count(M) || Out.count(M)) {
          Out.erase(M);
          Ambiguous.insert(M);
          continue;
        }
        Out.emplace(M, std::move(P));
      }
    }
  }
  return Out;
}

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
