//===- support/SourceFiles.cpp - What a file name says about its source ---===//

#include "support/SourceFiles.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

namespace varsim {
namespace {

using L = SourceLanguage;

std::optional<SourceKind> byExtension(llvm::StringRef Ext) {
  return llvm::StringSwitch<std::optional<SourceKind>>(Ext)
      .Case(".c", SourceKind{L::C, true})
      .Cases(".cc", ".cpp", ".cxx", ".c++", ".C", ".cp",
             SourceKind{L::Cxx, true})
      .Cases(".m", ".mm", SourceKind{L::ObjC, true})
      .Cases(".h", ".inc", ".inl", ".def", SourceKind{L::Either, false})
      .Cases(".hh", ".hpp", ".hxx", ".h++", ".H", SourceKind{L::Cxx, false})
      .Cases(".ipp", ".tcc", ".tpp", SourceKind{L::Cxx, false})
      .Default(std::nullopt);
}

} // namespace

std::optional<SourceKind> classifySourceFile(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  if (Ext.empty())
    return std::nullopt;
  if (auto K = byExtension(Ext))
    return K;
  return byExtension(Ext.lower());
}

bool isSourceFileName(llvm::StringRef Path) {
  auto K = classifySourceFile(Path);
  return K && K->Language != L::ObjC;
}

bool isTranslationUnitName(llvm::StringRef Path) {
  auto K = classifySourceFile(Path);
  return K && K->TranslationUnit;
}

std::optional<bool> isCxxFileName(llvm::StringRef Path) {
  auto K = classifySourceFile(Path);
  if (!K || K->Language == L::Either || K->Language == L::ObjC)
    return std::nullopt;
  return K->Language == L::Cxx;
}

bool isCxxCompile(llvm::StringRef File, llvm::ArrayRef<std::string> Arguments) {
  for (size_t I = 0; I + 1 < Arguments.size(); ++I)
    if (Arguments[I] == "-x")
      return llvm::StringRef(Arguments[I + 1]).starts_with("c++");
  return isCxxFileName(File).value_or(false);
}

} // namespace varsim
