//===- rewrite/DerivedMacrosRepeated.cpp - A test that holds again --------===//
//
// The part of the resolver (DerivedMacrosImpl.h) that knows a test holds at
// a later directive because a branch around that directive repeats it. The
// globals lowering appends a function's copies after the file's last line
// inside the #ifs that enclose the original (docs/globals.md): a copy of
// Mbed TLS's mbedtls_aes_setkey_enc lies under a second `#if
// defined(MBEDTLS_AES_C)`, and aes.c includes aesni.h under the first
// (`#if defined(MBEDTLS_AES_C)` / ... / `#if defined(MBEDTLS_AESNI_C)` /
// `#include "mbedtls/aesni.h"`). When nothing the preprocessor may read
// between the two tests defines or undefines a macro they read, the two
// have the same value: a test inside the second is reached only where the
// first branch was entered, whatever the test's own value (MBEDTLS_AES_C
// is also #defined by config_psa.h under PSA options, so the resolver
// cannot read it over the features).
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacrosImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::rewrite::derived {
namespace {

/// The identifiers of a replacement list: what expanding it may read.
void identifiersOf(llvm::StringRef Text, std::set<std::string> &Out) {
  for (size_t I = 0; I < Text.size();) {
    if (!(llvm::isAlpha(Text[I]) || Text[I] == '_')) {
      // Skip a number whole (`0x10u` names nothing).
      size_t J = I + 1;
      if (llvm::isDigit(Text[I]))
        while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
          ++J;
      I = J;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
      ++J;
    Out.insert(Text.slice(I, J).str());
    I = J;
  }
}

} // namespace

bool ProjectMacros::unchangedBetween(const Cond &Test, unsigned F, unsigned A,
                                     unsigned B) const {
  if (Cyclic)
    return false;
  // The macros the test reads and, through their bodies, those their
  // expansion reads.
  std::set<std::string> Read;
  collectMacros(Test, Read);
  std::vector<std::string> Work(Read.begin(), Read.end());
  while (!Work.empty()) {
    std::string M = std::move(Work.back());
    Work.pop_back();
    // These change by themselves from one line to the next.
    if (M == "__LINE__" || M == "__COUNTER__" || M == "__INCLUDE_LEVEL__")
      return false;
    auto It = Sites.find(M);
    if (It == Sites.end())
      continue;
    for (const Site &S : It->second) {
      std::set<std::string> Named;
      identifiersOf(Files[S.File].FS->Directives[S.Directive].Replacement,
                    Named);
      for (const std::string &N : Named)
        if (Read.insert(N).second)
          Work.push_back(N);
    }
  }
  // The files a unit may read between A and B: what F's includes there may
  // read, but for a file read once that every unit has completely read
  // before A (its guard keeps it out).
  unsigned N = static_cast<unsigned>(Files.size());
  llvm::BitVector Done = beforeAt(F, A), Between(N);
  std::vector<unsigned> Open;
  auto Enter = [&](unsigned T) {
    if (Between.test(T) || (Files[T].readOnce() && Done.test(T)))
      return;
    Between.set(T);
    Open.push_back(T);
  };
  for (const IncludeSite &I : Files[F].Includes)
    if (A < I.Directive && I.Directive < B)
      for (unsigned T : I.Targets)
        Enter(T);
  while (!Open.empty()) {
    unsigned X = Open.back();
    Open.pop_back();
    for (const IncludeSite &I : Files[X].Includes)
      for (unsigned T : I.Targets)
        Enter(T);
  }
  for (const std::string &M : Read) {
    auto It = Sites.find(M);
    if (It == Sites.end())
      continue;
    for (const Site &S : It->second)
      if (Between.test(S.File) ||
          (S.File == F && A < S.Directive && S.Directive < B))
        return false;
  }
  return true;
}

bool Resolver::repeatedAround(unsigned File, const CondGroup::Branch &B,
                              unsigned Within) {
  const FileInfo &FI = P.Files[File];
  CondPtr Test = preprocessorTest(*FI.FS, B);
  if (!Test)
    return false;
  // The branches around Within, by their directives' span (a group's own
  // directives have no place in its parent's branch).
  for (const CondGroup &G : FI.FS->Groups)
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &Around = G.Branches[BI];
      unsigned Close = BI + 1 < G.Branches.size()
                           ? G.Branches[BI + 1].DirectiveIndex
                           : G.EndifIndex;
      if (!(Around.DirectiveIndex < Within && Within < Close) || &Around == &B)
        continue;
      CondPtr Again = preprocessorTest(*FI.FS, Around);
      if (Again && sameCondition(*Test, *Again) &&
          P.unchangedBetween(*Test, File,
                             std::min(B.DirectiveIndex, Around.DirectiveIndex),
                             std::max(B.DirectiveIndex, Around.DirectiveIndex)))
        return true;
    }
  return false;
}

} // namespace varsim::rewrite::derived
