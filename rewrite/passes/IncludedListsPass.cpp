//===- rewrite/passes/IncludedListsPass.cpp - X-macro lists written in ----===//
//
// An X-macro list (`opcodes.def`, `syscalls.def`) is included inside a
// declaration, once per use: into an enum, a table's initializer, a
// function body (a computed-goto label table). Entries of the list under a
// feature `#ifdef` then lie in another file than the enum or table they
// belong to, where the per-entry lowerings (globals/EnumValues, the table
// lowering, the function copies) do not see them; left as an #include,
// the simulator would hold every variant's entries in every configuration.
//
// Such an #include means exactly its file's text at that place (the
// preprocessor pastes it), so this pass writes the text there:
//
//     #line N               (N: the #include's line)
//     ...the list, its own quoted #includes written in the same way...
//     #line N+1             (later lines keep their numbers)
//
// and the later passes see the `#ifdef`'d entries directly inside the
// enum, the initializer or the body. Only where that is the same program:
// the #include lies inside braces (never a file-scope header), names a
// project file next to the includer in quotes (found there first), the file
// has no include guard or `#pragma once`, does not use `__FILE__`,
// `__LINE__` or `__INCLUDE_LEVEL__`, and (with what it includes) tests a
// feature. Anything else is left to the passes that refuse it, located.
//
// Reads: the texts, structures and features. Adds: the lowered files.
//
//===----------------------------------------------------------------------===//

#include "rewrite/IncludeGuards.h"
#include "rewrite/ListMacros.h"
#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"
#include "rewrite/TextEdits.h"
#include "rewrite/passes/Passes.h"

#include <optional>

namespace varsim::rewrite {

namespace {

/// The braces of Text outside comments, string and character literals
/// and directive lines: the innermost open one at each directive (its
/// offset, or none at file scope) and where each one closes.
struct Braces {
  std::vector<std::optional<unsigned>> OpenAt; ///< Per directive.
  std::map<unsigned, unsigned> Close;          ///< `{` offset -> `}`.
};

Braces scanBraces(llvm::StringRef Text, const FileStructure &FS) {
  Braces B;
  std::vector<unsigned> Open;
  size_t DI = 0;
  // Each directive sees the braces of the tokens before it.
  auto ReachDirectives = [&](unsigned Offset) {
    for (; DI < FS.Directives.size() && FS.Directives[DI].Begin <= Offset; ++DI)
      B.OpenAt.push_back(Open.empty() ? std::nullopt
                                      : std::optional(Open.back()));
  };
  forEachToken(
      Text,
      [&](const SourceToken &T) {
        ReachDirectives(T.Begin);
        if (T.K != SourceToken::Punctuator)
          return;
        if (Text[T.Begin] == '{')
          Open.push_back(T.Begin);
        else if (Text[T.Begin] == '}' && !Open.empty()) {
          B.Close[Open.back()] = T.Begin;
          Open.pop_back();
        }
      },
      directiveRanges(FS));
  ReachDirectives(static_cast<unsigned>(Text.size()));
  B.OpenAt.resize(FS.Directives.size());
  return B;
}

/// The block opening at Brace is an enumeration's body (no directive may
/// lie in it but feature #ifs, globals/EnumValues.cpp).
bool enumBody(llvm::StringRef Text, unsigned Brace) {
  llvm::StringRef Head = Text.take_front(Brace);
  size_t Stop = Head.find_last_of(";{}");
  Head = Head.drop_front(Stop == llvm::StringRef::npos ? 0 : Stop + 1);
  return !findIdentifiers(Head, {"enum"}).empty();
}

/// The project file a quoted #include names (relative to the includer).
std::optional<std::string> quotedTarget(const RewriteState &S,
                                        llvm::StringRef Includer,
                                        const Directive &D) {
  std::optional<std::string> P = quotedIncludePath(Includer, D);
  if (!P || !S.Texts.count(*P) || !S.Structures.count(*P))
    return std::nullopt;
  return P;
}

struct Inliner {
  const RewriteState &S;
  std::vector<std::string> Stack; ///< Files being written (no cycles).
  std::set<std::string> Used;     ///< Every file written in.

  bool testsFeature(const FileStructure &FS) const {
    std::set<std::string> Tested;
    for (const CondGroup &G : FS.Groups)
      for (const CondGroup::Branch &B : G.Branches)
        if (B.Condition)
          collectMacros(*B.Condition, Tested);
    return llvm::any_of(Tested, [&](const std::string &M) {
      return S.Features->isFeatureMacro(M);
    });
  }

  /// File's text with its quoted includes written in, or nullopt if some
  /// include or the file itself cannot be written in. TestsFeature: the
  /// file or one it includes tests a feature.
  std::optional<std::string> expand(const std::string &File,
                                    bool &TestsFeature) {
    if (llvm::is_contained(Stack, File))
      return std::nullopt;
    llvm::StringRef Text = S.Texts.at(File);
    const FileStructure &FS = S.Structures.at(File);
    if (guardsItself(Text, FS) ||
        !findIdentifiers(Text, {"__FILE__", "__LINE__", "__INCLUDE_LEVEL__"})
             .empty())
      return std::nullopt;
    TestsFeature = TestsFeature || testsFeature(FS);
    Stack.push_back(File);
    Used.insert(File);
    std::string Out;
    unsigned Pos = 0;
    for (const Directive &D : FS.Directives) {
      if (D.Kind != DirectiveKind::Include)
        continue;
      std::optional<std::string> Target = quotedTarget(S, File, D);
      std::optional<std::string> Inner =
          Target ? expand(*Target, TestsFeature) : std::nullopt;
      if (!Inner) {
        Stack.pop_back();
        return std::nullopt;
      }
      Out += Text.slice(Pos, D.Begin);
      Out += *Inner;
      Pos = D.End;
    }
    Out += Text.slice(Pos, Text.size());
    if (!Out.empty() && Out.back() != '\n')
      Out += '\n';
    Stack.pop_back();
    return Out;
  }
};

} // namespace

llvm::Error runIncludedListsPass(RewriteState &S) {
  std::map<std::string, std::string> Files;
  for (const auto &[File, FS] : S.Structures) {
    if (!S.Texts.count(File))
      continue;
    llvm::StringRef Text = S.Texts.at(File);
    std::optional<Braces> Bs;
    std::vector<std::pair<unsigned, unsigned>> Spans;
    std::set<std::string> Written;
    std::set<TextEdit> Edits;
    std::set<unsigned> ListAt;   ///< The #includes written in.
    std::set<unsigned> Restored; ///< Blocks whose end restores the lines.
    for (unsigned DI = 0; DI < FS.Directives.size(); ++DI) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind != DirectiveKind::Include)
        continue;
      std::optional<std::string> Target = quotedTarget(S, File, D);
      if (!Target)
        continue;
      if (!Bs)
        Bs = scanBraces(Text, FS);
      std::optional<unsigned> Brace = Bs->OpenAt[DI];
      if (!Brace || !Bs->Close.count(*Brace))
        continue;
      Inliner In{S, {File}, {}};
      bool TestsFeature = false;
      std::optional<std::string> List = In.expand(*Target, TestsFeature);
      if (!List || !TestsFeature)
        continue;
      Written.insert(In.Used.begin(), In.Used.end());
      S.Log << "included list " << S.Project->relativeToRoot(*Target)
            << ": written in at " << S.Project->relativeToRoot(File) << ":"
            << D.Line << "\n";
      // The list's lines take the #include's line, later lines their
      // own: by #line around the list, or, in an enumeration (where no
      // other directive may lie), after the line that closes it.
      std::string After = std::to_string(D.Line + D.PhysicalLines);
      if (!enumBody(Text, *Brace)) {
        Edits.insert({D.Begin, D.End - D.Begin,
                      "#line " + std::to_string(D.Line) + "\n" + *List +
                          "#line " + After + "\n"});
        ListAt.insert(D.Begin);
        continue;
      }
      Edits.insert({D.Begin, D.End - D.Begin, *List});
      ListAt.insert(D.Begin);
      size_t EOL = Text.find('\n', Bs->Close.at(*Brace));
      if (EOL != llvm::StringRef::npos && Restored.insert(*Brace).second) {
        unsigned Next = static_cast<unsigned>(EOL + 1);
        Edits.insert(
            {Next, 0, "#line " + std::to_string(FS.lineOf(Next)) + "\n"});
      }
    }
    if (Edits.empty())
      continue;
    llvm::Expected<std::string> Edited =
        applyTextEdits(File, Text, 0, Edits, "included list");
    if (!Edited)
      return Edited.takeError();
    std::string Out = std::move(*Edited);
    // Where each list lies in the new text (an insertion at an #include's
    // offset is a #line of an enumeration before it, not the list).
    unsigned Shift = 0;
    for (const TextEdit &E : Edits) {
      unsigned At = E.Offset + Shift;
      if (E.Length > 0 && ListAt.count(E.Offset))
        Spans.push_back({At, At + static_cast<unsigned>(E.Text.size())});
      Shift += static_cast<unsigned>(E.Text.size()) - E.Length;
    }
    // Built from files that scanned alone: a failure is a defect.
    auto New = scanDirectives(File, Out);
    if (!New)
      return New.takeError();
    // The list's macro uses expanded (rewrite/ListMacros.h), judged
    // against every other file's #defines.
    std::vector<const Directive *> Others;
    for (const auto &[Other, OFS] : S.Structures)
      if (Other != File && !Written.count(Other))
        for (const Directive &OD : OFS.Directives)
          Others.push_back(&OD);
    if (std::optional<std::string> X =
            expandListMacros(Out, *New, Spans, Others))
      Files[File] = std::move(*X);
    else
      S.Log << "included lists of " << S.Project->relativeToRoot(File)
            << ": left as #includes (a macro of the list not expanded)\n";
  }
  if (Files.empty())
    return llvm::Error::success();
  S.DerivedMacrosStale = true;
  return S.applyLowering(std::move(Files));
}

} // namespace varsim::rewrite
