// The figures of the replay report as the text and JSON formats word them
// (Report.cpp), shared with the HTML page (ReportHtml.cpp) so that both say
// the same thing: the summary rows, the header line, number formatting.
#pragma once

#include "replay/Report.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tablelint::replay::report {

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t N);
// V with Digits decimals.
std::string fixed(double V, int Digits);
// Dollars: "$0.0468" below one, "$424.89" from one on.
std::string money(double V);
// costPerCompleted per million operations, in dollars ("$0.0468"), or "-"
// when nothing completed: the report's row, the HTML verdict and suggest's
// verify line.
std::string perMillionCompleted(const DesignResult &D);
// Completed operations per second of the workload's duration.
double throughput(const DesignResult &D, const ReplayReport &R);

// One line of the summary table: a label and its value per design.
struct Row {
  std::string Label;
  std::function<std::string(const DesignResult &)> Value;
};
std::vector<Row> summaryRows(const ReplayReport &R);

// "tablelint replay: 60 s of workload, 360,000 operations, seed 1".
std::string header(const ReplayReport &R);

// The verdict in one to three sentences, what the HTML page opens with:
// how many operations the second design completes against the first
// ("completes 12% more operations than the current design"; when both
// complete under half of theirs, "Both designs fail most operations; the
// suggested design fails fewer", with the shares), the throttled share in
// steady state, the cost per million completed operations.
std::string verdict(const ReplayReport &R);

// What a live run does not measure (Azurite models no throttling).
extern const char *const LiveNotMeasured;

} // namespace tablelint::replay::report
