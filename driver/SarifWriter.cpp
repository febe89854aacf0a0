// SARIF 2.1.0 output, shaped for GitHub code scanning: rule metadata from
// the catalog, repo-relative locations under %SRCROOT%, our own
// partialFingerprints (GitHub would otherwise hash line contents itself),
// fixes from clang fix-its, and tool notifications for input the run could
// not analyse.
#include "driver/Reporters.h"

#include "core/SecuritySeverity.h"

#include "driver/Baseline.h"
#include "driver/Fingerprint.h"
#include "driver/JsonText.h"
#include "driver/RuleDocs.h"
#include "driver/Sarif.h"
#include "driver/Version.h"

#include <llvm/Support/JSON.h>

#include <map>

namespace tablelint {

namespace json = llvm::json;

std::string encodeUriPath(const std::string &Path) {
  static const char Hex[] = "0123456789ABCDEF";
  std::string Out;
  for (const unsigned char C : Path) {
    if (std::isalnum(C) || C == '/' || C == '-' || C == '.' || C == '_' ||
        C == '~') {
      Out += static_cast<char>(C);
    } else {
      Out += '%';
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Out;
}

namespace {

// SARIF's levels have our severities' names.
std::string sarifLevel(Severity S) { return std::string(severityName(S)); }

// GitHub's problem.severity: error, warning or recommendation.
std::string problemSeverity(Severity S) {
  return S == Severity::Note ? "recommendation" : sarifLevel(S);
}

// "table-scan" -> "TableScan": SARIF's rule name is an identifier.
std::string ruleName(const std::string &Id) {
  std::string Out;
  bool Upper = true;
  for (const char C : Id) {
    if (C == '-') {
      Upper = true;
      continue;
    }
    Out += Upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(C))) : C;
    Upper = false;
  }
  return Out;
}

json::Object rule(const Catalog &C, const Rule &R,
                  const std::optional<std::string> &RulesUrl) {
  std::string Markdown = renderRulePage(C, R);
  // The page's first line is the "generated from" comment.
  if (Markdown.rfind("<!--", 0) == 0)
    Markdown.erase(0, Markdown.find('\n') + 1);
  json::Array Tags;
  for (const std::string &T : R.Tags)
    Tags.push_back(T);
  json::Object Properties{
      {"tags", std::move(Tags)},
      {"precision", R.Precision},
      {"problem.severity", problemSeverity(R.DefaultSeverity)}};
  // Code scanning ranks security alerts by this score (a string).
  if (std::string Score = securitySeverity(R.Id); !Score.empty())
    Properties["security-severity"] = Score;
  json::Object Out{{"id", R.Id},
                   {"name", ruleName(R.Id)},
                   {"shortDescription", json::Object{{"text", R.Title}}},
                   {"fullDescription", json::Object{{"text", R.Summary}}},
                   {"help", json::Object{{"text", renderRuleText(C, R)},
                                         {"markdown", std::move(Markdown)}}},
                   {"defaultConfiguration",
                    json::Object{{"level", sarifLevel(R.DefaultSeverity)}}},
                   {"properties", std::move(Properties)}};
  if (RulesUrl)
    Out["helpUri"] = *RulesUrl + "/" + R.Id + ".md";
  return Out;
}

class LocationWriter {
public:
  explicit LocationWriter(const std::string &Root) : Root(Root) {}

  json::Object artifact(const std::string &File) const {
    const std::string Rel = repoRelativePath(Root, File);
    if (!Rel.empty() && Rel.front() == '/')
      return json::Object{{"uri", "file://" + encodeUriPath(Rel)}};
    return json::Object{{"uri", encodeUriPath(Rel)}, {"uriBaseId", "%SRCROOT%"}};
  }
  static json::Object region(unsigned Line, unsigned Column, unsigned EndLine,
                             unsigned EndColumn) {
    json::Object R{{"startLine", Line}};
    if (Column)
      R["startColumn"] = Column;
    if (EndLine >= Line && EndColumn && (EndLine > Line || EndColumn >= Column)) {
      R["endLine"] = EndLine;
      R["endColumn"] = EndColumn;
    }
    return R;
  }
  json::Object physical(const std::string &File, unsigned Line, unsigned Column,
                        unsigned EndLine = 0, unsigned EndColumn = 0) const {
    json::Object P{{"artifactLocation", artifact(File)}};
    if (Line)
      P["region"] = region(Line, Column, EndLine, EndColumn);
    return P;
  }

private:
  const std::string &Root;
};

json::Array fixes(const Finding &F, const LocationWriter &Loc) {
  if (F.Fixes.empty())
    return {};
  // One fix per finding: all its edits, grouped by file.
  std::map<std::string, json::Array> ByFile;
  for (const FindingFix &X : F.Fixes)
    ByFile[X.File].push_back(json::Object{
        {"deletedRegion",
         LocationWriter::region(X.Line, X.Column, X.EndLine, X.EndColumn)},
        {"insertedContent", json::Object{{"text", X.Replacement}}}});
  json::Array Changes;
  for (auto &[File, Replacements] : ByFile)
    Changes.push_back(json::Object{{"artifactLocation", Loc.artifact(File)},
                                   {"replacements", std::move(Replacements)}});
  return json::Array{json::Object{
      {"description", json::Object{{"text", "clang fix-it for tablelint-" +
                                                F.RuleId}}},
      {"artifactChanges", std::move(Changes)}}};
}

json::Object result(const ReportedFinding &R, unsigned RuleIndex,
                    const LocationWriter &Loc) {
  const Finding &F = R.F;
  json::Object O{
      {"ruleId", F.RuleId},
      {"ruleIndex", RuleIndex},
      {"level", sarifLevel(F.Level)},
      {"message", json::Object{{"text", F.Message}}},
      {"locations",
       json::Array{json::Object{
           {"physicalLocation",
            Loc.physical(F.File, F.Line, F.Column, F.EndLine, F.EndColumn)}}}},
      {"partialFingerprints",
       json::Object{{SarifFingerprintKey, R.fingerprint()}}}};
  if (!F.Notes.empty()) {
    json::Array Related;
    unsigned Id = 1;
    for (const Finding::Note &N : F.Notes)
      Related.push_back(json::Object{
          {"id", Id++},
          {"physicalLocation", Loc.physical(N.File, N.Line, N.Column)},
          {"message", json::Object{{"text", N.Message}}}});
    O["relatedLocations"] = std::move(Related);
  }
  json::Array Fixes = fixes(F, Loc);
  if (!Fixes.empty())
    O["fixes"] = std::move(Fixes);
  return O;
}

json::Object notification(const ToolNotification &N, const LocationWriter &Loc) {
  json::Object O{{"level", sarifLevel(N.Level)},
                 {"message", json::Object{{"text", N.Message}}},
                 {"descriptor", json::Object{{"id", N.Id}}}};
  if (!N.File.empty())
    O["locations"] = json::Array{json::Object{
        {"physicalLocation", Loc.physical(N.File, N.Line, N.Column)}}};
  return O;
}

} // namespace

std::string renderSarif(const LintResult &Result, const Catalog &C,
                        const std::optional<std::string> &RulesUrl) {
  const LocationWriter Loc(Result.RepoRoot);
  json::Array Rules;
  std::map<std::string, unsigned> RuleIndex;
  for (const Rule &R : C.Rules) {
    RuleIndex[R.Id] = static_cast<unsigned>(Rules.size());
    Rules.push_back(rule(C, R, RulesUrl));
  }
  json::Array Results;
  for (const ReportedFinding &R : Result.Findings)
    Results.push_back(result(R, RuleIndex.at(R.F.RuleId), Loc));
  json::Array Notifications;
  for (const ToolNotification &N : Result.Notifications)
    Notifications.push_back(notification(N, Loc));

  json::Object Driver{{"name", SarifToolName},
                      {"version", TablelintVersion},
                      {"semanticVersion", TablelintVersion},
                      {"rules", std::move(Rules)}};
  if (RulesUrl)
    Driver["informationUri"] = *RulesUrl + "/README.md";
  json::Object Run{
      {"tool", json::Object{{"driver", std::move(Driver)}}},
      {"originalUriBaseIds",
       json::Object{
           {"%SRCROOT%",
            json::Object{{"uri", "file://" + encodeUriPath(Result.RepoRoot) +
                                     (Result.RepoRoot == "/" ? "" : "/")}}}}},
      {"invocations",
       json::Array{json::Object{
           {"executionSuccessful", Result.executionSuccessful()},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"columnKind", "unicodeCodePoints"},
      {"results", std::move(Results)}};
  if (Result.BaselineUsed) {
    json::Array Fixed;
    for (const BaselineEntry &E : Result.FixedSinceBaseline)
      Fixed.push_back(baselineEntryJson(E));
    json::Array Suppressed;
    for (const std::string &F : Result.BaselinedFingerprints)
      Suppressed.push_back(F);
    // The entry count and the suppressed fingerprints let `tablelint
    // merge` give the figures of one unsharded run: an entry suppressed in
    // one shard and fixed or not analysed in another is suppressed.
    Run["properties"] = json::Object{
        {"baselineEntries", Result.BaselineEntries},
        {"baselineSuppressed", Result.Baselined},
        {"baselineSuppressedFingerprints", std::move(Suppressed)},
        {"fixedSinceBaseline", std::move(Fixed)},
        {"baselineNotAnalysed", Result.NotAnalysedSinceBaseline.size()}};
  }
  json::Object Log{{"$schema", SarifSchemaUri},
                   {"version", "2.1.0"},
                   {"runs", json::Array{std::move(Run)}}};
  return jsonText(std::move(Log));
}

} // namespace tablelint
