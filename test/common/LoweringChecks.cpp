//===- test/common/LoweringChecks.cpp - A lowering keeps behaviour --------===//

#include "test/common/LoweringChecks.h"

#include "test/common/Shell.h"

#include "gtest/gtest.h"

#include <algorithm>

namespace varsim::rewrite::test {
namespace {

unsigned countLines(llvm::StringRef S) {
  return static_cast<unsigned>(std::count(S.begin(), S.end(), '\n'));
}

} // namespace

void expectLoweringKeepsBehaviour(
    TempProject &P, const std::map<std::string, std::string> &Files,
    const std::map<std::string, std::string> &LoweredFiles, bool Cxx,
    llvm::function_ref<size_t(llvm::StringRef)> AppendedAt) {
  std::map<std::string, std::string> Lowered;
  for (const auto &[Rel, Text] : Files) {
    auto It = LoweredFiles.find(P.root() + "/" + Rel);
    Lowered[Rel] = It == LoweredFiles.end() ? Text : It->second;
    if (It == LoweredFiles.end())
      continue;
    llvm::StringRef L(It->second);
    size_t Appended = AppendedAt(L);
    llvm::StringRef Kept =
        Appended == llvm::StringRef::npos ? L : L.take_front(Appended);
    EXPECT_EQ(countLines(Kept), countLines(Text)) << Rel << ":\n" << L.str();
  }

  // Each configuration's variant is compiled once: it is the reference of
  // the lowered sources and of the simulator alike (the variant of
  // runBoth is the originals compiled with the same flags). The rewrite
  // comes first so that its variant can be reused.
  std::string Err = P.rewrite();
  EXPECT_EQ(Err, "");
  if (!Err.empty())
    for (const auto &[File, Text] : LoweredFiles)
      ADD_FAILURE() << "lowered " << File << ":\n" << Text;
  auto Configs = P.configurations(P.root() + "/model.xml");
  EXPECT_FALSE(Configs.empty()) << "no valid configuration";
  for (const auto &[Config, Defines] : Configs) {
    RunOutcome Original;
    if (Err.empty()) {
      auto [Variant, Simulator] = P.runBoth(Config, Defines);
      EXPECT_TRUE(Variant.Exit == Simulator.Exit &&
                  Variant.Stdout == Simulator.Stdout)
          << "configuration '" << Config << "': variant exit " << Variant.Exit
          << " output:\n"
          << Variant.Stdout << "\nsimulator exit " << Simulator.Exit
          << " output:\n"
          << Simulator.Stdout;
      Original = Variant;
    } else {
      Original = varsim::test::compileAndRun(Files, Defines, Cxx);
    }
    RunOutcome Low = varsim::test::compileAndRun(Lowered, Defines, Cxx);
    EXPECT_EQ(Original.Exit, Low.Exit) << "configuration '" << Config << "'\n"
                                       << Low.Stdout;
    EXPECT_EQ(Original.Stdout, Low.Stdout)
        << "configuration '" << Config << "'";
  }
}

} // namespace varsim::rewrite::test
