//===- model/validation/ReportHtml.cpp - The validation's HTML page -------===//
//
// The validation report as one self-contained HTML page: the summary, the
// predicted-against-measured scatter plot and the error bars as inline
// SVG, and the table of variants.
//
//===----------------------------------------------------------------------===//

#include "model/validation/Report.h"

#include "model/validation/ReportImpl.h"
#include "model/validation/Stats.h"

#include "support/Html.h"

#include "llvm/Support/FormatVariadic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace varsim::validation {
namespace {

using namespace report;

/// An axis that fits the data: a "nice" tick step (1, 2, 2.5 or 5 times a
/// power of ten) giving about five ticks over [Min, Max] with a little
/// room, starting at a multiple of the step (not at zero: 27 variants
/// between 1.1 s and 1.3 s must not crowd a corner).
struct Axis {
  double Start = 0;
  double Step = 0.2;
  int Ticks = 5;
  double top() const { return Start + Step * Ticks; }
};

Axis niceAxis(double Min, double Max) {
  Axis A;
  if (!(Max > 0))
    return A;
  if (!(Max > Min)) { // One value: a range around it.
    Min = Max * 0.9;
    Max = Max * 1.1;
  }
  double Pad = (Max - Min) * 0.05;
  Min = std::max(0.0, Min - Pad);
  Max += Pad;
  double Rough = (Max - Min) / 5;
  double P = std::pow(10.0, std::floor(std::log10(Rough)));
  for (double M : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (M * P >= Rough) {
      A.Step = M * P;
      break;
    }
  A.Start = std::floor(Min / A.Step + 1e-9) * A.Step;
  A.Ticks =
      std::max(1, static_cast<int>(std::ceil((Max - A.Start) / A.Step - 1e-9)));
  return A;
}

struct Point {
  double X, Y;
  std::string Config; ///< The CONFIG string ("" for no optional feature).
};

/// Predicted (x) against measured (y) on one axis range that fits the
/// points (the same for both, so that the diagonal stays at 45 degrees),
/// with the diagonal
/// y = x where a perfect model's points lie. The legend sits above the plot
/// area, where it cannot hide a point.
std::string scatterSvg(const std::vector<Point> &Model,
                       const std::vector<Point> &Baseline) {
  const double W = 560, H = 500, L = 70, R = 20, T = 46, B = 50;
  double Max = 0, Min = std::numeric_limits<double>::infinity();
  for (const auto *Set : {&Model, &Baseline})
    for (const Point &P : *Set) {
      Max = std::max({Max, P.X, P.Y});
      Min = std::min({Min, P.X, P.Y});
    }
  Axis A = niceAxis(std::isfinite(Min) ? Min : 0, Max);
  double Top = A.top(), Lo = A.Start;
  auto SX = [&](double V) { return L + (V - Lo) / (Top - Lo) * (W - L - R); };
  auto SY = [&](double V) {
    return H - B - (V - Lo) / (Top - Lo) * (H - T - B);
  };
  std::string S = fmt::format(
      "<svg class=\"plot\" id=\"scatter\" xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "aria-label=\"predicted against measured time\">\n",
      W, H);
  for (int I = 0; I <= A.Ticks; ++I) {
    double V = Lo + A.Step * I;
    S += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
                     "y2=\"{:.1f}\" class=\"grid\"/>\n",
                     SX(Lo), SY(V), SX(Top), SY(V));
    S += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
                     "y2=\"{:.1f}\" class=\"grid\"/>\n",
                     SX(V), SY(Lo), SX(V), SY(Top));
    S += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">"
                     "{:.4g}</text>\n",
                     SX(Lo) - 6, SY(V) + 4, V);
    S += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">"
                     "{:.4g}</text>\n",
                     SX(V), SY(Lo) + 16, V);
  }
  S += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" "
                   "y2=\"{1:.1f}\" class=\"axis\"/>\n"
                   "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" "
                   "y2=\"{3:.1f}\" class=\"axis\"/>\n",
                   SX(Lo), SY(Lo), SX(Top), SY(Top));
  S += fmt::format("<line id=\"diagonal\" x1=\"{:.1f}\" y1=\"{:.1f}\" "
                   "x2=\"{:.1f}\" y2=\"{:.1f}\" class=\"diagonal\"/>\n",
                   SX(Lo), SY(Lo), SX(Top), SY(Top));
  S += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">"
                   "predicted (s)</text>\n",
                   (SX(Lo) + SX(Top)) / 2, H - 10);
  S += fmt::format("<text transform=\"translate(16 {:.1f}) rotate(-90)\" "
                   "text-anchor=\"middle\">measured (s)</text>\n",
                   (SY(Lo) + SY(Top)) / 2);
  for (const Point &P : Baseline)
    S += fmt::format("<rect class=\"baseline\" data-config=\"{0}\" "
                     "x=\"{1:.1f}\" y=\"{2:.1f}\" width=\"8\" height=\"8\">"
                     "<title>{3} (linear baseline): predicted {4:.6f} s, "
                     "measured {5:.6f} s</title></rect>\n",
                     htmlEscape(P.Config), SX(P.X) - 4, SY(P.Y) - 4,
                     htmlEscape(displayConfig(P.Config)), P.X, P.Y);
  for (const Point &P : Model)
    S += fmt::format("<circle class=\"model\" data-config=\"{0}\" "
                     "cx=\"{1:.1f}\" cy=\"{2:.1f}\" r=\"5\"><title>{3}: "
                     "predicted {4:.6f} s, measured {5:.6f} s</title>"
                     "</circle>\n",
                     htmlEscape(P.Config), SX(P.X), SY(P.Y),
                     htmlEscape(displayConfig(P.Config)), P.X, P.Y);
  // Legend, above the plot area.
  S += "<g class=\"legend\">\n";
  S += fmt::format("<circle class=\"model\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
                   "r=\"5\"/><text x=\"{:.1f}\" y=\"{:.1f}\">varsim model "
                   "({} variants)</text>\n",
                   L + 5, 16.0, L + 15, 20.0, Model.size());
  if (!Baseline.empty())
    S += fmt::format("<rect class=\"baseline\" x=\"{:.1f}\" y=\"{:.1f}\" "
                     "width=\"8\" height=\"8\"/><text x=\"{:.1f}\" "
                     "y=\"{:.1f}\">linear baseline ({} held-out variants)"
                     "</text>\n",
                     L + 241, 12.0, L + 255, 20.0, Baseline.size());
  S += fmt::format("<line class=\"diagonal\" x1=\"{:.1f}\" y1=\"34\" "
                   "x2=\"{:.1f}\" y2=\"34\"/><text x=\"{:.1f}\" y=\"38\">"
                   "predicted = measured</text>\n",
                   L, L + 10, L + 15);
  return S + "</g>\n</svg>\n";
}

/// Horizontal bars from a zero line (negative values go left).
std::string barsSvg(llvm::StringRef Id,
                    const std::vector<std::pair<std::string, double>> &Bars,
                    llvm::StringRef Unit) {
  const double W = 720, LabelW = 230, ValueW = 110, Row = 22, T = 10;
  double Lo = 0, Hi = 0;
  for (const auto &[Label, V] : Bars) {
    Lo = std::min(Lo, V);
    Hi = std::max(Hi, V);
  }
  if (Hi - Lo <= 0)
    Hi = 1;
  double Span = W - LabelW - ValueW;
  auto X = [&](double V) { return LabelW + (V - Lo) / (Hi - Lo) * Span; };
  double H = T * 2 + Row * static_cast<double>(Bars.size());
  std::string S = fmt::format(
      "<svg class=\"plot\" id=\"{0}\" xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"{1}\" height=\"{2}\" viewBox=\"0 0 {1} {2}\" role=\"img\">\n",
      htmlEscape(Id), W, H);
  for (size_t I = 0; I < Bars.size(); ++I) {
    const auto &[Label, V] = Bars[I];
    double Y = T + Row * static_cast<double>(I);
    double X0 = X(std::min(0.0, V)), X1 = X(std::max(0.0, V));
    S += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}"
                     "</text>\n",
                     LabelW - 8, Y + 15,
                     htmlEscape(llvm::StringRef(Label).take_front(34)));
    S +=
        fmt::format("<rect class=\"bar{}\" x=\"{:.1f}\" y=\"{:.1f}\" "
                    "width=\"{:.1f}\" height=\"{:.1f}\"><title>{}: {:.6g} {}"
                    "</title></rect>\n",
                    V < 0 ? " negative" : "", X0, Y + 3, std::max(1.0, X1 - X0),
                    Row - 6, htmlEscape(Label), V, htmlEscape(Unit));
    S += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{:.4g} {}</text>\n",
                     X(Hi) + 6, Y + 15, V, htmlEscape(Unit));
  }
  S += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" "
                   "y2=\"{2:.1f}\" class=\"axis\"/>\n",
                   X(0), T, H - T);
  return S + "</svg>\n";
}

const char *Style = R"(body{font-family:sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:13px}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;white-space:nowrap}
td.details{white-space:normal}
td.l,th.l{text-align:left}
tr.failed td{background:#fdecea}
.plot text{font-size:12px;fill:#333}
.grid{stroke:#eee}
.diagonal{stroke:#888;stroke-dasharray:4 4}
.model{fill:#1f77b4}
.baseline{fill:#ff7f0e;opacity:.8}
.bar{fill:#1f77b4}
.bar.negative{fill:#d62728}
.axis{stroke:#444}
.summary td{text-align:left;white-space:normal}
pre{white-space:pre-wrap;font-size:12px;margin:0})";

} // namespace

std::string renderHtml(const ValidationPlan &Plan,
                       const ValidationResult &Result,
                       const ReportContext &Context) {
  std::string H = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                  "charset=\"utf-8\">\n<title>varsim validation</title>\n"
                  "<style>\n";
  H += Style;
  H += "\n</style>\n</head>\n<body>\n<h1>varsim validation</h1>\n";

  auto Row = [](llvm::StringRef K, llvm::StringRef V) {
    return fmt::format("<tr><th class=\"l\">{}</th><td>{}</td></tr>\n",
                       htmlEscape(K), htmlEscape(V));
  };
  const BaselineSummary &B = Result.Baseline;
  H += "<table class=\"summary\">\n";
  H += Row("model", Context.ModelPath);
  H += Row("feature model", Context.FeatureModelPath);
  H += Row("sample", Plan.SampleDescription);
  H += Row("build command", Context.Options.BuildCommand);
  H += Row("run command", Context.Options.RunCommand);
  if (Context.Options.RunExitCodes.str() != "0")
    H += Row("accepted exit codes", Context.Options.RunExitCodes.str());
  H += Row("repetitions",
           fmt::format("{} warm-up + {} measured, median",
                       Context.Options.Warmup, Context.Options.Repeat));
  H += Row("time base", timeBaseText(Context.Options));
  H += Row("model accuracy", accuracyLine(Result.Model));
  if (Context.Level)
    H += Row("model at this session's level", levelLine(*Context.Level));
  H += Row("simulator runs the model needed", simulatorRuns(Context));
  H += Row("variants measured",
           fmt::format("{} of {}", Result.Measured, Plan.Variants.size()));
  if (B.Fitted) {
    H += Row("linear baseline",
             fmt::format("{} terms fitted on {} measured variants{}; {}",
                         B.Terms, B.TrainingVariants,
                         B.FullRank ? "" : " (ridge: rank-deficient sample)",
                         heldOutLine(B)));
    if (B.HeldOut.Count)
      H += Row("model on the baseline's held-out variants",
               accuracyLine(B.ModelHeldOut));
  } else {
    H += Row("linear baseline", B.Error);
  }
  if (!Context.Options.CheckOutputCommand.empty())
    H += Row("output check",
             fmt::format("{} configuration(s) differ (simulator: {})",
                         Result.OutputMismatches,
                         Context.Options.CheckOutputCommand));
  H += Row("failed variants", std::to_string(Result.Failed));
  H += "</table>\n";

  std::vector<Point> ModelPoints, BaselinePoints;
  for (size_t I = 0; I < Plan.Variants.size(); ++I) {
    const VariantSpec &S = Plan.Variants[I];
    const VariantResult &V = Result.Variants[I];
    if (!V.Measured)
      continue;
    if (S.InSample && V.Predicted)
      ModelPoints.push_back({*V.Predicted, *V.Measured, S.Config});
    if (S.InSample && !S.BaselineTraining && V.BaselinePredicted)
      BaselinePoints.push_back({*V.BaselinePredicted, *V.Measured, S.Config});
  }
  H += "<h2>Predicted against measured</h2>\n<p>Each point is a variant; on "
       "the dashed diagonal the prediction equals the measured median.</p>\n";
  H += scatterSvg(ModelPoints, BaselinePoints);

  H += "<h2>The model's terms</h2>\n";
  if (Context.Terms.empty()) {
    H += "<p>The model has no terms to show.</p>\n";
  } else {
    std::vector<std::pair<std::string, double>> Bars;
    for (const ModelTerm &T : Context.Terms)
      Bars.emplace_back(T.Label, T.Seconds);
    H += barsSvg("terms", Bars, "s");
  }
  if (B.Fitted && !B.Coefficients.empty()) {
    H += "<h2>The linear baseline's coefficients</h2>\n";
    H += barsSvg("baseline-terms", B.Coefficients, "s");
  }

  H += "<h2>Variants</h2>\n<table>\n<tr><th class=\"l\">configuration</th>"
       "<th class=\"l\">role</th><th class=\"l\">status</th><th>predicted "
       "(s)</th><th>measured (s)</th><th>error %</th><th>baseline (s)</th>"
       "<th>baseline error %</th><th class=\"l\">details</th></tr>\n";
  for (size_t I = 0; I < Plan.Variants.size(); ++I) {
    const VariantSpec &S = Plan.Variants[I];
    const VariantResult &V = Result.Variants[I];
    std::string Details = V.Message;
    if (!V.PredictionError.empty())
      appendPart(Details, "\n", "no prediction: " + V.PredictionError);
    for (const std::string &D : V.OutputDifferences)
      appendPart(Details, "\n", D);
    bool Bad = V.Status != VariantStatus::Ok || !V.OutputDifferences.empty();
    H += fmt::format(
        "<tr{}><td class=\"l\">{}</td><td class=\"l\">{}</td><td "
        "class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td class=\"l details\"><pre>{}</pre></td></tr>\n",
        Bad ? " class=\"failed\"" : "", htmlEscape(displayConfig(S.Config)),
        htmlEscape(roleOf(S)), htmlEscape(statusText(V)), seconds(V.Predicted),
        seconds(V.Measured), percent(errorOf(V.Predicted, V.Measured)),
        seconds(V.BaselinePredicted),
        S.BaselineTraining && V.Measured
            ? std::string("(fit)")
            : percent(errorOf(V.BaselinePredicted, V.Measured)),
        htmlEscape(Details));
  }
  H += "</table>\n</body>\n</html>\n";
  return H;
}

} // namespace varsim::validation
