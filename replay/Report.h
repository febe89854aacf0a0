// The replay report: the designs side by side as text, JSON for machines,
// and a self-contained HTML page (no external assets) with a partition x
// time heatmap per design (the Key Visualizer idea) and throughput and
// throttling curves. With --live, a section with the live run's round trips,
// bytes, failures and result comparison.
#pragma once

#include "replay/AnswerCheck.h"
#include "replay/LiveReplay.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <optional>
#include <string>
#include <vector>

namespace tablelint::replay {

struct ReplayReport {
  WorkloadOptions Workload;
  ReplayOptions Options;
  std::string TraceFile; // when replayed from a trace
  std::uint64_t Events = 0;
  std::vector<DesignResult> Designs;
  // `--live URL`: the scaled-down run on a real endpoint (Designs in the
  // same order), shown in a "live" section of every format.
  std::optional<LiveRun> Live;
  // Two designs: whether every query returns the same logical entities in
  // both (replay/AnswerCheck.h), shown in an "answers" section.
  std::optional<AnswerCheck> Answers;
};

std::string formatText(const ReplayReport &Report);
std::string formatJson(const ReplayReport &Report);
std::string formatHtml(const ReplayReport &Report);

} // namespace tablelint::replay
