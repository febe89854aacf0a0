// Content-Length framing for `tablelint lsp` (see LspTransport.h).
#include "driver/LspTransport.h"

#include "core/JsonNesting.h"

#include <cerrno>
#include <cctype>
#include <unistd.h>

namespace tablelint {

namespace json = llvm::json;

int LspTransport::nextByte() {
  if (BufferBegin == BufferEnd) {
    ssize_t N;
    do
      N = ::read(InFd, Buffer, sizeof Buffer);
    while (N < 0 && errno == EINTR);
    if (N <= 0)
      return -1;
    BufferBegin = 0;
    BufferEnd = static_cast<std::size_t>(N);
  }
  return static_cast<unsigned char>(Buffer[BufferBegin++]);
}

std::optional<std::string> LspTransport::headerLine(bool &Overlong) {
  std::string Line;
  Overlong = false;
  for (;;) {
    const int C = nextByte();
    if (C < 0)
      return Line.empty() && !Overlong ? std::nullopt
                                       : std::optional<std::string>(Line);
    if (C == '\n')
      break;
    if (Line.size() < LspMaxHeaderLineBytes)
      Line.push_back(static_cast<char>(C));
    else
      Overlong = true;
  }
  if (!Line.empty() && Line.back() == '\r')
    Line.pop_back();
  return Line;
}

namespace {

std::string trimmed(const std::string &S) {
  std::size_t B = 0, E = S.size();
  while (B < E && std::isspace(static_cast<unsigned char>(S[B])))
    ++B;
  while (E > B && std::isspace(static_cast<unsigned char>(S[E - 1])))
    --E;
  return S.substr(B, E - B);
}

std::string lowered(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

// A decimal byte count; nullopt when it is not one or absurdly long.
std::optional<std::size_t> byteCount(const std::string &Text) {
  if (Text.empty() || Text.size() > 12 ||
      Text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return static_cast<std::size_t>(std::stoull(Text));
}

} // namespace

std::optional<LspTransport::Incoming> LspTransport::read() {
  Incoming In;
  std::optional<std::size_t> Length;
  std::string HeaderProblem;
  bool SawHeader = false;
  // Headers up to the empty line.
  for (;;) {
    bool Overlong = false;
    std::optional<std::string> Line = headerLine(Overlong);
    if (!Line)
      return std::nullopt;
    if (Line->empty() && !Overlong) {
      if (SawHeader)
        break;
      continue; // blank lines between messages are tolerated
    }
    SawHeader = true;
    // Resynchronise on a header glued to the rest of a broken frame (a
    // body shorter than its Content-Length said).
    const std::size_t Glued = lowered(*Line).find("content-length:");
    if (Glued != std::string::npos && Glued > 0 && !Overlong) {
      Line->erase(0, Glued);
      HeaderProblem.clear();
    }
    if (Overlong) {
      HeaderProblem = "a header line longer than " +
                      std::to_string(LspMaxHeaderLineBytes) + " bytes";
      continue;
    }
    const std::size_t Colon = Line->find(':');
    if (Colon == std::string::npos) {
      HeaderProblem = "a header line without ':'";
      continue;
    }
    const std::string Name = lowered(trimmed(Line->substr(0, Colon)));
    const std::string Value = trimmed(Line->substr(Colon + 1));
    if (Name == "content-length") {
      Length = byteCount(Value);
      if (!Length)
        HeaderProblem = "Content-Length '" + Value.substr(0, 40) +
                        "' is not a byte count";
    }
    // Content-Type and unknown headers are ignored (the body is UTF-8).
  }
  if (!Length) {
    In.Problem = (HeaderProblem.empty() ? "a message without Content-Length"
                                        : HeaderProblem) +
                 "; the frame is skipped";
    return In;
  }
  std::string Body;
  const bool TooBig = *Length > LspMaxMessageBytes;
  if (!TooBig)
    Body.reserve(*Length);
  for (std::size_t I = 0; I < *Length; ++I) {
    const int C = nextByte();
    if (C < 0) {
      In.Problem = "the input ended inside a message body";
      return In;
    }
    if (!TooBig)
      Body.push_back(static_cast<char>(C));
  }
  if (!HeaderProblem.empty()) {
    In.Problem = HeaderProblem + "; the message is skipped";
    return In;
  }
  if (TooBig) {
    In.Problem = "a message of " + std::to_string(*Length) +
                 " bytes, more than the limit of " +
                 std::to_string(LspMaxMessageBytes) + "; skipped";
    return In;
  }
  // llvm::json recurses per level: 50,000 '[' would overflow the stack.
  if (const std::size_t Deep = jsonTooDeepOffset(Body, MaxJsonNesting);
      Deep != std::string_view::npos) {
    In.Problem = "the message body nests arrays or objects deeper than " +
                 std::to_string(MaxJsonNesting) + " levels (at byte " +
                 std::to_string(Deep) + "); skipped";
    In.BodyNotJson = true;
    return In;
  }
  llvm::Expected<json::Value> Parsed = json::parse(Body);
  if (!Parsed) {
    In.Problem = "the message body is not JSON: " +
                 llvm::toString(Parsed.takeError());
    In.BodyNotJson = true;
    return In;
  }
  In.Message = std::move(*Parsed);
  return In;
}

bool LspTransport::write(const json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  OS << Message;
  OS.flush();
  const std::string Frame =
      "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
  std::size_t Done = 0;
  while (Done < Frame.size()) {
    const ssize_t N = ::write(OutFd, Frame.data() + Done, Frame.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += static_cast<std::size_t>(N);
  }
  return true;
}

} // namespace tablelint
