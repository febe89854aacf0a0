// An error in a user's input file (rule catalog, schema, configuration),
// located at file:line:column, printed the way compilers print them.
#pragma once

#include <string>

namespace tablelint {

struct InputError {
  std::string File;
  // 1-based; 0 when unknown (the whole file).
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;

  // "file:line:col: error: message" (line and column omitted when 0).
  std::string str() const {
    std::string Out = File;
    if (Line) {
      Out += ':' + std::to_string(Line);
      if (Column)
        Out += ':' + std::to_string(Column);
    }
    return Out + ": error: " + Message;
  }
};

} // namespace tablelint
