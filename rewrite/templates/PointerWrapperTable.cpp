//===- rewrite/templates/PointerWrapperTable.cpp - Pointer operators ------===//
//
// The member bodies a pointer wrapper may have (PointerWrapperFacts.h): for
// each operator, the few ways a class over one pointer member `p` writes
// the built-in operator on `p`. A body is compared as normalized tokens, so
// anything else (an assertion, a null check, a different step) is not a
// forwarding member and the wrapper is refused.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/PointerWrapperFacts.h"

#include "llvm/ADT/StringMap.h"

#include <vector>

namespace varsim::rewrite::templates::wrappers {

std::string forwardingMismatch(const std::string &Operator, unsigned Params,
                               bool WrapperParam, const std::string &Body) {
  // Operator plus what its parameter is: "(it)" another wrapper, "(n)" a
  // number (or the `int` of a postfix operator), "()" none.
  static const llvm::StringMap<std::vector<std::string>> Table = {
      {"++()", {"{ ++ @P ; return * this ; }"}},
      {"--()", {"{ -- @P ; return * this ; }"}},
      {"++(n)",
       {"{ @T @L ( * this ) ; ++ @P ; return @L ; }",
        "{ @T @L = * this ; ++ @P ; return @L ; }"}},
      {"--(n)",
       {"{ @T @L ( * this ) ; -- @P ; return @L ; }",
        "{ @T @L = * this ; -- @P ; return @L ; }"}},
      {"+(n)", {"{ return @T ( @P + @A0 ) ; }"}},
      {"-(n)", {"{ return @T ( @P - @A0 ) ; }"}},
      {"+=(n)", {"{ @P += @A0 ; return * this ; }"}},
      {"-=(n)", {"{ @P -= @A0 ; return * this ; }"}},
      {"-(it)", {"{ return @P - @A0 . @P ; }"}},
      {"==(it)", {"{ return @P == @A0 . @P ; }"}},
      {"!=(it)", {"{ return @P != @A0 . @P ; }"}},
      {"<(it)", {"{ return @P < @A0 . @P ; }"}},
      {">(it)", {"{ return @P > @A0 . @P ; }"}},
      {"<=(it)", {"{ return @P <= @A0 . @P ; }"}},
      {">=(it)", {"{ return @P >= @A0 . @P ; }"}},
      {"*()", {"{ return * @P ; }"}},
      {"->()", {"{ return @P ; }"}},
      {"[](n)", {"{ return @P [ @A0 ] ; }"}},
      {"=(it)", {"{ @P = @A0 . @P ; return * this ; }"}},
  };
  std::string Key = Operator + (Params == 0    ? "()"
                                : Params > 1   ? "(..)"
                                : WrapperParam ? "(it)"
                                               : "(n)");
  auto It = Table.find(Key);
  if (It == Table.end())
    return "'operator" + Operator + "' is not a pointer operator varsim knows";
  for (const std::string &Form : It->second)
    if (Form == Body)
      return "";
  return "'operator" + Operator + "' is not the built-in pointer operator " +
         "on the pointer member (its body reads `" + Body +
         "`, @P standing for the pointer member)";
}

} // namespace varsim::rewrite::templates::wrappers
