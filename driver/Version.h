// The tablelint version and where its rule pages are published, as SARIF
// and --version show them.
#pragma once

namespace tablelint {

// The one place the version is written is project(... VERSION) in the top
// CMakeLists.txt (packages, --version and SARIF all take it from there).
inline constexpr const char *TablelintVersion = TABLELINT_VERSION;

// docs/rules/<id>.md on the published repository (SARIF helpUri must be an
// absolute URI); set at configure time with -DTABLELINT_DOCS_URL=...
#ifndef TABLELINT_DOCS_URL
#define TABLELINT_DOCS_URL "https://github.com/tablelint/tablelint/blob/main/docs/rules"
#endif
inline constexpr const char *RuleDocsUrl = TABLELINT_DOCS_URL;

} // namespace tablelint
