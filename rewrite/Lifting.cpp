//===- rewrite/Lifting.cpp - Undisciplined #ifs lifted into copies --------===//
//
// Feature groups that cannot become run-time control flow in place, and
// functions whose constant expressions use macros defined per feature, are
// lifted into per-configuration copies of the enclosing function with a
// dispatcher under the original name (docs/rewriter.md, "Constructs").
//
//===----------------------------------------------------------------------===//

#include "rewrite/ErrorText.h"
#include "rewrite/FileRewriterImpl.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::detail {

/// Whether M is an object-like macro with different scalar bodies at its
/// sites (a clamp under `THREADSAFE==0` to 0, a default of 8): the
/// simulator selects among them at run time. Function-like macros and
/// bodies holding braces or commas (an initializer list per backend,
/// SQLite's SQLITE3_MUTEX_INITIALIZER) are left alone: a constant put in
/// their place would not keep the initializer's shape.
bool FileRewriter::selectedAcrossSites(const std::string &M) const {
  auto It = Ctx.DefinedAt.find(M);
  if (It == Ctx.DefinedAt.end() || !Ctx.PresenceAt)
    return false;
  std::set<std::string> Bodies;
  for (const ProjectContext::DefineSite &S : It->second) {
    CondPtr P = Ctx.PresenceAt(S.File, S.Offset);
    if (P->K == Cond::Int && P->Value == 0)
      continue; // A branch no configuration enters.
    llvm::StringRef Body = llvm::StringRef(S.Replacement).trim();
    if (S.FunctionLike || Body.empty() ||
        Body.find_first_of("{},;") != llvm::StringRef::npos)
      return false;
    Bodies.insert(Body.str());
  }
  return Bodies.size() > 1;
}

/// Functions whose constant expressions (case labels, array bounds, ...)
/// use a macro defined per feature or a feature macro are duplicated per
/// configuration; at file scope such a use is a located error.
llvm::Error FileRewriter::liftConstantUses() {
  std::map<unsigned, const ConstantUse *> Uses;
  for (const ParseView &V : In.Parses)
    for (const ConstantUse &CU : V.Facts->ConstantUses)
      Uses.try_emplace(CU.Offset, &CU);
  std::map<unsigned, std::vector<const ConstantUse *>> StaticInits;
  for (const auto &[Offset, CU] : Uses) {
    bool IsFeature = F.isFeatureMacro(CU->Macro);
    auto PFM = Ctx.PerFeatureMacros.find(CU->Macro);
    // A macro selected at run time across its sites in several groups (a
    // clamp per feature before an `#ifndef` default, SQLite's
    // SQLITE_MAX_WORKER_THREADS): no copy of a function can define it to
    // one body, but a file-scope initializer can be evaluated at start-up.
    bool Selected = !IsFeature && PFM == Ctx.PerFeatureMacros.end() &&
                    definedPerFeature(CU->Macro) &&
                    selectedAcrossSites(CU->Macro);
    if (!IsFeature && PFM == Ctx.PerFeatureMacros.end() && !Selected)
      continue;
    // Inside a function no copy can define it to one body: the
    // simulator's compile check has the last word there (an array bound
    // in a C function is a variable-length array).
    if (Selected && CU->Var.empty())
      continue;
    // A feature's value, or a macro selected per feature, in a file-scope
    // variable's initializer (StaticInits.cpp): its initial value is set
    // at start-up.
    if (!CU->Var.empty()) {
      StaticInits[CU->InitBegin].push_back(CU);
      continue;
    }
    std::string What =
        IsFeature ? "the feature macro '" + CU->Macro + "'"
        : Selected
            ? "the macro '" + CU->Macro +
                  "' (defined under feature conditions in several places, "
                  "selected at run time)"
            : "the macro '" + CU->Macro + "' (defined per feature " +
                  PFM->second.Features + ")";

    const FunctionFact *Fn = enclosingFunction(Offset, Offset + 1);
    // A piece of a concatenated literal must be a literal, not a run-time
    // selection (ParseFacts' VisitStringLiteral).
    bool Piece =
        llvm::StringRef(CU->Context) == "a string literal concatenation";
    std::string Required = Piece ? "which must be one literal in each variant"
                                 : "where a constant is required";
    if (!Fn || Offset < Fn->BodyBegin)
      return error(Offset,
                   What + " is used in " + CU->Context +
                       (Fn ? " in the declaration of '" + Fn->Name + "'"
                           : std::string(" outside a function body")) +
                       ", " + Required +
                       "; the simulator "
                       "selects its value at run time, so this is not "
                       "supported (only function bodies are duplicated per "
                       "configuration)");
    if (const char *Why = notDuplicable(*Fn))
      return error(Offset,
                   What + " is used in " + CU->Context + " in '" + Fn->Name +
                       "', " + Required +
                       "; "
                       "duplicating '" +
                       Fn->Name + "' per configuration is not supported for " +
                       Why +
                       (Piece ? ": build the string in a function of its own "
                                "(or define the whole string per feature)"
                              : ""));
    Duplicate &D = Duplicates[Fn->BodyBegin];
    D.Fn = Fn;
    D.Macros.insert(CU->Macro);
  }
  for (const auto &[Begin, List] : StaticInits)
    if (llvm::Error E = lowerStaticInitializer(List))
      return E;
  return llvm::Error::success();
}

void FileRewriter::collectFunctions() {
  for (const ParseView &V : In.Parses)
    for (const FunctionFact &Fn : V.Facts->Functions)
      Functions.try_emplace(Fn.BodyBegin, &Fn);
}

/// The innermost function (not a lambda) whose text holds [B, E).
const FunctionFact *FileRewriter::enclosingFunction(unsigned B,
                                                    unsigned E) const {
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
const char *FileRewriter::notDuplicable(const FunctionFact &Fn) const {
  // A constructor or destructor defined in its class: its copies are
  // member functions returning void, called by the original.
  bool InClassStructor = Fn.Structor && Fn.Member && !Fn.OutOfLine &&
                         Fn.ParamsBegin < Fn.ParamsEnd &&
                         Fn.DeclBegin <= Fn.ParamsBegin &&
                         Fn.ParamsEnd <= Fn.BodyBegin;
  if (Fn.Structor && Fn.OutOfLine)
    return "a constructor or destructor defined outside its class";
  if (Fn.NameLength == 0 && !InClassStructor)
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
  if (hasConditionalParams(Fn))
    return "a function with a parameter under a feature conditional";
  for (const SwitchPlan &SP : Ctx.Switches)
    for (const SwitchPlan::Variant &V : SP.Variants)
      if (V.File == In.Path && V.Fn->BodyBegin == Fn.BodyBegin)
        return "a function that is also defined per feature";
  return nullptr;
}

/// Lifts group GI into copies of its function, or explains why not.
llvm::Error FileRewriter::lift(unsigned GI, const Problem &Pr) {
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
  // The #if encloses the header itself (`#ifdef A int f(int x = 1) {
  // #else int f(int x = 2) { #endif`): each parse sees another header.
  const FunctionFact *HeaderOf = nullptr;
  for (const auto &[Begin, Other] : Functions)
    if (!Other->Lambda && B <= Other->BodyBegin && E > Other->DeclBegin &&
        B < Other->DeclBegin)
      HeaderOf = Other;
  if (!Fn && (HeaderOf ||
              llvm::StringRef(Pr.Message).contains("declaration of function")))
    return error(Pr.Offset,
                 Pr.Message + " is not supported: the header of " +
                     (HeaderOf ? "'" + HeaderOf->Name + "'"
                               : std::string("the function")) +
                     " (its "
                     "parameters, default arguments or return type) would "
                     "differ per variant, and the simulator has one function "
                     "of that name for every configuration (calls are not "
                     "resolved per configuration); keep one header for "
                     "every variant and put the #if inside the body");
  if (!Fn)
    return error(Pr.Offset,
                 Pr.Message +
                     " outside a function body is not supported; put the "
                     "#if around complete statements or declarations");
  if (B < Fn->BodyBegin)
    return error(
        Pr.Offset,
        Pr.Message + " is not supported: the header of '" + Fn->Name +
            "' (its parameters, default arguments or initializers) would "
            "differ per variant, and the simulator has one '" +
            Fn->Name +
            "' for every configuration (only function bodies are duplicated "
            "per configuration, and calls are not resolved per "
            "configuration); keep the header the same in every variant "
            "(e.g. a parameter that is unused without the feature) or give "
            "the variants different names");
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
void FileRewriter::closeOverFeatures() {
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

llvm::Error FileRewriter::liftProblems() {
  if (llvm::Error E = resolveInitializerLists())
    return E;
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
llvm::Error FileRewriter::planDuplicates() {
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
                           errorText(Plan.takeError()));
    D.Plan = std::move(*Plan);
    std::string Base = Fn.Name;
    if (size_t Colons = Base.rfind("::"); Colons != std::string::npos)
      Base = Base.substr(Colons + 2);
    if (Fn.Structor)
      Base = Base[0] == '~' ? Base.substr(1) + "_dtor" : Base + "_ctor";
    // The dispatcher gets a marker only where every marker is kept: each
    // copy's own marker holds its condition, and the dispatcher's time is a
    // test (two markers per call of a hot copied function, 1 M visits on
    // Lua's luaV_concat, were half of its instrumentation).
    if (Ctx.Detail == Granularity::All)
      D.Switch = addRegion(runtime::RegionKind::Switch, Fn.Name,
                           conditionText(*PC, F), Fn.Line, Fn.EndLine);
    for (const FunctionCopy &C : D.Plan.Copies) {
      std::string Cond = conditionText(*C.Condition, F);
      std::string Name = Base + "__varsim_" + identifierFor(Cond);
      if (llvm::is_contained(D.Names, Name))
        Name += "_" + std::to_string(D.Names.size());
      D.Names.push_back(Name);
      D.Regions.push_back(addRegion(
          runtime::RegionKind::Function, Fn.Name,
          conditionText(*makeAnd({PC, C.Condition}), F), Fn.Line, Fn.EndLine));
      Ctx.Renamings.push_back(
          {Fn.Name, Name, Cond, In.Path, FS.lineOf(Fn.NameBegin)});
    }
  }
  return llvm::Error::success();
}

/// The text of a duplicated function: a declaration (for recursion),
/// its copies, the dispatcher; each from its original line (#line).
llvm::Expected<std::string>
FileRewriter::renderDuplicate(const Duplicate &D,
                              const std::vector<Edit> &Inner) {
  const FunctionFact &Fn = *D.Fn;
  llvm::StringRef Text(In.Text);
  unsigned DeclLine = originalLine(FS.lineOf(Fn.DeclBegin));
  std::string LineDecl = "\n#line " + std::to_string(DeclLine) + "\n";
  std::string Header = Text.slice(Fn.DeclBegin, Fn.BodyBegin).rtrim().str();
  // A constructor's header keeps the edits inside it (an initializer
  // under a feature); its copies have a header of their own.
  std::vector<Edit> HeaderEdits, BodyEdits;
  for (const Edit &E : Inner)
    (Fn.Structor && E.End <= Fn.BodyBegin ? HeaderEdits : BodyEdits)
        .push_back(E);
  if (Fn.Structor) {
    auto H = render(Fn.DeclBegin, Fn.BodyBegin, HeaderEdits);
    if (!H)
      return H.takeError();
    Header = llvm::StringRef(*H).rtrim().str();
  }
  std::string Out;
  std::vector<unsigned> Groups(D.Groups.begin(), D.Groups.end());
  // C++ forbids repeating default arguments; members need no declaration.
  // A K&R definition's header declares nothing: `int f()` does.
  if (Fn.OldStyle && Fn.ParamsBegin > Fn.DeclBegin &&
      Fn.ParamsEnd > Fn.ParamsBegin && Fn.ParamsEnd <= Fn.BodyBegin)
    Out += LineDecl + oldStyleDeclaration(Text, Fn.DeclBegin, Fn.ParamsBegin) +
           ";";
  else if (!Fn.Member && !Header.empty() &&
           !llvm::StringRef(Header).contains('='))
    Out += LineDecl + Header + ";";
  for (size_t CI = 0; CI < D.Plan.Copies.size(); ++CI) {
    const FunctionCopy &C = D.Plan.Copies[CI];
    std::vector<std::pair<unsigned, unsigned>> Dropped;
    std::vector<Edit> Es;
    // Versioned per feature value later (FeatureVersions.cpp): sentinels.
    std::optional<unsigned> FV = noteCopyForVersions(D, CI, BodyEdits);
    if (FV)
      Es.push_back({Fn.BodyBegin, Fn.BodyBegin, featureSentinel('B', *FV), 0});
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
    for (const Edit &E : BodyEdits) {
      bool InDropped = llvm::any_of(Dropped, [&](const auto &R) {
        return R.first <= E.Begin && E.End <= R.second && E.Begin < R.second;
      });
      if (!InDropped)
        Es.push_back(E);
    }
    if (Fn.Structor) {
      // `void S_ctor__varsim_A(params)`, the initializers dropped (the
      // original runs them), the lines kept.
      Es.push_back({Fn.DeclBegin, Fn.ParamsBegin,
                    "void " + D.Names[CI] +
                        newlines(Text.slice(Fn.DeclBegin, Fn.ParamsBegin)),
                    0});
      Es.push_back({Fn.ParamsEnd, Fn.BodyBegin,
                    " " + newlines(Text.slice(Fn.ParamsEnd, Fn.BodyBegin)), 0});
    } else {
      Es.push_back(
          {Fn.NameBegin, Fn.NameBegin + Fn.NameLength, D.Names[CI], 0});
    }
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
    // The copy's definition of each macro its constants need; the
    // original name for __func__.
    if (inAnyParse(Fn.BodyBegin, &FunctionFact::OpaqueFuncName))
      return error(Fn.NameBegin,
                   "'" + Fn.Name +
                       "' is copied per configuration in the simulator, and "
                       "its body uses __PRETTY_FUNCTION__ or a predefined "
                       "name inside a lambda, whose text would change; use "
                       "__func__");
    std::string Push = originalNameDefines(Fn.Name),
                Pop = "\n" + originalNameUndefs();
    Pop.pop_back();
    // A header included in the body (in some copies) redefines these:
    // each copy starts from, and leaves, the definitions before it.
    for (const std::string &M : IncludedMacros) {
      Push += "#pragma push_macro(\"" + M + "\")\n";
      Pop += "\n#pragma pop_macro(\"" + M + "\")";
    }
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
    Out += "\n" + Push + LineDecl.substr(1) +
           (FV ? featureSentinel('D', *FV) + *Copy + featureSentinel('E', *FV)
               : *Copy) +
           Pop;
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
  std::string Marker =
      D.Switch
          ? runtime::regionMarker(runtime::RegionKind::Switch, *D.Switch) + " "
          : "";
  Out += LineDecl + Header + " { " + Marker + Dispatch + " }";
  Out += "\n#line " + std::to_string(FS.lineOf(Fn.BodyEnd)) + "\n";
  return Out;
}

} // namespace varsim::rewrite::detail
