//===- rewrite/ParseFacts.h - What one parse of one TU tells the rewriter -*-
// C++ -*-===//
//
// One translation unit parsed in one configuration (-D flags) says, for each
// project file it includes: which source ranges the preprocessor skipped
// (inactive branches), where each conditional directive sits in the AST
// (between declarations, between members, between statements of a block, or
// inside something: an expression, a parameter list, an enum), the function
// definitions (for markers and feature switches) and the statements and
// declarations around conditional blocks (for hoisting).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PARSEFACTS_H
#define VARSIM_REWRITE_PARSEFACTS_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/ProjectLayout.h"

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace varsim::rewrite {

struct FunctionFact {
  std::string Name; ///< Qualified.
  std::string Key;  ///< Identity across parses (name, type, linkage).
  unsigned DeclBegin = 0, NameBegin = 0, NameLength = 0;
  unsigned BodyBegin = 0, BodyEnd = 0; ///< '{' and '}'.
  /// Lines in the original source (presumed: `#line` respected).
  unsigned Line = 0, EndLine = 0;
  bool Constexpr = false, Member = false, Variadic = false, Main = false;
  bool ReturnsVoid = false, ParamsNamed = true, Lambda = false;
  bool Template = false;    ///< A template or a member of one.
  bool OwnTemplate = false; ///< A function template itself.
  bool CLanguage = false;   ///< Parsed as C (a name is one function).
  /// A C definition without a prototype (K&R: `int f(n) int n; {`): its
  /// declaration is `int f()` (rewrite/SourceText.h oldStyleDeclaration).
  bool OldStyle = false;
  bool OutOfLine = false; ///< A member defined outside its class.
  /// An explicit specialization of a function template: its `template <>`
  /// ([begin, end) offsets; 0, 0 otherwise). A variant renamed per feature
  /// is a plain function and drops it.
  unsigned SpecializationHeadBegin = 0, SpecializationHeadEnd = 0;
  bool Structor = false; ///< A constructor or destructor.
  /// Its body (lambdas included) has a loop or a goto: its function marker
  /// is worth its cost (docs/rewriter.md, "Function markers").
  bool Loops = false;
  /// Its body writes a variable of static storage duration (a global, a
  /// static local or member) that it also reads: state kept from call to
  /// call, such as the samples' busy-work deadline or a cache.
  bool SavedState = false;
  /// Its body calls a function the project declares (or calls through a
  /// pointer, constructs or destroys an object of a project class whose
  /// constructor or destructor is not trivial): it is no leaf, its time
  /// holds code other than its own.
  bool CallsProject = false;
  /// C++: its body uses __PRETTY_FUNCTION__, or a lambda in it uses a
  /// predefined name (__func__, ...): texts a renamed copy cannot restore.
  bool OpaqueFuncName = false;
  /// Its body uses a predefined name (__func__, __FUNCTION__, an assert's
  /// __PRETTY_FUNCTION__): a lambda around the body would change its text.
  bool UsesFuncName = false;
  /// A private member of a class without friends, all of whose member
  /// functions (nested classes' included) are defined in this file: only
  /// this file's code can call it, as a `static` function of a source file.
  bool SealedMember = false;
  /// Parsed as C++11 or later (lambdas are available).
  bool Cxx11 = false;
  /// Its return type as written, leading const/volatile included
  /// ([begin, end); 0, 0: unknown, in a macro, or a trailing return type).
  unsigned ReturnTypeBegin = 0, ReturnTypeEnd = 0;
  /// The parameter list: its '(' and just past its ')' (0, 0: unknown).
  unsigned ParamsBegin = 0, ParamsEnd = 0;
  std::vector<std::string> Params;
  /// A member defined outside its class: its declaration in the class
  /// (file, offsets of its start and name, just past its ';'; End 0 if
  /// unknown).
  std::string ClassDeclFile;
  unsigned ClassDeclBegin = 0, ClassDeclName = 0, ClassDeclEnd = 0;
};

/// A variable declared by a statement directly in a block.
struct VarFact {
  std::string Name;
  std::string HoistedDecl; ///< "int n" (type and name, no initializer).
  bool Scalar = false, StaticLocal = false, Const = false;
  bool Destructed = false; ///< Has a destructor that runs at scope exit.
  bool HasInit = false;
  unsigned InitBegin = 0; ///< Start of the initializer expression.
  unsigned MaxUse = 0;    ///< Offset of its last use (0 if none).
};

struct StmtFact {
  unsigned Begin = 0, End = 0; ///< End: just past its last token.
  bool Label = false;          ///< case, default or a label.
  bool CaseLabel = false;      ///< A `case` label.
  bool DefaultLabel = false;   ///< A `default` label.
  bool DeclStmt = false;
  std::vector<VarFact> Vars;
};

struct CompoundFact {
  unsigned Begin = 0, End = 0;
  int Function = -1;       ///< Index into FileFacts::Functions.
  bool SwitchBody = false; ///< The body of a switch statement.
  std::vector<StmtFact> Children;
};

/// Where a directive line sits in the AST.
struct DirectivePlace {
  enum Kind { Declarations, Members, Statements, Inside } K = Declarations;
  std::string Construct; ///< Inside: what it is inside of.
  unsigned Compound = 0; ///< Statements: CompoundFact's Begin.
  int Function = -1;     ///< Statements: the enclosing function.
};

/// A named entity defined at file or namespace scope.
struct DefinitionFact {
  enum Kind { Variable, Tag, Typedef } K = Variable;
  std::string Key, Name;
  std::string Type; ///< Variable/typedef: its type; tag: its kind.
  unsigned Offset = 0;
};

/// A field of a record (to drop the repeats of a member declared alike in
/// several feature branches).
struct FieldFact {
  std::string Record;      ///< The record: its name and offset.
  std::string Name;        ///< The field's name.
  std::string Declaration; ///< Its type and text (spaces collapsed).
  /// The declaration through its ';'; End is 0 when the declaration
  /// declares more than this field (`int a, b;`) or is not plain text.
  unsigned Begin = 0, End = 0;
};

/// An entry of a constructor's initializer list, as written.
struct InitializerFact {
  unsigned Begin = 0, End = 0; ///< The entry (`tip_(cents / 10)`).
  std::string Constructor;     ///< Qualified name.
  std::string Member;          ///< "" for a base or delegating initializer.
  bool SideEffects = true;     ///< Its initialization may have effects.
  std::string MemberFile;      ///< Where the member is declared.
  unsigned MemberOffset = 0;
};

/// A macro expanded in a file's own text (or in a #define body there).
struct MacroUse {
  std::string Macro;
  unsigned Offset = 0; ///< Of the macro's name.
};

/// An argument, written in the file, of a function-like macro defined
/// outside the project whose body never names that parameter (`assert(e)`
/// under NDEBUG): the preprocessor drops its tokens unexpanded.
struct DiscardedArgument {
  std::string Macro;  ///< The macro that drops it.
  unsigned Begin = 0; ///< Of its first token.
  unsigned End = 0;   ///< Just past its last token.
};

/// A macro expanded where C/C++ requires a constant expression (a case
/// label, an array bound, a bit-field width, a template argument, a
/// static_assert, an enumerator).
struct ConstantUse {
  std::string Macro;
  unsigned Offset = 0;
  std::string Context; ///< "a case label", ...
  /// In the initializer of a file-scope C variable: the variable and its
  /// initializer's text (an initial value the simulator can still set at
  /// start-up).
  std::string Var = {};
  unsigned InitBegin = 0, InitEnd = 0;
  /// Its type is const (the start-up code must write it: the `const`
  /// before its name is dropped), and where the declaration begins and
  /// its name is (0, 0: in a macro's expansion).
  bool Const = false;
  unsigned DeclBegin = 0, NameOffset = 0;
};

/// A parameter of a function whose parameter list holds a feature
/// conditional (ParamListFact), as one parse declares it.
struct ParamFact {
  std::string Name;
  unsigned Begin = 0, End = 0; ///< Its declaration (type, name, default).
  /// A value of its type for the calls made where it does not exist
  /// (`(int){0}`, `static_cast<int>(0)`, `std::string{}`); "" if none.
  std::string Placeholder;
  std::string NoPlaceholder; ///< Why there is none.
  std::string Type;          ///< Canonical, to compare declarations.
  bool Default = false;      ///< Has a default argument here.
  std::string DefaultType;   ///< The default argument's own type.
};

/// A declaration or definition of a function some declaration of which has
/// a feature conditional inside its parameter list: the simulator's
/// function takes the union of the parameters of every configuration.
struct ParamListFact {
  std::string Key; ///< Identity across translation units and parses.
  std::string Name;
  unsigned NameOffset = 0;
  unsigned ParamsBegin = 0, ParamsEnd = 0; ///< '(' and just past ')'.
  std::vector<ParamFact> Params;
  std::string Refusal; ///< Why its parameters cannot be a union ("": fine).
};

/// A call of a function with conditional parameters (ParamListFact::Key).
struct CallFact {
  std::string Key, Callee;
  unsigned Begin = 0;  ///< The call expression.
  unsigned RParen = 0; ///< Its ')' (0: unknown).
  struct Arg {
    unsigned Begin = 0, End = 0;
    bool Default = false; ///< A default argument (not written).
    bool Braced = false;  ///< An initializer list.
  };
  std::vector<Arg> Args;
  /// The names of the callee's parameters in this parse, by position.
  std::vector<std::string> Params;
  /// Why the call cannot be given the union's arguments: in a macro
  /// expansion, the function's address taken, ... ("": fine).
  std::string Refusal;
};

/// Code that runs without being called, which the file rewriter guards
/// by its presence condition when that is not every configuration
/// (rewrite/safety/StartupLowering.h decides which are lowerable).
struct StartupFact {
  enum Kind {
    GuardBody,  ///< Its body starts with the test.
    CallAfter,  ///< A macro wrote it: a guarded constructor calls it.
    WrapObject, ///< A static object constructed under the test.
  } K = GuardBody;
  std::string Name;
  /// The declaration's expansion range: its first offset and just past its
  /// last token.
  unsigned Begin = 0, End = 0;
  unsigned BodyBegin = 0; ///< GuardBody: its '{'.
  /// CallAfter: "constructor" or "destructor", and the priority written
  /// (-1: none).
  std::string Attribute = {};
  int Priority = -1;
  /// A destructor (GuardBody): where its class begins; it needs the test
  /// only where its presence differs from its class's.
  bool Destructor = false;
  unsigned ClassBegin = 0;
};

/// A later inclusion of a file in the same parse: an X-macro list is read
/// once per use, with other macros defined before each, so text the first
/// inclusion skips or drops may be read by another.
struct RepeatInclusion {
  std::vector<std::pair<unsigned, unsigned>> Skipped;
  std::vector<DiscardedArgument> DiscardedArguments;
};

struct FileFacts {
  /// The facts below are those of the file's first inclusion in the
  /// parse; Repeats says what each later inclusion skipped or dropped.
  std::vector<std::pair<unsigned, unsigned>> Skipped;
  std::vector<FunctionFact> Functions;
  std::vector<CompoundFact> Compounds;       ///< Those holding directives.
  std::map<unsigned, DirectivePlace> Places; ///< By directive index.
  std::vector<DefinitionFact> Definitions;
  /// Feature macros (Job.StripMacros) expanded as values, where spelled.
  std::vector<MacroUse> FeatureValueUses;
  /// Macros named in the arguments of a macro that stringifies them after
  /// expansion (`STR(BUF_SIZE)` with `#define STR(x) STR_(x)`,
  /// `#define STR_(x) #x`): Offset is the expansion's, in this file.
  std::vector<MacroUse> StringifiedMacros;
  /// Macros spelled as the operand of sizeof, _Alignof/alignof, decltype
  /// or typeof, where the type of a string literal (its length) matters.
  std::vector<MacroUse> TypeOperandMacros;
  /// Arguments the preprocessor drops unexpanded (MacroUses.h).
  std::vector<DiscardedArgument> DiscardedArguments;
  std::vector<ConstantUse> ConstantUses;
  std::vector<FieldFact> Fields;
  std::vector<InitializerFact> Initializers;
  /// Declarations of functions with conditional parameters, and the calls
  /// (and other references) to them.
  std::vector<ParamListFact> ParamLists;
  std::vector<CallFact> Calls;
  std::vector<StartupFact> Startup;
  /// The later inclusions of the file (a guarded header is not re-read).
  std::vector<RepeatInclusion> Repeats;

  /// True if the first inclusion skipped Offset.
  bool isSkipped(unsigned Offset) const;
  /// True if every inclusion of the file in this parse skipped Offset.
  bool isSkippedByEveryInclusion(unsigned Offset) const;
  /// True if some offset of [Begin, End) was not skipped (the lines of a
  /// branch whose first line opens a nested, inactive #if are partly
  /// skipped, yet the branch is active). Empty: isSkipped(Begin).
  bool isActive(unsigned Begin, unsigned End) const;
};

/// The result of parsing one TU in one configuration.
struct ParseResult {
  std::map<std::string, FileFacts> Files; ///< By absolute path.
  bool Failed = false;
  std::string Diagnostics; ///< The compiler's errors, if Failed.
};

struct ParseJob {
  const CompileEntry *Entry = nullptr;
  std::vector<std::string> Defines; ///< "-DNAME" / "-DNAME=V".
  std::vector<std::string> StripMacros;
  /// Files whose contents the parse sees instead of what is on disk
  /// (absolute path -> text), e.g. the template-lowered sources. Must
  /// outlive the parse; nullptr: none.
  const std::map<std::string, std::string> *Overlay = nullptr;
};

/// The recorder of the facts of one parse of Job: its preprocessor
/// callbacks and AST consumer, for an action that installs them beside
/// other recorders (rewrite/RecordingParse.h), so that one parse serves
/// every pass. The inputs must outlive the recorder; result() is complete
/// once the parse has ended (Failed and Diagnostics are the caller's).
class FactsRecorder {
public:
  FactsRecorder(
      const ParseJob &Job, const ProjectLayout &Project,
      const std::map<std::string, FileStructure> &Structures,
      const std::map<std::string, std::vector<unsigned>> &WatchedDirectives);
  ~FactsRecorder();
  FactsRecorder(const FactsRecorder &) = delete;
  FactsRecorder &operator=(const FactsRecorder &) = delete;

  /// Installs the preprocessor callbacks (from BeginSourceFileAction).
  void begin(clang::CompilerInstance &CI);
  std::unique_ptr<clang::ASTConsumer> consumer(clang::CompilerInstance &CI);
  ParseResult &result();

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

/// Parses Job.Entry with its defines. Structures: the scanned project files
/// (only directives of feature groups in Watched are placed).
ParseResult parseTranslationUnit(
    const ParseJob &Job, const ProjectLayout &Project,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, std::vector<unsigned>> &WatchedDirectives);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PARSEFACTS_H
