// The tablelint version, as SARIF and --version show it.
#pragma once

namespace tablelint {

// The one place the version is written is project(... VERSION) in the top
// CMakeLists.txt (packages, --version and SARIF all take it from there).
inline constexpr const char *TablelintVersion = TABLELINT_VERSION;

} // namespace tablelint
