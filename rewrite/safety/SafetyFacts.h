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
};

/// A finding that needs no other parse (the C2 checks).
struct Finding {
  SourcePoint Where;
  std::string Message;
};

struct SafetyFacts {
  std::map<std::string, RecordLayout> Records; ///< By key.
  std::vector<LayoutUse> Uses;
  std::vector<Finding> Findings;
  bool Failed = false; ///< The TU does not compile in this configuration.
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_SAFETYFACTS_H
