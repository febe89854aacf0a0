// replay.html as people read it: the real binary writes the page (no
// script: CI viewers block them), a real headless Chromium renders it and
// takes a screenshot, kept in build/screenshots/ for a human.
#include "tests/support/RunTool.h"
#include "tests/support/TempDir.h"

#include "core/AtomicFile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/";


std::string chromium() {
  for (const char *C : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(C))
      return C;
  return "";
}

std::vector<std::string> chromiumArgs(const std::string &Profile) {
  return {"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--user-data-dir=" + Profile};
}

// Where screenshots are kept: build/screenshots/ next to build/bin/.
std::string screenshotDir() {
  fs::path Dir =
      fs::path(TABLELINT_BINARY).parent_path().parent_path() / "screenshots";
  fs::create_directories(Dir);
  return Dir.string();
}

struct Replay {
  std::string Page;
  llvm::json::Value Json = nullptr;
  std::string PagePath;
};

Replay runReplay(const TempDir &Dir, const std::vector<std::string> &Schemas) {
  std::vector<std::string> Common = {"replay"};
  Common.insert(Common.end(), Schemas.begin(), Schemas.end());
  Common.insert(Common.end(), {"--duration", "30s"});
  std::vector<std::string> Html = Common, Json = Common;
  Replay Out;
  Out.PagePath = Dir / "replay.html";
  Html.insert(Html.end(), {"--format", "html", "-o", Out.PagePath});
  Json.insert(Json.end(), {"--format", "json"});
  ToolResult H = runTablelint(Html);
  EXPECT_EQ(H.ExitCode, 0) << H.Err;
  ToolResult J = runTablelint(Json);
  EXPECT_EQ(J.ExitCode, 0) << J.Err;
  if (std::optional<std::string> Page = readFile(Out.PagePath))
    Out.Page = *Page;
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(J.Out);
  if (!V)
    ADD_FAILURE() << llvm::toString(V.takeError());
  else
    Out.Json = std::move(*V);
  return Out;
}

const llvm::json::Object &design(const llvm::json::Value &Report,
                                 std::size_t I) {
  return *(*Report.getAsObject()->getArray("designs"))[I].getAsObject();
}

// The text of the first element with this id.
std::string byId(const std::string &Html, const std::string &Id) {
  std::smatch M;
  const std::regex Element("id=\"" + Id + "\"[^>]*>([^<]*)<");
  return std::regex_search(Html, M, Element) ? M[1].str() : "";
}

// The SVG element with this id, whole.
std::string svgById(const std::string &Html, const std::string &Id) {
  const std::size_t Start = Html.find("id=\"" + Id + "\"");
  if (Start == std::string::npos)
    return "";
  const std::size_t End = Html.find("</svg>", Start);
  return Html.substr(Start, End - Start);
}

// The points of the polyline of a series and design inside Svg.
std::vector<std::pair<double, double>> polyline(const std::string &Svg,
                                                const std::string &Series,
                                                const std::string &Design) {
  std::smatch M;
  const std::regex Line("class=\"series-" + Series + "\" data-design=\"" +
                        Design + "\" points=\"([^\"]*)\"");
  std::vector<std::pair<double, double>> Out;
  if (!std::regex_search(Svg, M, Line))
    return Out;
  std::istringstream In(M[1].str());
  std::string Point;
  while (In >> Point) {
    const std::size_t Comma = Point.find(',');
    Out.emplace_back(std::stod(Point.substr(0, Comma)),
                     std::stod(Point.substr(Comma + 1)));
  }
  return Out;
}

TEST(ReplayHtml, SaysWhatHappenedInPlainWordsFirst) {
  TempDir Dir("replay-html");
  Replay R =
      runReplay(Dir, {Inputs + "current.yaml", Inputs + "suggested.yaml"});
  ASSERT_FALSE(R.Page.empty());
  const double Current =
      static_cast<double>(*design(R.Json, 0).getInteger("operationsCompleted"));
  const double Suggested =
      static_cast<double>(*design(R.Json, 1).getInteger("operationsCompleted"));
  ASSERT_GT(Current, 0);
  ASSERT_NE(Suggested, Current);
  char Expected[256];
  std::snprintf(Expected, sizeof Expected,
                "The suggested design completes %.0f%% %s operations than "
                "the current design",
                std::fabs(Suggested - Current) / Current * 100,
                Suggested > Current ? "more" : "fewer");
  const std::string Verdict = byId(R.Page, "verdict");
  EXPECT_THAT(Verdict, HasSubstr(Expected));
  char Steady[128];
  std::snprintf(
      Steady, sizeof Steady,
      "in steady state (the last tenth of the run) %.1f%% of its requests "
      "are throttled, against %.1f%% for the current design",
      *design(R.Json, 1).getNumber("throttledPercentLastTenth"),
      *design(R.Json, 0).getNumber("throttledPercentLastTenth"));
  EXPECT_THAT(Verdict, HasSubstr(Steady));
  auto Money = [](double V) {
    char Text[32];
    std::snprintf(Text, sizeof Text, V < 1 ? "$%.4f" : "$%.2f", V);
    return std::string(Text);
  };
  const std::string Cost =
      "Per million completed operations it pays " +
      Money(*design(R.Json, 1).getNumber("costPerMillionCompleted")) +
      ", against " +
      Money(*design(R.Json, 0).getNumber("costPerMillionCompleted")) +
      " for the current design (30 days at this rate: " +
      Money(*design(R.Json, 1).getNumber("estimatedCostPer30Days")) +
      " against " +
      Money(*design(R.Json, 0).getNumber("estimatedCostPer30Days")) + ").";
  EXPECT_THAT(Verdict, HasSubstr(Cost));
  // Before any table or chart.
  EXPECT_LT(R.Page.find("id=\"verdict\""), R.Page.find("<table"));
  EXPECT_LT(R.Page.find("id=\"verdict\""), R.Page.find("<svg"));
}

TEST(ReplayHtml, ChartsHaveAxesUnitsAndOneScaleForBothDesigns) {
  TempDir Dir("replay-html");
  Replay R =
      runReplay(Dir, {Inputs + "current.yaml", Inputs + "suggested.yaml"});
  ASSERT_FALSE(R.Page.empty());
  for (const char *Id : {"curve-completed", "curve-throttled"}) {
    const std::string Svg = svgById(R.Page, Id);
    ASSERT_FALSE(Svg.empty()) << Id;
    EXPECT_THAT(Svg, HasSubstr("time since the start of the workload (s)"));
    EXPECT_THAT(Svg, HasSubstr("class=\"tick-x\""));
    EXPECT_THAT(Svg, HasSubstr("class=\"tick-y\""));
    EXPECT_THAT(Svg, HasSubstr("/s</text>")) << "a y-axis title with its unit";
    EXPECT_THAT(Svg, HasSubstr(">current</text>")) << "legend";
    EXPECT_THAT(Svg, HasSubstr(">suggested</text>")) << "legend";
  }
  // Both designs are lines of the same chart: one y-scale.
  const std::string Completed = svgById(R.Page, "curve-completed");
  const auto A = polyline(Completed, "completed", "current");
  const auto B = polyline(Completed, "completed", "suggested");
  ASSERT_GT(A.size(), 10u);
  ASSERT_GT(B.size(), 10u);
  // One y-scale: a bucket's rate maps to the same height in both lines.
  // Points are bucket middles; compare a whole bucket in the middle.
  const double Baseline = 228; // plot top 28 + height 200
  double Scale[2] = {0, 0};
  for (std::size_t D = 0; D < 2; ++D) {
    const llvm::json::Object &Design = design(R.Json, D);
    const llvm::json::Array &Counts =
        *Design.getObject("timeline")->getArray("completed");
    const std::size_t Mid = Counts.size() / 2;
    const double Rate = static_cast<double>(*Counts[Mid].getAsInteger()) /
                        *Design.getNumber("bucketSeconds");
    ASSERT_GT(Rate, 0) << "design " << D;
    const auto &Line = D ? B : A;
    ASSERT_GT(Line.size(), Mid);
    Scale[D] = (Baseline - Line[Mid].second) / Rate; // pixels per op/s
  }
  EXPECT_NEAR(Scale[0], Scale[1], 0.01 * Scale[0])
      << "the designs are drawn on different y-scales";

  // The last point is a rate over the time the last bucket covers, not its
  // count over a whole bucket: no drop to zero when the run ends.
  for (std::size_t D = 0; D < 2; ++D) {
    const llvm::json::Object &Design = design(R.Json, D);
    const llvm::json::Array &Counts =
        *Design.getObject("timeline")->getArray("completed");
    const auto &Line = D ? B : A;
    ASSERT_FALSE(Counts.empty());
    const std::int64_t Last = *Counts.back().getAsInteger();
    if (Last > 0)
      EXPECT_LT(Line.back().second, Baseline - 0.5)
          << "design " << D << ": " << Last
          << " completions in the last bucket";
  }

  // The heatmaps: a legend in entities/s, row labels, a time axis.
  EXPECT_THAT(R.Page, HasSubstr("id=\"heat-legend\""));
  EXPECT_THAT(R.Page, HasSubstr("entities accessed per second in the row"));
  for (std::size_t D = 0; D < 2; ++D) {
    const std::string Svg = svgById(R.Page, "heatmap-" + std::to_string(D));
    ASSERT_FALSE(Svg.empty());
    EXPECT_THAT(Svg, HasSubstr("class=\"row-label\""));
    EXPECT_THAT(Svg, HasSubstr("time since the start of the workload (s)"));
  }
}

// Rendered by a real browser from a page without a script: the charts are
// there, the counts match the JSON report, and a screenshot is kept.
TEST(ReplayHtml, ShowsInChromiumWithoutAScript) {
  const std::string Browser = chromium();
  if (Browser.empty())
    GTEST_SKIP() << "chromium is not installed (scripts/setup.sh installs it)";
  TempDir Dir("replay-html");
  Replay R =
      runReplay(Dir, {Inputs + "current.yaml", Inputs + "suggested.yaml"});
  ASSERT_FALSE(R.Page.empty());
  EXPECT_EQ(R.Page.find("<script"), std::string::npos) << "no script at all";
  // Self-contained: no external script, style or image.
  EXPECT_EQ(R.Page.find("src="), std::string::npos);
  EXPECT_EQ(R.Page.find("href="), std::string::npos);

  // The page holds no script (checked above), so the DOM Chromium builds
  // is what a viewer that blocks scripts shows. (Headless Chromium's
  // --dump-dom and --screenshot stop working with scripts disabled.)
  std::vector<std::string> DumpArgs = chromiumArgs(Dir / "profile");
  DumpArgs.insert(DumpArgs.end(), {"--dump-dom", "file://" + R.PagePath});
  ToolResult Dom = runProgram(Browser, DumpArgs);
  ASSERT_EQ(Dom.ExitCode, 0) << Dom.Err;
  for (std::size_t D = 0; D < 2; ++D) {
    std::int64_t Expected = 0;
    for (const llvm::json::Value &Row : *design(R.Json, D).getArray("heatmap"))
      for (const llvm::json::Value &Cell :
           *Row.getAsObject()->getArray("cells"))
        Expected += *Cell.getAsInteger() > 0;
    ASSERT_GT(Expected, 0);
    EXPECT_EQ(byId(Dom.Out, "heatmap-cells-" + std::to_string(D)),
              std::to_string(Expected))
        << "design " << D;
  }
  EXPECT_THAT(Dom.Out, HasSubstr("class=\"cell hot\""));
  EXPECT_THAT(Dom.Out, HasSubstr("class=\"series-throttled\""));
  EXPECT_THAT(Dom.Out, HasSubstr("class=\"series-completed\""));

  const std::string Shot = screenshotDir() + "/replay.png";
  fs::remove(Shot);
  std::vector<std::string> ShotArgs = chromiumArgs(Dir / "profile");
  ShotArgs.insert(ShotArgs.end(),
                  {"--window-size=1200,2600", "--screenshot=" + Shot,
                   "file://" + R.PagePath});
  ToolResult Screenshot = runProgram(Browser, ShotArgs);
  ASSERT_EQ(Screenshot.ExitCode, 0) << Screenshot.Err;
  ASSERT_TRUE(fs::exists(Shot));
  // A page of charts compresses far less than a blank one (~10 KB).
  EXPECT_GT(fs::file_size(Shot), 60000u) << Shot;
}

} // namespace
} // namespace tablelint::test
