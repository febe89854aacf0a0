// The transport of `tablelint lsp`: JSON-RPC messages framed by
// "Content-Length: N\r\n\r\n" headers on two file descriptors, and the
// file: URIs that name documents.
#pragma once

#include <llvm/Support/JSON.h>

#include <optional>
#include <string>

namespace tablelint {

class LspChannel {
public:
  LspChannel(int In, int Out) : In(In), Out(Out) {}

  // The next message's body; false at end of input or on a broken frame.
  bool read(std::string &Body);
  // One framed message, written whole.
  void write(const llvm::json::Value &Message);

private:
  bool fill();
  int In;
  int Out;
  std::string Buffer;
};

// "file:///a%20b/c.cpp" -> "/a b/c.cpp"; nullopt for other schemes.
std::optional<std::string> pathOfFileUri(const std::string &Uri);
// The file: URI of an absolute path.
std::string fileUri(const std::string &Path);

} // namespace tablelint
