// SARIF facts shared by the writer (SarifWriter.cpp) and `tablelint merge`.
#pragma once

#include <string>

namespace tablelint {

inline constexpr const char *SarifSchemaUri =
    "https://json.schemastore.org/sarif-2.1.0.json";
inline constexpr const char *SarifToolName = "tablelint";
// partialFingerprints key: version 1 of our recipe (Fingerprint.h).
inline constexpr const char *SarifFingerprintKey = "tablelintFingerprint/v1";

// Percent-encodes a path for a SARIF URI ('/' kept).
std::string encodeUriPath(const std::string &Path);

} // namespace tablelint
