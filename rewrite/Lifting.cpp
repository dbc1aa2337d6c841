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

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::detail {

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
    if (!IsFeature && PFM == Ctx.PerFeatureMacros.end())
      continue;
    // A feature's value in a writable variable's initializer
    // (StaticInits.cpp): its initial value is set at start-up.
    if (IsFeature && !CU->Var.empty()) {
      StaticInits[CU->InitBegin].push_back(CU);
      continue;
    }
    std::string What = IsFeature ? "the feature macro '" + CU->Macro + "'"
                                 : "the macro '" + CU->Macro +
                                       "' (defined per feature " +
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

/// An #if around entries of a constructor's initializer list: the entries
/// are kept (the directives removed) when that is unobservable: each entry
/// initializes a member (not a base), without side effects, and the member
/// exists only where an entry for it does (so no variant has the member
/// without its initialization). A member initialized in several branches
/// (`#if A , x_(1) #else , x_(2) #endif`) keeps one entry selecting its
/// value at run time (`x_((c1) ? (1) : (2))`). Else a located error.
llvm::Error FileRewriter::resolveInitializerLists() {
  std::map<unsigned, const InitializerFact *> Entries;
  for (const ParseView &V : In.Parses)
    for (const InitializerFact &I : V.Facts->Initializers)
      Entries.try_emplace(I.Begin, &I);
  if (Entries.empty())
    return llvm::Error::success();
  llvm::StringRef Text(In.Text);
  std::vector<unsigned> Resolved;
  for (const auto &[GI, Pr] : Problems) {
    const CondGroup &G = FS.Groups[GI];
    struct Use {
      size_t Branch;
      const InitializerFact *Entry;
    };
    std::map<std::string, std::vector<Use>> ByMember;
    std::string Why;
    const InitializerFact *Any = nullptr;
    bool OnlyEntries = true;
    for (size_t BI = 0; BI < G.Branches.size() && OnlyEntries; ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (Plans[GI].Dead[BI])
        continue;
      if (!B.Children.empty() || !B.Directives.empty()) {
        OnlyEntries = false;
        break;
      }
      std::string Rest;
      unsigned Pos = B.ContentBegin;
      for (auto It = Entries.lower_bound(B.ContentBegin);
           It != Entries.end() && It->second->End <= B.ContentEnd; ++It) {
        const InitializerFact &I = *It->second;
        Any = &I;
        Rest += Text.slice(Pos, I.Begin);
        Pos = I.End;
        if (I.Member.empty())
          Why = "it initializes a base class or delegates";
        else if (I.SideEffects)
          Why = "the initializer of '" + I.Member + "' may have side effects";
        else
          ByMember[I.Member].push_back({BI, &I});
      }
      Rest += Text.slice(Pos, B.ContentEnd);
      if (!llvm::StringRef(Rest).trim(" \t\r\n,").empty())
        OnlyEntries = false;
    }
    if (!OnlyEntries || !Any)
      continue;
    if (Why.empty() && hasPlatformPart(GI))
      Why = "the conditional also tests platform or project macros";
    std::vector<Edit> Merges;
    for (const auto &[Member, Uses] : ByMember) {
      if (!Why.empty())
        break;
      const InitializerFact &I = *Uses.front().Entry;
      if (Ctx.PresenceAt) {
        std::vector<CondPtr> Where;
        for (const Use &U : Uses)
          Where.push_back(FG.Groups[GI].Presence[U.Branch]);
        CondPtr M = I.MemberFile.empty()
                        ? makeInt(1)
                        : Ctx.PresenceAt(I.MemberFile, I.MemberOffset);
        if (isSatisfiable(*makeAnd({M, makeNot(makeOr(Where))}), F)) {
          Why = "the member '" + Member +
                "' also exists in variants without this initializer (its "
                "value there would differ)";
          break;
        }
      }
      if (Uses.size() == 1)
        continue;
      // One entry selecting the value; the others (and a comma) dropped.
      std::string Sel;
      for (size_t U = 0; U < Uses.size(); ++U) {
        const InitializerFact &E = *Uses[U].Entry;
        llvm::StringRef Entry = Text.slice(E.Begin, E.End);
        size_t Open = Entry.find('(');
        llvm::StringRef Arg =
            Open == llvm::StringRef::npos || !Entry.ends_with(")")
                ? llvm::StringRef()
                : Entry.slice(Open + 1, Entry.size() - 1);
        int Depth = 0;
        bool TopComma = false;
        for (char C : Arg) {
          Depth += C == '(' || C == '[' || C == '{';
          Depth -= C == ')' || C == ']' || C == '}';
          TopComma |= C == ',' && Depth == 0;
        }
        if (Arg.trim().empty() || TopComma) {
          Why = "'" + Member +
                "' is initialized in several branches, not all with one "
                "expression in parentheses";
          break;
        }
        std::string Value = "(" + Arg.trim().str() + ")";
        Sel += U + 1 == Uses.size()
                   ? Value
                   : "(" +
                         conditionCode(*FG.Groups[GI].Own[Uses[U].Branch], F) +
                         ") ? " + Value + " : ";
        if (U == 0)
          continue;
        // Drop the entry with the comma before it (or after it).
        const CondGroup::Branch &B = G.Branches[Uses[U].Branch];
        unsigned From = E.Begin, To = E.End;
        llvm::StringRef Before = Text.slice(B.ContentBegin, E.Begin);
        llvm::StringRef After = Text.slice(E.End, B.ContentEnd);
        if (size_t C = Before.rfind(',');
            C != llvm::StringRef::npos && Before.substr(C + 1).trim().empty())
          From = B.ContentBegin + static_cast<unsigned>(C);
        else if (size_t C2 = After.find(',');
                 C2 != llvm::StringRef::npos &&
                 After.take_front(C2).trim().empty())
          To = E.End + static_cast<unsigned>(C2) + 1;
        Merges.push_back({From, To, newlines(Text.slice(From, To)), 0});
      }
      if (!Why.empty())
        break;
      const InitializerFact &E0 = *Uses.front().Entry;
      llvm::StringRef Entry0 = Text.slice(E0.Begin, E0.End);
      Merges.push_back({E0.Begin, E0.End,
                        Entry0.take_front(Entry0.find('(')).str() + "(" + Sel +
                            ")" + newlines(Entry0),
                        0});
    }
    if (!Why.empty())
      return error(Pr.Offset, "conditional on feature " + featuresOf(G) +
                                  " inside the initializer list of the "
                                  "constructor '" +
                                  Any->Constructor +
                                  "' cannot be kept in the simulator: " + Why);
    for (Edit &E : Merges)
      addEdit(E.Begin, E.End, std::move(E.Text));
    Resolved.push_back(GI);
  }
  for (unsigned GI : Resolved) {
    Problems.erase(GI);
    Plans[GI].L = Level::Declarations;
  }
  return llvm::Error::success();
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
  std::string Marker =
      D.Switch
          ? runtime::regionMarker(runtime::RegionKind::Switch, *D.Switch) + " "
          : "";
  Out += LineDecl + Header + " { " + Marker + Dispatch + " }";
  Out += "\n#line " + std::to_string(FS.lineOf(Fn.BodyEnd)) + "\n";
  return Out;
}

} // namespace varsim::rewrite::detail

//===--- Parameters under a feature conditional
//----------------------------===//

namespace varsim::rewrite {
namespace {

llvm::Error errorIn(const std::map<std::string, FileStructure> &Structures,
                    const std::string &File, unsigned Offset,
                    const llvm::Twine &Msg) {
  auto S = Structures.find(File);
  if (S == Structures.end())
    return makeError(File, 0, 0, Msg);
  unsigned Line = S->second.lineOf(Offset);
  return makeError(File, Line, Offset - S->second.LineStarts[Line - 1] + 1,
                   Msg);
}

} // namespace

llvm::Expected<std::map<std::string, ParamUnion>>
planParameterUnions(const std::map<std::string, std::vector<ParseView>> &Views,
                    const std::map<std::string, FileStructure> &Structures) {
  // Each declaration (file, '(' offset): its parameters seen by any parse,
  // in the order written.
  struct Site {
    const ParamListFact *Decl = nullptr;
    std::map<unsigned, const ParamFact *> ByOffset;
  };
  std::map<std::string, std::map<std::pair<std::string, unsigned>, Site>> Sites;
  std::map<std::string, std::map<std::string, std::string>> DefaultTypes;
  for (const auto &[File, Vs] : Views)
    for (const ParseView &V : Vs)
      for (const ParamListFact &PL : V.Facts->ParamLists) {
        if (!PL.Refusal.empty())
          return errorIn(Structures, File, PL.NameOffset,
                         "'" + PL.Name +
                             "' has a parameter under a feature conditional "
                             "(construct 5), which is not supported for " +
                             PL.Refusal +
                             "; keep one parameter list for every variant "
                             "(e.g. a parameter unused without the feature)");
        Site &S = Sites[PL.Key][{File, PL.ParamsBegin}];
        if (!S.Decl)
          S.Decl = &PL;
        for (const ParamFact &P : PL.Params) {
          S.ByOffset.try_emplace(P.Begin, &P);
          if (P.DefaultType.empty())
            continue;
          // A default argument selected at run time keeps its value only
          // if every configuration's has the same type.
          auto [D, New] =
              DefaultTypes[PL.Key].try_emplace(P.Name, P.DefaultType);
          if (!New && D->second != P.DefaultType)
            return errorIn(Structures, File, P.Begin,
                           "the default argument of '" + P.Name + "' of '" +
                               PL.Name + "' has the type '" + D->second +
                               "' in one configuration and '" + P.DefaultType +
                               "' in another; the simulator selects it at "
                               "run time, which would convert it: give both "
                               "the same type");
        }
      }
  std::map<std::string, ParamUnion> Out;
  for (const auto &[Key, ByDecl] : Sites) {
    ParamUnion U;
    std::map<std::string, const ParamFact *> Seen;
    std::string FirstWhere;
    for (const auto &[Where, S] : ByDecl) {
      const std::string &File = Where.first;
      std::vector<std::string> Names;
      for (const auto &[Offset, P] : S.ByOffset) {
        if (llvm::is_contained(Names, P->Name))
          return errorIn(
              Structures, File, Offset,
              "the parameter '" + P->Name + "' of '" + S.Decl->Name +
                  "' is declared in several feature branches" +
                  (Seen.count(P->Name) && Seen[P->Name]->Type != P->Type
                       ? " with different types ('" + Seen[P->Name]->Type +
                             "' and '" + P->Type + "'; construct 8)"
                       : std::string()) +
                  "; the simulator's function takes the parameters of every "
                  "configuration at once, so each must have one name and "
                  "type: give the variants' parameters different names");
        Names.push_back(P->Name);
        auto [It, New] = Seen.try_emplace(P->Name, P);
        if (!New && It->second->Type != P->Type)
          return errorIn(Structures, File, Offset,
                         "the parameter '" + P->Name + "' of '" + S.Decl->Name +
                             "' has the type '" + P->Type + "' here and '" +
                             It->second->Type +
                             "' in another declaration (construct 8)");
        if (U.Placeholder[P->Name].empty())
          U.Placeholder[P->Name] = P->Placeholder;
        if (U.NoPlaceholder[P->Name].empty())
          U.NoPlaceholder[P->Name] = P->NoPlaceholder;
      }
      auto S0 = Structures.find(File);
      std::string Here =
          File + ":" +
          std::to_string(S0 == Structures.end()
                             ? 0
                             : S0->second.lineOf(S.Decl->NameOffset));
      if (FirstWhere.empty()) {
        U.Name = S.Decl->Name;
        U.Params = Names;
        FirstWhere = Here;
      } else if (Names != U.Params) {
        return errorIn(Structures, File, S.Decl->NameOffset,
                       "this declaration of '" + S.Decl->Name +
                           "' lists its parameters differently from the one "
                           "at " +
                           FirstWhere +
                           ", and its parameter list holds a feature "
                           "conditional (construct 5): every declaration "
                           "must list every configuration's parameters, in "
                           "the same order, under the same conditions");
      }
    }
    Out.emplace(Key, std::move(U));
  }
  // C++: a parameter without a default argument after one with a default
  // (each in some configuration) cannot be declared.
  for (const auto &[Key, ByDecl] : Sites)
    for (const auto &[Where, S] : ByDecl) {
      const ParamFact *Defaulted = nullptr;
      std::set<std::string> WithDefault;
      for (const auto &[W2, S2] : ByDecl)
        for (const auto &[O, P] : S2.ByOffset)
          if (P->Default)
            WithDefault.insert(P->Name);
      for (const auto &[Offset, P] : S.ByOffset) {
        if (WithDefault.count(P->Name)) {
          Defaulted = P;
          continue;
        }
        if (Defaulted)
          return errorIn(Structures, Where.first, Offset,
                         "the parameter '" + P->Name + "' of '" + S.Decl->Name +
                             "' has no default argument but follows '" +
                             Defaulted->Name +
                             "', which has one; the simulator's function "
                             "takes the parameters of every configuration at "
                             "once (construct 5), which C++ does not allow "
                             "here: give '" +
                             P->Name + "' a default argument too");
      }
    }
  return Out;
}

namespace detail {

bool FileRewriter::hasConditionalParams(const FunctionFact &Fn) const {
  return llvm::any_of(In.Parses, [&](const ParseView &V) {
    return llvm::any_of(V.Facts->ParamLists, [&](const ParamListFact &PL) {
      return PL.ParamsBegin == Fn.ParamsBegin && Fn.ParamsBegin != 0;
    });
  });
}

llvm::Error FileRewriter::resolveParameterGroups() {
  if (Ctx.ParamUnions.empty())
    return llvm::Error::success();
  llvm::StringRef Text = In.Text;
  // Claims the feature groups lying wholly inside [B, E) (and not inside
  // one of Holes): their directives are removed, every branch compiled.
  auto Claim =
      [&](unsigned B, unsigned E,
          const std::vector<std::pair<unsigned, unsigned>> &Holes,
          const llvm::Twine &Where) -> llvm::Expected<std::vector<unsigned>> {
    std::vector<unsigned> Claimed;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.Groups[GI].IsFeature || Plans[GI].L == Level::Untouched)
        continue;
      const CondGroup &G = FS.Groups[GI];
      unsigned GB = dir(G.Branches[0].DirectiveIndex).Begin;
      unsigned GE = dir(G.EndifIndex).Begin;
      if (GB <= B || GE >= E)
        continue;
      if (llvm::any_of(Holes, [&](const std::pair<unsigned, unsigned> &H) {
            return H.first <= GB && GB < H.second;
          }))
        continue;
      if (hasPlatformPart(GI))
        return errorAt(dir(G.Branches[0].DirectiveIndex),
                       "a conditional around " + Where +
                           " tests platform or project macros too; that is "
                           "not supported there");
      Plans[GI].L = Level::Declarations;
      Problems.erase(GI);
      Claimed.push_back(GI);
    }
    return Claimed;
  };

  // Parameter lists: every branch's parameters are declared; a default
  // argument chosen per feature is selected at run time (it is evaluated
  // at each call).
  std::map<unsigned, std::vector<std::pair<unsigned, unsigned>>> Lists;
  std::map<unsigned, const ParamListFact *> ListFacts;
  for (const ParseView &V : In.Parses)
    for (const ParamListFact &PL : V.Facts->ParamLists) {
      ListFacts.try_emplace(PL.ParamsBegin, &PL);
      for (const ParamFact &P : PL.Params)
        Lists[PL.ParamsBegin].emplace_back(P.Begin, P.End);
    }
  for (const auto &[PB, PL] : ListFacts) {
    const std::vector<std::pair<unsigned, unsigned>> &Params = Lists[PB];
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.Groups[GI].IsFeature || Plans[GI].L == Level::Untouched ||
          Plans[GI].L == Level::Resolved)
        continue;
      const CondGroup &G = FS.Groups[GI];
      unsigned GB = dir(G.Branches[0].DirectiveIndex).Begin;
      if (llvm::none_of(Params, [&](const std::pair<unsigned, unsigned> &P) {
            return P.first < GB && GB < P.second;
          }))
        continue;
      if (G.ParentGroup && Plans[*G.ParentGroup].L == Level::Resolved)
        return errorAt(dir(G.Branches[0].DirectiveIndex),
                       "nested conditionals inside a default argument of '" +
                           PL->Name + "' are not supported");
      if (hasPlatformPart(GI) || G.Branches.back().Condition ||
          llvm::any_of(G.Branches,
                       [&](const CondGroup::Branch &B) { return !hasCode(B); }))
        return errorAt(dir(G.Branches[0].DirectiveIndex),
                       "a conditional inside a parameter of '" + PL->Name +
                           "' is supported only around its whole default "
                           "argument, with an #else and an expression in "
                           "every branch (it becomes `c ? (a) : (b)`)");
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        std::string Test = B.Condition ? conditionCode(*B.Condition, F) : "";
        Replace[B.DirectiveIndex] += BI == 0       ? "((" + Test + ") ? ("
                                     : B.Condition ? ") : (" + Test + ") ? ("
                                                   : std::string(") : (");
      }
      Replace[G.EndifIndex] += "))";
      Plans[GI].L = Level::Resolved;
      Problems.erase(GI);
    }
    auto Claimed = Claim(PL->ParamsBegin, PL->ParamsEnd, Params,
                         "parameters of '" + PL->Name + "'");
    if (!Claimed)
      return Claimed.takeError();
  }

  // Calls: each passes every parameter of the union.
  struct ArgState {
    enum { Absent, Explicit, Default } K = Absent;
    unsigned Begin = 0, End = 0;
    bool Braced = false;
  };
  std::map<unsigned, std::vector<const CallFact *>> Calls;
  for (const ParseView &V : In.Parses)
    for (const CallFact &C : V.Facts->Calls)
      if (Ctx.ParamUnions.count(C.Key))
        Calls[C.Begin].push_back(&C);
  for (const auto &[Begin, Cs] : Calls) {
    const ParamUnion &U = Ctx.ParamUnions.at(Cs.front()->Key);
    const std::string &Callee = Cs.front()->Callee;
    std::string What = "'" + Callee +
                       "' has a parameter under a feature conditional "
                       "(construct 5), ";
    std::vector<ArgState> Args(U.Params.size());
    unsigned RParen = 0;
    for (const CallFact *C : Cs) {
      if (!C->Refusal.empty())
        return error(Begin, What + "but here " + C->Refusal);
      RParen = std::max(RParen, C->RParen);
      for (size_t I = 0; I < C->Args.size() && I < C->Params.size(); ++I) {
        auto It = llvm::find(U.Params, C->Params[I]);
        if (It == U.Params.end())
          return error(Begin, What + "and its parameter '" + C->Params[I] +
                                  "' is named differently in some "
                                  "declaration; name it alike everywhere");
        ArgState &A = Args[It - U.Params.begin()];
        const CallFact::Arg &CA = C->Args[I];
        ArgState N;
        N.K = CA.Default ? ArgState::Default : ArgState::Explicit;
        N.Begin = CA.Begin;
        N.End = CA.End;
        N.Braced = CA.Braced;
        if (A.K != ArgState::Absent &&
            (A.K != N.K || A.Begin != N.Begin || A.End != N.End))
          return error(N.K == ArgState::Explicit ? N.Begin : Begin,
                       What + "and the argument given for '" + C->Params[I] +
                           "' here differs per feature; put the #if around "
                           "whole arguments of the parameters under it");
        A = N;
      }
    }
    CondPtr CallPresence = Ctx.PresenceAt(In.Path, Begin);
    std::string CallCond = conditionText(*CallPresence, F);
    // The groups around whole arguments of this call are compiled always.
    std::vector<std::pair<unsigned, unsigned>> Holes;
    for (const ArgState &A : Args)
      if (A.K == ArgState::Explicit)
        Holes.emplace_back(A.Begin, A.End);
    if (RParen) {
      auto Claimed =
          Claim(Begin, RParen, Holes, "arguments of '" + Callee + "'");
      if (!Claimed)
        return Claimed.takeError();
      for (unsigned GI : *Claimed) {
        const CondGroup &G = FS.Groups[GI];
        unsigned GB = dir(G.Branches[0].DirectiveIndex).Begin;
        unsigned GE = dir(G.EndifIndex).End;
        for (unsigned O = GB; O < GE; ++O) {
          if (auto D = directiveAt(O)) {
            O = dir(*D).End - 1;
            continue;
          }
          if (llvm::any_of(Holes, [&](const std::pair<unsigned, unsigned> &H) {
                return H.first <= O && O < H.second;
              }))
            continue;
          char Ch = Text[O];
          if (Ch != ',' && !std::isspace(static_cast<unsigned char>(Ch)))
            return error(O, What + "and a conditional inside this call holds "
                                   "more than whole arguments; put the #if "
                                   "around whole arguments (with their comma)");
        }
      }
    }
    int Last = -1;
    for (size_t I = 0; I < Args.size(); ++I)
      if (Args[I].K != ArgState::Default)
        Last = static_cast<int>(I);
    auto Placeholder = [&](size_t I) -> llvm::Expected<std::string> {
      const std::string &P = U.Params[I];
      auto It = U.Placeholder.find(P);
      if (It != U.Placeholder.end() && !It->second.empty())
        return It->second;
      auto Why = U.NoPlaceholder.find(P);
      return error(Begin,
                   What + "and this call must pass '" + P +
                       "' where it does not exist, but " +
                       (Why != U.NoPlaceholder.end() && !Why->second.empty()
                            ? Why->second
                            : std::string("it has no placeholder value")));
    };
    for (int I = 0; I <= Last; ++I) {
      ArgState &A = Args[I];
      if (A.K == ArgState::Default)
        return error(Begin, What +
                                "and this call relies on the default "
                                "argument of '" +
                                U.Params[I] +
                                "' before an argument the simulator must "
                                "pass; write the argument");
      if (A.K == ArgState::Explicit) {
        CondPtr ArgPresence = Ctx.PresenceAt(In.Path, A.Begin);
        if (conditionText(*ArgPresence, F) == CallCond)
          continue;
        if (A.Braced)
          return error(A.Begin, What + "and this argument under a condition "
                                       "is an initializer list; write it "
                                       "as a typed value");
        auto Ph = Placeholder(I);
        if (!Ph)
          return Ph.takeError();
        addEdit(A.Begin, A.Begin,
                "((" + conditionCode(*ArgPresence, F) + ") ? (");
        addEdit(A.End, A.End, ") : " + *Ph + ")");
        continue;
      }
      auto Ph = Placeholder(I);
      if (!Ph)
        return Ph.takeError();
      int Prev = -1, Next = -1;
      for (int J = I - 1; J >= 0 && Prev < 0; --J)
        if (Args[J].K == ArgState::Explicit)
          Prev = J;
      for (int J = I + 1; J <= Last && Next < 0; ++J)
        if (Args[J].K == ArgState::Explicit)
          Next = J;
      if (Prev >= 0)
        addEdit(Args[Prev].End, Args[Prev].End, ", " + *Ph);
      else if (Next >= 0)
        addEdit(Args[Next].Begin, Args[Next].Begin, *Ph + ", ");
      else if (RParen)
        addEdit(RParen, RParen, (I > 0 ? ", " : "") + *Ph);
      else
        return error(Begin, What + "and this call (without parentheses) "
                                   "cannot be given its placeholder "
                                   "argument");
    }
  }
  return llvm::Error::success();
}

} // namespace detail
} // namespace varsim::rewrite
