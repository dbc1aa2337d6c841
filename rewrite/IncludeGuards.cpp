//===- rewrite/IncludeGuards.cpp - A file that guards itself --------------===//

#include "rewrite/IncludeGuards.h"

namespace varsim::rewrite {

bool guardsItself(llvm::StringRef Text, const FileStructure &FS) {
  for (const Directive &D : FS.Directives)
    if (D.Kind == DirectiveKind::Other &&
        llvm::StringRef(D.Body).trim() == "once" &&
        Text.slice(D.Begin, D.End).contains("pragma"))
      return true;
  if (FS.TopGroups.size() != 1)
    return false;
  const CondGroup &G = FS.Groups[FS.TopGroups.front()];
  const Directive &Open = FS.Directives[G.Branches.front().DirectiveIndex];
  bool NotDefined = Open.Kind == DirectiveKind::Ifndef ||
                    (Open.Kind == DirectiveKind::If &&
                     llvm::StringRef(Open.Body).trim().starts_with("!"));
  if (!NotDefined)
    return false;
  for (unsigned DI : G.Branches.front().Directives)
    if (FS.Directives[DI].Kind == DirectiveKind::Define)
      return true;
  return false;
}

} // namespace varsim::rewrite
