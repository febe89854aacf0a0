// The replay report as one self-contained HTML page: a plain-language
// verdict first, the summary table, then charts drawn here as inline SVG
// (CI artifact viewers block scripts, so the page uses none): completed
// and throttled operations per second with both designs on one chart each
// (one y-scale), and a partition x time heatmap per design with a shared
// colour scale and its legend. Every chart has axes, ticks and units.
#include "replay/AnswerReport.h"
#include "replay/Report.h"
#include "replay/ReportFigures.h"

#include "core/Text.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace tablelint::replay {

using namespace report;

namespace {

// Colours of the designs in the line charts, in report order.
constexpr const char *DesignColours[] = {"#cf222e", "#1a7f37", "#0969da",
                                         "#8250df"};

const char *designColour(std::size_t I) {
  return DesignColours[I % (sizeof DesignColours / sizeof *DesignColours)];
}

// Numbers inside SVG attributes: one decimal is finer than a pixel.
std::string px(double V) { return fixed(V, 1); }

// The smallest 1, 2 or 5 x 10^k at or above V: round axis ends and steps.
double niceCeil(double V) {
  if (V <= 0)
    return 1;
  const double Magnitude = std::pow(10.0, std::floor(std::log10(V)));
  for (double Step : {1.0, 2.0, 5.0, 10.0})
    if (Step * Magnitude >= V * (1 - 1e-9))
      return Step * Magnitude;
  return 10 * Magnitude;
}

// A tick step giving at most MaxTicks intervals over [0, Top].
double tickStep(double Top, int MaxTicks) { return niceCeil(Top / MaxTicks); }

// Tick labels: "1,500", "2.5", "0.25".
std::string tickLabel(double V) {
  if (V >= 100 || std::fabs(V - std::round(V)) < 1e-9)
    return grouped(static_cast<std::uint64_t>(std::llround(V)));
  return fixed(V, V >= 1 ? 1 : 2);
}

// One design's timeline as rates per second. A bucket is BucketSeconds
// long except the last one, which ends when the last operation finished:
// dividing its count by a whole bucket would draw a drop that did not
// happen. A last bucket shorter than half a bucket is merged with the one
// before it so that a few late completions do not draw a spike either.
struct RatePoint {
  double Time = 0; // middle of the interval, seconds
  double Completed = 0, Throttled = 0;
};

std::vector<RatePoint> rates(const DesignResult &D, const ReplayReport &R) {
  std::vector<RatePoint> Out;
  const std::size_t N = D.Timeline.size();
  const double B = D.BucketSeconds;
  if (!N || B <= 0)
    return Out;
  const double End = std::max(D.SimulatedSeconds, R.Workload.DurationSeconds);
  const double LastCovered =
      std::clamp(End - static_cast<double>(N - 1) * B, 0.0, B);
  const bool MergeLast = N >= 2 && LastCovered < B / 2;
  const std::size_t Whole = MergeLast ? N - 2 : N - 1;
  for (std::size_t I = 0; I < Whole; ++I)
    Out.push_back({(static_cast<double>(I) + 0.5) * B,
                   static_cast<double>(D.Timeline[I].Completed) / B,
                   static_cast<double>(D.Timeline[I].Throttled) / B});
  const std::size_t From = Whole;
  const double Start = static_cast<double>(From) * B;
  const double Seconds = (MergeLast ? B : 0) + std::max(LastCovered, B / 2);
  std::uint64_t Completed = 0, Throttled = 0;
  for (std::size_t I = From; I < N; ++I) {
    Completed += D.Timeline[I].Completed;
    Throttled += D.Timeline[I].Throttled;
  }
  Out.push_back({Start + Seconds / 2, static_cast<double>(Completed) / Seconds,
                 static_cast<double>(Throttled) / Seconds});
  return Out;
}

// Seconds shown on the time axes: the workload and as much of the drain
// after it as something happened in, the same for every chart.
double shownSeconds(const ReplayReport &R) {
  double End = R.Workload.DurationSeconds;
  for (const DesignResult &D : R.Designs)
    End =
        std::max(End, static_cast<double>(D.Timeline.size()) * D.BucketSeconds);
  return std::max(End, 1.0);
}

// Geometry of one chart's plot area inside its SVG.
struct Plot {
  double Left, Top, Width, Height, Seconds;
  double x(double T) const { return Left + T / Seconds * Width; }
};

// The time axis under a plot: ticks every 1/2/5 x 10^k seconds, a shaded
// band after the workload (no new operations, retries finishing).
std::string timeAxis(const Plot &P, const ReplayReport &R) {
  std::string Out;
  const double Bottom = P.Top + P.Height;
  const double Duration = R.Workload.DurationSeconds;
  if (P.Seconds > Duration + 1e-9) {
    Out += "<rect class=\"drain\" x=\"" + px(P.x(Duration)) + "\" y=\"" +
           px(P.Top) + "\" width=\"" + px(P.x(P.Seconds) - P.x(Duration)) +
           "\" height=\"" + px(P.Height) +
           "\" fill=\"#eaeef2\" fill-opacity=\"0.6\"><title>after the "
           "workload: no new operations, retries finishing</title></rect>";
    // Above the plot, so that it covers no data.
    Out += "<text x=\"" + px(P.x(Duration) + 2) + "\" y=\"" + px(P.Top - 4) +
           "\" font-size=\"10\" fill=\"#57606a\">after the workload</text>";
  }
  Out += "<line x1=\"" + px(P.Left) + "\" y1=\"" + px(Bottom) + "\" x2=\"" +
         px(P.Left + P.Width) + "\" y2=\"" + px(Bottom) +
         "\" stroke=\"#57606a\"/>";
  const double Step = tickStep(P.Seconds, 10);
  for (double T = 0; T <= P.Seconds + 1e-9; T += Step) {
    Out += "<line x1=\"" + px(P.x(T)) + "\" y1=\"" + px(Bottom) + "\" x2=\"" +
           px(P.x(T)) + "\" y2=\"" + px(Bottom + 4) + "\" stroke=\"#57606a\"/>";
    Out += "<text class=\"tick-x\" x=\"" + px(P.x(T)) + "\" y=\"" +
           px(Bottom + 16) + "\" text-anchor=\"middle\">" + tickLabel(T) +
           "</text>";
  }
  Out += "<text class=\"axis-title\" x=\"" + px(P.Left + P.Width / 2) +
         "\" y=\"" + px(Bottom + 32) +
         "\" text-anchor=\"middle\">time since the start of the workload "
         "(s)</text>";
  return Out;
}

// A line chart of one rate (completed or throttled) for every design on
// one y-scale, with its legend.
std::string rateChart(const ReplayReport &R, const std::string &Id,
                      const std::string &Series, double RatePoint::*Field,
                      const std::string &YTitle) {
  std::vector<std::vector<RatePoint>> All;
  double Peak = 0;
  for (const DesignResult &D : R.Designs) {
    All.push_back(rates(D, R));
    for (const RatePoint &P : All.back())
      Peak = std::max(Peak, P.*Field);
  }
  const double Step = tickStep(Peak, 5);
  const double YTop = std::max(Step, std::ceil(Peak / Step) * Step);
  const Plot P{72, 28, 640, 200, shownSeconds(R)};
  std::string Out = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + Id +
                    "\" class=\"chart\" width=\"760\" height=\"" +
                    px(P.Top + P.Height + 44) + "\" role=\"img\">";
  Out += "<title>" + htmlEscape(YTitle) + " over time, every design</title>";
  auto Y = [&](double V) { return P.Top + P.Height - V / YTop * P.Height; };
  for (double V = 0; V <= YTop + 1e-9; V += Step) {
    Out += "<line x1=\"" + px(P.Left) + "\" y1=\"" + px(Y(V)) + "\" x2=\"" +
           px(P.Left + P.Width) + "\" y2=\"" + px(Y(V)) +
           "\" stroke=\"#d0d7de\" stroke-width=\"0.5\"/>";
    Out += "<text class=\"tick-y\" x=\"" + px(P.Left - 6) + "\" y=\"" +
           px(Y(V) + 4) + "\" text-anchor=\"end\">" + tickLabel(V) + "</text>";
  }
  Out += "<line x1=\"" + px(P.Left) + "\" y1=\"" + px(P.Top) + "\" x2=\"" +
         px(P.Left) + "\" y2=\"" + px(P.Top + P.Height) +
         "\" stroke=\"#57606a\"/>";
  Out += "<text class=\"axis-title\" transform=\"translate(14," +
         px(P.Top + P.Height / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
         htmlEscape(YTitle) + "</text>";
  Out += timeAxis(P, R);
  for (std::size_t I = 0; I < All.size(); ++I) {
    std::string Points;
    for (const RatePoint &Pt : All[I])
      Points += (Points.empty() ? "" : " ") + px(P.x(Pt.Time)) + "," +
                px(Y(Pt.*Field));
    Out += "<polyline class=\"series-" + Series + "\" data-design=\"" +
           htmlEscape(R.Designs[I].Label) + "\" points=\"" + Points +
           "\" fill=\"none\" stroke=\"" + designColour(I) +
           "\" stroke-width=\"2\"/>";
    // The legend, above the plot on the left (the drain's label is on the
    // right), one entry per design.
    const double LX = P.Left, LY = P.Top - 14;
    Out += "<line x1=\"" + px(LX + static_cast<double>(I) * 80) + "\" y1=\"" +
           px(LY) + "\" x2=\"" + px(LX + static_cast<double>(I) * 80 + 18) +
           "\" y2=\"" + px(LY) + "\" stroke=\"" + designColour(I) +
           "\" stroke-width=\"3\"/>";
    Out += "<text class=\"legend\" x=\"" +
           px(LX + static_cast<double>(I) * 80 + 22) + "\" y=\"" + px(LY + 4) +
           "\">" + htmlEscape(R.Designs[I].Label) + "</text>";
  }
  Out += "</svg>\n";
  return Out;
}

// Heatmap colours: a log scale, pale yellow (little) to dark red (peak).
std::string heatColour(double Level) {
  return "hsl(" +
         std::to_string(static_cast<int>(std::lround(60 - 60 * Level))) +
         ",90%," +
         std::to_string(static_cast<int>(std::lround(85 - 50 * Level))) + "%)";
}

double heatLevel(double Rate, double Peak) {
  return Rate > 0 && Peak > 0 ? std::log1p(Rate) / std::log1p(Peak) : 0;
}

// Seconds covered by heatmap column I (the last one may be partial).
double columnSeconds(const DesignResult &D, const ReplayReport &R,
                     std::size_t I, std::size_t Columns) {
  const double B = D.BucketSeconds;
  if (I + 1 < Columns)
    return B;
  const double End = std::max(D.SimulatedSeconds, R.Workload.DurationSeconds);
  return std::clamp(End - static_cast<double>(I) * B, B / 2, B);
}

double heatPeak(const ReplayReport &R) {
  double Peak = 0;
  for (const DesignResult &D : R.Designs)
    for (const HeatRow &H : D.Heatmap)
      for (std::size_t I = 0; I < H.Cells.size(); ++I)
        Peak = std::max(Peak, static_cast<double>(H.Cells[I]) /
                                  columnSeconds(D, R, I, H.Cells.size()));
  return Peak;
}

// A key shortened for a row label; the full keys are in the row's title.
std::string shortKey(const std::string &Key) {
  constexpr std::size_t Max = 22;
  if (Key.size() <= Max)
    return Key;
  return Key.substr(0, Max - 1) + "\u2026";
}

std::string rowLabel(const HeatRow &H) {
  std::string Label = H.Table + " " + shortKey(H.FirstKey);
  if (H.Keys > 1)
    Label +=
        " \u2026 " + shortKey(H.LastKey) + " (" + grouped(H.Keys) + " keys)";
  return Label;
}

// The colour legend: the gradient with ticks in entities/s and, when the
// scale reaches it, one partition's target marked.
std::string heatLegend(double Peak, double PartitionTarget, double X,
                       double Y) {
  constexpr double Width = 300, Height = 12;
  std::string Out = "<g class=\"legend\" id=\"heat-legend\">";
  constexpr int Steps = 30;
  for (int S = 0; S < Steps; ++S)
    Out += "<rect x=\"" + px(X + Width * S / Steps) + "\" y=\"" + px(Y) +
           "\" width=\"" + px(Width / Steps + 0.5) + "\" height=\"" +
           px(Height) + "\" fill=\"" +
           heatColour(static_cast<double>(S) / (Steps - 1)) + "\"/>";
  auto XOf = [&](double Rate) { return X + heatLevel(Rate, Peak) * Width; };
  std::vector<double> Ticks;
  for (double T = 1; T <= Peak; T *= 10)
    Ticks.push_back(T);
  Ticks.push_back(Peak);
  for (double T : Ticks) {
    Out += "<line x1=\"" + px(XOf(T)) + "\" y1=\"" + px(Y + Height) +
           "\" x2=\"" + px(XOf(T)) + "\" y2=\"" + px(Y + Height + 4) +
           "\" stroke=\"#57606a\"/>";
    // The peak's label would sit on top of a power of ten next to it.
    if (T != Peak && XOf(Peak) - XOf(T) < 36)
      continue;
    Out += "<text class=\"tick-x\" x=\"" + px(XOf(T)) + "\" y=\"" +
           px(Y + Height + 15) + "\" text-anchor=\"middle\">" +
           tickLabel(std::round(T)) + "</text>";
  }
  if (PartitionTarget > 0 && PartitionTarget <= Peak)
    Out += "<line x1=\"" + px(XOf(PartitionTarget)) + "\" y1=\"" + px(Y - 4) +
           "\" x2=\"" + px(XOf(PartitionTarget)) + "\" y2=\"" + px(Y + Height) +
           "\" stroke=\"#1f2328\" stroke-width=\"2\"/>" +
           "<text class=\"tick-x\" x=\"" + px(XOf(PartitionTarget)) +
           "\" y=\"" + px(Y - 7) +
           "\" text-anchor=\"middle\">one partition's "
           "target, " +
           tickLabel(PartitionTarget) + "/s</text>";
  Out += "<text class=\"axis-title\" x=\"" + px(X + Width + 10) + "\" y=\"" +
         px(Y + Height - 1) +
         "\">entities accessed per second in the row (log scale; grey: "
         "none)</text>";
  Out += "</g>";
  return Out;
}

// One design's heatmap: rows are partition-key ranges (sorted keys, grouped
// when there are more keys than rows), columns are the time buckets.
std::string heatmap(const DesignResult &D, std::size_t Index,
                    const ReplayReport &R, double Peak) {
  std::size_t LabelChars = 10;
  std::size_t Columns = 0;
  for (const HeatRow &H : D.Heatmap) {
    LabelChars = std::max(LabelChars, rowLabel(H).size());
    Columns = std::max(Columns, H.Cells.size());
  }
  // Labels are set in an 11px monospace font: ~6.7px a character.
  const double Left = 12 + static_cast<double>(LabelChars) * 6.7;
  constexpr double RowHeight = 14, Top = 16;
  const double Width = 640;
  const Plot P{Left, Top, Width,
               RowHeight * static_cast<double>(D.Heatmap.size()),
               shownSeconds(R)};
  const double CellWidth =
      D.BucketSeconds > 0 ? D.BucketSeconds / P.Seconds * Width : Width;
  std::string Out = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"heatmap-" +
                    std::to_string(Index) + "\" class=\"heatmap\" width=\"" +
                    px(Left + Width + 20) + "\" height=\"" +
                    px(P.Top + P.Height + 44) + "\" role=\"img\">";
  Out += "<title>" + htmlEscape(D.Label) +
         ": entities accessed per partition-key range over time</title>";
  std::size_t NonEmpty = 0;
  for (std::size_t Row = 0; Row < D.Heatmap.size(); ++Row) {
    const HeatRow &H = D.Heatmap[Row];
    const double Y = P.Top + RowHeight * static_cast<double>(Row);
    Out += "<text class=\"row-label\" x=\"" + px(Left - 6) + "\" y=\"" +
           px(Y + 10.5) + "\" text-anchor=\"end\"><title>" +
           htmlEscape(H.Table + ": " + H.FirstKey +
                      (H.Keys > 1 ? " to " + H.LastKey : std::string())) +
           "</title>" + htmlEscape(rowLabel(H)) + "</text>";
    for (std::size_t C = 0; C < H.Cells.size(); ++C) {
      const std::uint64_t Count = H.Cells[C];
      const double Rate =
          static_cast<double>(Count) / columnSeconds(D, R, C, Columns);
      Out += "<rect class=\"cell" + std::string(Count ? " hot" : "") +
             "\" data-value=\"" + std::to_string(Count) + "\" x=\"" +
             px(Left + CellWidth * static_cast<double>(C)) + "\" y=\"" +
             px(Y + 1) + "\" width=\"" + px(std::max(CellWidth - 1, 1.0)) +
             "\" height=\"" + px(RowHeight - 2) + "\" fill=\"" +
             (Count ? heatColour(heatLevel(Rate, Peak)) : "#f0f0f0") + "\">";
      if (Count) {
        ++NonEmpty;
        const double From = static_cast<double>(C) * D.BucketSeconds;
        Out += "<title>" + grouped(Count) + " entities, " + tickLabel(From) +
               "\u2013" + tickLabel(From + D.BucketSeconds) + " s (" +
               tickLabel(std::round(Rate)) + "/s)</title>";
      }
      Out += "</rect>";
    }
  }
  Out += timeAxis(P, R);
  Out +=
      "</svg>\n<p class=\"count\">non-empty cells: <span id=\"heatmap-cells-" +
      std::to_string(Index) + "\" class=\"count\">" + std::to_string(NonEmpty) +
      "</span></p>\n";
  return Out;
}

// The live section: the figures per design as a table, the comparison and
// its first differences, and what it does not measure.
std::string liveHtml(const LiveRun &L) {
  std::string Out = "<h2>Live run</h2>\n<p>" + htmlEscape(L.Endpoint) + ": " +
                    grouped(L.Writes) + " writes and " + grouped(L.Queries) +
                    " queries of the " + grouped(L.SourceOperations) +
                    " operations, in time order</p>\n<table "
                    "class=\"summary\"><tr><th></th>";
  for (const LiveDesignResult &D : L.Designs)
    Out += "<th>" + htmlEscape(D.Label) + "</th>";
  Out += "</tr>\n";
  const std::pair<const char *, std::uint64_t LiveDesignResult::*> Rows[] = {
      {"round trips", &LiveDesignResult::RoundTrips},
      {"write requests", &LiveDesignResult::WriteRequests},
      {"query pages", &LiveDesignResult::QueryRequests},
      {"bytes sent", &LiveDesignResult::BytesSent},
      {"bytes received", &LiveDesignResult::BytesReceived},
      {"entities written", &LiveDesignResult::EntitiesWritten},
      {"entities returned", &LiveDesignResult::EntitiesReturned},
      {"failed operations", &LiveDesignResult::FailedOperations},
      {"throttled requests (503/500)", &LiveDesignResult::ThrottledRequests},
      {"retried requests", &LiveDesignResult::RetriedRequests},
      {"failed after the last retry", &LiveDesignResult::FailedAfterRetries},
      {"ambiguous retried writes", &LiveDesignResult::AmbiguousRetries}};
  for (const auto &[Label, Field] : Rows) {
    Out += "<tr><td>" + std::string(Label) + "</td>";
    for (const LiveDesignResult &D : L.Designs)
      Out += "<td>" + grouped(D.*Field) + "</td>";
    Out += "</tr>\n";
  }
  Out += "<tr><td>time backing off (s)</td>";
  for (const LiveDesignResult &D : L.Designs)
    Out += "<td>" + fixed(D.BackoffSeconds, 1) + "</td>";
  Out += "</tr>\n";
  Out += "</table>\n<ul class=\"notes\">";
  for (const LiveDesignResult &D : L.Designs)
    for (const LiveFailure &F : D.Failures)
      Out += "<li>" + htmlEscape(D.Label) + ": " + htmlEscape(F.Operation) +
             " on " + htmlEscape(F.Table) + " failed: " + htmlEscape(F.Status) +
             " (x" + grouped(F.Count) + ")</li>";
  if (L.Designs.size() == 2)
    Out += "<li>results: " + grouped(L.QueriesEqual) + " query events equal, " +
           grouped(L.QueriesDifferent) + " different</li>";
  for (const LiveDifference &D : L.Differences) {
    Out += "<li>different: " + htmlEscape(D.Query) + " at " + fixed(D.Time, 3) +
           " s: ";
    for (std::size_t I = 0; I < D.Filters.size(); ++I)
      Out += (I ? "; " : "") + htmlEscape(L.Designs[I].Label) + " returned " +
             grouped(D.Counts[I]) + " (filter <code>" +
             htmlEscape(D.Filters[I]) + "</code>)";
    Out += "; " + htmlEscape(D.Detail) + "</li>";
  }
  Out += "<li>";
  Out += LiveNotMeasured;
  Out += "</li></ul>\n";
  return Out;
}

constexpr const char *PageStyle = R"CSS(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1f2328; max-width: 1100px; }
p.verdict { font-size: 1.15em; line-height: 1.45; background: #f6f8fa; border-left: 4px solid #0969da; padding: .6em 1em; }
table.summary { border-collapse: collapse; }
table.summary td, table.summary th { border: 1px solid #d0d7de; padding: 3px 8px; text-align: right; }
table.summary td:first-child, table.summary th:first-child { text-align: left; }
svg { display: block; margin: .4em 0 1em; overflow: visible; }
svg text { font-family: system-ui, sans-serif; font-size: 11px; fill: #1f2328; }
svg text.row-label { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; }
svg text.axis-title { font-size: 12px; fill: #57606a; }
.notes li { margin: 0.2em 0; }
p.count { font-size: 90%; color: #57606a; }
)CSS";

} // namespace

std::string formatHtml(const ReplayReport &R) {
  std::string Out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
                    "charset=\"utf-8\"><title>tablelint replay</title><style>";
  Out += PageStyle;
  Out += "</style></head><body>\n<h1>tablelint replay</h1>\n";
  Out += "<p class=\"verdict\" id=\"verdict\">" + htmlEscape(verdict(R)) +
         "</p>\n<p>" + htmlEscape(header(R)) + "; simulated service: " +
         htmlEscape(fixed(R.Options.Service.PartitionEntitiesPerSecond, 0)) +
         " entities/s per partition, " +
         htmlEscape(fixed(R.Options.Service.AccountEntitiesPerSecond, 0)) +
         " per account</p>\n<table class=\"summary\"><tr><th></th>";
  for (const DesignResult &D : R.Designs)
    Out += "<th>" + htmlEscape(D.Label) + "</th>";
  Out += "</tr>\n";
  for (const Row &Line : summaryRows(R)) {
    Out += "<tr><td>" + htmlEscape(Line.Label) + "</td>";
    for (const DesignResult &D : R.Designs)
      Out += "<td>" + htmlEscape(Line.Value(D)) + "</td>";
    Out += "</tr>\n";
  }
  Out += "</table>\n<ul class=\"notes\">";
  for (const DesignResult &D : R.Designs)
    for (const std::string &N : D.Notes)
      Out += "<li>" + htmlEscape(D.Label) + ": " + htmlEscape(N) + "</li>";
  Out += "</ul>\n";
  if (!R.Designs.empty()) {
    Out += "<h2>Completed operations per second</h2>\n";
    Out += rateChart(R, "curve-completed", "completed", &RatePoint::Completed,
                     "completed operations/s");
    Out += "<h2>Throttled responses per second (503 and 500)</h2>\n";
    Out += rateChart(R, "curve-throttled", "throttled", &RatePoint::Throttled,
                     "throttled responses/s");
    const double Peak = heatPeak(R);
    Out += "<h2>Partition keys over time</h2>\n<p>Each row is a range of "
           "partition keys (sorted; a row holds several keys when a table "
           "has more keys than rows), each column a time bucket; the colour "
           "is the entities read, written or scanned per second in that "
           "row. One colour scale for every design.</p>\n";
    Out +=
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" "
        "height=\"50\" role=\"img\"><title>colour legend</title>" +
        heatLegend(Peak, R.Options.Service.PartitionEntitiesPerSecond, 10, 20) +
        "</svg>\n";
    for (std::size_t I = 0; I < R.Designs.size(); ++I) {
      const DesignResult &D = R.Designs[I];
      Out += "<section class=\"design\"><h3>" + htmlEscape(D.Label) + " (" +
             htmlEscape(D.File) + ")</h3>\n";
      Out += heatmap(D, I, R, Peak);
      Out += "</section>\n";
    }
  }
  if (R.Answers) {
    std::vector<std::string> Labels;
    for (const DesignResult &D : R.Designs)
      Labels.push_back(D.Label);
    Out += answerCheckHtml(*R.Answers, Labels);
  }
  if (R.Live)
    Out += liveHtml(*R.Live);
  Out += "</body></html>\n";
  return Out;
}

} // namespace tablelint::replay
