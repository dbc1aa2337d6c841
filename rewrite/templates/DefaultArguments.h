//===- rewrite/templates/DefaultArguments.h - Feature values as defaults -*-
// C++ -*-===//
//
// A class template whose non-type parameter defaults to an enumerator that
// stands for a numeric feature (RapidJSON: `template <typename
// OutputStream, ..., unsigned writeFlags = kWriteDefaultFlags> class
// Writer`, kWriteDefaultFlags = RAPIDJSON_WRITE_DEFAULT_FLAGS): every use
// that relies on the default (`Writer<StringBuffer>`) is another type per
// configuration. Such a *family* template gets, after its definition's `;`
// on the same line, an alias template with the parameter first and no
// default,
//
//   template <unsigned writeFlags, typename OutputStream, ...>
//   using Writer__varsim_d = Writer<OutputStream, ..., writeFlags>;
//
// and each use relying on the default names the alias with the value
// written out:
//
// - in a function body, the feature macro (`Writer__varsim_d<
//   RAPIDJSON_WRITE_DEFAULT_FLAGS, StringBuffer> w(sb);`): a feature macro
//   where a constant is required, so the #if rewriter copies the function
//   per value (docs/rewriter.md), each copy the variant's code;
// - inside the pattern of a family template (PrettyWriter's `typedef
//   Writer<OS, SE, TE, SA> Base;`), that template's own parameter
//   (`Writer__varsim_d<writeFlags, OS, SE, TE, SA>`): every instantiation
//   of a family template takes the configuration's value, since every use
//   either relies on the default (lowered as here) or passes a family
//   template's own parameter (the only explicit argument accepted there);
// - in the qualifier of a member's explicit specialization (`template<>
//   bool Writer<StringBuffer>::WriteInt(int)`), the specialization is made
//   once per value of the feature (`Writer__varsim_d<0, StringBuffer>`,
//   ...; the copies after the first on the definition's last line, comments
//   dropped), as the variant of each value specializes its own type.
//
// Anything else — a use relying on the default outside a function body,
// an explicit argument other than a family parameter, class template
// argument deduction, a template template argument, a macro — is a located
// error.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_DEFAULTARGUMENTS_H
#define VARSIM_REWRITE_TEMPLATES_DEFAULTARGUMENTS_H

#include "rewrite/TextEdits.h"
#include "rewrite/templates/ValueArgumentFacts.h"

#include "llvm/Support/Error.h"

namespace varsim::rewrite::templates::valueargs {

/// The uses of family templates, by family key, then by place.
using TypeUses =
    std::map<std::string,
             std::map<std::pair<std::string, unsigned>, TypeUseFact>>;

/// A member's explicit specialization to copy once per value (after every
/// other edit is known: the edits inside it go into each copy).
struct SpecializationCopy {
  const TypeUseFact *Use = nullptr;
  const FamilyFact *Family = nullptr;
  const EnumFact *Enum = nullptr;
  std::vector<int64_t> Values;
};

/// Adds to Edits the lowering of the families of the enumerator E (key
/// EnumKey) whose feature takes Values. An error for a family or use it
/// cannot lower.
llvm::Error
lowerDefaultArguments(const std::string &EnumKey, const EnumFact &E,
                      const std::vector<int64_t> &Values,
                      const std::map<std::string, FamilyFact> &Families,
                      const TypeUses &Uses,
                      const std::map<std::string, std::string> &Texts,
                      std::map<std::string, std::set<TextEdit>> &Edits,
                      std::vector<SpecializationCopy> &Specs);

/// Replaces each of Specs by its copies, the edits inside it applied to
/// each (call once every other edit is in Edits). The copies after the
/// first go on its last line, or, if it holds a directive, before the
/// `#endif` of the file's include guard (else after its last line, behind
/// a guard of their own in a header), under `#line` of the original.
llvm::Error
copySpecializations(const std::vector<SpecializationCopy> &Specs,
                    const std::map<std::string, std::string> &Texts,
                    const std::function<bool(const std::string &)> &Header,
                    std::map<std::string, std::set<TextEdit>> &Edits);

} // namespace varsim::rewrite::templates::valueargs

#endif // VARSIM_REWRITE_TEMPLATES_DEFAULTARGUMENTS_H
