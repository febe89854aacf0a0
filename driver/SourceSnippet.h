// The source line under a text diagnostic, with a caret at the column and
// tildes under the rest of a one-line range, as clang and clang-tidy print
// it:
//     49 |   auto Page = Client.QueryEntities("Status eq 'fail'");
//        |                                    ^~~~~~~~~~~~~~~~~~
// For schema findings the line is the YAML line of the element.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

// Reads each file once per report; files that cannot be read give no
// snippet (the diagnostic line alone is still printed).
class SourceSnippets {
public:
  // The two snippet lines (with their '\n'), or "" when Line is 0 or the
  // file or line cannot be read. EndColumn is exclusive, as in Finding;
  // a range over several lines gets the caret alone. Color: the caret line
  // in bold green, as clang colours it.
  std::string render(const std::string &File, unsigned Line, unsigned Column,
                     unsigned EndLine, unsigned EndColumn, bool Color);

private:
  const std::vector<std::string> *lines(const std::string &File);
  std::map<std::string, std::optional<std::vector<std::string>>> Files;
};

} // namespace tablelint
