// The design patterns guide's cases (test-inputs/schemas/patterns): each
// pattern's current design, and in expected/ what suggest writes for it.
#pragma once

#include <algorithm>
#include <filesystem>
#include <vector>

namespace tablelint::test {

inline const std::filesystem::path &patternRoot() {
  static const std::filesystem::path Root =
      std::filesystem::path(TABLELINT_SOURCE_DIR) /
      "test-inputs/schemas/patterns";
  return Root;
}

// The patterns' current designs, by name.
inline std::vector<std::filesystem::path> patternFiles() {
  std::vector<std::filesystem::path> Out;
  for (const auto &E : std::filesystem::directory_iterator(patternRoot()))
    if (E.path().extension() == ".yaml")
      Out.push_back(E.path());
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace tablelint::test
