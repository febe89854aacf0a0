// Checklist evaluation and its Markdown and HTML renderings.
#include "driver/ChecklistReport.h"

#include "core/Text.h"

#include "driver/RuleDocs.h"

#include <fmt/format.h>

namespace tablelint {

namespace {

const char *statusName(ItemStatus S) {
  switch (S) {
  case ItemStatus::Pass:
    return "pass";
  case ItemStatus::Fail:
    return "fail";
  case ItemStatus::Advisory:
    return "advisory";
  }
  return "advisory";
}

// Whether some rule of the item was checked on the inputs given.
std::vector<const Rule *> checkedRules(const std::vector<const Rule *> &Rules,
                                       const LintResult &Result) {
  std::vector<const Rule *> Out;
  for (const Rule *R : Rules)
    if ((R->detectedIn(Detector::Code) && Result.CodeUnits) ||
        (R->detectedIn(Detector::Schema) && Result.SchemaFiles))
      Out.push_back(R);
  return Out;
}

std::string ruleList(const std::vector<const Rule *> &Rules) {
  std::string Out;
  for (const Rule *R : Rules)
    Out += (Out.empty() ? "" : ", ") + R->Id;
  return Out;
}

std::string advisoryText(const std::vector<const Rule *> &Rules,
                         const LintResult &Result) {
  std::string Out;
  for (const Rule *R : Rules) {
    std::string Line;
    if (!R->Observes.empty()) {
      Line = R->Observes;
      while (!Line.empty() && (Line.back() == '\n' || Line.back() == ' '))
        Line.pop_back();
    } else {
      std::vector<std::string> Where;
      for (const std::string &D : R->Detection)
        if (D != "advisory")
          Where.push_back(D);
      std::string List;
      for (const std::string &W : Where)
        List += (List.empty() ? "" : " or ") + W;
      Line = fmt::format("{} is checked in {}; no such input was analysed "
                         "({} C++ translation units, {} schema files)",
                         R->Id, List, Result.CodeUnits, Result.SchemaFiles);
    }
    Out += (Out.empty() ? "" : "\n") + Line;
  }
  return Out;
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
  unsigned N[3] = {0, 0, 0};
  for (const ChecklistEntry &E : Entries)
    ++N[static_cast<int>(E.Status)];
  return fmt::format("Inputs: {} C++ translation units, {} schema files. "
                     "{} pass, {} fail, {} advisory.{}",
                     Result.CodeUnits, Result.SchemaFiles, N[0], N[1], N[2],
                     Result.executionSuccessful()
                         ? ""
                         : " Some inputs could not be analysed: see the "
                           "errors tablelint printed.");
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
    const std::vector<const Rule *> Checked = checkedRules(E.Rules, Result);
    if (!E.Findings.empty()) {
      E.Status = ItemStatus::Fail;
    } else if (!Checked.empty()) {
      E.Status = ItemStatus::Pass;
      E.Explanation = "no finding from " + ruleList(Checked);
    } else {
      E.Status = ItemStatus::Advisory;
      E.Explanation = advisoryText(E.Rules, Result);
    }
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
    Out += fmt::format("| {} | [{}]({}) | **{}** | {} |\n", E.Item->Number,
                       cell(E.Item->Question), itemLink(*E.Item),
                       statusName(E.Status), cell(ruleList(E.Rules)));
  for (const ItemStatus S : {ItemStatus::Fail, ItemStatus::Advisory}) {
    bool Header = false;
    for (const ChecklistEntry &E : Entries) {
      if (E.Status != S)
        continue;
      if (!Header)
        Out += S == ItemStatus::Fail ? "\n## Failing items\n"
                                     : "\n## Advisory items\n";
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
        "<td><span class=\"status\">{0}</span></td><td>{5}</td></tr>\n",
        statusName(E.Status), E.Item->Number, htmlEscape(itemLink(*E.Item)),
        htmlEscape(E.Item->Question), Detail, htmlEscape(ruleList(E.Rules)));
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
.advisory .status {{ background: #fff8c5; color: #9a6700; }}
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

} // namespace tablelint
