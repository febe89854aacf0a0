// The tablelint version and where its rule pages are published, as SARIF
// and --version show them.
#pragma once

namespace tablelint {

inline constexpr const char *TablelintVersion = "0.1.0";

// docs/rules/<id>.md on the published repository (SARIF helpUri must be an
// absolute URI); set at configure time with -DTABLELINT_DOCS_URL=...
#ifndef TABLELINT_DOCS_URL
#define TABLELINT_DOCS_URL "https://github.com/tablelint/tablelint/blob/main/docs/rules"
#endif
inline constexpr const char *RuleDocsUrl = TABLELINT_DOCS_URL;

} // namespace tablelint
