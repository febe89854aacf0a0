// The wire format of `tablelint lsp`: JSON-RPC 2.0 messages framed by
// `Content-Length` headers (the Language Server Protocol's base protocol),
// read from one file descriptor and written to another. Bad frames are
// reported and skipped; the reader never gives up on the stream except at
// its end.
#pragma once

#include <llvm/Support/JSON.h>

#include <cstddef>
#include <optional>
#include <string>

namespace tablelint {

// A message bigger than this is read past and refused: no editor sends a
// 64 MiB document to a linter, and the server must not buffer unbounded
// input.
inline constexpr std::size_t LspMaxMessageBytes = 64u << 20;
// A header line longer than this is garbage, not a header.
inline constexpr std::size_t LspMaxHeaderLineBytes = 8u << 10;

class LspTransport {
public:
  LspTransport(int InFd, int OutFd) : InFd(InFd), OutFd(OutFd) {}

  struct Incoming {
    // Set when the body is valid JSON.
    std::optional<llvm::json::Value> Message;
    // Why the frame or body was refused (empty when Message is set).
    std::string Problem;
    // A well-framed body that is not JSON: it deserves a ParseError reply
    // (a broken header has no request to answer).
    bool BodyNotJson = false;
  };

  // The next frame, or nullopt at the end of the input.
  std::optional<Incoming> read();

  // Writes one framed message; false when the peer has gone.
  bool write(const llvm::json::Value &Message);

  // For a server that polls: read() has bytes without reading inFd().
  bool hasBufferedInput() const { return BufferBegin < BufferEnd; }
  int inputFd() const { return InFd; }

private:
  // One byte of input, or -1 at the end.
  int nextByte();
  // A header line without its "\r\n"; nullopt at the end of input. Lines
  // longer than the limit come back truncated with Overlong set.
  std::optional<std::string> headerLine(bool &Overlong);

  int InFd;
  int OutFd;
  char Buffer[64 * 1024];
  std::size_t BufferBegin = 0;
  std::size_t BufferEnd = 0;
};

} // namespace tablelint
