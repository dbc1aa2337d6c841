//===- feature_models/ConstraintParser.cpp - Textual constraints ----------===//
//
// SPL Conqueror's boolean constraints: `!A | B & (C)`. Precedence, tightest
// first: ! (also ~), & (&&), | (||), => (->, right-associative),
// <=> (<->). Feature names are letters, digits, '_', '.' and '$'.
//
//===----------------------------------------------------------------------===//

#include "feature_models/Readers.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::fm {
namespace {

class ConstraintParser {
public:
  ConstraintParser(
      llvm::StringRef Text,
      const std::function<std::optional<FeatureId>(llvm::StringRef)> &Lookup)
      : Text(Text), Lookup(Lookup) {}

  llvm::Expected<Expr> parse() {
    llvm::Expected<Expr> E = parseIff();
    if (!E)
      return E.takeError();
    skipSpace();
    if (Pos != Text.size())
      return fail("unexpected '" + Text.substr(Pos, 1) + "'");
    return E;
  }

private:
  void skipSpace() {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos]))
      ++Pos;
  }

  /// Consumes the first of Tokens that comes next.
  bool accept(std::initializer_list<llvm::StringRef> Tokens) {
    skipSpace();
    for (llvm::StringRef T : Tokens)
      if (Text.substr(Pos).starts_with(T)) {
        Pos += T.size();
        return true;
      }
    return false;
  }

  llvm::Error fail(const llvm::Twine &Msg) {
    return makeError("in constraint '" + Text + "': " + Msg + " at column " +
                     llvm::Twine(Pos + 1));
  }

  llvm::Expected<Expr> parseIff() {
    llvm::Expected<Expr> L = parseImplies();
    if (!L)
      return L;
    while (accept({"<=>", "<->"})) {
      llvm::Expected<Expr> R = parseImplies();
      if (!R)
        return R;
      L = condition::makeBinary("<=>", *L, *R);
    }
    return L;
  }

  llvm::Expected<Expr> parseImplies() {
    llvm::Expected<Expr> L = parseOr();
    if (!L)
      return L;
    // "<=>" starts with '<', never with '=' or '-', so no clash here.
    if (accept({"=>", "->"})) {
      llvm::Expected<Expr> R = parseImplies();
      if (!R)
        return R;
      return condition::makeBinary("=>", *L, *R);
    }
    return L;
  }

  llvm::Expected<Expr> parseOr() {
    return parseChain("||", {"||", "|"}, [this] { return parseAnd(); });
  }

  llvm::Expected<Expr> parseAnd() {
    return parseChain("&&", {"&&", "&"}, [this] { return parseUnary(); });
  }

  template <typename Fn>
  llvm::Expected<Expr> parseChain(llvm::StringRef Op,
                                  std::initializer_list<llvm::StringRef> Ops,
                                  Fn Next) {
    llvm::Expected<Expr> First = Next();
    if (!First)
      return First;
    std::vector<Expr> All;
    All.push_back(std::move(*First));
    while (accept(Ops)) {
      llvm::Expected<Expr> E = Next();
      if (!E)
        return E;
      All.push_back(std::move(*E));
    }
    return foldOperands(Op, All);
  }

  llvm::Expected<Expr> parseUnary() {
    if (accept({"!", "~"})) {
      llvm::Expected<Expr> E = parseUnary();
      if (!E)
        return E;
      return condition::makeUnary("!", *E);
    }
    if (accept({"("})) {
      llvm::Expected<Expr> E = parseIff();
      if (!E)
        return E;
      if (!accept({")"}))
        return fail("expected ')'");
      return E;
    }
    skipSpace();
    size_t Start = Pos;
    while (Pos < Text.size() && (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_' ||
                                 Text[Pos] == '.' || Text[Pos] == '$'))
      ++Pos;
    llvm::StringRef Name = Text.slice(Start, Pos);
    if (Name.empty())
      return fail(Pos == Text.size() ? llvm::Twine("unexpected end")
                                     : "expected a feature name");
    if (Lookup(Name))
      return condition::makeIdent(Name);
    if (Name == "true" || Name == "false")
      return condition::makeInt(Name == "true");
    Pos = Start;
    return fail("constraint names unknown feature '" + Name + "'");
  }

  llvm::StringRef Text;
  const std::function<std::optional<FeatureId>(llvm::StringRef)> &Lookup;
  size_t Pos = 0;
};

} // namespace

llvm::Expected<Expr> parseConstraintText(
    llvm::StringRef Text,
    const std::function<std::optional<FeatureId>(llvm::StringRef)> &Lookup) {
  return ConstraintParser(Text, Lookup).parse();
}

} // namespace varsim::fm
