// Parsing and writing the live backend's JSON with llvm::json.
#include "replay/live/LiveJson.h"

#include "core/JsonNesting.h"

#include <llvm/Support/raw_ostream.h>

namespace tablelint::live {

std::optional<llvm::json::Value> parseJson(std::string_view Text,
                                           std::string &Error) {
  if (const std::size_t At = jsonTooDeepOffset(Text, MaxJsonDepth);
      At != std::string_view::npos) {
    Error = "offset " + std::to_string(At) + ": nesting deeper than " +
            std::to_string(MaxJsonDepth) + " levels";
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> V =
      llvm::json::parse(llvm::StringRef(Text.data(), Text.size()));
  if (!V) {
    // "[line:col, byte=N]: message" -> "offset N: message".
    std::string Message = llvm::toString(V.takeError());
    const std::size_t Byte = Message.find("byte=");
    const std::size_t Close = Message.find("]: ");
    if (Byte != std::string::npos && Close != std::string::npos && Byte < Close)
      Message = "offset " + Message.substr(Byte + 5, Close - Byte - 5) + ": " +
                Message.substr(Close + 3);
    Error = std::move(Message);
    return std::nullopt;
  }
  return std::move(*V);
}

std::string writeJson(const llvm::json::Value &V) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << V;
  OS.flush();
  return Out;
}

} // namespace tablelint::live
