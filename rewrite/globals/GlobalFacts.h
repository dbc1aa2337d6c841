//===- rewrite/globals/GlobalFacts.h - File-scope entities and uses -*- C++
//-*-===//
//
// One Clang parse of one translation unit in one configuration, seen from
// the file-scope variability lowering: the file-scope declarations of the
// project's files (variables, typedefs, records, static_asserts), the
// function definitions, every reference to a file-scope declaration with the
// declaration or function it sits in, and the expansions of the macros that
// differ per configuration. Only patterns are visited (no instantiations),
// so every offset is one of the source text.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_GLOBALFACTS_H
#define VARSIM_REWRITE_GLOBALS_GLOBALFACTS_H

#include "rewrite/ProjectLayout.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace varsim::rewrite::globals {

/// Enclosing namespaces, outermost first ("" for an anonymous one), and
/// whether each is inline.
using NamespaceChain = std::vector<std::pair<std::string, bool>>;

/// The bound of a member array: `struct pool_class classes[POOL_CLASSES];`.
struct MemberBound {
  unsigned Begin = 0, End = 0; ///< The bound expression.
  unsigned FieldOffset = 0;    ///< The member's name.
  std::string Field;
};

/// One definition of a file-scope entity.
struct EntityDef {
  std::string Key;  ///< kind|qualified name|file: the same in every branch.
  std::string Name; ///< Unqualified ("" for a static_assert).
  /// "variable", "typedef", "record", "enum", "static_assert".
  std::string Kind;
  std::string File;
  unsigned Begin = 0, End = 0; ///< The declaration, its ';' included.
  unsigned NameOffset = 0, Line = 0, Column = 0;
  bool ExternalLinkage = false;
  NamespaceChain Namespaces;
  std::string Unsupported; ///< Why it cannot be copied ("": it can).
  /// Ranges inside it that are not its own declaration's text: the bodies
  /// of records (named or not) defined in it, whose members under features
  /// are the #if rewriter's union, and of member functions defined in a
  /// class, whose #ifs are the #if rewriter's too.
  std::vector<std::pair<unsigned, unsigned>> Opaque;
  bool ScopedEnum = false; ///< An `enum class`.
  /// Records and enumerations: the offsets of '{' and '}' (0 if none).
  unsigned BraceBegin = 0, BraceEnd = 0;
  /// Records: the array bounds of its own member declarations (not of
  /// nested records').
  std::vector<MemberBound> MemberBounds;
};

/// A redeclaration of a file-scope entity that is not its definition
/// (`extern const struct cmd commands[];`).
struct EntityRedecl {
  std::string Key, File;
  unsigned Offset = 0, Line = 0, Column = 0;
  /// The declaration, its ';' included (End 0: declared by a macro or
  /// together with other declarators, its text cannot be repeated).
  unsigned Begin = 0, End = 0;
};

/// A function declaration that is not a definition (a header's
/// prototype): a function whose signature differs per configuration has
/// its per-configuration copies declared in its place (CrossUnit.cpp).
struct FunctionProto {
  std::string EntityKey; ///< The key of references to the function.
  std::string File, Name;
  /// The declaration, from the #if line of a feature group that closes
  /// before the name (declarationStart), its ';' included (End 0: declared
  /// by a macro, or not followed by ';').
  unsigned Begin = 0, End = 0;
  unsigned NameOffset = 0, Line = 0, Column = 0;
  NamespaceChain Namespaces;
};

/// A function definition at file or namespace scope.
struct FunctionDef {
  std::string Key; ///< File|offset of its name.
  /// "function|qualified name|file": the target key of references to it
  /// ("function|name|extern" for a C function with external linkage: one
  /// entity in every unit, also where only a prototype is seen).
  std::string EntityKey;
  std::string File, Name;
  unsigned DeclBegin = 0, NameOffset = 0, BodyBegin = 0, BodyEnd = 0;
  unsigned Line = 0, Column = 0;
  bool Main = false, ReturnsVoid = false, HasPrevious = false;
  /// A C definition without a prototype (K&R: `int f(n) int n; {`): its
  /// declaration is `int f()` (rewrite/SourceText.h oldStyleDeclaration).
  bool OldStyle = false;
  std::vector<std::string> ParamNames;
  /// The parameter list's parentheses (0: not spelled in the file), and
  /// each parameter's [begin, end) with its name, over every parse (a
  /// parameter under a feature #if in the header is seen by the parses
  /// of its configurations only): the dispatcher's call repeats the list
  /// with its #ifs.
  unsigned LParen = 0, RParen = 0;
  std::map<unsigned, std::pair<unsigned, std::string>> ParamSpans;
  /// [offset of '=', end of the default argument) per defaulted parameter.
  std::vector<std::pair<unsigned, unsigned>> DefaultArgs;
  NamespaceChain Namespaces;
  std::string Unsupported; ///< Why it cannot be copied ("": it can).
};

/// A reference to a file-scope entity.
struct EntityRef {
  std::string Target; ///< EntityDef::Key.
  std::string File;
  unsigned Offset = 0, Line = 0, Column = 0; ///< The name token.
  /// Spelled inside a macro's body: Offset is the macro's expansion.
  bool ViaMacro = false;
  /// Spelled in a macro invocation's argument (`ArraySize(t)`): the
  /// macro's body decides what is done with it.
  bool InMacroArg = false;
  /// Where it is: "E:<entity key>", "F:<function key>" (its body),
  /// "S:<function key>" (its signature), or "" with Where saying what it is
  /// in (a context that cannot be copied). A reference to a function has
  /// the target "function|qualified name|file".
  std::string Context;
  std::string Where;
  /// A reference to an enumerator: its name (Target is its enumeration).
  std::string Member = {};
  /// A reference in a function prototype: its FunctionProto's key.
  std::string Proto = {};
};

/// An expansion of a watched macro (one defined per configuration, a
/// feature macro used as a value, or a macro whose body uses one).
struct MacroExpansion {
  std::string Macro, File;
  unsigned Offset = 0, Line = 0, Column = 0;
  bool Direct = false; ///< The macro's name is spelled at Offset.
  /// Named in the argument of a macro that stringifies it (Stringifiers.h):
  /// a string literal holds its value.
  bool Stringified = false;
};

/// An enumerator of a named enumeration at file scope.
struct EnumeratorFact {
  std::string Enum; ///< The enumeration's EntityDef::Key.
  std::string File;
  unsigned Offset = 0;
  bool Explicit = false; ///< `= value` written.
  std::string Name = {};
};

/// A use of a member array whose extent is observed: the array is not
/// converted to a pointer (`sizeof p->slots`, `&p->slots`, a range-for).
struct ExtentUse {
  std::string Field; ///< File|offset of the member's name.
  std::string Name;  ///< The member's name.
  std::string File;
  unsigned Offset = 0, Line = 0, Column = 0;
};

/// A declaration local to a function of a project file (a parameter, a
/// block-scope variable, typedef or enumerator) and how far it is visible:
/// to the end of the block that holds it (of the body, for a parameter).
/// A superset of its scope (a `for` header's variable counts to the end
/// of the enclosing block), which errs on the side of "visible".
struct LocalDecl {
  std::string Name, File;
  unsigned Offset = 0;   ///< The name.
  unsigned ScopeEnd = 0; ///< The closing brace of its block.
};

struct GlobalFacts {
  std::map<std::string, EntityDef> Defs; ///< By File|name offset.
  std::map<std::string, EntityRedecl> Redecls;
  std::map<std::string, FunctionProto> Protos;       ///< By File|name offset.
  std::map<std::string, FunctionDef> Functions;      ///< By Key.
  std::map<std::string, EntityRef> Refs;             ///< By File|offset|target.
  std::map<std::string, MacroExpansion> Expansions;  ///< By File|offset.
  std::map<std::string, EnumeratorFact> Enumerators; ///< By File|offset.
  std::map<std::string, ExtentUse> ExtentUses;       ///< By File|offset.
  std::map<std::string, LocalDecl> Locals;           ///< By File|offset.
  /// The names declared at file scope in a unit, system headers included
  /// (functions, variables, typedefs, tags, enumerators).
  std::set<std::string> FileScopeNames;
  /// The project files some unit read (its source and what it included):
  /// a header of a source tree beside an amalgamation, never included,
  /// does not define the macros the units see.
  std::set<std::string> Included;
  bool Failed = false;
  std::string Diagnostics;

  void merge(GlobalFacts &&O);
};

struct GlobalFactsJob {
  const CompileEntry *Entry = nullptr;
  std::vector<std::string> Defines;
  std::vector<std::string> StripMacros;
  const std::map<std::string, std::string> *Overlay = nullptr;
  const std::set<std::string> *WatchedMacros = nullptr;
};

/// The recorder of one parse's global facts (its preprocessor callbacks
/// and AST consumer), for an action that installs it beside other
/// recorders (rewrite/RecordingParse.h). Job's inputs must outlive it;
/// result() is complete once the parse ended (Failed and Diagnostics are
/// the caller's).
class GlobalsRecorder {
public:
  GlobalsRecorder(const GlobalFactsJob &Job, const ProjectLayout &Project);
  ~GlobalsRecorder();
  GlobalsRecorder(const GlobalsRecorder &) = delete;
  GlobalsRecorder &operator=(const GlobalsRecorder &) = delete;

  /// Installs the preprocessor callbacks too (from CreateASTConsumer).
  std::unique_ptr<clang::ASTConsumer> consumer(clang::CompilerInstance &CI);
  GlobalFacts &result();

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

/// Parses Job.Entry with its defines and collects the facts.
GlobalFacts collectGlobalFacts(const GlobalFactsJob &Job,
                               const ProjectLayout &Project);

} // namespace varsim::rewrite::globals

#endif // VARSIM_REWRITE_GLOBALS_GLOBALFACTS_H
