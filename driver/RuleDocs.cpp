// Text, Markdown and JSON renderings of the rule catalog.
#include "driver/RuleDocs.h"

#include "driver/JsonText.h"

#include "core/SecuritySeverity.h"

#include <fmt/format.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

namespace tablelint {

namespace {

std::string join(const std::vector<std::string> &Parts, std::string_view Sep) {
  std::string Out;
  for (std::size_t I = 0; I < Parts.size(); ++I) {
    if (I)
      Out += Sep;
    Out += Parts[I];
  }
  return Out;
}

std::string itemList(const Rule &R) {
  std::vector<std::string> Parts;
  Parts.reserve(R.Checklist.size());
  for (unsigned N : R.Checklist)
    Parts.push_back(std::to_string(N));
  return Parts.empty() ? "design" : join(Parts, ",");
}

std::string trimTrailingNewlines(std::string S) {
  while (!S.empty() && (S.back() == '\n' || S.back() == ' '))
    S.pop_back();
  return S;
}

std::string indent(const std::string &Text, std::string_view Prefix) {
  std::string Out;
  std::size_t Start = 0;
  const std::string T = trimTrailingNewlines(Text);
  while (Start <= T.size()) {
    std::size_t End = T.find('\n', Start);
    if (End == std::string::npos)
      End = T.size();
    const std::string Line = T.substr(Start, End - Start);
    Out += Line.empty() ? "\n" : std::string(Prefix) + Line + "\n";
    Start = End + 1;
  }
  return Out;
}

std::string checklistLinks(const Catalog &C, const Rule &R) {
  std::vector<std::string> Parts;
  for (unsigned N : R.Checklist)
    if (const ChecklistItem *I = C.item(N))
      Parts.push_back(fmt::format("[#{} {}]({}#{})", N, I->Anchor,
                                  ChecklistPageUrl, I->Anchor));
  for (const std::string &D : R.Design)
    Parts.push_back("design: " + D);
  return join(Parts, ", ");
}

} // namespace

std::string renderRuleTable(const Catalog &C) {
  std::size_t IdWidth = 2, DetWidth = 11;
  for (const Rule &R : C.Rules) {
    IdWidth = std::max(IdWidth, R.Id.size());
    DetWidth = std::max(DetWidth, join(R.Detection, ",").size());
  }
  std::string Out = fmt::format(
      "{} rules answering the {} checklist items (tablelint rules ID for one "
      "in full)\n\n",
      C.Rules.size(), C.Items.size());
  Out += fmt::format("{:<{}}  {:<8}  {:<{}}  {:<6}  {}\n", "ID", IdWidth,
                     "SEVERITY", "DETECTED IN", DetWidth, "ITEMS", "TITLE");
  for (const Rule &R : C.Rules)
    Out += fmt::format("{:<{}}  {:<8}  {:<{}}  {:<6}  {}\n", R.Id, IdWidth,
                       severityName(R.DefaultSeverity),
                       join(R.Detection, ","), DetWidth, itemList(R), R.Title);
  return Out;
}

std::string renderRuleText(const Catalog &C, const Rule &R) {
  std::string Out = fmt::format("{} ({})\n{}\n\n", R.Id, R.checkName(), R.Title);
  Out += fmt::format("  severity:    {}\n", severityName(R.DefaultSeverity));
  Out += fmt::format("  detected in: {}\n", join(R.Detection, ", "));
  for (unsigned N : R.Checklist)
    if (const ChecklistItem *I = C.item(N))
      Out += fmt::format("  checklist:   #{} {} ({})\n", N, I->Anchor,
                         I->Category);
  for (const std::string &D : R.Design)
    Out += fmt::format("  design page: {}\n", D);
  Out += fmt::format("  category:    {}\n  precision:   {}\n", R.Category,
                     R.Precision);
  if (std::string Score = securitySeverity(R.Id); !Score.empty())
    Out += fmt::format("  security:    {} (security-severity)\n", Score);
  Out += "\n";
  Out += indent(R.Summary, "") + "\n";
  Out += "Why it matters:\n" + indent(R.Rationale, "  ") + "\n";
  if (R.isAdvisory())
    Out += "What tablelint observes:\n" + indent(R.Observes, "  ") + "\n";
  Out += "Flagged:\n" + indent(R.Bad.Code, "    ") + "\n";
  Out += "Fixed:\n" + indent(R.Good.Code, "    ") + "\n";
  Out += "How to fix:\n" + indent(R.Help, "  ");
  if (!R.Options.empty()) {
    Out += "\nOptions (.tablelint.yaml):\n";
    for (const RuleOption &O : R.Options)
      Out += fmt::format("  {} (default {}): {}\n", O.Name, O.Default,
                         trimTrailingNewlines(O.Description));
  }
  return Out;
}

std::string renderRulePage(const Catalog &C, const Rule &R) {
  std::string Out = "<!-- Generated from " + R.SourceFile +
                    " by `tablelint rules --format markdown --output-dir "
                    "docs/rules`. Do not edit. -->\n";
  Out += fmt::format("# {}\n\n**{}**\n\n", R.Id, R.Title);
  Out += "| | |\n|---|---|\n";
  Out += fmt::format("| Check name | `{}` |\n", R.checkName());
  Out += fmt::format("| Default severity | {} |\n",
                     severityName(R.DefaultSeverity));
  Out += fmt::format("| Detected in | {} |\n", join(R.Detection, ", "));
  Out += fmt::format("| Checklist | {} |\n", checklistLinks(C, R));
  Out += fmt::format("| Category | {} |\n", R.Category);
  Out += fmt::format("| Precision | {} |\n", R.Precision);
  Out += fmt::format("| Tags | {} |\n", join(R.Tags, ", "));
  if (std::string Score = securitySeverity(R.Id); !Score.empty())
    Out += fmt::format("| Security severity | {} (GitHub code scanning) |\n",
                       Score);
  Out += "\n";
  Out += trimTrailingNewlines(R.Summary) + "\n\n";
  Out += "## Why it matters\n\n" + trimTrailingNewlines(R.Rationale) + "\n\n";
  if (R.isAdvisory())
    Out += "## What tablelint observes\n\n" + trimTrailingNewlines(R.Observes) +
           "\n\n";
  Out += "## Example\n\nFlagged:\n\n```" + R.Bad.Language + "\n" +
         trimTrailingNewlines(R.Bad.Code) + "\n```\n\n";
  Out += "Fixed:\n\n```" + R.Good.Language + "\n" +
         trimTrailingNewlines(R.Good.Code) + "\n```\n\n";
  Out += "## How to fix\n\n" + trimTrailingNewlines(R.Help) + "\n";
  if (!R.Options.empty()) {
    Out += "\n## Options\n\nSet in `.tablelint.yaml`.\n\n| Option | Default | "
           "Meaning |\n|---|---|---|\n";
    for (const RuleOption &O : R.Options)
      Out += fmt::format("| `{}` | `{}` | {} |\n", O.Name, O.Default,
                         trimTrailingNewlines(O.Description));
  }
  return Out;
}

std::string renderRuleIndex(const Catalog &C) {
  std::string Out =
      "<!-- Generated from rules/ by `tablelint rules --format markdown "
      "--output-dir docs/rules`. Do not edit. -->\n"
      "# tablelint rules\n\n";
  Out += fmt::format(
      "{} rules. Each answers one or more items of the Table storage "
      "performance and scalability checklist, or a limit of the data model. "
      "Rule names in clang-tidy form are `tablelint-<id>`.\n\n",
      C.Rules.size());
  Out += "| Rule | Severity | Detected in | Checklist | Title |\n"
         "|---|---|---|---|---|\n";
  for (const Rule &R : C.Rules)
    Out += fmt::format("| [{}]({}.md) | {} | {} | {} | {} |\n", R.Id, R.Id,
                       severityName(R.DefaultSeverity), join(R.Detection, ", "),
                       itemList(R), R.Title);
  Out += "\n## Checklist coverage\n\n| # | Item | Category | Answered by |\n"
         "|---|---|---|---|\n";
  for (const ChecklistItem &I : C.Items) {
    std::vector<std::string> Links;
    for (const Rule *R : C.rulesForItem(I.Number))
      Links.push_back(fmt::format("[{}]({}.md)", R->Id, R->Id));
    Out += fmt::format("| {} | [{}]({}#{}) | {} | {} |\n", I.Number, I.Anchor,
                       ChecklistPageUrl, I.Anchor, I.Category,
                       join(Links, ", "));
  }
  return Out;
}

std::map<std::string, std::string> renderRuleDocs(const Catalog &C) {
  std::map<std::string, std::string> Files;
  Files["README.md"] = renderRuleIndex(C);
  for (const Rule &R : C.Rules)
    Files[R.Id + ".md"] = renderRulePage(C, R);
  return Files;
}

std::string renderCatalogJson(const Catalog &C) {
  llvm::json::Array Items;
  for (const ChecklistItem &I : C.Items)
    Items.push_back(llvm::json::Object{{"number", I.Number},
                                       {"anchor", I.Anchor},
                                       {"category", I.Category},
                                       {"question", I.Question}});
  llvm::json::Array Rules;
  for (const Rule &R : C.Rules) {
    llvm::json::Array Options;
    for (const RuleOption &O : R.Options)
      Options.push_back(llvm::json::Object{{"name", O.Name},
                                           {"default", O.Default},
                                           {"description", O.Description}});
    llvm::json::Object Obj{
        {"id", R.Id},
        {"checkName", R.checkName()},
        {"title", R.Title},
        {"checklist", llvm::json::Array(R.Checklist)},
        {"design", llvm::json::Array(R.Design)},
        {"detection", llvm::json::Array(R.Detection)},
        {"severity", std::string(severityName(R.DefaultSeverity))},
        {"category", R.Category},
        {"tags", llvm::json::Array(R.Tags)},
        {"precision", R.Precision},
        {"summary", trimTrailingNewlines(R.Summary)},
        {"rationale", trimTrailingNewlines(R.Rationale)},
        {"bad", llvm::json::Object{{"language", R.Bad.Language},
                                   {"code", R.Bad.Code}}},
        {"good", llvm::json::Object{{"language", R.Good.Language},
                                    {"code", R.Good.Code}}},
        {"help", trimTrailingNewlines(R.Help)},
        {"options", std::move(Options)},
    };
    if (R.isAdvisory())
      Obj["observes"] = trimTrailingNewlines(R.Observes);
    Rules.push_back(std::move(Obj));
  }
  return jsonText(llvm::json::Object{{"checklist", std::move(Items)},
                                     {"rules", std::move(Rules)}});
}

} // namespace tablelint
