// The renderings of a lint run: text (clang's diagnostic format), JSON (the
// stable shape in docs/lint.md), GitHub Actions workflow commands, and
// SARIF 2.1.0 for GitHub code scanning. Each returns the whole document;
// the caller writes it to stdout or, atomically, to -o FILE.
#pragma once

#include "core/RuleCatalog.h"
#include "driver/LintResult.h"

#include <optional>
#include <string>

namespace tablelint {

// How the text report looks: clang's colours (on a terminal, or with
// --color=always) and the source line with a caret under each diagnostic.
struct TextStyle {
  bool Color = false;
  bool Snippets = true;
};

// "path:line:col: warning: message [tablelint-rule]", the source line and a
// caret, and the notes (each with its own line and caret).
std::string renderText(const LintResult &Result, const TextStyle &Style = {});
// One line for stderr: counts by level, baseline effect. Followed by one
// line per baseline entry that no finding matches any more.
std::string renderSummary(const LintResult &Result);
// The notifications, as "path:line:col: error: message" lines for stderr.
std::string renderNotifications(const LintResult &Result, bool Color = false);

std::string renderJson(const LintResult &Result);

// "::warning file=src/a.cpp,line=4,col=5,title=...::message" lines.
std::string renderGithub(const LintResult &Result);
// Workflow-command escaping: message data, and property values.
std::string escapeGithubData(const std::string &Text);
std::string escapeGithubProperty(const std::string &Text);

// A SARIF 2.1.0 log with one run: every catalog rule in tool.driver.rules,
// each with helpUri RulesUrl/<id>.md when RulesUrl is set (RuleDocsUrl.h).
std::string renderSarif(const LintResult &Result, const Catalog &C,
                        const std::optional<std::string> &RulesUrl);

} // namespace tablelint
