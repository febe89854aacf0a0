// Content-Length framing and file: URIs for the language server.
#include "driver/LspProtocol.h"

#include "core/Uri.h"
#include "driver/Sarif.h"

#include <llvm/Support/raw_ostream.h>

#include <cerrno>
#include <unistd.h>

namespace tablelint {

namespace {

// Headers larger than this are not a language client talking.
constexpr std::size_t MaxHeaderBytes = 8192;
// A document body this large is refused rather than buffered.
constexpr std::size_t MaxBodyBytes = 64u << 20;

} // namespace

bool LspChannel::fill() {
  char Chunk[65536];
  for (;;) {
    const ssize_t N = ::read(In, Chunk, sizeof Chunk);
    if (N > 0) {
      Buffer.append(Chunk, static_cast<std::size_t>(N));
      return true;
    }
    if (N < 0 && errno == EINTR)
      continue;
    return false;
  }
}

bool LspChannel::read(std::string &Body) {
  std::size_t HeaderEnd;
  while ((HeaderEnd = Buffer.find("\r\n\r\n")) == std::string::npos) {
    if (Buffer.size() > MaxHeaderBytes || !fill())
      return false;
  }
  std::optional<std::size_t> Length;
  std::size_t Start = 0;
  while (Start < HeaderEnd) {
    std::size_t End = Buffer.find("\r\n", Start);
    const std::string Line = Buffer.substr(Start, End - Start);
    Start = End + 2;
    const std::size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      continue;
    std::string Name = Line.substr(0, Colon);
    for (char &C : Name)
      C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
    if (Name != "content-length")
      continue;
    const std::string Value =
        Line.substr(Line.find_first_not_of(' ', Colon + 1));
    if (Value.empty() || Value.size() > 9 ||
        Value.find_first_not_of("0123456789") != std::string::npos)
      return false;
    Length = std::stoul(Value);
  }
  if (!Length || *Length > MaxBodyBytes)
    return false;
  const std::size_t BodyStart = HeaderEnd + 4;
  while (Buffer.size() < BodyStart + *Length)
    if (!fill())
      return false;
  Body = Buffer.substr(BodyStart, *Length);
  Buffer.erase(0, BodyStart + *Length);
  return true;
}

void LspChannel::write(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  OS << Message;
  OS.flush();
  const std::string Frame =
      "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
  std::size_t Done = 0;
  while (Done < Frame.size()) {
    const ssize_t N = ::write(Out, Frame.data() + Done, Frame.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return; // the client is gone; `exit` or end of input follows
    Done += static_cast<std::size_t>(N);
  }
}

std::optional<std::string> pathOfFileUri(const std::string &Uri) {
  if (Uri.rfind("file://", 0) != 0)
    return std::nullopt;
  const std::string Path = percentDecode(std::string_view(Uri).substr(7));
  if (Path.empty() || Path.front() != '/')
    return std::nullopt; // file://host/... is not a local file
  return Path;
}

std::string fileUri(const std::string &Path) {
  return "file://" + encodeUriPath(Path);
}

} // namespace tablelint
