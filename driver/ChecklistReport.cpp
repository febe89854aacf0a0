// Checklist evaluation and its Markdown and HTML renderings.
#include "driver/ChecklistReport.h"

#include "core/Text.h"

#include "driver/JsonText.h"
#include "driver/RuleDocs.h"

#include <fmt/format.h>
#include <llvm/Support/JSON.h>

#include <algorithm>
#include <map>

namespace tablelint {

namespace {

const char *statusName(ItemStatus S) {
  switch (S) {
  case ItemStatus::Pass:
    return "pass";
  case ItemStatus::Fail:
    return "fail";
  case ItemStatus::NotChecked:
    return "not checked";
  case ItemStatus::Advice:
    return "advice";
  }
  return "advice";
}

// The status as an HTML class and a JSON value.
const char *statusKey(ItemStatus S) {
  return S == ItemStatus::NotChecked ? "not-checked" : statusName(S);
}

std::string ruleList(const std::vector<const Rule *> &Rules) {
  std::string Out;
  for (const Rule *R : Rules)
    Out += (Out.empty() ? "" : ", ") + R->Id;
  return Out;
}

std::string joined(const std::vector<std::string> &Parts, const char *Sep) {
  std::string Out;
  for (const std::string &P : Parts)
    Out += (Out.empty() ? "" : Sep) + P;
  return Out;
}

std::string trimmed(std::string Text) {
  while (!Text.empty() && (Text.back() == '\n' || Text.back() == ' '))
    Text.pop_back();
  return Text;
}

// Why a rule (not advisory only) was not checked on this run: the kind of
// reason and the detail. Both empty when it was checked.
struct Unchecked {
  std::string Reason;
  std::string Detail;
};

Unchecked whyUnchecked(const Rule &R, const LintResult &Result) {
  if (Result.DisabledRules.count(R.Id))
    return {"rule disabled",
            R.Id + " is disabled (--enable/--disable, or rules in "
                   ".tablelint.yaml)"};
  const bool Code = R.detectedIn(Detector::Code);
  const bool Schema = R.detectedIn(Detector::Schema);
  const bool ByCode = Code && Result.CodeUnits;
  const bool BySchema = Schema && Result.SchemaFiles;
  if (!ByCode && BySchema)
    if (auto It = Result.UndeclaredInputs.find(R.Id);
        It != Result.UndeclaredInputs.end())
      return {"input not declared", R.Id + ": " + It->second};
  if (ByCode || BySchema)
    return {};
  const std::string Kind = Code && Schema ? "no C++ or schema given"
                           : Code         ? "no C++ given"
                                          : "no schema given";
  return {Kind, fmt::format("{} is checked in {}; no such file was analysed "
                            "({} C++ translation units, {} schema files)",
                            R.Id,
                            Code && Schema ? "C++ code or schema files"
                            : Code         ? "C++ code"
                                           : "schema files",
                            Result.CodeUnits, Result.SchemaFiles)};
}

// What tablelint observes for the advisory rules among Rules.
std::vector<std::string> adviceOf(const std::vector<const Rule *> &Rules) {
  std::vector<std::string> Out;
  for (const Rule *R : Rules)
    if (R->isAdvisory() && !R->Observes.empty())
      Out.push_back(trimmed(R->Observes));
  return Out;
}

// Status and explanation of an item without findings.
void decide(ChecklistEntry &E, const LintResult &Result) {
  std::vector<std::string> Checked, Reasons, Details;
  bool AdviceOnly = true;
  for (const Rule *R : E.Rules) {
    if (R->isAdvisoryOnly())
      continue;
    AdviceOnly = false;
    const Unchecked U = whyUnchecked(*R, Result);
    if (U.Reason.empty()) {
      Checked.push_back(R->Id);
      continue;
    }
    if (std::find(Reasons.begin(), Reasons.end(), U.Reason) == Reasons.end())
      Reasons.push_back(U.Reason);
    Details.push_back(U.Detail);
  }
  if (!Checked.empty()) {
    E.Status = ItemStatus::Pass;
    E.Explanation = "no finding from " + joined(Checked, ", ");
    if (!Details.empty())
      E.Explanation += "; not checked: " + joined(Details, "; ");
  } else if (AdviceOnly) {
    E.Status = ItemStatus::Advice;
    E.Explanation = joined(adviceOf(E.Rules), "\n");
  } else {
    E.Status = ItemStatus::NotChecked;
    E.Reason = joined(Reasons, "; ");
    std::vector<std::string> Lines = Details;
    for (const std::string &A : adviceOf(E.Rules))
      Lines.push_back(A);
    E.Explanation = joined(Lines, "\n");
  }
}

std::string where(const ReportedFinding &R) {
  return fmt::format("{}:{}:{}", R.RelativePath, R.F.Line, R.F.Column);
}

// Pipes and line breaks would break a Markdown table cell.
std::string cell(const std::string &Text) {
  std::string Out;
  for (const char C : Text)
    Out += C == '|' ? std::string("\\|") : C == '\n' ? std::string(" ") : std::string(1, C);
  return Out;
}

std::string counts(const std::vector<ChecklistEntry> &Entries,
                   const LintResult &Result) {
  unsigned N[4] = {0, 0, 0, 0};
  for (const ChecklistEntry &E : Entries)
    ++N[static_cast<int>(E.Status)];
  return fmt::format("Inputs: {} C++ translation units, {} schema files. "
                     "{} pass, {} fail, {} not checked, {} advice.{}",
                     Result.CodeUnits, Result.SchemaFiles, N[0], N[1], N[2],
                     N[3],
                     Result.executionSuccessful()
                         ? ""
                         : " Some inputs could not be analysed: see the "
                           "errors tablelint printed.");
}

// "not checked (rule disabled)" and the like.
std::string statusText(const ChecklistEntry &E) {
  return E.Reason.empty() ? statusName(E.Status)
                          : std::string(statusName(E.Status)) + " (" + E.Reason + ")";
}

std::string itemLink(const ChecklistItem &I) {
  return std::string(ChecklistPageUrl) + "#" + I.Anchor;
}

} // namespace

std::vector<ChecklistEntry> evaluateChecklist(const Catalog &C,
                                              const LintResult &Result) {
  std::vector<ChecklistEntry> Out;
  for (const ChecklistItem &I : C.Items) {
    ChecklistEntry E;
    E.Item = &I;
    E.Rules = C.rulesForItem(I.Number);
    for (const ReportedFinding &R : Result.Findings)
      for (const Rule *Rl : E.Rules)
        if (R.F.RuleId == Rl->Id)
          E.Findings.push_back(&R);
    if (!E.Findings.empty())
      E.Status = ItemStatus::Fail;
    else
      decide(E, Result);
    Out.push_back(std::move(E));
  }
  return Out;
}

std::string renderChecklistMarkdown(const std::vector<ChecklistEntry> &Entries,
                                    const LintResult &Result) {
  std::string Out = "# Table storage performance checklist\n\n" +
                    counts(Entries, Result) + "\n\n" +
                    "| # | Item | Status | Rules |\n|---:|---|---|---|\n";
  for (const ChecklistEntry &E : Entries)
    Out += fmt::format("| {} | [{}]({}) | **{}**{} | {} |\n", E.Item->Number,
                       cell(E.Item->Question), itemLink(*E.Item),
                       statusName(E.Status),
                       E.Reason.empty() ? "" : " (" + cell(E.Reason) + ")",
                       cell(ruleList(E.Rules)));
  for (const auto &[S, Title] :
       {std::pair(ItemStatus::Fail, "Failing items"),
        std::pair(ItemStatus::NotChecked, "Items not checked"),
        std::pair(ItemStatus::Advice, "Advice")}) {
    bool Header = false;
    for (const ChecklistEntry &E : Entries) {
      if (E.Status != S)
        continue;
      if (!Header)
        Out += fmt::format("\n## {}\n", Title);
      Header = true;
      Out += fmt::format("\n### {}. {}\n\n", E.Item->Number, E.Item->Question);
      for (const ReportedFinding *R : E.Findings)
        Out += fmt::format("- `{}` {}: {} [tablelint-{}]\n", where(*R),
                           severityName(R->F.Level), R->F.Message, R->F.RuleId);
      if (!E.Explanation.empty())
        Out += E.Explanation + "\n";
    }
  }
  return Out;
}

std::string renderChecklistHtml(const std::vector<ChecklistEntry> &Entries,
                                const LintResult &Result) {
  std::string Rows;
  for (const ChecklistEntry &E : Entries) {
    std::string Detail;
    for (const ReportedFinding *R : E.Findings)
      Detail += fmt::format("<li><code>{}</code> {}: {} "
                            "<code>[tablelint-{}]</code></li>",
                            htmlEscape(where(*R)), severityName(R->F.Level),
                            htmlEscape(R->F.Message), htmlEscape(R->F.RuleId));
    if (!Detail.empty())
      Detail = "<ul>" + Detail + "</ul>";
    if (!E.Explanation.empty())
      Detail += "<p>" + htmlEscape(E.Explanation) + "</p>";
    Rows += fmt::format(
        "<tr class=\"{0}\"><td>{1}</td><td><a href=\"{2}\">{3}</a>{4}</td>"
        "<td><span class=\"status\">{6}</span></td><td>{5}</td></tr>\n",
        statusKey(E.Status), E.Item->Number, htmlEscape(itemLink(*E.Item)),
        htmlEscape(E.Item->Question), Detail, htmlEscape(ruleList(E.Rules)),
        htmlEscape(statusText(E)));
  }
  return fmt::format(
      R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Table storage performance checklist - tablelint</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #1f2328; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #d0d7de; padding: .5em; text-align: left; vertical-align: top; }}
td p, td ul {{ margin: .3em 0 0; font-size: 90%; color: #57606a; }}
.status {{ font-weight: 600; padding: .1em .5em; border-radius: 1em; }}
.pass .status {{ background: #dafbe1; color: #1a7f37; }}
.fail .status {{ background: #ffebe9; color: #cf222e; }}
.not-checked .status {{ background: #eaeef2; color: #57606a; }}
.advice .status {{ background: #fff8c5; color: #9a6700; }}
</style>
</head>
<body>
<h1>Table storage performance checklist</h1>
<p>{}</p>
<table>
<thead><tr><th>#</th><th>Item</th><th>Status</th><th>Rules</th></tr></thead>
<tbody>
{}</tbody>
</table>
</body>
</html>
)",
      htmlEscape(counts(Entries, Result)), Rows);
}

std::string renderChecklistJson(const std::vector<ChecklistEntry> &Entries,
                                const LintResult &Result) {
  namespace json = llvm::json;
  json::Array Items;
  std::map<std::string, unsigned> Counts = {
      {"pass", 0}, {"fail", 0}, {"not-checked", 0}, {"advice", 0}};
  for (const ChecklistEntry &E : Entries) {
    ++Counts[statusKey(E.Status)];
    json::Array Rules, Findings;
    for (const Rule *R : E.Rules)
      Rules.push_back(R->Id);
    for (const ReportedFinding *R : E.Findings)
      Findings.push_back(json::Object{{"rule", R->F.RuleId},
                                      {"path", R->RelativePath},
                                      {"line", R->F.Line},
                                      {"column", R->F.Column},
                                      {"level", std::string(severityName(R->F.Level))},
                                      {"message", R->F.Message}});
    json::Object Item{{"number", E.Item->Number},
                      {"question", E.Item->Question},
                      {"url", itemLink(*E.Item)},
                      {"status", statusKey(E.Status)},
                      {"rules", std::move(Rules)},
                      {"findings", std::move(Findings)},
                      {"explanation", E.Explanation}};
    if (!E.Reason.empty())
      Item["reason"] = E.Reason;
    Items.push_back(std::move(Item));
  }
  json::Object Totals;
  for (const auto &[Key, N] : Counts)
    Totals[Key] = N;
  return jsonText(json::Object{
      {"version", 1},
      {"inputs", json::Object{{"codeUnits", Result.CodeUnits},
                              {"schemaFiles", Result.SchemaFiles}}},
      {"executionSuccessful", Result.executionSuccessful()},
      {"counts", std::move(Totals)},
      {"items", std::move(Items)}});
}

} // namespace tablelint
