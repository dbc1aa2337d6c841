//===- rewrite/SimulatorCheck.cpp -----------------------------------------===//

#include "rewrite/SimulatorCheck.h"

#include "rewrite/ParseLoop.h"
#include "rewrite/SyntaxOnlyAST.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "support/Diagnostic.h"
#include "support/GeneratedHeaders.h"

#include "clang/Frontend/FrontendActions.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"

#include <optional>

#include <algorithm>

namespace varsim::rewrite {

namespace json = llvm::json;

std::vector<std::string> firstErrorLines(llvm::StringRef Diagnostics,
                                         size_t MaxLines) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Diagnostics.split(Lines, '\n', -1, false);
  bool AfterError = false;
  for (llvm::StringRef L : Lines) {
    if (Out.size() >= MaxLines)
      break;
    L = L.rtrim();
    if (L.contains(": error: ") || L.contains(": fatal error: ")) {
      Out.push_back(L.str());
      AfterError = true;
    } else if (AfterError && L.contains(": note: ")) {
      Out.push_back(L.str());
    } else if (!L.contains(": note: ")) {
      // Warnings (none: -w), "N errors generated.", carets: not errors.
      AfterError = AfterError && !L.ends_with("generated.");
    }
  }
  return Out;
}

namespace {

/// A name defined twice in the simulator, both times in the user's files:
/// each definition exists in other variants (files #included under
/// alternative features, backends), and the simulator compiles every
/// variant's code in one program. That is a located refusal with what to
/// do, not a defect of the rewrite. Lines are with the mirror's paths
/// already mapped to the project's.
std::optional<llvm::Error>
redefinitionAcrossVariants(const std::vector<std::string> &Lines) {
  llvm::Regex Redefined("^(.+):([0-9]+):([0-9]+): error: (redefinition|"
                        "conflicting types) (of|for) '([^']+)'");
  llvm::Regex Previous("^(.+):([0-9]+):[0-9]+: note: previous "
                       "(definition|declaration) is here");
  for (size_t I = 0; I + 1 < Lines.size(); ++I) {
    llvm::SmallVector<llvm::StringRef, 8> M, N;
    if (!Redefined.match(Lines[I], &M) || !Previous.match(Lines[I + 1], &N) ||
        M[1] == N[1])
      continue;
    unsigned Line = 0, Column = 0;
    M[2].getAsInteger(10, Line);
    M[3].getAsInteger(10, Column);
    return makeError(
        SourcePoint{M[1].str(), Line, Column},
        "'" + M[6] + "' is defined here and at " + N[1] + ":" + N[2] +
            ", in code of different variants (files #included under "
            "alternative features): the simulator compiles every variant's "
            "code in one program, where both definitions meet; give each "
            "variant's definition its own name (e.g. a prefix per backend), "
            "or keep that choice out of the model");
  }
  return std::nullopt;
}

} // namespace

llvm::Error
checkSimulatorCompiles(const ProjectLayout &Project, llvm::StringRef Temp,
                       const std::vector<std::string> &StripMacros,
                       unsigned Jobs,
                       std::vector<std::unique_ptr<clang::ASTUnit>> *Keep) {
  // The simulator's own compile database, with the paths under Temp: the
  // very commands a user builds the simulator with.
  auto DB = json::parse(simulatorCompileDatabase(Project, Temp, StripMacros));
  if (!DB)
    return DB.takeError();
  std::vector<CompileEntry> Entries;
  if (const json::Array *A = DB->getAsArray())
    for (const json::Value &V : *A) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      CompileEntry E;
      E.Directory = O->getString("directory").value_or("").str();
      E.File = O->getString("file").value_or("").str();
      if (const json::Array *Args = O->getArray("arguments"))
        for (const json::Value &Arg : *Args)
          if (auto S = Arg.getAsString())
            E.Arguments.push_back(S->str());
      Entries.push_back(std::move(E));
    }
  // Headers the project's build generated into its build directory.
  std::string BuildInTemp = (Temp + "/build").str();
  std::vector<std::vector<std::string>> Fallbacks(Entries.size());
  for (size_t I = 0; I < Entries.size(); ++I)
    Fallbacks[I] = generatedHeaderFallbacks(Entries[I].Arguments, BuildInTemp,
                                            Project.BuildDir);

  std::vector<SyntaxOnlyResult> Results(Entries.size());
  std::vector<std::unique_ptr<clang::ASTUnit>> Units(Keep ? Entries.size() : 0);
  parseInParallel(Jobs, Entries.size(), [&](size_t I) {
    SyntaxOnlyParse P;
    P.Entry = &Entries[I];
    // Plain "file:line:col: error: message" lines; no caret lines and
    // no "N errors generated." trailer on the terminal.
    P.ExtraFlags = {"-fno-caret-diagnostics", "-fno-diagnostics-show-option"};
    P.ExtraFlags.insert(P.ExtraFlags.end(), Fallbacks[I].begin(),
                        Fallbacks[I].end());
    if (Keep) {
      Results[I] = buildSyntaxOnlyAST(P, Units[I]);
      return;
    }
    auto Factory =
        clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>();
    Results[I] = runSyntaxOnly(P, *Factory);
  });

  size_t Failed = 0;
  std::string Shown;
  size_t ShownUnits = 0;
  for (size_t I = 0; I < Entries.size(); ++I) {
    if (!Results[I].Failed)
      continue;
    ++Failed;
    if (ShownUnits >= 3)
      continue;
    ++ShownUnits;
    std::vector<std::string> Lines = firstErrorLines(Results[I].Diagnostics, 6);
    Shown += "\n  in " + Project.relativeToRoot(Project.Entries[I].File) + ":";
    if (Lines.empty())
      Shown += "\n    (the compiler gave no error message)";
    // Files the rewrite copied unchanged carry no `#line`: name them by
    // their place in the project, not in the temporary output.
    std::string Mirror = (Temp + "/src/").str();
    std::string Root = Project.Root + "/";
    for (std::string &L : Lines) {
      for (size_t At = L.find(Mirror); At != std::string::npos;
           At = L.find(Mirror, At + Root.size()))
        L.replace(At, Mirror.size(), Root);
      Shown += "\n    " + L;
    }
    if (auto E = redefinitionAcrossVariants(Lines))
      return std::move(*E);
  }
  if (!Failed) {
    if (Keep)
      *Keep = std::move(Units);
    return llvm::Error::success();
  }
  return makeError(
      "the simulator does not compile: " + std::to_string(Failed) + " of " +
      std::to_string(Entries.size()) +
      " translation unit(s) fail; this is a defect of the rewrite, not of "
      "your program (please report it with the construct below). The first "
      "errors, at your files' lines:" +
      Shown);
}

} // namespace varsim::rewrite
