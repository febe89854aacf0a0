// The checklist report: each of the 29 items of the Table storage
// performance checklist (rules/checklist.yaml) as pass, fail (with the
// findings of its rules) or advisory (what tablelint could observe, or that
// the inputs it needs were not given), as Markdown or one self-contained
// HTML page.
#pragma once

#include "core/RuleCatalog.h"
#include "driver/LintResult.h"

#include <string>
#include <vector>

namespace tablelint {

enum class ItemStatus { Pass, Fail, Advisory };

struct ChecklistEntry {
  const ChecklistItem *Item = nullptr;
  std::vector<const Rule *> Rules;
  ItemStatus Status = ItemStatus::Advisory;
  std::vector<const ReportedFinding *> Findings; // for Fail
  std::string Explanation; // for Pass and Advisory
};

// Decides each item's status from the run (which findings, which kinds of
// input were analysed).
std::vector<ChecklistEntry> evaluateChecklist(const Catalog &C,
                                              const LintResult &Result);

std::string renderChecklistMarkdown(const std::vector<ChecklistEntry> &Entries,
                                    const LintResult &Result);
std::string renderChecklistHtml(const std::vector<ChecklistEntry> &Entries,
                                const LintResult &Result);

} // namespace tablelint
