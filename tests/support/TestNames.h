// Names of parameterised golden tests: a file's name or path with every
// character GoogleTest does not allow in a test name made '_'
// ("retry-non-retryable/retry_loops.cpp" -> "retry_non_retryable_retry_loops_cpp").
#pragma once

#include <cctype>
#include <string>

namespace tablelint::test {

inline std::string testNameOf(std::string Name) {
  for (char &C : Name)
    if (!std::isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return Name;
}

} // namespace tablelint::test
