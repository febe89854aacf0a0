// Configuration, ordering, fingerprints and baseline for all findings.
#include "driver/FindingPipeline.h"

#include "core/ProjectConfig.h"
#include "core/Redact.h"
#include "driver/Fingerprint.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

namespace tablelint {

namespace fs = std::filesystem;

std::vector<std::string> splitRuleGlobs(const std::string &List) {
  std::vector<std::string> Out;
  std::size_t Start = 0;
  while (Start <= List.size()) {
    std::size_t End = List.find(',', Start);
    if (End == std::string::npos)
      End = List.size();
    std::string R = List.substr(Start, End - Start);
    R.erase(0, R.find_first_not_of(' '));
    R.erase(R.find_last_not_of(' ') + 1);
    if (R.rfind("tablelint-", 0) == 0)
      R.erase(0, 10);
    if (!R.empty())
      Out.push_back(R);
    Start = End + 1;
  }
  return Out;
}

namespace {

// Decides whether F is reported and at which level; false drops it.
bool configure(Finding &F, const PipelineOptions &Options) {
  const Rule *R = builtinCatalog().find(F.RuleId);
  std::shared_ptr<const ProjectConfig> Config;
  if (const auto Path = findProjectConfig(fs::path(F.File).parent_path().string()))
    Config = loadProjectConfig(*Path);
  if (!Options.Enable.empty() && !anyRuleGlobMatches(Options.Enable, F.RuleId))
    return false;
  if (anyRuleGlobMatches(Options.Disable, F.RuleId))
    return false;
  if (Config) {
    if (!Config->enables(F.RuleId, Options.Enable.empty()))
      return false;
    // A finding the check made a note stays one unless the configuration
    // names the rule's level.
    if (R && (F.Level != Severity::Note || Config->Severities.count(F.RuleId)))
      F.Level = Config->levelOf(*R);
  }
  return true;
}

} // namespace

LintResult buildLintResult(std::vector<Finding> Findings,
                           std::vector<ToolNotification> Notifications,
                           const PipelineOptions &Options) {
  LintResult Result;
  Result.RepoRoot = Options.RepoRoot;
  for (Finding &F : Findings) {
    if (!configure(F, Options))
      continue;
    // Before the hash: no report, baseline or fingerprint carries a secret.
    F.Anchor = redactSecrets(F.Anchor);
    F.Message = redactSecrets(F.Message);
    for (Finding::Note &N : F.Notes)
      N.Message = redactSecrets(N.Message);
    ReportedFinding R;
    R.RelativePath = repoRelativePath(Options.RepoRoot, F.File);
    R.Hash = findingHash(F.RuleId, R.RelativePath, F.Anchor);
    R.F = std::move(F);
    Result.Findings.push_back(std::move(R));
  }
  auto Key = [](const ReportedFinding &R) {
    return std::tie(R.RelativePath, R.F.Line, R.F.Column, R.F.RuleId,
                    R.F.Message);
  };
  std::sort(Result.Findings.begin(), Result.Findings.end(),
            [&](const ReportedFinding &L, const ReportedFinding &R) {
              return Key(L) < Key(R);
            });
  // The same diagnostic reached twice (a file named twice) is one finding.
  Result.Findings.erase(
      std::unique(Result.Findings.begin(), Result.Findings.end(),
                  [&](const ReportedFinding &L, const ReportedFinding &R) {
                    return Key(L) == Key(R);
                  }),
      Result.Findings.end());
  std::map<std::string, unsigned> Seen;
  for (ReportedFinding &R : Result.Findings)
    R.Occurrence = Seen[R.Hash]++;

  std::sort(Notifications.begin(), Notifications.end(),
            [](const ToolNotification &L, const ToolNotification &R) {
              return std::tie(L.File, L.Line, L.Column, L.Id, L.Message) <
                     std::tie(R.File, R.Line, R.Column, R.Id, R.Message);
            });
  for (ToolNotification &N : Notifications)
    N.Message = redactSecrets(N.Message);
  Result.Notifications = std::move(Notifications);
  if (Options.Base)
    applyBaseline(*Options.Base, Result);
  return Result;
}

} // namespace tablelint
