// A unified diff of two texts, line by line (`suggest --diff`): the hunks
// of `diff -u`, with Context unchanged lines around each change.
#pragma once

#include <string>

namespace tablelint {

// Empty when the texts are equal.
std::string unifiedDiff(const std::string &OldName, const std::string &NewName,
                        const std::string &Old, const std::string &New,
                        unsigned Context = 3);

} // namespace tablelint
