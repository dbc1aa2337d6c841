//===- rewrite/passes/DesignatedInitsPass.cpp - Positional to designated --===//
//
// C: a positional initializer of a record with members under features
// (`{"listen", 1, f, 0, 65535}`, the `0` for a member under `#ifdef
// CONFIG_HTTP2`, itself under the same `#ifdef`) puts each value in the
// member of its position in the variant. The simulator's record holds the
// members of every variant, so the same positions would name other members.
// Each parse knows which member every element initializes in its
// configuration; a designated initializer says that in every configuration:
// `{.name = "listen", .nargs = 1, .set = f, .h2_only = 0, .max = 65535}`.
//
// Every unit is parsed in configurations covering every feature branch;
// each positional element of a list of such a record gets the designator of
// its member when every parse that sees the list agrees on it. A list is
// left as it is (the safety pass then refuses it, located) when one of its
// elements cannot be designated in some parse: an element spelled by a
// macro, a member without a name, braces elided into a sub-aggregate, two
// parses naming different members at one element. C only (C++ designators
// must follow the members' order and cannot mix with positional ones, and
// a header may be read by C and C++ units alike: a project with a C++ unit
// is left to the safety pass).
//
// Runs only when a file holds a feature #if inside a struct or union body
// (a lexical check; no parse otherwise).
//
// The global lowering and the record pass parse every unit in the same
// configurations: these parses carry their recorders, and they take a
// recording where no file it read changed since (EarlyRecordings.h).
//
// Reads: the project, features, texts, structures and the files lowered so
// far. Adds: the lowered files (every later pass sees the designators);
// Recordings, RecordingFingerprints and RecordingGlobalsWatched.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/RecordingParse.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/TextEdits.h"
#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/passes/EarlyRecordings.h"
#include "rewrite/passes/Passes.h"
#include "support/SourceFiles.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <mutex>

namespace varsim::rewrite {
namespace {

using namespace clang;

/// [begin, end) of every `struct`/`union` body in Text (a lexical scan;
/// comments and literals skipped).
std::vector<std::pair<unsigned, unsigned>> recordBodies(llvm::StringRef T) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  std::vector<std::pair<unsigned, bool>> Open; // '{' offset, is a record.
  bool PendingRecord = false;
  for (size_t I = 0; I < T.size();) {
    char C = T[I];
    if (T.substr(I).starts_with("//")) {
      I = T.find('\n', I);
      continue;
    }
    if (T.substr(I).starts_with("/*")) {
      size_t E = T.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? T.size() : E + 2;
      continue;
    }
    if (C == '"' || C == '\'') {
      for (++I; I < T.size() && T[I] != C && T[I] != '\n'; ++I)
        if (T[I] == '\\')
          ++I;
      ++I;
      continue;
    }
    if (llvm::isAlpha(C) || C == '_') {
      size_t B = I;
      while (I < T.size() && (llvm::isAlnum(T[I]) || T[I] == '_'))
        ++I;
      llvm::StringRef Word = T.slice(B, I);
      if (Word == "struct" || Word == "union")
        PendingRecord = true;
      continue;
    }
    if (C == '{') {
      Open.emplace_back(I, PendingRecord);
      PendingRecord = false;
    } else if (C == '}' && !Open.empty()) {
      if (Open.back().second)
        Out.emplace_back(Open.back().first, I);
      Open.pop_back();
    } else if (C == ';' || C == '(' || C == ')' || C == '=' || C == ',') {
      PendingRecord = false;
    }
    ++I;
  }
  return Out;
}

/// The designators of one parse: by list (file, '{' offset), each
/// element's offset and its member, or nullopt when the list cannot be
/// designated in this parse.
using ListKey = std::pair<std::string, unsigned>;
using ListDesignators =
    std::map<ListKey, std::optional<std::map<unsigned, std::string>>>;

struct Inputs {
  const std::map<std::string, FileStructure> &Structures;
  const std::map<std::string, FileGroups> &Groups;
};

class InitVisitor : public RecursiveASTVisitor<InitVisitor> {
public:
  InitVisitor(ASTContext &Ctx, const ProjectLayout &Project, const Inputs &In,
              ListDesignators &Out)
      : SM(Ctx.getSourceManager()), LangOpts(Ctx.getLangOpts()), Paths(Project),
        In(In), Out(Out) {}

  bool VisitInitListExpr(InitListExpr *E) {
    InitListExpr *Syn = E->isSyntacticForm() ? E : E->getSyntacticForm();
    InitListExpr *Sem = E->isSemanticForm() ? E : E->getSemanticForm();
    if (!Syn || !Sem || Syn != E)
      return true;
    QualType T = Sem->getType();
    if (T.isNull())
      return true;
    const auto *RT = T->getAs<RecordType>();
    if (!RT || RT->getDecl()->isUnion())
      return true;
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    if (!RD)
      return true;
    std::optional<unsigned> FirstVarying = firstVaryingField(RD);
    if (!FirstVarying)
      return true;
    SourceLocation LB = Syn->getLBraceLoc();
    if (LB.isInvalid() || !LB.isFileID())
      return true;
    const std::string *File = Paths.of(SM, SM.getFileID(LB));
    if (!File)
      return true;
    ListKey Key{*File, SM.getFileOffset(LB)};
    std::map<unsigned, std::string> Elements;
    bool Needed = false, Possible = true;
    std::vector<const FieldDecl *> Fields(RD->field_begin(), RD->field_end());
    for (const Expr *El : Syn->inits()) {
      if (isa<DesignatedInitExpr>(El))
        continue;
      SourceLocation B = El->getBeginLoc();
      std::optional<unsigned> Index;
      for (unsigned K = 0; K < Sem->getNumInits() && K < Fields.size(); ++K) {
        const Expr *S = Sem->getInit(K);
        if (!S || S->getBeginLoc() != B)
          continue;
        // Braces elided into a member's aggregate: the element is its
        // first part, not the member.
        if (const auto *Sub = dyn_cast<InitListExpr>(S->IgnoreImplicit());
            Sub && Sub->getLBraceLoc().isInvalid())
          break;
        Index = K;
        break;
      }
      std::optional<unsigned> At = elementStart(El);
      if (!Index || !At || Fields[*Index]->getName().empty() ||
          SM.getFileID(SM.getExpansionLoc(B)) != SM.getFileID(LB)) {
        Possible = false;
        break;
      }
      Needed = Needed || *Index >= *FirstVarying;
      Elements[*At] = Fields[*Index]->getName().str();
    }
    if (!Needed && Possible)
      return true;
    auto [It, New] = Out.try_emplace(Key, std::nullopt);
    if (New && Possible)
      It->second = std::move(Elements);
    else if (!Possible)
      It->second.reset();
    return true;
  }

private:
  /// Where a designator goes before El: its first token, or the macro
  /// invocation that spells exactly El (`offsetof(struct s, m)`, a
  /// constant); nullopt for a value that a macro spells together with
  /// other elements (`#define GEOMETRY 640, 480`) or inside a macro's
  /// argument.
  std::optional<unsigned> elementStart(const Expr *El) {
    SourceLocation B = El->getBeginLoc(), E = El->getEndLoc();
    if (B.isFileID())
      return SM.getFileOffset(B);
    SourceLocation MacroBegin, MacroEnd;
    if (!Lexer::isAtStartOfMacroExpansion(B, SM, LangOpts, &MacroBegin) ||
        !Lexer::isAtEndOfMacroExpansion(E, SM, LangOpts, &MacroEnd) ||
        !MacroBegin.isFileID() || !MacroEnd.isFileID() ||
        SM.getExpansionLoc(B) != MacroBegin)
      return std::nullopt;
    return SM.getFileOffset(MacroBegin);
  }

  /// The index of the record's first member under a feature #if inside its
  /// body, if any.
  std::optional<unsigned> firstVaryingField(const RecordDecl *RD) {
    auto [It, New] = Varying.try_emplace(RD);
    if (!New)
      return It->second;
    SourceLocation B = SM.getExpansionLoc(RD->getBraceRange().getBegin());
    if (B.isInvalid())
      return std::nullopt;
    const std::string *File = Paths.of(SM, SM.getFileID(B));
    if (!File || !In.Structures.count(*File))
      return std::nullopt;
    const FileStructure &FS = In.Structures.at(*File);
    const FileGroups &FG = In.Groups.at(*File);
    unsigned Body = SM.getFileOffset(B);
    unsigned Index = 0;
    for (const FieldDecl *F : RD->fields()) {
      SourceLocation L = SM.getExpansionLoc(F->getLocation());
      if (SM.getFileID(L) == SM.getFileID(B)) {
        unsigned Off = SM.getFileOffset(L);
        for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
          if (!FG.Groups[GI].IsFeature ||
              FS.Directives[FS.Groups[GI].Branches.front().DirectiveIndex]
                      .Begin < Body)
            continue;
          for (const CondGroup::Branch &Br : FS.Groups[GI].Branches)
            if (Br.ContentBegin <= Off && Off < Br.ContentEnd)
              return It->second = Index;
        }
      }
      ++Index;
    }
    return It->second = std::nullopt;
  }

  SourceManager &SM;
  const LangOptions &LangOpts;
  ProjectPaths Paths;
  const Inputs &In;
  ListDesignators &Out;
  llvm::DenseMap<const RecordDecl *, std::optional<unsigned>> Varying;
};

/// This pass's recorder, installed beside the record pass's
/// (rewrite/RecordingParse.h).
class InitConsumer : public ASTConsumer {
public:
  InitConsumer(const ProjectLayout &Project, const Inputs &In,
               ListDesignators &Out)
      : Project(Project), In(In), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getLangOpts().CPlusPlus)
      return;
    InitVisitor V(Ctx, Project, In, Out);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

private:
  const ProjectLayout &Project;
  const Inputs &In;
  ListDesignators &Out;
};

} // namespace

llvm::Error runDesignatedInitsPass(RewriteState &S) {
  // A header read by a C++ unit too would get C designators there (C++20
  // only, in order, not mixed with positional elements): C projects only.
  for (const CompileEntry &E : S.Project->Entries)
    if (isCxxCompile(E.File, E.Arguments))
      return llvm::Error::success();
  std::map<std::string, FileGroups> Groups;
  bool Candidate = false;
  for (const auto &[File, FS] : S.Structures) {
    FileGroups G = analyzeGroups(FS, *S.Features);
    auto Bodies = recordBodies(S.Texts.at(File));
    for (size_t GI = 0; GI < FS.Groups.size() && !Candidate; ++GI) {
      if (!G.Groups[GI].IsFeature)
        continue;
      unsigned At =
          FS.Directives[FS.Groups[GI].Branches.front().DirectiveIndex].Begin;
      for (const auto &[B, E] : Bodies)
        Candidate = Candidate || (B < At && At < E);
    }
    Groups.emplace(File, std::move(G));
  }
  if (!Candidate)
    return llvm::Error::success();

  std::vector<CondPtr> ToCover;
  std::set<std::string> Seen;
  for (const auto &[File, FS] : S.Structures)
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI)
      if (Groups.at(File).Groups[GI].IsFeature)
        for (const CondPtr &P : Groups.at(File).Groups[GI].Presence)
          if (Seen.insert(conditionText(*P, *S.Features)).second)
            ToCover.push_back(P);
  std::vector<fm::Configuration> Configs =
      chooseParseConfigurations(ToCover, *S.Features);
  std::vector<std::pair<const CompileEntry *, std::vector<std::string>>> Jobs;
  for (const fm::Configuration &C : Configs)
    for (const CompileEntry &E : S.Project->Entries)
      Jobs.emplace_back(&E, S.Features->defines(C));
  // The global lowering and the record pass parse every unit in the same
  // configurations (a cover of every feature branch): these parses carry
  // their recorders too, and they take a recording whose files this pass
  // leaves alone (rewrite/passes/EarlyRecordings.h).
  RecorderInputs Recorders(S, std::move(Groups));
  S.RecordingGlobalsWatched = globals::globalsWatchedMacros(
      {*S.Project, *S.Features, S.Texts, S.Structures, S.Lowered});
  S.RecordingFingerprints = recordingFingerprints(S, Recorders.Groups);
  Inputs In{S.Structures, Recorders.Groups};
  std::vector<ListDesignators> Results(Jobs.size());
  std::vector<RecordedParse> Recorded(Jobs.size());
  std::vector<bool> Failed(Jobs.size());
  std::vector<std::string> FeatureMacros = S.Features->macros();
  parseInParallel(S.Options.Jobs, Jobs.size(), [&](size_t I) {
    SyntaxOnlyParse P;
    P.Entry = Jobs[I].first;
    P.Defines = Jobs[I].second;
    P.StripMacros = FeatureMacros;
    P.Overlay = &S.Lowered;
    RecordingJob J = Recorders.job(S, std::move(P), &S.RecordingGlobalsWatched);
    J.Extra = [&, I](CompilerInstance &) {
      // A parse made again in full (RecordingParse.h) starts afresh.
      Results[I].clear();
      return std::make_unique<InitConsumer>(*S.Project, In, Results[I]);
    };
    Recorded[I] = recordTranslationUnit(J, *S.Project);
    Failed[I] = Recorded[I].Failed;
  });
  S.Recordings.clear();
  for (size_t I = 0; I < Jobs.size(); ++I)
    S.Recordings[recordingKey(S, Jobs[I].first, Jobs[I].second)] =
        std::move(Recorded[I]);
  // A unit that does not compile somewhere: the later passes report it.
  if (std::find(Failed.begin(), Failed.end(), true) != Failed.end())
    return llvm::Error::success();

  ListDesignators All;
  for (ListDesignators &R : Results)
    for (auto &[Key, Els] : R) {
      auto [It, New] = All.try_emplace(Key, Els);
      if (New || !It->second)
        continue;
      if (!Els) {
        It->second.reset();
        continue;
      }
      for (const auto &[Off, Field] : *Els) {
        auto [FIt, FNew] = It->second->try_emplace(Off, Field);
        if (!FNew && FIt->second != Field) {
          It->second.reset();
          break;
        }
      }
    }

  std::map<std::string, std::set<TextEdit>> Edits;
  for (const auto &[Key, Els] : All)
    if (Els)
      for (const auto &[Off, Field] : *Els)
        Edits[Key.first].insert({Off, 0, "." + Field + " = "});
  std::map<std::string, std::string> Files;
  for (const auto &[File, E] : Edits) {
    auto Text =
        applyTextEdits(File, S.Texts.at(File), 0, E, "designated initializers");
    if (!Text)
      return Text.takeError();
    Files[File] = std::move(*Text);
    if (S.Options.Log)
      *S.Options.Log << "designated initializers: "
                     << S.Project->relativeToRoot(File) << " (" << E.size()
                     << " element(s))\n";
  }
  return S.applyLowering(std::move(Files));
}

} // namespace varsim::rewrite
