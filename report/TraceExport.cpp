//===- report/TraceExport.cpp - Chrome/Perfetto and speedscope -----------===//

#include "report/TraceExport.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <functional>
#include <string>

namespace varsim::report {
namespace {

/// A node's place on the flame chart: start and duration in seconds.
struct Span {
  double Start = 0, Duration = 0;
};

/// Lays out one thread's tree: roots one after another from the thread's
/// start, each node's children one after another from its start.
std::vector<Span> layout(const TraceThread &Th,
                         std::vector<std::vector<size_t>> &Children) {
  size_t N = Th.Nodes.size();
  Children.assign(N + 1, {}); // Index N: the roots.
  for (size_t I = 0; I < N; ++I) {
    int64_t P = Th.Nodes[I].Parent;
    Children[P < 0 ? N : static_cast<size_t>(P)].push_back(I);
  }
  std::vector<Span> Spans(N);
  std::function<void(size_t, double, double)> Place =
      [&](size_t Parent, double Start, double Room) {
        double Sum = 0;
        for (size_t C : Children[Parent])
          Sum += std::max(0.0, Th.Nodes[C].Seconds);
        double Scale = (Room >= 0 && Sum > Room && Sum > 0) ? Room / Sum : 1.0;
        double At = Start;
        for (size_t C : Children[Parent]) {
          double D = std::max(0.0, Th.Nodes[C].Seconds) * Scale;
          Spans[C] = {At, D};
          Place(C, At, D);
          At += D;
        }
      };
  Place(N, Th.StartSeconds, -1);
  return Spans;
}

} // namespace

std::string frameName(const TraceRegion &R) {
  if (R.Kind == "region" && R.Condition != "1")
    return R.Function + " [" + R.Condition + "]";
  return R.Function;
}

void writeChromeTrace(llvm::ArrayRef<CallTree> Runs, llvm::raw_ostream &OS) {
  llvm::json::Array Events;
  for (size_t K = 0; K < Runs.size(); ++K) {
    const CallTree &T = Runs[K];
    int64_t Pid = static_cast<int64_t>(K + 1);
    std::string Config = T.Config.empty() ? "(none)" : T.Config;
    Events.push_back(llvm::json::Object{
        {"ph", "M"},
        {"name", "process_name"},
        {"pid", Pid},
        {"args", llvm::json::Object{{"name", "run " + std::to_string(K + 1) +
                                                 ": " + Config}}}});
    for (const TraceThread &Th : T.Threads) {
      Events.push_back(
          llvm::json::Object{{"ph", "M"},
                             {"name", "thread_name"},
                             {"pid", Pid},
                             {"tid", Th.Tid},
                             {"args", llvm::json::Object{{"name", Th.Name}}}});
      std::vector<std::vector<size_t>> Children;
      std::vector<Span> Spans = layout(Th, Children);
      for (size_t I = 0; I < Th.Nodes.size(); ++I) {
        const TraceNode &N = Th.Nodes[I];
        const TraceRegion &R = T.Regions[N.Region];
        Events.push_back(llvm::json::Object{
            {"ph", "X"},
            {"name", frameName(R)},
            {"cat", R.Condition == "1" ? "Base" : R.Condition},
            {"pid", Pid},
            {"tid", Th.Tid},
            {"ts", Spans[I].Start * 1e6},
            {"dur", Spans[I].Duration * 1e6},
            {"args",
             llvm::json::Object{
                 {"calls", N.Calls},
                 {"condition", R.Condition},
                 {"kind", R.Kind},
                 {"location", R.File + ":" + std::to_string(R.Line)}}}});
      }
    }
  }
  OS << llvm::json::Value(llvm::json::Object{
            {"traceEvents", std::move(Events)},
            {"displayTimeUnit", "ms"},
            {"otherData",
             llvm::json::Object{{"generator", "varsim"},
                                {"note", "aggregated calling contexts laid "
                                         "out as a flame chart"}}}})
     << "\n";
}

void writeSpeedscope(llvm::ArrayRef<CallTree> Runs, llvm::StringRef Name,
                     llvm::raw_ostream &OS) {
  llvm::json::Array Frames, Profiles;
  llvm::StringMap<int64_t> FrameIds;
  auto FrameOf = [&](const TraceRegion &R) {
    std::string Key =
        frameName(R) + "\n" + R.File + ":" + std::to_string(R.Line);
    auto [It, New] = FrameIds.try_emplace(Key, FrameIds.size());
    if (New)
      Frames.push_back(llvm::json::Object{
          {"name", frameName(R)}, {"file", R.File}, {"line", R.Line}});
    return It->second;
  };
  for (size_t K = 0; K < Runs.size(); ++K) {
    const CallTree &T = Runs[K];
    for (const TraceThread &Th : T.Threads) {
      std::vector<std::vector<size_t>> Children;
      std::vector<Span> Spans = layout(Th, Children);
      llvm::json::Array Events;
      double End = Th.StartSeconds;
      // Depth-first: open, children, close; times never go backwards.
      std::function<void(size_t)> Emit = [&](size_t I) {
        int64_t F = FrameOf(T.Regions[Th.Nodes[I].Region]);
        Events.push_back(llvm::json::Object{
            {"type", "O"}, {"frame", F}, {"at", Spans[I].Start}});
        for (size_t C : Children[I])
          Emit(C);
        double Close = Spans[I].Start + Spans[I].Duration;
        End = std::max(End, Close);
        Events.push_back(
            llvm::json::Object{{"type", "C"}, {"frame", F}, {"at", Close}});
      };
      for (size_t Root : Children[Th.Nodes.size()])
        Emit(Root);
      std::string Config = T.Config.empty() ? "(none)" : T.Config;
      Profiles.push_back(
          llvm::json::Object{{"type", "evented"},
                             {"name", "run " + std::to_string(K + 1) + " " +
                                          Config + " / " + Th.Name},
                             {"unit", "seconds"},
                             {"startValue", Th.StartSeconds},
                             {"endValue", End},
                             {"events", std::move(Events)}});
    }
  }
  OS << llvm::json::Value(llvm::json::Object{
            {"$schema", "https://www.speedscope.app/file-format-schema.json"},
            {"name", Name},
            {"exporter", "varsim"},
            {"activeProfileIndex", 0},
            {"shared", llvm::json::Object{{"frames", std::move(Frames)}}},
            {"profiles", std::move(Profiles)}})
     << "\n";
}

llvm::Error writeTraceExports(llvm::ArrayRef<CallTree> Runs,
                              llvm::StringRef ChromePath,
                              llvm::StringRef SpeedscopePath) {
  if (!ChromePath.empty())
    if (llvm::Error E =
            llvm::writeToOutput(ChromePath, [&](llvm::raw_ostream &OS) {
              writeChromeTrace(Runs, OS);
              return llvm::Error::success();
            }))
      return E;
  if (!SpeedscopePath.empty())
    return llvm::writeToOutput(SpeedscopePath, [&](llvm::raw_ostream &OS) {
      writeSpeedscope(Runs, "varsim", OS);
      return llvm::Error::success();
    });
  return llvm::Error::success();
}

llvm::Error writeTraceExports(llvm::ArrayRef<std::string> TracePaths,
                              llvm::StringRef ChromePath,
                              llvm::StringRef SpeedscopePath) {
  if (ChromePath.empty() && SpeedscopePath.empty())
    return llvm::Error::success();
  std::vector<CallTree> Runs;
  for (const std::string &P : TracePaths) {
    auto T = readCallTree(P);
    if (!T)
      return T.takeError();
    Runs.push_back(std::move(*T));
  }
  return writeTraceExports(llvm::ArrayRef<CallTree>(Runs), ChromePath,
                           SpeedscopePath);
}

} // namespace varsim::report
