// The one path every finding takes, whatever found it (code checks today,
// schema checks and replay later): rule selection and severities from the
// .tablelint.yaml that applies to its file and from the command line, a
// deterministic order, fingerprints, and the baseline. Reporters read the
// LintResult it builds.
#pragma once

#include "driver/Baseline.h"
#include "driver/LintResult.h"

#include <string>
#include <vector>

namespace tablelint {

struct PipelineOptions {
  std::string RepoRoot;
  // --enable / --disable: rule-id globs. A non-empty Enable replaces the
  // configuration's rules.enable; Disable adds to rules.disable.
  std::vector<std::string> Enable;
  std::vector<std::string> Disable;
  const Baseline *Base = nullptr;
};

LintResult buildLintResult(std::vector<Finding> Findings,
                           std::vector<ToolNotification> Notifications,
                           const PipelineOptions &Options);

// Splits "table-scan, retry-*" into globs (a "tablelint-" prefix is
// dropped, so clang-tidy check names work too).
std::vector<std::string> splitRuleGlobs(const std::string &List);

} // namespace tablelint
