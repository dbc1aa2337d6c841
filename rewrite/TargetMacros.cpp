//===- rewrite/TargetMacros.cpp - The compiler's target macros ------------===//

#include "rewrite/TargetMacros.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite {

using condition::makeInt;

bool isTargetMacro(llvm::StringRef M) {
  // Architectures and instruction-set extensions (gcc and clang spell them
  // alike; MSVC's `_M_` ones are never defined by either).
  static const char *const Prefixes[] = {
      "__x86_64",   "__amd64",   "__i386",     "__i486",  "__i586",
      "__i686",     "__aarch64", "__arm",      "__ARM_",  "__thumb",
      "__powerpc",  "__ppc",     "__PPC",      "__mips",  "__riscv",
      "__s390",     "__sparc",   "__wasm",     "__SSE",   "__AVX",
      "__MMX__",    "__AES__",   "__PCLMUL__", "__SHA__", "__BMI",
      "__POPCNT__", "__LZCNT__", "__F16C__",   "__FMA__", "__RDRND__",
      "__RDSEED__", "__ADX__",   "_M_"};
  // Operating systems and compiler families: whether they are defined, not
  // their values (`__GNUC__` is 4 for clang and the release for gcc).
  static const char *const Names[] = {
      "_MSC_VER",       "_WIN32",      "_WIN64",      "__APPLE__",
      "__MACH__",       "__linux__",   "__linux",     "__unix__",
      "__unix",         "__FreeBSD__", "__NetBSD__",  "__OpenBSD__",
      "__CYGWIN__",     "__MINGW32__", "__MINGW64__", "__ANDROID__",
      "__EMSCRIPTEN__", "__GNUC__",    "__LP64__",    "_LP64",
      "__ILP32__"};
  return llvm::any_of(Prefixes,
                      [&](const char *P) { return M.starts_with(P); }) ||
         llvm::is_contained(Names, M) || isTargetValueMacro(M);
}

bool isTargetValueMacro(llvm::StringRef M) {
  // The data model's sizes and the byte order's constants: the target's ABI
  // fixes their values, which gcc and clang therefore agree on.
  static const char *const Names[] = {"__CHAR_BIT__", "__ORDER_LITTLE_ENDIAN__",
                                      "__ORDER_BIG_ENDIAN__",
                                      "__ORDER_PDP_ENDIAN__"};
  return M.starts_with("__SIZEOF_") || llvm::is_contained(Names, M);
}

std::string predefinedBody(const clang::MacroInfo &MI) {
  if (MI.getNumTokens() != 1)
    return "";
  const clang::Token &T = MI.getReplacementToken(0);
  if (!T.is(clang::tok::numeric_constant) || !T.getLiteralData())
    return "";
  return std::string(T.getLiteralData(), T.getLength());
}

void keepCommon(TargetMacros &Into, const TargetMacros &Other) {
  for (auto It = Into.begin(); It != Into.end();) {
    auto O = Other.find(It->first);
    It = O == Other.end() || O->second != It->second ? Into.erase(It)
                                                     : std::next(It);
  }
}

std::optional<CondPtr> targetMacroValue(const Cond &E,
                                        const TargetMacros &Target,
                                        const std::set<std::string> &External) {
  if ((E.K != Cond::Defined && E.K != Cond::Ident) || !isTargetMacro(E.Name))
    return std::nullopt;
  auto It = Target.find(E.Name);
  if (It == Target.end())
    // Defined by a system header or in some units only: left alone.
    return External.count(E.Name) ? std::nullopt
                                  : std::optional<CondPtr>(makeInt(0));
  if (E.K == Cond::Defined)
    return makeInt(1);
  if (It->second == "1")
    return makeInt(1);
  int64_t Value = 0;
  if (isTargetValueMacro(E.Name) &&
      !llvm::StringRef(It->second).getAsInteger(0, Value))
    return makeInt(Value);
  return std::nullopt;
}

} // namespace varsim::rewrite
