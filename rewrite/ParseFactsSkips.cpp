//===- rewrite/ParseFactsSkips.cpp - Skipped ranges, macro uses ------===//
//
// The facts parse's preprocessor callbacks: which branches were skipped,
// and the macro uses the rewriter needs (ParseFactsImpl.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseFactsImpl.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/Stringifiers.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/safety/StartupLowering.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite::facts {
namespace {

class SkipRecorder : public PPCallbacks {
public:
  SkipRecorder(ParseState &S, Preprocessor &PP) : State(S), PP(PP), SC(PP) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    // Registers a project file's first inclusion, or a later one (whose
    // skipped ranges may differ: an X-macro list).
    if (Reason == EnterFile && Loc.isValid())
      State.repeatOf(State.SM->getFileID(Loc));
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *Args) override {
    SourceManager &SM = *State.SM;
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    std::string Macro = II->getName().str();
    // Where the expansion is, in the text the compiler reads.
    SourceLocation At = SM.getExpansionLoc(Range.getBegin());
    if (At.isFileID()) {
      if (const std::string *Path = firstInclusion(SM.getFileID(At))) {
        State.Expansions[*Path].push_back({SM.getFileOffset(At), Macro});
        if (Args && SC.expandsAndStringifies(MD.getMacroInfo()))
          recordStringified(*Args, *Path, SM.getFileOffset(At));
        if (Name.getLocation().isFileID() && isTypeOperand(SM, At))
          State.Result.Files[*Path].TypeOperandMacros.push_back(
              {Macro, SM.getFileOffset(At)});
        if (Args && Name.getLocation().isFileID())
          recordDiscarded(Macro, MD.getMacroInfo(), *Args, SM.getFileID(At),
                          State.Result.Files[*Path].DiscardedArguments);
      } else if (RepeatInclusion *R = State.repeatOf(SM.getFileID(At));
                 R && Args && Name.getLocation().isFileID()) {
        recordDiscarded(Macro, MD.getMacroInfo(), *Args, SM.getFileID(At),
                        R->DiscardedArguments);
      }
    }
    if (!State.FeatureMacros.count(Macro))
      return;
    // A feature macro's value: edited where it is spelled (in the code or
    // in the body of another macro).
    SourceLocation Spelled = SM.getSpellingLoc(Name.getLocation());
    if (!Spelled.isFileID())
      return;
    if (const std::string *Path = firstInclusion(SM.getFileID(Spelled)))
      State.Result.Files[*Path].FeatureValueUses.push_back(
          {Macro, SM.getFileOffset(Spelled)});
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    SourceManager &SM = *State.SM;
    FileID FID = SM.getFileID(Range.getBegin());
    const std::string *Path = State.projectPath(FID);
    if (!Path)
      return;
    unsigned B = SM.getFileOffset(Range.getBegin());
    unsigned E =
        SM.getFileOffset(EndifLoc.isValid() ? EndifLoc : Range.getEnd());
    // The range starts at the '#' of the directive that began skipping;
    // its line start is what the scanner knows as the directive's Begin.
    // The first inclusion of a file is analysed; a later one (an X-macro
    // list, or a header whose guard clang does not recognize) only says
    // what it skipped.
    if (RepeatInclusion *R = State.repeatOf(FID))
      R->Skipped.emplace_back(B, E);
    else
      State.Result.Files[*Path].Skipped.emplace_back(B, E);
  }

private:
  /// The project path of FID if it is the first inclusion of its file.
  const std::string *firstInclusion(FileID FID) {
    const std::string *Path = State.projectPath(FID);
    if (!Path)
      return nullptr;
    auto First = State.FirstFID.find(*Path);
    if (First != State.FirstFID.end() && First->second != FID)
      return nullptr;
    return Path;
  }

  /// Whether the text before At is `sizeof`, `sizeof(`, `_Alignof(`,
  /// `alignof(`, `decltype(`, `typeof(` or `__typeof__(`.
  static bool isTypeOperand(SourceManager &SM, SourceLocation At) {
    llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(At));
    llvm::StringRef Before = Buffer.take_front(SM.getFileOffset(At)).rtrim();
    Before.consume_back("(");
    Before = Before.rtrim();
    for (llvm::StringRef Op : {"sizeof", "_Alignof", "alignof", "decltype",
                               "typeof", "__typeof__", "__alignof__"})
      if (Before.ends_with(Op)) {
        llvm::StringRef Rest = Before.drop_back(Op.size());
        if (Rest.empty() ||
            !(std::isalnum(static_cast<unsigned char>(Rest.back())) ||
              Rest.back() == '_'))
          return true;
      }
    return false;
  }

  /// The arguments, written in this file, that a function-like macro
  /// defined outside the project drops: its body never names their
  /// parameter (`assert(e)` under NDEBUG). A project macro is left out: a
  /// feature may define it otherwise.
  void recordDiscarded(const std::string &Macro, const MacroInfo *MI,
                       const MacroArgs &Args, FileID FID,
                       std::vector<DiscardedArgument> &Out) {
    SourceManager &SM = *State.SM;
    if (!MI || !MI->isFunctionLike() || MI->isVariadic() ||
        MI->getDefinitionLoc().isInvalid() ||
        State.projectPath(
            SM.getFileID(SM.getExpansionLoc(MI->getDefinitionLoc()))))
      return;
    for (unsigned I = 0;
         I < Args.getNumMacroArguments() && I < MI->getNumParams(); ++I) {
      const IdentifierInfo *Param = MI->params()[I];
      if (llvm::any_of(MI->tokens(), [&](const Token &T) {
            return T.getIdentifierInfo() == Param;
          }))
        continue;
      const Token *T = Args.getUnexpArgument(I);
      if (T->is(tok::eof))
        continue;
      const Token *Last = T;
      for (const Token *N = T; N->isNot(tok::eof); ++N)
        Last = N;
      SourceLocation B = T->getLocation(), E = Last->getLocation();
      if (!B.isFileID() || !E.isFileID() || SM.getFileID(B) != FID ||
          SM.getFileID(E) != FID)
        continue;
      Out.push_back({Macro, SM.getFileOffset(B),
                     SM.getFileOffset(E) + Last->getLength()});
    }
  }

  /// The macros named in the arguments of a stringifying expansion.
  void recordStringified(const MacroArgs &Args, const std::string &Path,
                         unsigned Offset) {
    for (unsigned I = 0; I < Args.getNumMacroArguments(); ++I)
      for (const Token *T = Args.getUnexpArgument(I); T->isNot(tok::eof); ++T)
        if (const IdentifierInfo *A = T->getIdentifierInfo();
            A && PP.getMacroInfo(A))
          State.Result.Files[Path].StringifiedMacros.push_back(
              {A->getName().str(), Offset});
  }

  ParseState &State;
  Preprocessor &PP;
  StringifierCheck SC;
};

} // namespace

std::unique_ptr<PPCallbacks> makeSkipRecorder(ParseState &S, Preprocessor &PP) {
  return std::make_unique<SkipRecorder>(S, PP);
}

} // namespace varsim::rewrite::facts
