// What the fuzz targets share: an invariant that aborts (libFuzzer then
// keeps the input) with what broke, and the line count errors must stay in.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace tablelint::fuzz {

inline void check(bool Ok, const char *What, const std::string &Detail = "") {
  if (Ok)
    return;
  std::fprintf(stderr, "invariant broken: %s\n%s\n", What, Detail.c_str());
  std::abort();
}

inline unsigned lineCount(std::string_view Text) {
  unsigned Lines = 1;
  for (char C : Text)
    Lines += C == '\n';
  return Lines;
}

} // namespace tablelint::fuzz
