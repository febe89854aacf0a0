// Guarded JSON parsing (see JsonInput.h).
#include "replay/JsonInput.h"

#include "core/JsonNesting.h"

namespace tablelint {

std::optional<llvm::json::Value> parseJsonInput(llvm::StringRef Text,
                                                const std::string &File,
                                                std::vector<InputError> &Errors,
                                                unsigned FirstLine) {
  if (auto Deep =
          jsonNestingError({Text.data(), Text.size()}, File, FirstLine)) {
    Errors.push_back(std::move(*Deep));
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed) {
    Errors.push_back(
        jsonSyntaxError(File, llvm::toString(Parsed.takeError()), FirstLine));
    return std::nullopt;
  }
  return std::move(*Parsed);
}

} // namespace tablelint
