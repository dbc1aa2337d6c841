//===- test/runtime/RuntimeHarness.cpp ------------------------------------===//

#include "RuntimeHarness.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <simdjson.h>

#include <cstdlib>
#include <sys/wait.h>

namespace varsim::runtime::test {

SimulatorTables testTables() {
  SimulatorTables T;
  auto Feature = [&](std::string Name, std::optional<unsigned> Parent,
                     bool Mandatory = false, bool Abstract = false) {
    FeatureDesc F;
    F.Macro = Name;
    F.Name = std::move(Name);
    F.Parent = Parent;
    F.Mandatory = Mandatory;
    F.Abstract = Abstract;
    T.Features.push_back(F);
  };
  Feature("Root", std::nullopt, false, true); // 0
  Feature("Core", 0, true);                   // 1
  Feature("Codec", 0, false, true);           // 2
  Feature("GZIP", 2);                         // 3
  Feature("LZ4", 2);                          // 4
  Feature("LOGGING", 0);                      // 5
  FeatureDesc Level;
  Level.Name = Level.Macro = "LEVEL";
  Level.Numeric = true;
  Level.Min = 0;
  Level.Max = 5;
  Level.Default = 1;
  T.Features.push_back(Level);
  T.Constraints.push_back({"!(VARSIM_F_GZIP && VARSIM_F_LZ4)",
                           "alternative group 'Codec': at most one of GZIP, "
                           "LZ4"});
  for (unsigned I = 0; I != 8; ++I) {
    RegionDesc R;
    R.Kind = I == 3 || I == 6 ? RegionKind::Region : RegionKind::Function;
    R.Function = I == 0 ? "main" : "f" + std::to_string(I);
    R.Condition = R.Kind == RegionKind::Region ? "LOGGING && LEVEL >= 2" : "1";
    R.File = "src/\"quoted\"\\file.c";
    R.Line = 10 * I + 1;
    R.EndLine = 10 * I + 9;
    T.Regions.push_back(R);
  }
  T.DefaultConfig = "LOGGING,LEVEL=2";
  return T;
}

void PrintTo(const Toolchain &TC, std::ostream *OS) {
  *OS << TC.Driver << ' ' << TC.Standard;
}

namespace {

std::string quote(const std::string &S) {
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

void writeFile(const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

} // namespace

std::string readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

Sandbox::Sandbox(const SimulatorTables &Tables) {
  llvm::SmallString<128> Path;
  if (llvm::sys::fs::createUniqueDirectory("varsim-runtime-test", Path))
    std::abort();
  Dir = Path.str().str();
  writeFile(path(RuntimeHeaderName.str()), runtimeHeaderText());
  std::string Generated;
  llvm::raw_string_ostream OS(Generated);
  writeGeneratedHeader(Tables, OS);
  writeFile(path(GeneratedHeaderName.str()), Generated);
}

Sandbox::~Sandbox() {
  if (!std::getenv("VARSIM_KEEP_TEST_DIRS"))
    llvm::sys::fs::remove_directories(Dir);
}

std::string Sandbox::path(const std::string &Name) const {
  return Dir + "/" + Name;
}

int Sandbox::shell(const std::string &Command, std::string *Output) {
  std::string Log = path("shell.log");
  int Status = std::system(
      ("cd " + quote(Dir) + " && " + Command + " > " + quote(Log) + " 2>&1")
          .c_str());
  if (Output)
    *Output = readFile(Log);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

std::string Sandbox::compile(const Toolchain &TC, const std::string &Source,
                             const std::string &Object,
                             const std::string &ExtraFlags) {
  bool IsC = llvm::StringRef(Source).ends_with(".c");
  std::string Command =
      TC.Driver +
      " -O2 -Wall -Wextra -Wpedantic -Werror -DVARSIM_NO_SYSTEM_HEADER " +
      TC.Standard + " " +
      (IsC ? "-Wmissing-prototypes -Wstrict-prototypes "
           : "-Wmissing-declarations ") +
      ExtraFlags + " -I" + quote(Dir) + " -c " +
      quote(std::string(VARSIM_RUNTIME_TEST_PROGRAMS) + "/" + Source) + " -o " +
      quote(Object);
  std::string Output;
  return shell(Command, &Output) == 0 ? std::string() : Command + "\n" + Output;
}

std::string Sandbox::link(const std::string &Linker,
                          const std::vector<std::string> &Objects,
                          const std::string &Exe) {
  std::string Command = Linker;
  for (const std::string &O : Objects)
    Command += " " + quote(O);
  Command += " -pthread -o " + quote(Exe);
  std::string Output;
  return shell(Command, &Output) == 0 ? std::string() : Command + "\n" + Output;
}

std::string Sandbox::build(const Toolchain &TC, const std::string &Source,
                           const std::string &Exe,
                           const std::string &ExtraFlags) {
  std::string Error = compile(TC, Source, Exe + ".o", ExtraFlags);
  return Error.empty() ? link(TC.Driver, {Exe + ".o"}, Exe) : Error;
}

RunResult Sandbox::run(const std::string &Exe, const Environment &Env,
                       const std::string &Args) {
  std::string Command = "cd " + quote(Dir) +
                        " && exec env -u VARSIM_CONFIG -u VARSIM_TRACE "
                        "-u VARSIM_CHROME_TRACE -u VARSIM_CHROME_EVENTS";
  for (const auto &[Name, Value] : Env)
    Command += " " + Name + "=" + quote(Value);
  std::string Out = path(Exe + ".out"), Err = path(Exe + ".err");
  Command +=
      " ./" + Exe + " " + Args + " > " + quote(Out) + " 2> " + quote(Err);
  int Status = std::system(Command.c_str());
  RunResult R;
  if (WIFEXITED(Status))
    R.ExitCode = WEXITSTATUS(Status);
  else if (WIFSIGNALED(Status))
    R.Signal = WTERMSIG(Status);
  R.Out = readFile(Out);
  R.Err = readFile(Err);
  return R;
}

std::map<std::string, TraceNode> TraceThread::byPath() const {
  std::vector<std::string> Paths(Nodes.size());
  std::map<std::string, TraceNode> Out;
  for (size_t I = 0; I != Nodes.size(); ++I) {
    const TraceNode &N = Nodes[I];
    Paths[I] = (N.Parent < 0 ? std::string() : Paths[N.Parent] + "/") +
               std::to_string(N.Region);
    Out[Paths[I]] = N;
  }
  return Out;
}

uint64_t TraceThread::descendantCalls(size_t I) const {
  uint64_t Sum = 0;
  for (size_t K = I + 1; K < Nodes.size(); ++K)
    if (Nodes[K].Parent == static_cast<int64_t>(I))
      Sum += Nodes[K].Calls + descendantCalls(K);
  return Sum;
}

uint64_t TraceThread::descendantTimed(size_t I) const {
  uint64_t Sum = 0;
  for (size_t K = I + 1; K < Nodes.size(); ++K)
    if (Nodes[K].Parent == static_cast<int64_t>(I))
      Sum += Nodes[K].Timed + descendantTimed(K);
  return Sum;
}

const TraceThread *Trace::mainThread() const {
  for (const TraceThread &T : Threads)
    if (T.Main)
      return &T;
  return nullptr;
}

namespace {

using simdjson::dom::element;
using simdjson::dom::object;

llvm::Error schemaError(const std::string &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "calltrace schema: " + What);
}

template <typename T> llvm::Error get(object Obj, const char *Key, T &Out) {
  auto Value = Obj[Key].get<T>();
  if (Value.error())
    return schemaError(std::string("field '") + Key + "' missing or of the " +
                       "wrong type: " + simdjson::error_message(Value.error()));
  Out = Value.value();
  return llvm::Error::success();
}

llvm::Error getDouble(object Obj, const char *Key, double &Out) {
  auto Found = Obj[Key];
  if (Found.error())
    return schemaError(std::string("field '") + Key + "' missing");
  element E = Found.value();
  if (E.is_double())
    Out = E.get_double().value();
  else if (E.is_int64())
    Out = static_cast<double>(E.get_int64().value());
  else if (E.is_uint64())
    Out = static_cast<double>(E.get_uint64().value());
  else
    return schemaError(std::string("field '") + Key + "' is not a number");
  return llvm::Error::success();
}

llvm::Error readThread(object Obj, size_t Regions, TraceThread &T) {
  std::string_view Name;
  simdjson::dom::array Nodes;
  if (auto Err = get(Obj, "tid", T.Tid))
    return Err;
  if (auto Err = get(Obj, "name", Name))
    return Err;
  T.Name = std::string(Name);
  if (auto Err = get(Obj, "main", T.Main))
    return Err;
  if (auto Err = get(Obj, "exited", T.Exited))
    return Err;
  if (auto Err = get(Obj, "open_scopes", T.OpenScopes))
    return Err;
  if (auto Err = get(Obj, "dropped", T.Dropped))
    return Err;
  if (auto Err = get(Obj, "repaired", T.Repaired))
    return Err;
  if (auto Err = get(Obj, "start_ns", T.StartNs))
    return Err;
  if (auto Err = get(Obj, "end_ns", T.EndNs))
    return Err;
  if (auto Err = get(Obj, "main_node_at_end", T.MainNodeAtEnd))
    return Err;
  if (T.EndNs < T.StartNs)
    return schemaError("a thread ends before it starts");
  if (auto Err = get(Obj, "nodes", Nodes))
    return Err;
  for (element E : Nodes) {
    auto Quad = E.get_array();
    if (Quad.error() || (Quad.value().size() != 4 && Quad.value().size() != 5))
      return schemaError("a node is not [parent, region, calls, incl] or "
                         "[parent, region, calls, timed_ns, timed]");
    auto Parent = Quad.value().at(0).get_int64();
    auto Region = Quad.value().at(1).get_uint64();
    auto Calls = Quad.value().at(2).get_uint64();
    auto Incl = Quad.value().at(3).get_uint64();
    if (Parent.error() || Region.error() || Calls.error() || Incl.error())
      return schemaError("a node has a non-integer element");
    TraceNode N{Parent.value(), Region.value(), Calls.value(), Incl.value(),
                Calls.value()};
    if (Quad.value().size() == 5) {
      auto Timed = Quad.value().at(4).get_uint64();
      if (Timed.error())
        return schemaError("a node has a non-integer element");
      N.Timed = Timed.value();
      if (N.Timed >= N.Calls)
        return schemaError("a sampled node's timed visits are not fewer "
                           "than its calls");
    }
    if (N.Parent < -1 || N.Parent >= static_cast<int64_t>(T.Nodes.size()))
      return schemaError("node " + std::to_string(T.Nodes.size()) +
                         ": parent is not -1 or an earlier node");
    if (N.Region >= Regions)
      return schemaError("node " + std::to_string(T.Nodes.size()) +
                         ": region id out of the region table");
    T.Nodes.push_back(N);
  }
  // "folded": [region, visits]; "folded_nodes": [node, visits];
  // "fold_samples": [node, samples].
  for (const char *Key : {"folded", "folded_nodes", "fold_samples"}) {
    bool Visits = std::string(Key) == "folded";
    bool PerNode = std::string(Key) == "folded_nodes";
    simdjson::dom::array List;
    if (Obj[Key].get(List))
      continue;
    for (element E : List) {
      auto Pair = E.get_array();
      if (Pair.error() || Pair.value().size() != 2)
        return schemaError(std::string("a ") + Key + " entry is not a pair");
      auto First = Pair.value().at(0).get_uint64();
      auto Second = Pair.value().at(1).get_uint64();
      if (First.error() || Second.error() || Second.value() == 0)
        return schemaError(std::string("a ") + Key +
                           " entry has a non-integer or zero element");
      if (Visits ? First.value() >= Regions : First.value() >= T.Nodes.size())
        return schemaError(std::string("a ") + Key +
                           " entry names no region or node");
      (Visits    ? T.Folded
       : PerNode ? T.FoldedNodes
                 : T.FoldSamples)
          .push_back({First.value(), Second.value()});
    }
  }
  if (T.MainNodeAtEnd < -1 || (T.Main && T.MainNodeAtEnd != -1))
    return schemaError("main_node_at_end is not -1 or a node of main");
  return llvm::Error::success();
}

} // namespace

llvm::Expected<Trace> readTrace(const std::string &Path) {
  simdjson::dom::parser Parser;
  simdjson::dom::element Root;
  if (auto Error = Parser.load(Path).get(Root))
    return schemaError(Path + ": " + simdjson::error_message(Error));
  object Obj;
  if (Root.get(Obj))
    return schemaError("not an object");
  Trace T;
  std::string_view Format, Text;
  uint64_t Version;
  if (auto Err = get(Obj, "format", Format))
    return Err;
  if (auto Err = get(Obj, "version", Version))
    return Err;
  if (Format != "varsim-calltrace" || Version != 1)
    return schemaError("format/version is not varsim-calltrace/1");
  if (auto Err = get(Obj, "varsim_version", Text))
    return Err;
  if (auto Err = get(Obj, "program", Text))
    return Err;
  if (auto Err = get(Obj, "pid", T.Pid))
    return Err;
  if (auto Err = get(Obj, "parent_pid", T.ParentPid))
    return Err;
  if (auto Err = get(Obj, "fork_child", T.ForkChild))
    return Err;
  if (auto Err = get(Obj, "config", Text))
    return Err;
  T.Config = std::string(Text);
  if (!Obj["config_requested"].is_null()) {
    if (auto Err = get(Obj, "config_requested", Text))
      return Err;
    T.ConfigRequested = std::string(Text);
  }
  simdjson::dom::array Features, Regions, Threads;
  if (auto Err = get(Obj, "features", Features))
    return Err;
  for (element E : Features) {
    object F;
    std::string_view Name, Kind;
    int64_t Value;
    if (E.get(F))
      return schemaError("a feature is not an object");
    if (auto Err = get(F, "name", Name))
      return Err;
    if (auto Err = get(F, "kind", Kind))
      return Err;
    if (auto Err = get(F, "value", Value))
      return Err;
    if (Kind != "bool" && Kind != "numeric")
      return schemaError("feature kind is not bool/numeric");
    T.Features[std::string(Name)] = Value;
  }
  if (auto Err = get(Obj, "regions", Regions))
    return Err;
  for (element E : Regions) {
    object R;
    uint64_t Id, Line, EndLine;
    std::string_view Kind, Function, Condition, File;
    if (E.get(R))
      return schemaError("a region is not an object");
    if (auto Err = get(R, "id", Id))
      return Err;
    if (Id != T.RegionCount)
      return schemaError("region ids are not dense from 0");
    if (auto Err = get(R, "kind", Kind))
      return Err;
    if (Kind != "function" && Kind != "region" && Kind != "switch")
      return schemaError("region kind '" + std::string(Kind) + "'");
    if (auto Err = get(R, "function", Function))
      return Err;
    if (auto Err = get(R, "condition", Condition))
      return Err;
    if (auto Err = get(R, "file", File))
      return Err;
    if (auto Err = get(R, "line", Line))
      return Err;
    if (auto Err = get(R, "end_line", EndLine))
      return Err;
    ++T.RegionCount;
  }
  object Clock, Calibration;
  if (auto Err = get(Obj, "clock", Clock))
    return Err;
  if (auto Err = get(Clock, "source", Text))
    return Err;
  T.ClockSource = std::string(Text);
  if (auto Err = get(Clock, "unit", Text))
    return Err;
  if (Text != "ns")
    return schemaError("clock unit is not ns");
  if (auto Err = getDouble(Clock, "ticks_per_ns", T.TicksPerNs))
    return Err;
  if (auto Err = get(Obj, "calibration", Calibration))
    return Err;
  if (auto Err = getDouble(Calibration, "inner_ns", T.InnerNs))
    return Err;
  if (auto Err = getDouble(Calibration, "outer_ns", T.OuterNs))
    return Err;
  if (auto Err = getDouble(Calibration, "untimed_ns", T.UntimedNs))
    return Err;
  if (auto Err = getDouble(Calibration, "folded_ns", T.FoldedNs))
    return Err;
  object Sampling;
  if (auto Err = get(Obj, "sampling", Sampling))
    return Err;
  if (auto Err = get(Sampling, "period", T.SamplePeriod))
    return Err;
  if (auto Err = getDouble(Sampling, "below_ns", T.SampleBelowNs))
    return Err;
  if (auto Err = getDouble(Sampling, "outlier_ns", T.SampleOutlierNs))
    return Err;
  if (auto Err = get(Sampling, "warmup", T.SampleWarmup))
    return Err;
  object Folding;
  if (auto Err = get(Obj, "folding", Folding))
    return Err;
  if (auto Err = get(Folding, "enabled", T.FoldEnabled))
    return Err;
  simdjson::dom::array Folded;
  if (auto Err = get(Folding, "folded_regions", Folded))
    return Err;
  for (simdjson::dom::element E : Folded) {
    uint64_t Id = 0;
    if (E.get(Id) != simdjson::SUCCESS)
      return schemaError("folding.folded_regions: not an unsigned integer");
    T.FoldedRegions.push_back(Id);
  }
  simdjson::dom::array Counted;
  if (auto Err = get(Folding, "counted_regions", Counted))
    return Err;
  for (simdjson::dom::element E : Counted) {
    uint64_t Id = 0;
    if (E.get(Id) != simdjson::SUCCESS)
      return schemaError("folding.counted_regions: not an unsigned integer");
    T.CountedRegions.push_back(Id);
  }
  if (auto Err = get(Obj, "wall_ns", T.WallNs))
    return Err;
  object Monotonic;
  if (auto Err = get(Obj, "monotonic", Monotonic))
    return Err;
  if (auto Err = get(Monotonic, "init_ns", T.MonoInitNs))
    return Err;
  if (auto Err = get(Monotonic, "start_ns", T.MonoStartNs))
    return Err;
  if (auto Err = get(Monotonic, "write_ns", T.MonoWriteNs))
    return Err;
  if (!(T.MonoInitNs <= T.MonoStartNs && T.MonoStartNs <= T.MonoWriteNs))
    return schemaError("monotonic times are not init <= start <= write");
  object Cpu;
  if (auto Err = get(Obj, "cpu", Cpu))
    return Err;
  for (auto [Key, Out] : {std::pair{"wall_ns", &T.CpuWallNs},
                          {"cpu_ns", &T.CpuNs},
                          {"thread_ns", &T.ThreadCpuNs},
                          {"threads", &T.CpuThreads}})
    if (auto Err = get(Cpu, Key, *Out))
      return Err;
  if (auto Err = get(Cpu, "main_writes", T.MainWrites))
    return Err;
  // thread_ns may exceed cpu_ns by the clocks' granularity: the two are
  // read one after the other, and the process clock sums per-thread clocks
  // that are updated at different times.
  if (auto Err = get(Obj, "threads", Threads))
    return Err;
  for (element E : Threads) {
    object O;
    if (E.get(O))
      return schemaError("a thread is not an object");
    T.Threads.emplace_back();
    if (auto Err = readThread(O, T.RegionCount, T.Threads.back()))
      return Err;
  }
  if (const TraceThread *Main = T.mainThread())
    for (const TraceThread &Th : T.Threads)
      if (Th.MainNodeAtEnd >= static_cast<int64_t>(Main->Nodes.size()))
        return schemaError("main_node_at_end is not a node of main");
  if (auto Err = get(Obj, "dropped", T.Dropped))
    return Err;
  if (auto Err = get(Obj, "repaired", T.Repaired))
    return Err;
  return T;
}

} // namespace varsim::runtime::test
