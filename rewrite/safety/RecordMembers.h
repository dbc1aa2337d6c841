//===- rewrite/safety/RecordMembers.h - Members that vary -------*- C++ -*-===//
//
// The members of records that depend on the configuration, as one parse
// can tell: the fields it sees under a feature branch, and the data members
// declared in the branches it skips (one parse does not see them; they are
// read from the record's source text, where the feature ranges say which
// text is conditional). Used by LayoutUses to judge positional
// initializers, unions and pointer casts.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_RECORDMEMBERS_H
#define VARSIM_REWRITE_SAFETY_RECORDMEMBERS_H

#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ProjectFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite::safety {

/// A member of a record that only some variants have.
struct VaryingMember {
  std::string Name; ///< "'retries'".
  std::string File;
  unsigned Offset = 0;
  std::string Condition;
};

/// Why a record's whole layout depends on the configuration.
struct LayoutReason {
  std::string Record; ///< The record holding the member.
  VaryingMember Member;
  std::string Via; ///< ", held by value in 'struct outer'" or "".
};

class RecordMembers {
public:
  RecordMembers(clang::ASTContext &Ctx, ProjectFiles &Files,
                const FeatureRanges &Ranges)
      : Ctx(Ctx), Files(Files), Ranges(Ranges) {}

  /// The conditional members declared directly in RD, in source order.
  const std::vector<VaryingMember> &of(const clang::RecordDecl *RD);

  /// Why RD's layout depends on the configuration (its own members or
  /// what it holds by value), if it does.
  const std::optional<LayoutReason> &whole(const clang::RecordDecl *RD);

  /// The record a value of type T is, arrays stripped (nullptr if none).
  const clang::RecordDecl *recordOf(clang::QualType T) const;

  std::string name(const clang::RecordDecl *RD) const {
    return Ctx.getRecordType(RD).getAsString(Ctx.getPrintingPolicy());
  }

  static std::string fieldName(const clang::FieldDecl *F) {
    return F->getName().empty() ? "(anonymous)" : F->getNameAsString();
  }

private:
  /// A member's presence condition relative to its record: a record wholly
  /// under a feature has the same members in every variant that has it.
  const std::string *within(const ProjectFiles::Place &Member,
                            const ProjectFiles::Place &Record) const;

  clang::tok::TokenKind kindOf(const clang::Token &T) const;

  /// Adds the data members declared in the feature branches of RD's body
  /// that this parse skipped: conditional text that no declaration of the
  /// parse covers, lexed raw and split into declarations.
  void skipped(const clang::RecordDecl *RD, const ProjectFiles::Place &Begin,
               std::vector<VaryingMember> &Found);

  /// True if the tokens declare a function: the first `(` at depth 0
  /// follows a name and does not open a declarator (`(*cb)`).
  bool
  isFunction(const std::vector<std::pair<clang::Token, unsigned>> &D) const;

  /// The name and offset of the (first) data member the tokens of one
  /// declaration (ending with `;`) declare, if they declare one.
  std::optional<std::pair<std::string, unsigned>>
  dataMember(std::vector<std::pair<clang::Token, unsigned>> D) const;

  clang::ASTContext &Ctx;
  ProjectFiles &Files;
  const FeatureRanges &Ranges;
  llvm::DenseMap<const clang::RecordDecl *, std::vector<VaryingMember>> Direct;
  llvm::DenseMap<const clang::RecordDecl *, std::optional<LayoutReason>> Whole;
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_RECORDMEMBERS_H
