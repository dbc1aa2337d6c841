//===- report/HtmlReport.cpp - The offline profile report ----------------===//

#include "report/HtmlReport.h"

#include "report/TraceExport.h"
#include "support/Diagnostic.h"
#include "support/Html.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace varsim::report {
namespace {

// ReportJs and ReportCss: report/assets/, embedded by report/CMakeLists.txt.
#include "report/ReportAssets.inc"

/// JSON that can sit inside a <script> element: '<' never appears raw, so
/// no "</script>" or "<!--" in a string can end or change the element.
std::string scriptSafeJson(const llvm::json::Object &Data) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::json::Value(llvm::json::Object(Data));
  OS.flush();
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    if (C == '<')
      Out += "\\u003c";
    else
      Out += C;
  }
  return Out;
}

} // namespace

std::string renderProfileHtml(const llvm::json::Object &Data) {
  std::string Title = "varsim report";
  if (auto T = Data.getString("title"))
    Title = "varsim: " + T->str();
  std::string Out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                    "charset=\"utf-8\">\n<title>" +
                    htmlEscape(Title) + "</title>\n<style>\n";
  Out += ReportCss;
  Out += "</style>\n</head>\n<body>\n<noscript>This report draws its tables "
         "and plots with an inline script; report-data.json has the same "
         "data.</noscript>\n<script type=\"application/json\" "
         "id=\"varsim-data\">";
  Out += scriptSafeJson(Data);
  Out += "</script>\n<script>\n";
  Out += ReportJs;
  Out += "</script>\n</body>\n</html>\n";
  return Out;
}

llvm::Expected<std::string> writeProfileReport(const ReportInputs &In,
                                               llvm::StringRef Dir) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return makeError(Dir, 0, 0, "cannot create the directory: " + EC.message());
  auto Data = collectReportData(In);
  if (!Data)
    return Data.takeError();
  auto Runs = readRuns(In.OutDir);
  if (!Runs)
    return Runs.takeError();
  auto Path = [&](llvm::StringRef Name) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  };
  if (llvm::Error E = writeTraceExports(*Runs, Path("trace.json"),
                                        Path("profile.speedscope.json")))
    return E;
  (*Data)["exports"] = llvm::json::Array{
      llvm::json::Object{{"file", "trace.json"},
                         {"label", "Chrome/Perfetto trace (trace.json)"}},
      llvm::json::Object{
          {"file", "profile.speedscope.json"},
          {"label", "speedscope profile (profile.speedscope.json)"}},
      llvm::json::Object{{"file", "report-data.json"},
                         {"label", "the report's data (report-data.json)"}}};
  auto Write = [&](llvm::StringRef Name, const std::string &Text) {
    return llvm::writeToOutput(Path(Name), [&](llvm::raw_ostream &OS) {
      OS << Text;
      return llvm::Error::success();
    });
  };
  std::string Json;
  {
    llvm::raw_string_ostream OS(Json);
    OS << llvm::formatv("{0:1}", llvm::json::Value(llvm::json::Object(*Data)))
       << "\n";
  }
  if (llvm::Error E = Write("report-data.json", Json))
    return E;
  if (llvm::Error E = Write("index.html", renderProfileHtml(*Data)))
    return E;
  return Path("index.html");
}

} // namespace varsim::report
