//===- callgraph/CallTrace.cpp - Reading calltrace.json -------------------===//
//
// A trace's own figures (the overhead of its regions, the time outside
// them) and the reading of its document: the header, features, regions,
// calibration, folding and clocks; the threads' call trees are read in
// CallTraceThreads.cpp.
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallTrace.h"

#include "callgraph/CallTraceReader.h"
#include "support/Diagnostic.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <simdjson.h>

namespace varsim::callgraph {

int64_t CallTrace::featureValue(llvm::StringRef Name) const {
  for (const TraceFeature &F : Features)
    if (F.Name == Name)
      return F.Value;
  return 0;
}

const TraceThread *CallTrace::mainThread() const {
  for (const TraceThread &Th : Threads)
    if (Th.Main)
      return &Th;
  return nullptr;
}

std::optional<double> CallTrace::untracedNs() const {
  const TraceThread *Main = mainThread();
  if (!Times.hasRuntimeTimes() || !Times.hasLaunchTimes() || !Main || ForkChild)
    return std::nullopt;
  double MainNs = 0;
  for (const TraceNode &N : Main->Nodes)
    if (N.Parent < 0)
      MainNs += N.InclusiveNs;
  // Before the runtime's start-up, between its end and the write outside
  // main's regions, and from the write to the exit. (The runtime's wait
  // for a 5 ms clock-rate measurement lies between wall_ns and the write.)
  double Untraced = (Times.InitNs - Times.LaunchNs) + (WallNs - MainNs) +
                    (Times.ExitNs - Times.WriteNs);
  return std::max(0.0, Untraced);
}

double estimatedInclusiveNs(const TraceNode &N) {
  uint64_t Recorded = N.recordedCalls();
  if (N.Timed == Recorded || N.Timed == 0)
    return N.TimedNs;
  return N.TimedNs * (static_cast<double>(Recorded) / N.Timed);
}

double CallTrace::innerOverheadNs(const TraceNode &N) const {
  return static_cast<double>(N.recordedCalls()) * InnerNs;
}

double CallTrace::outerOverheadNs(const TraceNode &N) const {
  // A timed visit costs OuterNs outside the node; an untimed one costs
  // UntimedNs in all, but the estimate InclusiveNs already carries InnerNs
  // for every visit (it scales the timed visits' mean).
  // A folded visit (FoldedVisits.cpp gives it the region's mean time
  // without overhead) costs FoldedNs in the parent: the lookup of the
  // caller's node and the count. RapidJSON's SSE configurations fold 104 M
  // visits a run (two nested per whitespace skip).
  double Untimed = static_cast<double>(N.recordedCalls() - N.Timed);
  return static_cast<double>(N.Timed) * OuterNs +
         Untimed * (UntimedNs - InnerNs) +
         static_cast<double>(N.FoldedCalls) * FoldedNs;
}

namespace trace {

llvm::Error TraceReader::checkHeader() {
  // The format and version are checked before anything else, so that a
  // file of another kind gets the message that says so.
  std::string_view Format;
  if (simdjson::error_code E = Doc.find_field_unordered("format").get(Format))
    return E == simdjson::NO_SUCH_FIELD
               ? fail("not a varsim call trace: no \"format\" field")
               : jsonError(E, "\"format\"");
  if (Format != std::string_view(CallTraceFormat))
    return fail("not a varsim call trace: format is \"" +
                llvm::StringRef(Format.data(), Format.size()) +
                "\", expected \"" + CallTraceFormat + "\"");
  int64_t Version = 0;
  if (simdjson::error_code E = Doc.find_field_unordered("version").get(Version))
    return E == simdjson::NO_SUCH_FIELD ? fail("no \"version\" field")
                                        : jsonError(E, "\"version\"");
  if (Version != CallTraceVersion)
    return fail("unsupported call trace version " + llvm::Twine(Version) +
                " (this varsim reads version " + llvm::Twine(CallTraceVersion) +
                ")");
  Doc.rewind();
  return llvm::Error::success();
}

llvm::Error TraceReader::readFeatures(od::value V) {
  od::array A;
  if (llvm::Error E = get(V.get_array(), A, "\"features\""))
    return E;
  for (auto Item : A) {
    od::object O;
    if (llvm::Error E = get(Item.get_object(), O, "\"features\""))
      return E;
    TraceFeature F;
    for (auto Field : O) {
      std::string_view Key;
      if (llvm::Error E = get(Field.unescaped_key(), Key, "\"features\""))
        return E;
      if (Key == "name") {
        if (llvm::Error E = getString(Field.value(), F.Name, "feature name"))
          return E;
      } else if (Key == "kind") {
        std::string Kind;
        if (llvm::Error E = getString(Field.value(), Kind, "feature kind"))
          return E;
        F.Numeric = Kind == "numeric";
      } else if (Key == "value") {
        if (llvm::Error E =
                get(Field.value().get_int64(), F.Value, "feature value"))
          return E;
      }
    }
    T.Features.push_back(std::move(F));
  }
  return llvm::Error::success();
}

llvm::Error TraceReader::readRegion(od::value V, size_t Index) {
  std::string What = ("region " + llvm::Twine(Index)).str();
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, What))
    return E;
  TraceRegion R;
  int64_t Id = -1;
  std::string Kind;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, What))
      return E;
    llvm::Error E = llvm::Error::success();
    if (Key == "id")
      E = get(Field.value().get_int64(), Id, What);
    else if (Key == "kind")
      E = getString(Field.value(), Kind, What);
    else if (Key == "function")
      E = getString(Field.value(), R.Function, What);
    else if (Key == "condition")
      E = getString(Field.value(), R.ConditionText, What);
    else if (Key == "file")
      E = getString(Field.value(), R.File, What);
    else if (Key == "line" || Key == "end_line") {
      uint64_t N = 0;
      E = get(Field.value().get_uint64(), N, What);
      (Key == "line" ? R.Line : R.EndLine) = static_cast<unsigned>(N);
    }
    if (E)
      return E;
  }
  if (Kind == "function")
    R.Kind = RegionKind::Function;
  else if (Kind == "region")
    R.Kind = RegionKind::Region;
  else if (Kind == "switch")
    R.Kind = RegionKind::Switch;
  else
    return fail("region " + llvm::Twine(Index) + ": unknown kind \"" + Kind +
                "\" (expected function, region or switch)");
  if (Id < 0)
    return fail("region " + llvm::Twine(Index) + ": missing or negative id");
  if (R.ConditionText.empty())
    R.ConditionText = "1";
  llvm::Expected<condition::CondPtr> C =
      condition::parsePresence(R.ConditionText);
  if (!C)
    return fail("region " + llvm::Twine(Id) + " (" + R.File + ":" +
                llvm::Twine(R.Line) + "): " + errorToString(C.takeError()));
  R.Cond = std::move(*C);
  if (static_cast<size_t>(Id) != Index)
    return fail("region ids must be dense and in order: entry " +
                llvm::Twine(Index) + " has id " + llvm::Twine(Id));
  T.Regions.push_back(std::move(R));
  return llvm::Error::success();
}

llvm::Error TraceReader::readRegions(od::value V) {
  return readArray(V, "\"regions\"", [this](od::value RV, size_t I) {
    return readRegion(RV, I);
  });
}

llvm::Error TraceReader::readCalibration(od::value V) {
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, "\"calibration\""))
    return E;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, "\"calibration\""))
      return E;
    double *Out = Key == "inner_ns"     ? &T.InnerNs
                  : Key == "outer_ns"   ? &T.OuterNs
                  : Key == "untimed_ns" ? &T.UntimedNs
                  : Key == "folded_ns"  ? &T.FoldedNs
                                        : nullptr;
    if (Out)
      if (llvm::Error E =
              get(Field.value().get_double(), *Out, "\"calibration\""))
        return E;
  }
  return llvm::Error::success();
}

llvm::Error TraceReader::readFolding(od::value V) {
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, "\"folding\""))
    return E;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, "\"folding\""))
      return E;
    if (Key != "folded_regions" && Key != "counted_regions")
      continue;
    bool Counted = Key == "counted_regions";
    std::vector<uint32_t> &Into =
        Counted ? T.CountedFoldRegions : T.FoldedRegions;
    std::string What = Counted ? "\"counted_regions\"" : "\"folded_regions\"";
    od::value List;
    if (llvm::Error E = get(Field.value(), List, "\"folding\""))
      return E;
    if (llvm::Error E =
            readArray(List, What, [&](od::value RV, size_t) -> llvm::Error {
              uint64_t Id = 0;
              if (llvm::Error Bad = get(RV.get_uint64(), Id, "a folded region"))
                return Bad;
              Into.push_back(static_cast<uint32_t>(Id));
              return llvm::Error::success();
            }))
      return E;
  }
  return llvm::Error::success();
}

llvm::Error TraceReader::readClock(od::value V) {
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, "\"clock\""))
    return E;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, "\"clock\""))
      return E;
    if (Key == "source")
      if (llvm::Error E = getString(Field.value(), T.ClockSource, "\"clock\""))
        return E;
  }
  return llvm::Error::success();
}

llvm::Error TraceReader::readNative(od::value V) {
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, "\"native\""))
    return E;
  NativeReferenceTimes N;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, "\"native\""))
      return E;
    llvm::Error E = llvm::Error::success();
    if (Key == "config") {
      std::string_view Config;
      E = get(Field.value().get_string(), Config, "\"native\" config");
      N.Config = std::string(Config);
    } else if (Key == "before_ns")
      E = get(Field.value().get_double(), N.BeforeNs, "\"native\"");
    else if (Key == "after_ns")
      E = get(Field.value().get_double(), N.AfterNs, "\"native\"");
    else if (Key == "before_cpu_ns")
      E = get(Field.value().get_double(), N.BeforeCpuNs, "\"native\"");
    else if (Key == "after_cpu_ns")
      E = get(Field.value().get_double(), N.AfterCpuNs, "\"native\"");
    else if (Key == "variant_ns")
      E = get(Field.value().get_double(), N.VariantNs, "\"native\"");
    else if (Key == "variant_cpu_ns")
      E = get(Field.value().get_double(), N.VariantCpuNs, "\"native\"");
    if (E)
      return E;
  }
  if (!(N.BeforeNs > 0) || !(N.AfterNs > 0))
    return fail("\"native\": before_ns and after_ns must be positive");
  if (N.VariantNs < 0 || N.VariantCpuNs < 0)
    return fail("\"native\": variant_ns and variant_cpu_ns must not be "
                "negative");
  T.Native = std::move(N);
  return llvm::Error::success();
}

llvm::Error TraceReader::readCpu(od::value V) {
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, "\"cpu\""))
    return E;
  ProcessCpuTimes &C = T.Cpu;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, "\"cpu\""))
      return E;
    llvm::Error E = llvm::Error::success();
    if (Key == "wall_ns")
      E = get(Field.value().get_double(), C.WallNs, "\"cpu\" wall_ns");
    else if (Key == "cpu_ns")
      E = get(Field.value().get_double(), C.CpuNs, "\"cpu\" cpu_ns");
    else if (Key == "thread_ns")
      E = get(Field.value().get_double(), C.ThreadNs, "\"cpu\" thread_ns");
    else if (Key == "threads")
      E = get(Field.value().get_int64(), C.Threads, "\"cpu\" threads");
    else if (Key == "main_writes")
      E = get(Field.value().get_bool(), C.MainWrites, "\"cpu\" main_writes");
    if (E)
      return E;
  }
  if (!(C.WallNs >= 0) || !(C.CpuNs >= 0) || !(C.ThreadNs >= 0) ||
      C.Threads < 0)
    return fail("\"cpu\": times and the thread count must not be negative");
  C.Present = true;
  return llvm::Error::success();
}

llvm::Error
TraceReader::readTimes(od::value V, llvm::StringRef What,
                       llvm::ArrayRef<std::pair<const char *, double *>> Keys) {
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, What))
    return E;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, What))
      return E;
    for (const auto &[Name, Out] : Keys)
      if (Key == Name)
        if (llvm::Error E = get(Field.value().get_double(), *Out, What))
          return E;
  }
  return llvm::Error::success();
}

llvm::Expected<CallTrace> TraceReader::read() {
  T.Path = Path.str();
  simdjson::padded_string Padded(Text.data(), Text.size());
  od::parser Parser;
  if (simdjson::error_code E = Parser.iterate(Padded).get(Doc))
    return fail(llvm::Twine("malformed JSON: ") + simdjson::error_message(E));
  if (llvm::Error E = checkHeader())
    return E;
  od::object Root;
  if (llvm::Error E = get(Doc.get_object(), Root, "the document"))
    return E;
  bool SawRegions = false, SawThreads = false;
  for (auto Field : Root) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, "the document"))
      return E;
    od::value V;
    if (llvm::Error E = get(Field.value(), V, "the document"))
      return E;
    llvm::Error E = llvm::Error::success();
    if (Key == "program")
      E = getString(V, T.Program, "\"program\"");
    else if (Key == "config")
      E = getString(V, T.Config, "\"config\"");
    else if (Key == "build_id")
      E = getString(V, T.BuildId, "\"build_id\"");
    else if (Key == "features")
      E = readFeatures(V);
    else if (Key == "regions") {
      SawRegions = true;
      E = readRegions(V);
    } else if (Key == "calibration")
      E = readCalibration(V);
    else if (Key == "clock")
      E = readClock(V);
    else if (Key == "folding")
      E = readFolding(V);
    else if (Key == "pid")
      E = get(V.get_int64(), T.Pid, "\"pid\"");
    else if (Key == "parent_pid")
      E = get(V.get_int64(), T.ParentPid, "\"parent_pid\"");
    else if (Key == "fork_child")
      E = get(V.get_bool(), T.ForkChild, "\"fork_child\"");
    else if (Key == "cut_short_by_signal") {
      // The runtime wrote this trace from a signal handler: the run did
      // not finish, so its times are not those of the configuration.
      int64_t Signal = 0;
      E = get(V.get_int64(), Signal, "\"cut_short_by_signal\"");
      if (!E && Signal != 0)
        return fail("the run was cut short by signal " +
                    std::to_string(Signal) + " (" +
                    ::strsignal(static_cast<int>(Signal)) +
                    "); its times are not those of a whole run (rerun it)");
    } else if (Key == "wall_ns")
      E = get(V.get_double(), T.WallNs, "\"wall_ns\"");
    else if (Key == "monotonic")
      E = readTimes(V, "\"monotonic\"",
                    {{"init_ns", &T.Times.InitNs},
                     {"start_ns", &T.Times.StartNs},
                     {"write_ns", &T.Times.WriteNs}});
    else if (Key == "process")
      E = readTimes(
          V, "\"process\"",
          {{"launch_ns", &T.Times.LaunchNs}, {"exit_ns", &T.Times.ExitNs}});
    else if (Key == "native")
      E = readNative(V);
    else if (Key == "cpu")
      E = readCpu(V);
    else if (Key == "dropped")
      E = get(V.get_uint64(), T.Dropped, "\"dropped\"");
    else if (Key == "threads") {
      SawThreads = true;
      E = readThreads(V);
    }
    if (E)
      return E;
  }
  const char *Trailing = nullptr;
  if (!Doc.current_location().get(Trailing))
    return fail("malformed JSON: text after the trace's object", currentLine());
  if (!SawRegions)
    return fail("no \"regions\" table");
  if (!SawThreads)
    return fail("no \"threads\"");
  if (llvm::Error E = checkNodes())
    return E;
  applyFoldedVisits(T);
  return std::move(T);
}

} // namespace trace

llvm::Expected<CallTrace> parseCallTrace(llvm::StringRef Text,
                                         llvm::StringRef Path) {
  return trace::TraceReader(Text, Path).read();
}

llvm::Expected<CallTrace> readCallTrace(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return makeError(Path, 0, 0,
                     "cannot read the trace: " + Buffer.getError().message());
  return parseCallTrace((*Buffer)->getBuffer(), Path);
}

} // namespace varsim::callgraph
