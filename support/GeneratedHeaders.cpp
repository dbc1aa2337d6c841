//===- support/GeneratedHeaders.cpp ---------------------------------------===//

#include "support/GeneratedHeaders.h"

namespace varsim {

std::vector<std::string>
generatedHeaderFallbacks(llvm::ArrayRef<std::string> Args,
                         llvm::StringRef MappedBuildDir,
                         llvm::StringRef OriginalBuildDir) {
  std::vector<std::string> Out;
  for (size_t A = 0; A < Args.size(); ++A) {
    llvm::StringRef Arg = Args[A];
    llvm::StringRef Dir;
    for (llvm::StringRef Opt : {"-I", "-isystem", "-iquote"})
      if (Arg == Opt && A + 1 < Args.size()) {
        Dir = Args[A + 1];
        break;
      } else if (Arg.starts_with(Opt) && Arg.size() > Opt.size() &&
                 !(Opt == "-I" && Arg.starts_with("-isystem"))) {
        Dir = Arg.drop_front(Opt.size());
        break;
      }
    if (Dir.consume_front(MappedBuildDir) &&
        (Dir.empty() || Dir.starts_with("/")))
      Out.push_back("-idirafter" + OriginalBuildDir.str() + Dir.str());
  }
  return Out;
}

} // namespace varsim
