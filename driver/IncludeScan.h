// The headers a translation unit reads, found by following its #include
// lines through the include paths of its compile command (the file's own
// directory, -iquote and -I; system paths are not followed). It reads, it
// does not preprocess: an #include inside a disabled #if is followed too.
// A baseline uses it to tell the headers a run analysed from those it did
// not (an entry of a header no analysed TU reads is neither fixed nor new).
#pragma once

#include "driver/CodeAnalysis.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tablelint {

class IncludeScanner {
public:
  // Absolute, normalised paths of the files Unit includes, directly or
  // not (the unit's own file not among them).
  std::set<std::string> headersOf(const TranslationUnit &Unit);

private:
  struct Directive {
    std::string Name;
    bool Angled = false;
  };
  // The #include directives of a file, read once per run.
  const std::vector<Directive> &directivesOf(const std::string &File);

  std::map<std::string, std::vector<Directive>> Directives;
};

} // namespace tablelint
