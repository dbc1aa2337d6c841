//===- rewrite/ForeignFeatures.cpp - Features read outside the project ----===//
//
// Detection: every translation unit is preprocessed once (one valid
// configuration; no parse, no AST) with callbacks on #ifdef, #ifndef,
// defined(), #if and #elif. A test of a feature macro in a file outside the
// project's sources (or in a system header) is a foreign test; the
// project's #include that brings that file in is where it is reported.
//
// Lowering: NDEBUG tested by <assert.h> (also through <cassert>) is
// selected at run time at every use of assert: `assert(e)` becomes
// `(VARSIM_F_NDEBUG ? (void)0 : assert(e))` on the same lines. The
// simulator is compiled without NDEBUG, so the inner assert is the active
// one (glibc: __assert_fail, abort); with the flag set the expression is
// not evaluated, as in the variant compiled with -DNDEBUG. Every other
// foreign test is refused.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ForeignFeatures.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SourceText.h"

#include "rewrite/FeatureGroups.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "runtime/SimulatorTables.h"
#include "support/Diagnostic.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <tuple>

namespace varsim::rewrite {

namespace {

/// Every translation unit of In preprocessed, in parallel.
std::vector<ForeignScan> scanAll(const ForeignFeatureInput &In) {
  std::vector<std::string> Macros = In.Features.macros();
  if (Macros.empty() || In.Project.Entries.empty())
    return {};
  std::vector<fm::Configuration> Configs =
      chooseParseConfigurations({}, In.Features);
  std::vector<std::string> Defines = In.Features.defines(Configs.front());
  std::vector<ForeignScan> Scans(In.Project.Entries.size());
  parseInParallel(In.Jobs, Scans.size(), [&](size_t I) {
    Scans[I] =
        scanForeignTests(In.Project.Entries[I], In.Project, Defines, Macros);
  });
  return Scans;
}

/// The tests of every scan, deduplicated, by the project's file and line.
std::vector<ForeignTest> mergeTests(const std::vector<ForeignScan> &Scans) {
  std::set<
      std::tuple<std::string, unsigned, std::string, unsigned, std::string>>
      Seen;
  std::vector<ForeignTest> Out;
  for (const ForeignScan &S : Scans)
    for (const ForeignTest &T : S.Tests)
      if (Seen.insert({T.From, T.FromLine, T.Header, T.HeaderLine, T.Macro})
              .second)
        Out.push_back(T);
  std::sort(
      Out.begin(), Out.end(), [](const ForeignTest &A, const ForeignTest &B) {
        return std::tie(A.From, A.FromLine, A.Header, A.HeaderLine, A.Macro) <
               std::tie(B.From, B.FromLine, B.Header, B.HeaderLine, B.Macro);
      });
  return Out;
}

} // namespace

std::vector<ForeignTest> detectForeignTests(const ForeignFeatureInput &In) {
  return mergeTests(scanAll(In));
}

namespace {

using namespace clang;

/// What one preprocessing run records.
struct ScanState {
  const ProjectLayout &Project;
  std::set<std::string> Features;
  ForeignScan &Out;
  SourceManager *SM = nullptr;
  ProjectPaths Paths{Project};

  /// The absolute path of FID, and whether it is a project source (not
  /// reached as a system header).
  std::pair<const std::string &, bool> fileOf(FileID FID) {
    bool InProject =
        Paths.of(*SM, FID) && !SrcMgr::isSystem(SM->getFileCharacteristic(
                                  SM->getLocForStartOfFile(FID)));
    return {Paths.pathOf(*SM, FID), InProject};
  }

  /// A test of Macro at Loc (a directive in some file).
  void tested(llvm::StringRef Macro, SourceLocation Loc) {
    if (!Features.count(Macro.str()) || Loc.isInvalid())
      return;
    Loc = SM->getExpansionLoc(Loc);
    FileID FID = SM->getFileID(Loc);
    auto [Header, InProject] = fileOf(FID);
    if (InProject || Header.empty())
      return;
    // The innermost project file that includes it, and that #include.
    for (SourceLocation Inc = SM->getIncludeLoc(FID); Inc.isValid();
         Inc = SM->getIncludeLoc(SM->getFileID(Inc))) {
      Inc = SM->getExpansionLoc(Inc);
      auto [From, FromProject] = fileOf(SM->getFileID(Inc));
      if (!FromProject)
        continue;
      ForeignTest T;
      T.Macro = Macro.str();
      T.Header = Header;
      T.HeaderLine = SM->getSpellingLineNumber(Loc);
      T.From = From;
      T.FromLine = SM->getSpellingLineNumber(Inc);
      T.FromOffset = SM->getFileOffset(Inc);
      Out.Tests.push_back(std::move(T));
      return;
    }
  }
};

class TestRecorder : public PPCallbacks {
public:
  explicit TestRecorder(ScanState &S) : S(S) {}

  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Elifdef(SourceLocation Loc, const Token &Name,
               const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Elifndef(SourceLocation Loc, const Token &Name,
                const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Defined(const Token &Name, const MacroDefinition &,
               SourceRange Range) override {
    name(Range.getBegin(), Name);
  }
  // `#if X == 64`: every identifier of the condition (an undefined macro
  // expands to nothing, so MacroExpands would miss it).
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    condition(Loc, Cond);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    condition(Loc, Cond);
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile || Loc.isInvalid())
      return;
    const auto &[File, InProject] = S.fileOf(S.SM->getFileID(Loc));
    if (InProject)
      S.Out.Included.insert(File);
  }

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II || !MD)
      return;
    SourceLocation Def = S.SM->getExpansionLoc(MD->getLocation());
    if (Def.isInvalid() || !S.SM->getFileEntryRefForID(S.SM->getFileID(Def)) ||
        !S.fileOf(S.SM->getFileID(Def)).second)
      S.Out.ExternalMacros.insert(II->getName().str());
    if (Def.isValid() && S.SM->isWrittenInBuiltinFile(Def) &&
        isTargetMacro(II->getName()))
      S.Out.Predefined[II->getName().str()] =
          predefinedBody(*MD->getMacroInfo());
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II || (II->getName() != "assert" && II->getName() != "assert_perror"))
      return;
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI)
      return;
    SourceManager &SM = *S.SM;
    SourceLocation Def = SM.getExpansionLoc(MI->getDefinitionLoc());
    if (Def.isInvalid() || S.fileOf(SM.getFileID(Def)).second)
      return; // The project's own assert.
    SourceLocation Spelled = SM.getSpellingLoc(Name.getLocation());
    if (!Spelled.isFileID())
      return;
    const auto &[File, InProject] = S.fileOf(SM.getFileID(Spelled));
    if (InProject)
      S.Out.AssertUses.insert({File, SM.getFileOffset(Spelled)});
  }

private:
  void name(SourceLocation Loc, const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      S.tested(II->getName(), Loc);
  }
  void condition(SourceLocation Loc, SourceRange Cond) {
    if (Cond.isInvalid() || !S.SM->isWrittenInSameFile(Loc, Cond.getBegin()))
      return;
    const auto &Info = S.fileOf(S.SM->getFileID(S.SM->getExpansionLoc(Loc)));
    if (Info.second)
      return; // Cheap exit: project tests are the rewriter's.
    bool Invalid = false;
    llvm::StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(Cond), *S.SM, LangOptions(), &Invalid);
    if (Invalid)
      return;
    for (size_t I = 0; I < Text.size();) {
      if (!llvm::isAlpha(Text[I]) && Text[I] != '_') {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
        ++J;
      S.tested(Text.slice(I, J), Loc);
      I = J;
    }
  }

  ScanState &S;
};

/// Preprocesses only (-Eonly: no output, no parse).
class ScanAction : public PreprocessOnlyAction {
public:
  explicit ScanAction(ScanState &S) : S(S) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    S.SM = &CI.getSourceManager();
    // The preprocessor's builtins (`__has_include`, `__LINE__`) are
    // defined before any callback: external too.
    for (const auto &[II, State] : CI.getPreprocessor().macros())
      if (const MacroInfo *MI = CI.getPreprocessor().getMacroInfo(
              const_cast<IdentifierInfo *>(II));
          MI && MI->isBuiltinMacro())
        S.Out.ExternalMacros.insert(II->getName().str());
    CI.getPreprocessor().addPPCallbacks(std::make_unique<TestRecorder>(S));
    return true;
  }

private:
  ScanState &S;
};

} // namespace

ForeignScan scanForeignTests(const CompileEntry &Entry,
                             const ProjectLayout &Project,
                             const std::vector<std::string> &Defines,
                             const std::vector<std::string> &FeatureMacros) {
  ForeignScan Out;
  ScanState S{Project,
              std::set<std::string>(FeatureMacros.begin(), FeatureMacros.end()),
              Out};
  SyntaxOnlyParse P;
  P.Entry = &Entry;
  P.Defines = Defines;
  P.StripMacros = FeatureMacros;
  SyntaxOnlyResult R =
      runSyntaxOnlyWith(P, [&S] { return std::make_unique<ScanAction>(S); });
  Out.Failed = R.Failed;
  return Out;
}

namespace {

/// Offsets of the project's code that are not in comments or literals:
/// a callback per identifier, and the offset after a balanced (...) group.
class CodeScanner {
public:
  explicit CodeScanner(llvm::StringRef Text) : Text(Text) {}

  /// Offset just past the comment or literal starting at I, or I.
  size_t skipNonCode(size_t I) const {
    if (Text.substr(I).starts_with("//")) {
      size_t E = I;
      while (E < Text.size() && Text[E] != '\n') {
        if (Text[E] == '\\' && E + 1 < Text.size() && Text[E + 1] == '\n')
          ++E;
        ++E;
      }
      return E;
    }
    if (Text.substr(I).starts_with("/*")) {
      size_t E = Text.find("*/", I + 2);
      return E == llvm::StringRef::npos ? Text.size() : E + 2;
    }
    if (Text[I] == '"' || Text[I] == '\'') {
      char Q = Text[I];
      size_t E = I + 1;
      while (E < Text.size() && Text[E] != Q && Text[E] != '\n')
        E += Text[E] == '\\' ? 2 : 1;
      return std::min(E + 1, Text.size());
    }
    return I;
  }

  template <class Fn> void identifiers(Fn Visit) const {
    for (size_t I = 0; I < Text.size();) {
      if (size_t E = skipNonCode(I); E != I) {
        I = E;
        continue;
      }
      if (isIdentifierChar(Text[I])) {
        size_t E = I;
        while (E < Text.size() && isIdentifierChar(Text[E]))
          ++E;
        // Numbers (1e5) are skipped with their letters.
        if (!llvm::isDigit(Text[I]))
          Visit(I, Text.slice(I, E));
        I = E;
        continue;
      }
      ++I;
    }
  }

  /// The offset of the next code character at or after I (whitespace,
  /// continuations and comments skipped).
  size_t nextCode(size_t I) const {
    while (I < Text.size()) {
      if (llvm::isSpace(Text[I]) ||
          (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n')) {
        ++I;
        continue;
      }
      if (Text.substr(I).starts_with("//") ||
          Text.substr(I).starts_with("/*")) {
        I = skipNonCode(I);
        continue;
      }
      break;
    }
    return I;
  }

  /// The offset of the ')' closing the '(' at Open.
  std::optional<size_t> closing(size_t Open) const {
    int Depth = 0;
    for (size_t I = Open; I < Text.size();) {
      if (size_t E = skipNonCode(I); E != I) {
        I = E;
        continue;
      }
      if (Text[I] == '(')
        ++Depth;
      else if (Text[I] == ')' && --Depth == 0)
        return I;
      ++I;
    }
    return std::nullopt;
  }

  /// The previous code character before I ('\0' at the start).
  char previous(size_t I) const {
    while (I > 0) {
      char C = Text[--I];
      if (!llvm::isSpace(C) && C != '\\')
        return C;
    }
    return '\0';
  }

private:
  llvm::StringRef Text;
};

/// The directive holding Offset, if any.
const Directive *directiveAt(const FileStructure &FS, size_t Offset) {
  auto It = std::upper_bound(
      FS.Directives.begin(), FS.Directives.end(), Offset,
      [](size_t O, const Directive &D) { return O < D.Begin; });
  if (It == FS.Directives.begin())
    return nullptr;
  --It;
  return Offset < It->End ? &*It : nullptr;
}

bool isAssertHeader(llvm::StringRef Path) {
  return llvm::sys::path::filename(Path) == "assert.h";
}

} // namespace

std::optional<std::string>
lowerAssertUses(const std::string &File, const std::string &Text,
                const FileStructure &FS, const std::string &Flag,
                const std::set<unsigned> *Only,
                std::vector<unsigned> &LoweredOffsets) {
  CodeScanner Scan(Text);
  struct Insert {
    size_t At;
    std::string Text;
    size_t Seq = 0;
  };
  std::vector<Insert> Inserts;
  Scan.identifiers([&](size_t At, llvm::StringRef Name) {
    if (Name != "assert" && Name != "assert_perror")
      return;
    if (Only && !Only->count(static_cast<unsigned>(At)))
      return;
    if (const Directive *D = directiveAt(FS, At)) {
      // Only in the bodies of #defines (not their names, nor #if/#undef).
      if (D->Kind != DirectiveKind::Define || D->Macro == Name.str())
        return;
    }
    char Before = Scan.previous(At);
    if (Before == '.' || Before == '>' || Before == ':')
      return; // A member or a qualified name, not the macro.
    size_t Open = Scan.nextCode(At + Name.size());
    if (Open >= Text.size() || Text[Open] != '(')
      return;
    std::optional<size_t> Close = Scan.closing(Open);
    if (!Close)
      return;
    Inserts.push_back({At, "(" + Flag + " ? (void)0 : ", 0});
    Inserts.push_back({*Close + 1, ")", 0});
    LoweredOffsets.push_back(static_cast<unsigned>(At));
  });
  (void)File;
  if (Inserts.empty())
    return std::nullopt;
  // By offset; at one offset in the order found (a close before an open).
  for (size_t I = 0; I < Inserts.size(); ++I)
    Inserts[I].Seq = I;
  std::sort(Inserts.begin(), Inserts.end(),
            [](const Insert &A, const Insert &B) {
              return std::tie(A.At, A.Seq) < std::tie(B.At, B.Seq);
            });
  std::string Out;
  size_t Pos = 0;
  for (const Insert &I : Inserts) {
    Out.append(Text, Pos, I.At - Pos);
    Out += I.Text;
    Pos = I.At;
  }
  Out.append(Text, Pos, std::string::npos);
  return Out;
}

InferenceEvidence surveyForInference(const ForeignFeatureInput &In) {
  InferenceEvidence Out;
  std::vector<ForeignScan> Scans = scanAll(In);
  std::set<std::string> Reached;
  bool Clean = !Scans.empty();
  for (const ForeignScan &S : Scans) {
    Out.External.insert(S.ExternalMacros.begin(), S.ExternalMacros.end());
    for (const ForeignTest &T : S.Tests)
      if (T.Macro != "NDEBUG" || !isAssertHeader(T.Header))
        Out.External.insert(T.Macro);
    Reached.insert(S.Included.begin(), S.Included.end());
    Clean = Clean && !S.Failed;
  }
  if (Clean)
    Out.Reached = closeOverIncludes(std::move(Reached), In.Structures);
  return Out;
}

llvm::Expected<ForeignFeatureResult>
lowerForeignFeatureTests(const ForeignFeatureInput &In) {
  ForeignFeatureResult Result;
  auto Start = std::chrono::steady_clock::now();
  std::vector<ForeignScan> Scans = scanAll(In);
  std::vector<ForeignTest> Tests = mergeTests(Scans);
  if (!Scans.empty() &&
      llvm::none_of(Scans, [](const ForeignScan &S) { return S.Failed; })) {
    Result.ExternalMacros.emplace();
    for (const ForeignScan &S : Scans)
      Result.ExternalMacros->insert(S.ExternalMacros.begin(),
                                    S.ExternalMacros.end());
    Result.Target = Scans.front().Predefined;
    for (const ForeignScan &S : Scans)
      keepCommon(*Result.Target, S.Predefined);
  }
  if (In.Log) {
    auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
    *In.Log << "foreign feature tests: " << In.Project.Entries.size()
            << " translation unit(s) preprocessed in " << Ms << " ms, "
            << Tests.size() << " test(s) of features outside the project\n";
  }
  if (Tests.empty())
    return Result;

  // NDEBUG in <assert.h> is lowered; anything else refused, first the
  // first in the project's files.
  std::set<std::string> AssertMacros;
  for (const ForeignTest &T : Tests) {
    if (T.Macro == "NDEBUG" && isAssertHeader(T.Header)) {
      AssertMacros.insert(T.Macro);
      continue;
    }
    unsigned Col = 1;
    if (auto It = In.Texts.find(T.From); It != In.Texts.end()) {
      llvm::StringRef Text = It->second;
      size_t LineStart =
          Text.rfind('\n', std::min<size_t>(T.FromOffset, Text.size()) -
                               (T.FromOffset ? 1 : 0));
      LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
      size_t Hash = Text.find('#', LineStart);
      if (Hash != llvm::StringRef::npos && Hash <= T.FromOffset)
        Col = static_cast<unsigned>(Hash - LineStart + 1);
    }
    auto Id = In.Features.ByMacro.find(T.Macro);
    std::string Name = Id == In.Features.ByMacro.end()
                           ? T.Macro
                           : In.Features.Model.feature(Id->second).Name;
    if (Name != T.Macro)
      Name += "' (macro '" + T.Macro;
    return makeError(T.From, T.FromLine, Col,
                     "feature '" + Name + "' is tested by " + T.Header + ":" +
                         std::to_string(T.HeaderLine) +
                         ", which varsim does not rewrite; the simulator "
                         "cannot select it at run time");
  }
  if (AssertMacros.empty())
    return Result;

  // Every use of assert in the project reads the flag. Where the project
  // defines an assert of its own, only the uses the preprocessor saw
  // expand <assert.h>'s are changed.
  bool OwnAssert = false;
  for (const auto &[File, FS] : In.Structures)
    for (const Directive &D : FS.Directives)
      if ((D.Kind == DirectiveKind::Define || D.Kind == DirectiveKind::Undef) &&
          (D.Macro == "assert" || D.Macro == "assert_perror"))
        OwnAssert = true;
  std::map<std::string, std::set<unsigned>> Confirmed;
  if (OwnAssert) // The uses seen expanding the header's assert.
    for (const ForeignScan &S : Scans)
      for (const auto &[File, Offset] : S.AssertUses)
        Confirmed[File].insert(Offset);
  std::string Flag =
      runtime::featureValueExpr(In.Features.descOf(*AssertMacros.begin()));
  for (const auto &[File, Text] : In.Texts) {
    auto FS = In.Structures.find(File);
    if (FS == In.Structures.end() || !llvm::StringRef(Text).contains("assert"))
      continue;
    static const std::set<unsigned> None;
    const std::set<unsigned> *Only = nullptr;
    if (OwnAssert) {
      auto C = Confirmed.find(File);
      Only = C == Confirmed.end() ? &None : &C->second;
    }
    std::vector<unsigned> Offsets;
    auto New = lowerAssertUses(File, Text, FS->second, Flag, Only, Offsets);
    if (!New)
      continue;
    for (unsigned O : Offsets)
      Result.Sites.push_back(
          {File, FS->second.lineOf(O), "assert", *AssertMacros.begin()});
    Result.Files[File] = std::move(*New);
  }
  // The flag is declared by the generated header, which the rewriter
  // includes in the files it edits. A translation unit that reads the flag
  // (itself or through a header) gets an empty group on the feature after
  // its last line, which the rewriter removes: an edit, so the include.
  for (size_t I = 0; I < Scans.size(); ++I) {
    const std::string &Unit = In.Project.Entries[I].File;
    auto Text = In.Texts.find(Unit);
    if (Text == In.Texts.end() ||
        llvm::none_of(Scans[I].Included, [&](const std::string &F) {
          return Result.Files.count(F) != 0;
        }))
      continue;
    std::string &Out =
        Result.Files.try_emplace(Unit, Text->second).first->second;
    if (!Out.empty() && Out.back() != '\n')
      Out += '\n';
    Out += "/* varsim: this file reads " + *AssertMacros.begin() +
           " at run time (docs/foreign.md) */\n#ifdef " +
           *AssertMacros.begin() + "\n#endif\n";
  }
  if (In.Log)
    for (const templates::LoweredSite &S : Result.Sites)
      *In.Log << "feature tested by <assert.h> selected at run time: " << S.File
              << ":" << S.Line << " (assert, " << S.Features << ")\n";
  return Result;
}

} // namespace varsim::rewrite
