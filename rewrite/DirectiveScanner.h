//===- rewrite/DirectiveScanner.h - The conditional structure of a file -*- C++
//-*-===//
//
// Reads a source file's preprocessor directives and #if nesting lexically,
// independently of any configuration: Clang drops inactive branches before
// the AST exists, so the complete structure (every branch of every #if) has
// to come from the text. Comments and string literals are respected; line
// continuations are joined.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_DIRECTIVESCANNER_H
#define VARSIM_REWRITE_DIRECTIVESCANNER_H

#include "condition/Condition.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

// The conditions of directives are the condition library's trees; the
// rewriter names them unqualified.
using condition::asConjunction;
using condition::collectMacros;
using condition::Cond;
using condition::conditionPrecedence;
using condition::conditionSize;
using condition::CondPtr;
using condition::evaluate;
using condition::IdentPrinter;
using condition::isBooleanValued;
using condition::MacroLiteral;
using condition::MacroValues;
using condition::makeAnd;
using condition::makeBinary;
using condition::makeCall;
using condition::makeDefined;
using condition::makeIdent;
using condition::makeInt;
using condition::makeNot;
using condition::makeOr;
using condition::makeTernary;
using condition::makeUnary;
using condition::parseCondition;
using condition::printCondition;
using condition::sameCondition;
using condition::simplifyCondition;

enum class DirectiveKind {
  If,
  Ifdef,
  Ifndef,
  Elif,
  Elifdef,
  Elifndef,
  Else,
  Endif,
  Define,
  Undef,
  Include,
  Error,
  Other
};

struct Directive {
  DirectiveKind Kind = DirectiveKind::Other;
  unsigned Begin = 0; ///< Offset of the start of its first line.
  unsigned End = 0;   ///< Offset just past its last newline (or EOF).
  unsigned Line = 0;  ///< 1-based line of the '#'.
  unsigned Column = 0;
  unsigned PhysicalLines = 1; ///< Lines it spans (continuations).
  std::string Body;           ///< Text after the keyword, comments removed.
  std::string Macro;          ///< Define/Undef/Ifdef/Ifndef: the macro name.
  bool FunctionLike = false;  ///< Define: NAME( directly.
  std::string Replacement;    ///< Define: the replacement list.
};

/// One #if ... #endif group.
struct CondGroup {
  struct Branch {
    unsigned DirectiveIndex = 0; ///< The #if/#elif/#else opening it.
    CondPtr Condition;           ///< Its own test; nullptr for #else.
    unsigned ContentBegin = 0, ContentEnd = 0; ///< Offsets of its lines.
    std::vector<unsigned> Children;            ///< Nested groups (indices).
    std::vector<unsigned> Directives; ///< Non-conditional directives in it.
    /// The macros other than features that the derived-macro resolver
    /// (rewrite/DerivedMacros.h) left in this test: those it could not
    /// read over features here, which the preprocessor reads instead;
    /// nullopt if the resolver has not looked at it.
    std::optional<std::set<std::string>> Unread;
  };
  std::vector<Branch> Branches;
  unsigned EndifIndex = 0;
  std::optional<unsigned> ParentGroup;
  unsigned ParentBranch = 0;
};

struct FileStructure {
  std::vector<Directive> Directives;
  std::vector<CondGroup> Groups; ///< In order of their #if.
  std::vector<unsigned> TopGroups;
  std::vector<unsigned> TopDirectives; ///< Non-conditional, outside groups.
  std::vector<unsigned> LineStarts;    ///< Offset of each line (0-based).
  /// Groups' indices in order of their #endif: the groups that close in a
  /// range of the text are found by a binary search, not a pass over
  /// every group (SQLite's amalgamation has thousands).
  std::vector<unsigned> GroupsByEnd;

  /// Per `#line N` in the text, in order: the physical line after it
  /// (1-based) and N.
  std::vector<std::pair<unsigned, unsigned>> LineDirectives;

  /// 1-based line of an offset.
  unsigned lineOf(unsigned Offset) const;
  /// The line the compiler reports for an offset, through the `#line`s
  /// that lowerings wrote after lines they added.
  unsigned presumedLineOf(unsigned Offset) const;
  /// Whether Offset lies in a branch whose test is 0 as resolved over the
  /// features (rewrite/DerivedMacros.h: `#if !defined(SQLITE_CORE)` after
  /// the amalgamation defines it): no configuration enters it, and a
  /// `#define` there defines nothing in any variant.
  bool settledOffAt(unsigned Offset) const;
};

/// Scans Text (the contents of File, used in error messages).
llvm::Expected<FileStructure> scanDirectives(llvm::StringRef File,
                                             llvm::StringRef Text);

/// The test of a branch's directive on its own, as written: `#ifdef X` ->
/// "defined(X)", `#if E` -> "(E)"; "" for #else.
std::string branchTest(const Directive &D);
/// Branch BI of group G in preprocessor syntax: its own test and the earlier
/// branches' tests negated, joined by "&&"; "" when there is nothing to test.
std::string branchCondition(const FileStructure &FS, const CondGroup &G,
                            unsigned BI);

/// The name an `#include "name"` or `#include <name>` writes; nullopt for
/// an #include of a macro (`#include MBEDTLS_CONFIG_FILE`) or any other
/// directive.
std::optional<llvm::StringRef> includedName(const Directive &D);
/// The project files an #include's name may reach. The scan knows no
/// search path, so `#include "sub/x.h"` reaches every project file whose
/// path ends with "/sub/x.h"; files are indexed by file name.
class IncludeTargets {
public:
  explicit IncludeTargets(
      const std::map<std::string, FileStructure> &Structures);
  std::vector<std::string> of(llvm::StringRef Name) const;

private:
  std::map<std::string, std::vector<std::string>, std::less<>> ByFileName;
};

/// The path a quoted `#include "name"` names, resolved against the
/// includer's folder without dots; nullopt for any other directive.
std::optional<std::string> quotedIncludePath(llvm::StringRef Includer,
                                             const Directive &D);
/// Replaces the texts of the overlaid files (absolute path -> new text, e.g.
/// the template-lowered sources) in Texts and rescans their structures.
llvm::Error applyOverlay(const std::map<std::string, std::string> &Overlay,
                         std::map<std::string, std::string> &Texts,
                         std::map<std::string, FileStructure> &Structures);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_DIRECTIVESCANNER_H
