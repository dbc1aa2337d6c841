//===- rewrite/templates/ValueArgumentFacts.h - What one parse saw -*- C++
//-*-===//
//
// The facts the value-argument lowering (ValueArguments.h) reads from one
// syntax-only parse of a C++ unit: the enumerators initialized by exactly a
// numeric feature macro, every reference to them classified, and, for the
// class templates whose non-type parameter defaults to such an enumerator
// (RapidJSON's `unsigned writeFlags = kWriteDefaultFlags`), every written
// use of those templates (DefaultArguments.h lowers them).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_VALUEARGUMENTFACTS_H
#define VARSIM_REWRITE_TEMPLATES_VALUEARGUMENTFACTS_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/LoweringParses.h"

#include "clang/Frontend/FrontendAction.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates::valueargs {

/// An enumerator initialized by exactly a numeric feature macro.
struct EnumFact {
  std::string File, Name, Macro;
  unsigned NameOffset = 0, InitOffset = 0, InitLength = 0;
  unsigned Line = 0, Column = 0;
  /// The next enumerator has no initializer: its value follows this one's.
  bool NextImplicit = false;
};

enum class UseKind { TemplateArgument, RunTimeRead, Other };

/// A reference to such an enumerator.
struct RefFact {
  std::string EnumKey; ///< File|NameOffset of the enumerator.
  std::string File;
  unsigned Offset = 0, Length = 0, Line = 0, Column = 0;
  /// Of the name itself (after any qualifier `ns::`).
  unsigned NameOffset = 0;
  UseKind Kind = UseKind::Other;
  std::string Why; ///< Other: where it is used.
  /// TemplateArgument: the statement [StmtBegin, StmtEnd) (with its `;`).
  unsigned StmtBegin = 0, StmtEnd = 0;
  bool Return = false;
};

/// A class template (its definition) with a non-type parameter whose
/// default argument is such an enumerator: a *family* template.
struct FamilyFact {
  std::string EnumKey;
  std::string File, Name;
  unsigned Line = 0, Column = 0; ///< Of the default argument.
  unsigned DefaultOffset = 0;    ///< The default argument's reference.
  unsigned Index = 0;            ///< Of the parameter.
  std::string ParamName;
  /// `template <unsigned flags, typename S, ...> using Name__varsim_d =
  /// Name<S, ..., flags>;`, to be inserted at AliasOffset (after the `;`
  /// that ends the definition).
  std::string AliasText;
  unsigned AliasOffset = 0;
  std::string Why; ///< Non-empty: it cannot be lowered (why).
};

/// Alias: relies on the default, named through the per-value alias;
/// ExplicitSpecialization: relies on it in the qualifier of a member's
/// explicit specialization (copied per value); Kept: passes the enclosing
/// family template's own parameter (nothing to change).
enum class TypeUseKind { Alias, ExplicitSpecialization, Kept, Other };

/// A written template-id of a family template (`Writer<StringBuffer>`).
struct TypeUseFact {
  std::string FamilyKey; ///< File|DefaultOffset of its family.
  std::string File;
  unsigned NameOffset = 0, NameLength = 0;
  unsigned ArgsOffset = 0; ///< Just after the `<`.
  unsigned NumArgs = 0, Line = 0, Column = 0;
  TypeUseKind Kind = TypeUseKind::Other;
  /// Alias: the value to pass first ("" = the feature macro itself, else
  /// the enclosing family template's parameter).
  std::string Value;
  std::string Why; ///< Other: why it cannot be lowered.
  /// ExplicitSpecialization: [DeclBegin, DeclEnd) of the member's
  /// explicit specialization (`template<> bool W<SB>::f() {...}`).
  unsigned DeclBegin = 0, DeclEnd = 0;
  /// ExplicitSpecialization: its enclosing namespaces, outermost first
  /// (name, inline).
  std::vector<std::pair<std::string, bool>> Namespaces;
  /// ExplicitSpecialization: where each of Namespaces is opened around it
  /// in File (the `namespace` keyword's offset, through macros), 0 if it
  /// is not opened there: the copies nest them with the #ifs around the
  /// original as the original does.
  std::vector<unsigned> NamespaceOpens;
};

struct ParseResult : LoweringParseStatus {
  std::set<std::string> Files; ///< The project files the unit read.
  /// By file: the [begin, end) ranges the preprocessor skipped.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Skipped;
  std::map<std::string, EnumFact> Enums;
  std::vector<RefFact> Refs;
  std::map<std::string, FamilyFact> Families;
  std::vector<TypeUseFact> TypeUses;
};

std::string keyOf(const std::string &File, unsigned Offset);

/// The action of one parse: fills Out.
std::unique_ptr<clang::FrontendAction>
makeFactsAction(const ProjectLayout &Project,
                const std::set<std::string> &Numeric, ParseResult &Out);

/// Collects Out.Families and Out.TypeUses in a parsed unit
/// (DefaultArgumentFacts.cpp); EnumKeyOf gives the key of an enumerator
/// that stands for a numeric feature ("" for any other).
void collectDefaultArgumentFacts(
    clang::ASTContext &Ctx, const ProjectLayout &Project,
    const std::function<std::string(const clang::EnumConstantDecl *)>
        &EnumKeyOf,
    ParseResult &Out);

} // namespace varsim::rewrite::templates::valueargs

#endif // VARSIM_REWRITE_TEMPLATES_VALUEARGUMENTFACTS_H
