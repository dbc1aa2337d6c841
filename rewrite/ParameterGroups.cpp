//===- rewrite/ParameterGroups.cpp - Parameters under a feature #if -------===//
//
// Parameters (and their arguments) under a feature conditional: the
// project-wide plan of the parameter unions (planParameterUnions,
// FileRewriter.h) and the part of FileRewriter (FileRewriterImpl.h) that
// claims those groups in one file and writes the union signature.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ErrorText.h"
#include "rewrite/FileRewriterImpl.h"

#include "llvm/ADT/StringExtras.h"

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
