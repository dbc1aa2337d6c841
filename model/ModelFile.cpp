//===- model/ModelFile.cpp - MODEL.json -----------------------------------===//

#include "model/ModelFile.h"

#include "support/JsonError.h"

#include "support/Diagnostic.h"
#include "support/ErrorText.h"
#include "support/Output.h"
#include "varsim/Version.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace varsim::model {

namespace json = llvm::json;

static void writeTerm(json::OStream &J, const Term &T, double Total) {
  J.object([&] {
    J.attribute("term", T.name());
    J.attribute("seconds", T.Seconds);
    if (Total != 0)
      J.attribute("share", T.Seconds / Total);
    J.attribute("order", static_cast<int64_t>(T.order()));
    if (T.FromLocalModel)
      J.attribute("from_local_model", true);
    if (T.FromRunTotals)
      J.attribute("from_run_totals", true);
    J.attributeArray("atoms", [&] {
      for (const Atom &A : T.Atoms)
        J.value(A.Text);
    });
    J.attributeArray("literals", [&] {
      for (const Atom &A : T.Atoms)
        if (A.isLiteral() && !A.Feature.empty())
          J.object([&] {
            J.attribute("feature", A.Feature);
            J.attribute("negated", A.Negated);
          });
    });
    J.attributeArray("conditions", [&] {
      for (const Atom &A : T.Atoms)
        if (!A.isLiteral())
          J.value(A.Text);
    });
    J.attributeArray("sources", [&] {
      for (const std::string &S : T.Sources)
        J.value(S);
    });
  });
}

void writeModelJson(const PerformanceModel &M, llvm::raw_ostream &OS) {
  json::OStream J(OS, 2);
  double Total = M.totalSeconds();
  J.object([&] {
    J.attribute("format", ModelFormat);
    J.attribute("version", ModelVersion);
    J.attribute("varsim_version", VARSIM_VERSION_STRING);
    J.attribute("simplification", simplificationName(M.Mode));
    J.attribute("threshold_seconds", M.ThresholdSeconds);
    if (M.FeatureModelPath.empty())
      J.attribute("feature_model", nullptr);
    else
      J.attribute("feature_model", M.FeatureModelPath);
    J.attributeArray("features", [&] {
      for (const ModelFeature &F : M.Features)
        J.object([&] {
          J.attribute("name", F.Name);
          J.attribute("kind", F.Numeric ? "numeric" : "bool");
        });
    });
    J.attributeArray("runs", [&] {
      for (const RunSummary &R : M.Runs)
        J.object([&] {
          J.attribute("trace", R.Trace);
          J.attribute("config", R.Config);
          J.attribute("seconds", R.Seconds);
          J.attribute("repetitions", static_cast<int64_t>(R.Repetitions));
          J.attribute("range_seconds", R.RangeSeconds);
          J.attribute("overhead_seconds", R.OverheadSeconds);
          J.attribute("visits", R.Visits);
        });
    });
    J.attribute("total_seconds", Total);
    J.attributeArray("terms", [&] {
      for (const Term &T : M.Terms)
        writeTerm(J, T, Total);
    });
    J.attributeArray("dropped", [&] {
      for (const Term &T : M.Dropped)
        writeTerm(J, T, 0);
    });
    J.attributeObject("folded", [&] {
      J.attribute("threshold_seconds", M.Folding.ThresholdSeconds);
      J.attributeArray("terms", [&] {
        for (const FoldedTerm &F : M.Folding.Folded)
          J.object([&] {
            J.attribute("term", F.Term);
            J.attribute("seconds", F.Seconds);
            J.attribute("into", F.Into);
          });
      });
    });
    J.attributeArray("unsatisfiable", [&] {
      for (const Term &T : M.Unsatisfiable)
        writeTerm(J, T, 0);
    });
    J.attributeArray("data_flow", [&] {
      for (const DataFlowFinding &F : M.DataFlow)
        J.object([&] {
          J.attribute("function", F.Function);
          J.attribute("location", F.Location);
          J.attribute("condition", F.Condition);
          J.attribute("term", F.Term);
          J.attribute("min_run", F.MinRun);
          J.attribute("min_seconds", F.MinSeconds);
          J.attribute("max_run", F.MaxRun);
          J.attribute("max_seconds", F.MaxSeconds);
          J.attribute("difference_seconds", F.MaxSeconds - F.MinSeconds);
          J.attribute("count_witness", F.CountWitness);
        });
    });
    J.attribute("data_flow_model", M.DataFlowMode);
    J.attribute("local_model_count", static_cast<int64_t>(M.LocalModelCount));
    J.attributeArray("local_models", [&] {
      for (const LocalModelSummary &L : M.LocalModels)
        J.object([&] {
          J.attribute("function", L.Function);
          J.attribute("location", L.Location);
          J.attribute("term", L.Term);
          J.attributeArray("features", [&] {
            for (const std::string &F : L.Features)
              J.value(F);
          });
          J.attribute("observations", static_cast<int64_t>(L.Observations));
          J.attribute("why", L.Why);
          J.attribute("count_witness", L.CountWitness);
          J.attributeArray("terms", [&] {
            for (const auto &[Name, Seconds] : L.Terms)
              J.object([&] {
                J.attribute("term", Name);
                J.attribute("seconds", Seconds);
              });
          });
        });
    });
    const RunTotalsSummary &RT = M.RunTotals;
    J.attributeObject("run_totals", [&] {
      J.attribute("fitted", RT.Fitted);
      J.attribute("noise_seconds", RT.NoiseSeconds);
      J.attribute("noise_measured", RT.NoiseMeasured);
      J.attribute("standard_error_seconds", RT.StandardErrorSeconds);
      J.attribute("measured",
                  RT.NativeTotals ? "native variants" : "simulator");
      J.attributeArray("measured_seconds", [&] {
        for (double S : RT.Measured)
          J.value(S);
      });
      J.attributeArray("features", [&] {
        for (const std::string &F : RT.Features)
          J.value(F);
      });
      J.attributeArray("before_seconds", [&] {
        for (double B : RT.Before)
          J.value(B);
      });
      J.attributeArray("terms", [&] {
        for (const auto &[Name, Seconds] : RT.Terms)
          J.object([&] {
            J.attribute("term", Name);
            J.attribute("seconds", Seconds);
          });
      });
    });
    J.attribute("time_base", M.TimeBase);
    const NativeCalibration &NC = M.Native;
    J.attributeObject("native_reference", [&] {
      J.attribute("applied", NC.Applied);
      if (!NC.Note.empty())
        J.attribute("note", NC.Note);
      if (NC.Config.empty() && NC.Runs.empty())
        return;
      J.attribute("config", NC.Config);
      J.attribute("native_seconds", NC.NativeSeconds);
      J.attribute("ratio", NC.Ratio);
      J.attributeArray("runs", [&] {
        for (const NativeCalibration::Run &R : NC.Runs)
          J.object([&] {
            J.attribute("trace", R.Trace);
            J.attribute("config", R.Config);
            J.attribute("native_seconds", R.NativeSeconds);
            J.attribute("simulator_seconds", R.SimulatorSeconds);
            J.attribute("ratio", R.SimulatorSeconds / R.NativeSeconds);
            J.attribute("factor", R.Factor);
            if (NC.Variants)
              J.attribute("variant_seconds", R.VariantSeconds);
          });
      });
    });
    J.attributeArray("warnings", [&] {
      for (const std::string &W : M.Warnings)
        J.value(W);
    });
  });
  OS << '\n';
}

llvm::Error saveModel(const PerformanceModel &M, llvm::StringRef Path) {
  if (llvm::sys::fs::is_directory(Path))
    return makeError(Path, 0, 0, "cannot write the model: is a directory");
  // The feature model is stored relative to MODEL.json's directory (so
  // that the two can move together), or absolute if it is elsewhere.
  const PerformanceModel *Out = &M;
  std::optional<PerformanceModel> Relocated;
  if (!M.FeatureModelPath.empty()) {
    llvm::SmallString<256> FM(M.FeatureModelPath), Dir(Path);
    llvm::sys::fs::make_absolute(FM);
    llvm::sys::path::remove_dots(FM, true);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_dots(Dir, true);
    llvm::sys::path::remove_filename(Dir);
    std::string Stored(FM);
    if (llvm::StringRef(Stored).starts_with((Dir + "/").str()))
      Stored = Stored.substr(Dir.size() + 1);
    if (Stored != M.FeatureModelPath) {
      Relocated.emplace(M);
      Relocated->FeatureModelPath = Stored;
      Out = &*Relocated;
    }
  }
  // Atomic, and a full disk is an error rather than a truncated model.
  if (llvm::Error E = writeFileAtomically(Path, [&](llvm::raw_ostream &OS) {
        writeModelJson(*Out, OS);
        return llvm::Error::success();
      }))
    return makeError(Path, 0, 0,
                     "cannot write the model: " + errorText(std::move(E)));
  return llvm::Error::success();
}

namespace {

/// Reads the parts of MODEL.json that prediction needs.
class ModelReader {
public:
  explicit ModelReader(llvm::StringRef Path) : Path(Path) {}

  llvm::Expected<PerformanceModel> read(llvm::StringRef Text) {
    llvm::Expected<json::Value> V = json::parse(Text);
    if (!V)
      return locatedJsonError(Path, V.takeError());
    const json::Object *Root = V->getAsObject();
    if (!Root)
      return fail("not a varsim model: not a JSON object");
    if (Root->getString("format") != ModelFormat)
      return fail("not a varsim model: \"format\" is not \"" + ModelFormat +
                  "\"");
    std::optional<int64_t> Version = Root->getInteger("version");
    if (Version != ModelVersion)
      return fail("unsupported model version " +
                  (Version ? std::to_string(*Version) : "(none)") +
                  " (this varsim reads version " +
                  std::to_string(ModelVersion) + ")");
    PerformanceModel M;
    llvm::StringRef Mode = Root->getString("simplification").value_or("full");
    M.Mode = Mode == "none"    ? Simplification::None
             : Mode == "paper" ? Simplification::Paper
                               : Simplification::Full;
    M.ThresholdSeconds = Root->getNumber("threshold_seconds").value_or(0);
    M.FeatureModelPath = Root->getString("feature_model").value_or("").str();
    M.TimeBase = Root->getString("time_base").value_or("wall").str();
    if (const json::Array *Features = Root->getArray("features"))
      for (const json::Value &F : *Features)
        if (const json::Object *O = F.getAsObject())
          M.Features.push_back(
              {O->getString("name").value_or("").str(),
               O->getString("kind").value_or("bool") == "numeric"});
    if (const json::Array *Runs = Root->getArray("runs"))
      for (const json::Value &R : *Runs)
        if (const json::Object *O = R.getAsObject())
          M.Runs.push_back(
              {O->getString("trace").value_or("").str(),
               O->getString("config").value_or("").str(),
               O->getNumber("seconds").value_or(0),
               static_cast<unsigned>(O->getInteger("repetitions").value_or(1)),
               O->getNumber("range_seconds").value_or(0),
               O->getNumber("overhead_seconds").value_or(0),
               O->getNumber("visits").value_or(0)});
    if (const json::Object *Native = Root->getObject("native_reference")) {
      M.Native.Applied = Native->getBoolean("applied").value_or(false);
      M.Native.Config = Native->getString("config").value_or("").str();
      M.Native.NativeSeconds = Native->getNumber("native_seconds").value_or(0);
      M.Native.Ratio = Native->getNumber("ratio").value_or(1);
    }
    const json::Array *Terms = Root->getArray("terms");
    if (!Terms)
      return fail("no \"terms\" array");
    for (size_t I = 0; I < Terms->size(); ++I) {
      llvm::Expected<Term> T = readTerm((*Terms)[I], I);
      if (!T)
        return T.takeError();
      M.Terms.push_back(std::move(*T));
    }
    return M;
  }

private:
  llvm::StringRef Path;
  callgraph::AtomTable Atoms;

  llvm::Error fail(const llvm::Twine &Message) {
    return makeError(Path, 0, 0, Message);
  }

  llvm::Expected<Term> readTerm(const json::Value &V, size_t Index) {
    std::string Where = "term " + std::to_string(Index);
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Where + ": not an object");
    std::optional<double> Seconds = O->getNumber("seconds");
    const json::Array *AtomTexts = O->getArray("atoms");
    if (!Seconds || !AtomTexts)
      return fail(Where + ": needs \"seconds\" and \"atoms\"");
    Term T;
    T.Seconds = *Seconds;
    for (const json::Value &A : *AtomTexts) {
      std::optional<llvm::StringRef> Text = A.getAsString();
      if (!Text)
        return fail(Where + ": an atom is not a string");
      if (*Text == "Base") {
        T.Atoms.push_back(Atoms[callgraph::AtomTable::Base]);
        continue;
      }
      llvm::Expected<condition::CondPtr> C = condition::parsePresence(*Text);
      if (!C)
        return fail(Where + ": " + errorToString(C.takeError()));
      std::vector<callgraph::AtomId> Ids = Atoms.atomsOf(*C);
      if (Ids.size() != 1)
        return fail(Where + ": atom '" + *Text + "' is not one conjunct");
      T.Atoms.push_back(Atoms[Ids.front()]);
    }
    if (const json::Array *Sources = O->getArray("sources"))
      for (const json::Value &S : *Sources)
        if (std::optional<llvm::StringRef> Text = S.getAsString())
          T.Sources.push_back(Text->str());
    return T;
  }
};

} // namespace

llvm::Expected<PerformanceModel> parseModel(llvm::StringRef Text,
                                            llvm::StringRef Path) {
  return ModelReader(Path).read(Text);
}

llvm::Expected<PerformanceModel> loadModel(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(Path, 0, 0,
                     "cannot read the model: " + Buffer.getError().message());
  auto M = parseModel((*Buffer)->getBuffer(), Path);
  // A relative feature-model path is relative to MODEL.json's directory,
  // not to wherever `varsim predict` runs.
  if (M && !M->FeatureModelPath.empty() &&
      llvm::sys::path::is_relative(M->FeatureModelPath)) {
    llvm::SmallString<256> Full(llvm::sys::path::parent_path(Path));
    llvm::sys::path::append(Full, M->FeatureModelPath);
    M->FeatureModelPath = std::string(Full);
  }
  return M;
}

} // namespace varsim::model
