// libFuzzer target for the language server's transport: Content-Length
// framing and the JSON parse of each body. Any byte stream is read to its
// end, frame by frame, each frame either a JSON message or a reason it was
// skipped, never a crash, a hang or a stack overflow (50,000 '[' in a body
// are refused by depth). The same bytes as one well-framed body are a
// message exactly when they are JSON within the depth limit.
#include "core/JsonNesting.h"
#include "driver/LspTransport.h"
#include "tests/fuzz/FuzzInvariant.h"

#include <cstdint>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace {

using namespace tablelint;
using fuzz::check;

// The transport reading Bytes from a file in memory; its replies go to
// /dev/null. Calls Each for every frame read; returns the number of frames.
template <typename Callback>
std::size_t readAll(const std::string &Bytes, Callback Each) {
  const int In = ::memfd_create("lsp-input", MFD_CLOEXEC);
  check(In >= 0, "memfd_create");
  check(::write(In, Bytes.data(), Bytes.size()) ==
            static_cast<ssize_t>(Bytes.size()),
        "write the input");
  ::lseek(In, 0, SEEK_SET);
  const int Null = ::open("/dev/null", O_WRONLY);
  std::size_t Frames = 0;
  {
    LspTransport Transport(In, Null);
    while (std::optional<LspTransport::Incoming> Frame = Transport.read()) {
      ++Frames;
      check(Frames <= Bytes.size() + 1, "more frames than bytes");
      check(Frame->Message.has_value() != !Frame->Problem.empty(),
            "a frame is a message or a reason it was skipped", Frame->Problem);
      check(!Frame->BodyNotJson || !Frame->Message,
            "a parse error with a message");
      Each(*Frame);
    }
  }
  ::close(In);
  ::close(Null);
  return Frames;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);

  // The bytes as the stream itself: headers, bodies, garbage.
  readAll(Text, [](const LspTransport::Incoming &) {});

  // The bytes as one body, framed as an editor frames it.
  const std::string Framed =
      "Content-Length: " + std::to_string(Size) + "\r\n\r\n" + Text;
  const bool Shallow =
      jsonTooDeepOffset(Text, MaxJsonNesting) == std::string_view::npos;
  const bool Json = Shallow && static_cast<bool>(llvm::json::parse(Text));
  std::size_t Messages = 0;
  const std::size_t Frames =
      readAll(Framed, [&](const LspTransport::Incoming &In) {
        Messages += In.Message.has_value();
        if (!In.Message)
          check(In.BodyNotJson, "a framed body that is refused is not JSON",
                In.Problem);
      });
  check(Frames == 1, "one framed body is one frame");
  check((Messages == 1) == Json,
        "a framed body is a message exactly when it is JSON within the "
        "depth limit");
  return 0;
}
