//===- rewrite/safety/SafetyFacts.h - What one parse tells the safety pass -*-
// C++ -*-===//
//
// The variant-safety checks need facts from every parse (every translation
// unit in every parse configuration) before they can judge: a record's
// member under a feature may be visible only in one configuration while
// its `sizeof` is only in another. So each parse yields plain facts keyed
// by source position (identical across parses), and the judge merges them.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_SAFETYFACTS_H
#define VARSIM_REWRITE_SAFETY_SAFETYFACTS_H

#include "support/Diagnostic.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::safety {

/// A member of a record that only some variants have (a field, or the
/// virtual function that makes the record polymorphic).
struct ConditionalMember {
  std::string Name;        ///< "'guard'" or "virtual function 'f'".
  std::string File;        ///< Absolute.
  unsigned Offset = 0;     ///< In File.
  std::string Condition;   ///< Its presence condition ("DEBUG", "!A && B").
  bool Everywhere = false; ///< Moves every member (a vtable pointer).
  /// A field: its canonical type and declaration text (spaces collapsed);
  /// two branches declaring it alike are one member in the simulator.
  std::string Declaration = {};
};

/// A part of a record that is laid out by value (a field or a base).
struct LayoutPart {
  std::string Key;     ///< The part's record.
  std::string Via;     ///< "member 'slot'" / "base 'B'".
  std::string File;    ///< Where the part is declared.
  unsigned Offset = 0; ///< In File.
};

/// What makes a record's layout depend on the configuration.
struct RecordLayout {
  std::string Name; ///< "struct slot", "wf::Logger".
  std::string File; ///< Where it is defined ("" outside the project).
  std::vector<ConditionalMember> Conditional;
  std::vector<LayoutPart> Parts;
};

/// One record whose layout a use observes; with Before, only the layout
/// in front of the member at File:Offset (offsetof).
struct LayoutNeed {
  std::string Key;
  bool Whole = true;
  std::string File;
  unsigned Offset = 0;
};

/// A sizeof/alignof/offsetof whose value is not known to be harmless.
struct LayoutUse {
  SourcePoint Where;
  std::string What; ///< "sizeof(struct slot)".
  std::vector<LayoutNeed> Needs;
  /// An allocation size passed to a project's allocator: harmless unless
  /// one of these sinks lets it flow elsewhere (rewrite/safety/
  /// AllocationFlows.h).
  std::vector<std::string> SizeSinks = {};
};

/// Where the parameters of project functions flow, by sink key
/// ("fn:xmalloc#0"): "to:<sink key>" or "escape:<description>".
using AllocatorParamFlows = std::map<std::string, std::vector<std::string>>;

/// A finding that needs no other parse (the C2 checks).
struct Finding {
  SourcePoint Where;
  std::string Message;
};

/// What a reference in project code resolves to, as an entity: two
/// declarations of one entity (a prototype and its definition, a function
/// defined per feature with one signature, a local declared alike in the
/// branches of a block) have equal keys.
struct ResolvedEntity {
  std::string Kind;  ///< "function", "member", "variable", "local", ...
  std::string Scope; ///< Locals: the function and the block; else "".
  std::string Name;  ///< Qualified ("ns::put", "Derived::put").
  std::string Canonical, Written; ///< Its type, canonical and as written.
  std::string Shown;              ///< "put(double)", "the local 'limit'".
  std::string Where;     ///< "main.cpp:2" (its definition if there is one).
  std::string Condition; ///< Its presence condition ("" if unconditional).
  /// A local under a feature that the rewriter cannot hoist (not a scalar,
  /// static, several per declaration, ...): its function is copied per
  /// configuration, so each copy resolves as its variant.
  bool Lifted = false;
  /// A C function (no overloads): definitions of one name per feature are
  /// renamed by the function-switches pass (SignatureSwitches.cpp), each
  /// use to the definition it reaches, or a use refused there, located.
  bool CFunction = false;
  /// A move constructor or move assignment: where it differs from what
  /// another configuration selects at a copy site, CopySiteJudge decides.
  bool Move = false;

  /// file:offset of the declaration in the project ("" outside it): one
  /// declaration is one entity, whatever its function's header became.
  std::string DeclKey = {};

  bool sameEntity(const ResolvedEntity &O) const {
    if (!DeclKey.empty() && DeclKey == O.DeclKey)
      return true;
    return Kind == O.Kind && Scope == O.Scope && Name == O.Name &&
           (Canonical == O.Canonical || Written == O.Written);
  }
};

/// A name in project code that refers to a declaration.
struct ReferenceSite {
  std::string File; ///< Absolute (where the name is written or expanded).
  unsigned Offset = 0;
  std::string Spelled;    ///< "put".
  unsigned Entity = 0;    ///< Index into SafetyFacts::Entities.
  bool Ambiguous = false; ///< Several entities at one site of one parse.
};

/// An expansion of a macro defined differently per feature, and what it
/// became in this parse.
struct MacroExpansionFact {
  std::string Macro;
  std::string File;
  unsigned Offset = 0;
  std::string Condition; ///< Presence condition of the definition used.
  std::string Type;      ///< Of the outermost expression ("" if none).
  /// The type its context converts it to (Type if none).
  std::string Converted;
  bool IsType = false; ///< It expands to a type.
};

/// A move constructor or move assignment under a feature (relative to its
/// class) whose class declares the copy member of the same kind: accepted
/// only where every site that selects it selects an unusable member in the
/// configurations without it (rewrite/safety/CopySites.h).
struct GuardedMove {
  SourcePoint Where;
  std::string Condition;
  std::string Refusal; ///< The special-member message if a site refuses.
  std::string Class;   ///< Its class's qualified name ("Buf").
};

/// A function selected at a copy site, as one parse sees it.
struct SelectedMember {
  std::string Shown;    ///< "the copy constructor 'Buf::Buf' (buf.h:12)".
  bool Move = false;    ///< A move constructor or move assignment.
  bool Deleted = false; ///< `= delete` (also an implicitly deleted one).
  bool Private = false; ///< Callable only by its class and friends.
  bool Defined = false; ///< This parse has its definition (or pattern's).
};

/// A construction or assignment of a class from a value of that class
/// (after conversion to a base), in project code or an instantiation of it.
struct CopySite {
  std::string File; ///< Absolute.
  unsigned Offset = 0;
  std::string Class;              ///< "Buf<char>".
  std::set<std::string> Selected; ///< Keys into SafetyFacts::Members.
  bool Unevaluated = false;       ///< In sizeof, decltype, noexcept, typeid.
  bool Elided = false;            ///< A named return value the compiler elides.
  bool Assignment = false;        ///< An assignment, not a construction.
};

struct SafetyFacts {
  /// Reference sites by key (file, offset, kind of reference).
  std::map<std::string, ReferenceSite> References;
  std::vector<ResolvedEntity> Entities;
  /// Expansions of macros selected at run time, by file:offset.
  std::map<std::string, MacroExpansionFact> Expansions;
  /// File-scope definitions that a storage macro (`STATIC`, empty or
  /// `static` per feature) makes static: name -> where, and the macro.
  std::map<std::string, std::pair<SourcePoint, std::string>> StorageDefinitions;
  std::map<std::string, RecordLayout> Records; ///< By key.
  std::vector<LayoutUse> Uses;
  AllocatorParamFlows SizeFlows;
  std::vector<Finding> Findings;
  /// Move members under a feature, by declaration key (file:offset).
  std::map<std::string, GuardedMove> GuardedMoves;
  /// Copy and move sites, by site key; the members they select by
  /// declaration key; the classes whose move-ability a standard type trait
  /// asks here, with the trait ("std::is_move_constructible<Buf>").
  std::map<std::string, CopySite> CopySites;
  std::map<std::string, SelectedMember> Members;
  std::map<std::string, std::string> TraitQueries;
  bool Failed = false; ///< The TU does not compile in this configuration.
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_SAFETYFACTS_H
