//===- callgraph/TraceArguments.cpp - Trace files named on the command line
//===//
//
// `varsim run` keeps one trace per planned configuration and an index of
// them; `varsim model` accepts the traces, the index, or the directory, so
// that the model needs no other argument than what `run` printed.
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallTrace.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace varsim::callgraph {
namespace {

constexpr llvm::StringLiteral RunIndexFormat = "varsim-run-index";
constexpr llvm::StringLiteral RunIndexName = "index.json";

/// The traces listed by a run index, or std::nullopt if Path is not one.
llvm::Expected<std::optional<std::vector<std::string>>>
readRunIndex(llvm::StringRef Path) {
  // A run index is small; a trace may be large. Only a file that starts like
  // a JSON object naming the run-index format is parsed here.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(Path, 0, 0, Buffer.getError().message());
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (!Text.contains(RunIndexFormat) || Text.size() > (1u << 20))
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt; // Not an index: the trace reader will say why.
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root || Root->getString("format") != RunIndexFormat)
    return std::nullopt;
  const llvm::json::Array *Runs = Root->getArray("runs");
  if (!Runs)
    return makeError(Path, 0, 0, "run index without a \"runs\" array");
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  std::vector<std::string> Traces;
  for (const llvm::json::Value &Run : *Runs) {
    const llvm::json::Object *R = Run.getAsObject();
    std::optional<llvm::StringRef> Trace =
        R ? R->getString("trace") : std::nullopt;
    if (!Trace)
      return makeError(Path, 0, 0, "run index entry without a \"trace\"");
    llvm::SmallString<256> Full(*Trace);
    if (llvm::sys::path::is_relative(Full)) {
      Full = Dir;
      llvm::sys::path::append(Full, *Trace);
    }
    Traces.push_back(std::string(Full));
  }
  return Traces;
}

} // namespace

llvm::Expected<std::vector<std::string>>
expandTraceArguments(llvm::ArrayRef<std::string> Arguments) {
  std::vector<std::string> Traces;
  llvm::StringSet<> Seen;
  auto Add = [&](llvm::StringRef Trace) {
    llvm::SmallString<256> Key(Trace);
    llvm::sys::path::remove_dots(Key, /*remove_dot_dot=*/true);
    if (Seen.insert(Key).second)
      Traces.push_back(std::string(Trace));
  };
  for (const std::string &Argument : Arguments) {
    std::string Path = Argument;
    if (llvm::sys::fs::is_directory(Path)) {
      llvm::SmallString<256> Index(Path);
      llvm::sys::path::append(Index, RunIndexName);
      if (!llvm::sys::fs::exists(Index)) {
        llvm::SmallString<256> Nested(Path);
        llvm::sys::path::append(Nested, "traces", RunIndexName);
        if (!llvm::sys::fs::exists(Nested))
          return makeError(Path, 0, 0,
                           "a directory without a run index (index.json, "
                           "written by 'varsim run')");
        Index = Nested;
      }
      Path = std::string(Index);
    }
    llvm::Expected<std::optional<std::vector<std::string>>> Listed =
        readRunIndex(Path);
    if (!Listed)
      return Listed.takeError();
    if (!*Listed) {
      Add(Path);
      continue;
    }
    for (const std::string &Trace : **Listed)
      Add(Trace);
  }
  return Traces;
}

} // namespace varsim::callgraph
