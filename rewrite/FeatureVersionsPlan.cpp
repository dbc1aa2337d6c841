//===- rewrite/FeatureVersionsPlan.cpp - Which functions may get versions -===//
//
// The candidates of FeatureVersions.cpp (see there): sentinels around each
// C function that may be versioned per feature value, before the rendering.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/MarkerPolicy.h"
#include "rewrite/OnceCalled.h"

namespace varsim::rewrite::detail {

namespace {

constexpr llvm::StringLiteral SentinelOpen = FeatureSentinelOpen;

} // namespace

std::string FileRewriter::featureSentinel(char Kind, unsigned Id) {
  return (SentinelOpen + llvm::Twine(Kind) + llvm::Twine(Id) + "*/").str();
}

void FileRewriter::planFeatureVersions() {
  if (!llvm::any_of(Ctx.Tables.Features, [](const runtime::FeatureDesc &D) {
        return !D.Macro.empty();
      }))
    return;
  std::map<std::string, unsigned> NameCount = functionNameCounts();
  std::set<std::string> SwitchNames;
  for (const SwitchPlan &SP : Ctx.Switches)
    SwitchNames.insert(SP.Name);
  llvm::StringRef Text(In.Text);
  std::vector<const FunctionFact *> Plain;
  for (const auto &[Begin, Fn] : Functions) {
    if (!copyableWhole(*Fn, NameCount, SwitchNames) || !Fn->ParamsNamed ||
        Hot.count(Fn->Name))
      continue;
    llvm::StringRef Def = Text.slice(Fn->DeclBegin, Fn->BodyEnd + 1);
    if (Def.contains(SentinelOpen) || Def.contains("/*varsim-hot:"))
      continue;
    Plain.push_back(Fn);
  }
  llvm::sort(Plain, [](const FunctionFact *A, const FunctionFact *B) {
    return A->DeclBegin < B->DeclBegin;
  });
  // Roots: a loop or a goto. Helpers: small, loopless, called by a root
  // defined after them (whose versions call theirs).
  std::set<std::string> Called;
  for (const FunctionFact *Fn : Plain) {
    if (!inAnyParse(Fn->BodyBegin, &FunctionFact::Loops))
      continue;
    std::set<std::string> Earlier;
    for (const FunctionFact *G : Plain)
      if (G->BodyEnd < Fn->DeclBegin)
        Earlier.insert(G->Name);
    for (const auto &[Name, At] :
         callsOf(Text.slice(Fn->BodyBegin, Fn->BodyEnd + 1), Earlier))
      Called.insert(Name);
  }
  // A static function called from one place, in a function that may get
  // versions, is copied along with it (each copy again called from one
  // place, inlined as natively); a caller whose callee cannot be copied
  // stays whole.
  auto OnlyCallers = onlyCallers(In.Path, Text, Functions);
  std::set<const FunctionFact *> PlainSet(Plain.begin(), Plain.end()), Pinned;
  std::vector<std::pair<const FunctionFact *, const FunctionFact *>> Chain(
      OnlyCallers.begin(), OnlyCallers.end());
  llvm::sort(Chain, [](const auto &A, const auto &B) {
    return A.first->DeclBegin < B.first->DeclBegin;
  });
  for (const auto &[Callee, Caller] : Chain) // A caller follows its callee.
    if (!PlainSet.count(Callee) || Pinned.count(Callee))
      Pinned.insert(Caller);
  std::map<const FunctionFact *, unsigned> Ids;
  for (const FunctionFact *Fn : Plain) {
    bool Root = inAnyParse(Fn->BodyBegin, &FunctionFact::Loops);
    bool Own = Root || (Called.count(Fn->Name) &&
                        Fn->EndLine - Fn->Line <= MaxHotChainLines);
    auto Only = OnlyCallers.find(Fn);
    bool Along = Only != OnlyCallers.end() && PlainSet.count(Only->second) &&
                 !Pinned.count(Only->second);
    if (Pinned.count(Fn) || (!Own && !Along))
      continue;
    unsigned Id = static_cast<unsigned>(VersionCandidates.size());
    Ids[Fn] = Id;
    VersionCandidates.push_back({Fn->Name, Fn->Name, Fn, Root, false});
    VersionCandidates.back().OwnVersions = Own;
    addEdit(Fn->DeclBegin, Fn->DeclBegin, featureSentinel('D', Id));
    addEdit(Fn->BodyBegin, Fn->BodyBegin, featureSentinel('B', Id));
    addEdit(Fn->BodyEnd + 1, Fn->BodyEnd + 1, featureSentinel('E', Id));
  }
  for (const auto &[Callee, Caller] : OnlyCallers)
    if (Ids.count(Callee) && Ids.count(Caller))
      VersionCandidates[Ids.at(Callee)].OnlyCaller = Ids.at(Caller);
}

std::optional<unsigned>
FileRewriter::noteCopyForVersions(const Duplicate &D, size_t CI,
                                  const std::vector<Edit> &Inner) {
  const FunctionFact &Fn = *D.Fn;
  if (editsAcross(Inner, Fn.BodyBegin) || !Fn.CLanguage || Fn.Lambda ||
      Fn.Member || Fn.Template || Fn.Structor || Fn.Constexpr || Fn.Variadic ||
      !Fn.ParamsNamed || !inAnyParse(Fn.BodyBegin, &FunctionFact::Loops) ||
      CI >= D.Names.size())
    return std::nullopt;
  unsigned Id = static_cast<unsigned>(VersionCandidates.size());
  VersionCandidate C{D.Names[CI], Fn.Name, &Fn, true, true};
  for (const std::string &M : D.Plan.Features)
    C.Excluded.insert(runtime::featureValueExpr(F.descOf(M)));
  VersionCandidates.push_back(std::move(C));
  return Id;
}

} // namespace varsim::rewrite::detail
