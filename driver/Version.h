// The tablelint version, as SARIF and --version show it.
#pragma once

namespace tablelint {

inline constexpr const char *TablelintVersion = "0.1.0";

} // namespace tablelint
