//===- test/profile/TraceExportTest.cpp -----------------------------------===//
//
// The Chrome trace and speedscope exports of a hand-made calling-context
// tree: every context becomes one event, children are laid out inside their
// parent (scaled when sampling estimates overshoot), and speedscope's
// open/close events balance.
//
//===----------------------------------------------------------------------===//

#include "report/TraceExport.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

using namespace varsim::report;

namespace {

CallTree sampleTree() {
  CallTree T;
  T.Config = "A";
  T.Regions = {{"function", "main", "1", "main.c", 1, 20},
               {"region", "main", "A", "main.c", 5, 7},
               {"function", "work", "1", "work.c", 3, 9}};
  TraceThread Th;
  Th.Name = "main";
  Th.Tid = 7;
  // main 10 s: region A 4 s (work 3 s inside), work 5 s.
  Th.Nodes = {{-1, 0, 1, 10.0}, {0, 1, 1, 4.0}, {1, 2, 2, 3.0}, {0, 2, 1, 5.0}};
  T.Threads.push_back(Th);
  return T;
}

llvm::json::Value parse(const std::string &S) {
  auto V = llvm::json::parse(S);
  EXPECT_TRUE(bool(V));
  return V ? std::move(*V) : llvm::json::Value(nullptr);
}

TEST(TraceExport, ChromeEventsNestInTheirParents) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeChromeTrace({sampleTree()}, OS);
  llvm::json::Value V = parse(S);
  const llvm::json::Array *Events = V.getAsObject()->getArray("traceEvents");
  ASSERT_TRUE(Events);
  std::vector<const llvm::json::Object *> X;
  for (const llvm::json::Value &E : *Events)
    if (E.getAsObject()->getString("ph") == "X")
      X.push_back(E.getAsObject());
  ASSERT_EQ(X.size(), 4u);
  EXPECT_EQ(X[0]->getString("name"), "main");
  EXPECT_EQ(X[1]->getString("name"), "main [A]");
  EXPECT_EQ(X[1]->getString("cat"), "A");
  auto Ts = [&](int I) { return *X[I]->getNumber("ts"); };
  auto Dur = [&](int I) { return *X[I]->getNumber("dur"); };
  EXPECT_DOUBLE_EQ(Dur(0), 10e6);
  // Region A at main's start, work after it, work inside region A.
  EXPECT_DOUBLE_EQ(Ts(1), Ts(0));
  EXPECT_DOUBLE_EQ(Ts(3), Ts(1) + Dur(1));
  EXPECT_GE(Ts(2), Ts(1));
  EXPECT_LE(Ts(2) + Dur(2), Ts(1) + Dur(1));
}

TEST(TraceExport, OvershootingChildrenAreScaledIntoTheParent) {
  CallTree T = sampleTree();
  T.Threads[0].Nodes[3].Seconds = 9.0; // 4 + 9 > 10 (a sampled estimate)
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeChromeTrace({T}, OS);
  llvm::json::Value V = parse(S);
  double End = 0, ParentEnd = 10e6;
  for (const llvm::json::Value &E : *V.getAsObject()->getArray("traceEvents"))
    if (auto Ts = E.getAsObject()->getNumber("ts"))
      End = std::max(End, *Ts + *E.getAsObject()->getNumber("dur"));
  EXPECT_LE(End, ParentEnd + 1e-6);
}

TEST(TraceExport, SpeedscopeEventsBalance) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeSpeedscope({sampleTree(), sampleTree()}, "t", OS);
  llvm::json::Value V = parse(S);
  const llvm::json::Object *Root = V.getAsObject();
  EXPECT_EQ(Root->getObject("shared")->getArray("frames")->size(), 3u);
  const llvm::json::Array *Profiles = Root->getArray("profiles");
  ASSERT_EQ(Profiles->size(), 2u);
  for (const llvm::json::Value &P : *Profiles) {
    std::vector<int64_t> Stack;
    double Last = 0;
    for (const llvm::json::Value &E : *P.getAsObject()->getArray("events")) {
      const llvm::json::Object *O = E.getAsObject();
      double At = *O->getNumber("at");
      EXPECT_GE(At, Last - 1e-12);
      Last = At;
      int64_t F = *O->getInteger("frame");
      if (O->getString("type") == "O") {
        Stack.push_back(F);
      } else {
        ASSERT_FALSE(Stack.empty());
        EXPECT_EQ(Stack.back(), F);
        Stack.pop_back();
      }
    }
    EXPECT_TRUE(Stack.empty());
    EXPECT_DOUBLE_EQ(Last, 10.0);
  }
}

} // namespace
