// The checklist report: each of the 29 items of the Table storage
// performance checklist (rules/checklist.yaml) as exactly one of pass (its
// rules were checked and found nothing), fail (with the findings of its
// rules), not checked (and why: a rule disabled, an input the files do not
// declare, no file of the kind its rules read) or advice (an item no tool
// can decide: what tablelint observes), as Markdown, one self-contained HTML
// page, or JSON.
#pragma once

#include "core/RuleCatalog.h"
#include "driver/LintResult.h"

#include <string>
#include <vector>

namespace tablelint {

enum class ItemStatus { Pass, Fail, NotChecked, Advice };

struct ChecklistEntry {
  const ChecklistItem *Item = nullptr;
  std::vector<const Rule *> Rules;
  ItemStatus Status = ItemStatus::Advice;
  std::vector<const ReportedFinding *> Findings; // for Fail
  // For NotChecked: the kinds of reason, "rule disabled", "input not
  // declared", "no C++ given", "no schema given" (joined by "; ").
  std::string Reason;
  std::string Explanation; // what was checked, or why not, or the advice
};

// Decides each item's status from the run (which findings, which kinds of
// input were analysed).
std::vector<ChecklistEntry> evaluateChecklist(const Catalog &C,
                                              const LintResult &Result);

std::string renderChecklistMarkdown(const std::vector<ChecklistEntry> &Entries,
                                    const LintResult &Result);
std::string renderChecklistHtml(const std::vector<ChecklistEntry> &Entries,
                                const LintResult &Result);
std::string renderChecklistJson(const std::vector<ChecklistEntry> &Entries,
                                const LintResult &Result);

} // namespace tablelint
