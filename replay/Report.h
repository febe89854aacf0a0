// The replay report: the designs side by side as text, JSON for machines,
// and a self-contained HTML page (no external assets) with a partition x
// time heatmap per design (the Key Visualizer idea) and throughput and
// throttling curves.
#pragma once

#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <string>
#include <vector>

namespace tablelint::replay {

struct ReplayReport {
  WorkloadOptions Workload;
  ReplayOptions Options;
  std::string TraceFile; // when replayed from a trace
  std::uint64_t Events = 0;
  std::vector<DesignResult> Designs;
};

std::string formatText(const ReplayReport &Report);
std::string formatJson(const ReplayReport &Report);
std::string formatHtml(const ReplayReport &Report);

} // namespace tablelint::replay
