//===- rewrite/templates/TemplateFacts.h - What a parse says about sites -*- C++
//-*-===//
//
// One Clang parse of one translation unit in one configuration, seen from
// the template lowering: the declarations made in the branches of candidate
// #if groups (a type alias, a class or a constant per branch: a
// configuration site), every reference to them, and the functions that hold
// those references. Only patterns are visited, never instantiations (Clang
// drops the untaken branch of `if constexpr` in those), so every offset is
// one of the source text.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_TEMPLATEFACTS_H
#define VARSIM_REWRITE_TEMPLATES_TEMPLATEFACTS_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/LoweringParses.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates {

/// A branch of an #if group: its file and its content's offsets.
struct CandidateBranch {
  unsigned Group = 0, Branch = 0;
  unsigned Begin = 0, End = 0;
};

/// A declaration in a branch of a candidate group.
struct NameDef {
  std::string Key; ///< File|group|scope|name: the same in every branch.
  std::string File;
  unsigned Group = 0, Branch = 0;
  std::string Name;      ///< Unqualified.
  std::string Qualifier; ///< "::ns::" ("" in an anonymous namespace).
  bool IsType = true;    ///< Else a constant.
  std::string ValueType; ///< A constant's type, as a template parameter.
  std::string Idiom;     ///< "policy" (alias), "trait class", "constant".
  unsigned NameOffset = 0, Line = 0, Column = 0;
  std::string Unsupported; ///< Why this pattern cannot be lowered ("": can).
  /// A macro defined per branch (`#define SMOOTHER GaussSeidel`): its
  /// replacement and its #define line(s), [NameOffset, DirectiveEnd).
  bool IsMacro = false;
  std::string Replacement;
  unsigned DirectiveEnd = 0, DirectiveLines = 1;
  /// A constant's declaration ends before this offset (its `;` follows).
  unsigned DeclEnd = 0;
};

/// A macro defined in every branch of a candidate group.
struct MacroCandidate {
  std::string Key; ///< As NameDef::Key.
  std::string Name;
  unsigned Begin = 0, End = 0; ///< The group's extent in its file.
};

/// A place that names a NameDef.
struct NameRef {
  std::string DefKey;
  std::string File;
  unsigned Offset = 0, Line = 0, Column = 0; ///< The name token.
  /// A written qualifier before the name (`app::Cache`): [QualBegin, Offset).
  unsigned QualBegin = 0;
  bool Qualified = false;
  std::string Function; ///< Key of the enclosing lowerable function, or "".
  std::string Context;  ///< Otherwise: what the reference is in.
  /// The name is the name of a constructor of the defined class.
  bool Constructor = false;
  /// A macro expansion where a type begins (the macro names a type).
  bool TypePosition = false;
  /// A constant read where its value is only needed at run time: in the
  /// body of a non-dependent function, outside every constant expression
  /// except the condition of an `if constexpr`, whose discarded branch a
  /// non-template function compiles anyway (so a plain `if` is the same).
  bool RuntimeUse = false;
  /// That `if constexpr`'s `constexpr` keyword (offset) when RuntimeUse.
  std::optional<unsigned> ConstexprAt;
};

/// A function definition holding references.
struct FunctionSite {
  std::string Key; ///< File|offset of its name.
  std::string File, Name;
  unsigned DeclBegin = 0, NameOffset = 0, BodyBegin = 0, BodyEnd = 0;
  unsigned Line = 0, Column = 0;
  bool FirstDeclaration = true, Static = false, Inline = false;
  /// Enclosing namespaces, outermost first ("" for an anonymous one), and
  /// whether each is inline.
  std::vector<std::pair<std::string, bool>> Namespaces;
  std::string ReturnType;              ///< Printed.
  std::vector<std::string> Parameters; ///< Printed declarations.
  std::vector<std::string> ParamNames;
  std::string Unsupported; ///< Why it cannot become a template ("": can).
  /// Offsets where `typename ` must go once the site's names are template
  /// parameters (`Cache::Entry e;` becomes `typename Cache::Entry e;`).
  std::set<unsigned> TypenameAt;
};

/// An unqualified use of a function (a call) in a function's body: if both
/// are lowered over the same sites, the use can name the callee's template
/// directly instead of going through its dispatcher again.
struct CallRef {
  std::string Caller, Callee; ///< FunctionSite keys (of their definitions).
  std::string File;
  unsigned Offset = 0, Length = 0; ///< The callee's name token.
};

/// A `bool` non-type parameter of a class template defined in the project
/// (`template <class Bins, bool Normalize> class Histogram`), with every
/// use of it in the pattern. It can be read at run time instead of making
/// one instantiation per value (FlagParameters.h) when every use is the
/// whole condition of an `if constexpr` whose branches name nothing that
/// depends on a template parameter: both branches then compile in every
/// instantiation, and a plain `if` behaves as the variant.
struct FlagParam {
  std::string Key; ///< File|offset of the template|index.
  std::string File, Name;
  unsigned TemplateBegin = 0; ///< Offset of the `template` keyword.
  std::string Qualifier;      ///< Its namespace, as NameDef::Qualifier.
  /// "" if every use is such a condition; otherwise why not.
  std::string NotLowerable;
  struct Use {
    std::string File;
    unsigned Offset = 0, Length = 0; ///< The parameter's name token.
    unsigned ConstexprAt = 0;        ///< The `constexpr` keyword.
  };
  std::map<std::string, Use> Uses; ///< By File|offset.
};

/// A template argument written for a FlagParam (`Histogram<Scheme,
/// kNormalize>`), or a use of the template that leaves it to its default.
struct FlagBinding {
  std::string ParamKey;
  std::string DefKey; ///< The constant site named alone, else "".
  std::string RefKey; ///< Its NameRef (File|offset), if DefKey is set.
  std::string File;
  unsigned Begin = 0, End = 0; ///< The argument's text.
};

struct TemplateFacts : LoweringParseStatus {
  std::map<std::string, FlagParam> FlagParams;
  std::map<std::string, FlagBinding> FlagBindings; ///< By File|offset.
  std::map<std::string, NameDef> Defs;  ///< By File|offset of the name.
  std::map<std::string, CallRef> Calls; ///< By File|offset.
  std::map<std::string, NameRef> Refs;  ///< By File|offset.
  std::map<std::string, FunctionSite> Functions;
};

struct FactsJob {
  const LoweringParse &Parse;
  const std::vector<std::string> &StripMacros;
  /// By absolute file: the candidate branches in it.
  const std::map<std::string, std::vector<CandidateBranch>> *Candidates =
      nullptr;
  /// By absolute file: the macros defined per branch of candidate groups.
  const std::map<std::string, std::vector<MacroCandidate>> *Macros = nullptr;
  /// Absolute path -> text that an earlier pass replaced (may be null):
  /// the parse reads these texts, whose offsets the facts refer to.
  const std::map<std::string, std::string> *Overlay = nullptr;
};

/// Parses Job.Parse's unit and collects the facts.
TemplateFacts collectTemplateFacts(const FactsJob &Job,
                                   const ProjectLayout &Project);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_TEMPLATEFACTS_H
