//===- callgraph/CallTraceReader.h - Reading one trace document -*- C++ -*-===//
//
// Internal to readCallTrace (CallTrace.h): the reader of one calltrace.json
// document. CallTrace.cpp reads the document and its header, features,
// regions, calibration and clocks; CallTraceThreads.cpp reads the threads'
// call trees and checks their nodes.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_CALLTRACEREADER_H
#define VARSIM_CALLGRAPH_CALLTRACEREADER_H

#include "callgraph/CallTrace.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <simdjson.h>

#include <string>
#include <string_view>
#include <utility>

namespace varsim::callgraph::trace {

namespace od = simdjson::ondemand;

/// Reads one document; every simdjson error becomes a `file:line: error:`
/// that says which part of the trace was being read.
class TraceReader {
public:
  TraceReader(llvm::StringRef Text, llvm::StringRef Path)
      : Text(Text), Path(Path) {}

  llvm::Expected<CallTrace> read();

private:
  llvm::StringRef Text;
  llvm::StringRef Path;
  od::document Doc;
  CallTrace T;

  llvm::Error fail(const llvm::Twine &Message, unsigned Line = 0) {
    return makeError(Path, Line, 0, Message);
  }

  /// The line the parser is at, if it can tell (0 otherwise).
  unsigned currentLine() {
    const char *At = nullptr;
    if (Doc.current_location().get(At) || At < Text.data() ||
        At > Text.data() + Text.size())
      return 0;
    return 1 + llvm::StringRef(Text.data(), At - Text.data()).count('\n');
  }

  llvm::Error jsonError(simdjson::error_code E, const llvm::Twine &What) {
    const char *Kind = E == simdjson::INCORRECT_TYPE ||
                               E == simdjson::NUMBER_ERROR ||
                               E == simdjson::NUMBER_OUT_OF_RANGE
                           ? "bad value"
                           : "malformed or truncated JSON";
    return fail(llvm::Twine(Kind) + " in " + What + ": " +
                    simdjson::error_message(E),
                currentLine());
  }

  template <typename T, typename Result>
  llvm::Error get(Result &&R, T &Out, const llvm::Twine &What) {
    if (simdjson::error_code E = std::forward<Result>(R).get(Out))
      return jsonError(E, What);
    return llvm::Error::success();
  }

  llvm::Error getString(od::value V, std::string &Out,
                        const llvm::Twine &What) {
    std::string_view S;
    if (llvm::Error E = get(V.get_string(), S, What))
      return E;
    Out.assign(S);
    return llvm::Error::success();
  }

  /// Calls ReadItem(item, index) on each element of the array V (What
  /// names the array in errors); stops at the first error.
  template <typename ReadItemFn>
  llvm::Error readArray(od::value V, const llvm::Twine &What,
                        ReadItemFn &&ReadItem) {
    od::array A;
    if (llvm::Error E = get(V.get_array(), A, What))
      return E;
    size_t Index = 0;
    for (auto Item : A) {
      od::value IV;
      if (llvm::Error E = get(std::move(Item), IV, What))
        return E;
      if (llvm::Error E = ReadItem(IV, Index++))
        return E;
    }
    return llvm::Error::success();
  }

  llvm::Error checkHeader();
  llvm::Error readFeatures(od::value V);
  llvm::Error readRegions(od::value V);
  llvm::Error readRegion(od::value V, size_t Index);
  llvm::Error readCalibration(od::value V);
  llvm::Error readClock(od::value V);
  llvm::Error readFolding(od::value V);
  llvm::Error readTimes(od::value V, llvm::StringRef What,
                        llvm::ArrayRef<std::pair<const char *, double *>> Keys);
  llvm::Error readThreads(od::value V);
  llvm::Error readNative(od::value V);
  llvm::Error readCpu(od::value V);
  llvm::Error readThread(od::value V, size_t Index);
  llvm::Error checkNodes();
};

} // namespace varsim::callgraph::trace

#endif // VARSIM_CALLGRAPH_CALLTRACEREADER_H
