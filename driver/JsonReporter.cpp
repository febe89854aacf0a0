// JSON output: the stable shape documented in docs/lint.md (version 1).
#include "driver/Reporters.h"

#include "driver/Baseline.h"
#include "driver/Fingerprint.h"
#include "driver/JsonText.h"
#include "driver/Version.h"

#include <llvm/Support/JSON.h>

namespace tablelint {

namespace json = llvm::json;

namespace {

json::Object position(const std::string &Root, const std::string &File,
                      unsigned Line, unsigned Column) {
  return json::Object{{"file", File},
                      {"path", File.empty() ? "" : repoRelativePath(Root, File)},
                      {"line", Line},
                      {"column", Column}};
}

json::Object finding(const std::string &Root, const ReportedFinding &R) {
  const Finding &F = R.F;
  json::Object O = position(Root, F.File, F.Line, F.Column);
  O["rule"] = F.RuleId;
  O["level"] = std::string(severityName(F.Level));
  O["endLine"] = F.EndLine;
  O["endColumn"] = F.EndColumn;
  O["message"] = F.Message;
  O["anchor"] = F.Anchor;
  O["fingerprint"] = R.fingerprint();
  json::Array Notes;
  for (const Finding::Note &N : F.Notes) {
    json::Object J = position(Root, N.File, N.Line, N.Column);
    J["message"] = N.Message;
    Notes.push_back(std::move(J));
  }
  O["notes"] = std::move(Notes);
  json::Array Fixes;
  for (const FindingFix &X : F.Fixes) {
    json::Object J = position(Root, X.File, X.Line, X.Column);
    J["endLine"] = X.EndLine;
    J["endColumn"] = X.EndColumn;
    J["replacement"] = X.Replacement;
    Fixes.push_back(std::move(J));
  }
  O["fixes"] = std::move(Fixes);
  return O;
}

} // namespace

std::string renderJson(const LintResult &Result) {
  json::Array Findings;
  for (const ReportedFinding &R : Result.Findings)
    Findings.push_back(finding(Result.RepoRoot, R));
  json::Array Notifications;
  for (const ToolNotification &N : Result.Notifications) {
    json::Object J = position(Result.RepoRoot, N.File, N.Line, N.Column);
    J["id"] = N.Id;
    J["level"] = std::string(severityName(N.Level));
    J["message"] = N.Message;
    Notifications.push_back(std::move(J));
  }
  json::Object Root{
      {"version", 1},
      {"tool", json::Object{{"name", "tablelint"}, {"version", TablelintVersion}}},
      {"root", Result.RepoRoot},
      {"executionSuccessful", Result.executionSuccessful()},
      {"findings", std::move(Findings)},
      {"notifications", std::move(Notifications)}};
  if (Result.BaselineUsed) {
    json::Array Fixed;
    for (const BaselineEntry &E : Result.FixedSinceBaseline)
      Fixed.push_back(baselineEntryJson(E));
    Root["baseline"] = json::Object{
        {"suppressed", Result.Baselined},
        {"fixed", std::move(Fixed)},
        {"notAnalysed", Result.NotAnalysedSinceBaseline.size()}};
  }
  return jsonText(std::move(Root));
}

} // namespace tablelint
