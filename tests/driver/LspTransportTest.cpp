// The framing of `tablelint lsp` under bad input: what the server reads
// after garbage headers, an overlong header line, a message over the size
// limit, and a frame whose Content-Length is shorter than its body. Each
// case ends with a good message that must still come through.
#include "driver/LspTransport.h"

#include <gtest/gtest.h>

#include <thread>
#include <unistd.h>

namespace tablelint {
namespace {

namespace json = llvm::json;

// Everything a transport reads from Input, until its end.
std::vector<LspTransport::Incoming> readAll(const std::string &Input) {
  int Fds[2];
  EXPECT_EQ(::pipe(Fds), 0);
  std::thread Writer([&] {
    std::size_t Done = 0;
    while (Done < Input.size()) {
      const ssize_t N = ::write(Fds[1], Input.data() + Done, Input.size() - Done);
      if (N <= 0)
        break;
      Done += static_cast<std::size_t>(N);
    }
    ::close(Fds[1]);
  });
  LspTransport T(Fds[0], -1);
  std::vector<LspTransport::Incoming> Out;
  while (auto In = T.read())
    Out.push_back(std::move(*In));
  Writer.join();
  ::close(Fds[0]);
  return Out;
}

const std::string Good =
    "Content-Length: 33\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}";

bool isGood(const LspTransport::Incoming &In) {
  return In.Message && In.Message->getAsObject() &&
         In.Message->getAsObject()->getString("method") == "exit";
}

TEST(LspTransport, GarbageHeadersAreSkipped) {
  auto Got = readAll("garbage\r\n\r\nContent-Length: -4\r\n\r\n" + Good);
  ASSERT_EQ(Got.size(), 3u);
  EXPECT_NE(Got[0].Problem.find("without ':'"), std::string::npos);
  EXPECT_NE(Got[1].Problem.find("not a byte count"), std::string::npos);
  EXPECT_TRUE(isGood(Got[2]));
}

TEST(LspTransport, AnOverlongHeaderLineIsNotBuffered) {
  auto Got = readAll(std::string(100000, 'x') + "\r\n\r\n" + Good);
  ASSERT_EQ(Got.size(), 2u);
  EXPECT_NE(Got[0].Problem.find("longer than"), std::string::npos);
  EXPECT_TRUE(isGood(Got[1]));
}

TEST(LspTransport, AMessageOverTheLimitIsReadPastAndRefused) {
  const std::size_t Size = LspMaxMessageBytes + 1;
  auto Got = readAll("Content-Length: " + std::to_string(Size) + "\r\n\r\n" +
                     std::string(Size, ' ') + Good);
  ASSERT_EQ(Got.size(), 2u);
  EXPECT_FALSE(Got[0].Message);
  EXPECT_NE(Got[0].Problem.find("more than the limit"), std::string::npos);
  EXPECT_TRUE(isGood(Got[1]));
}

TEST(LspTransport, ABodyThatIsNotJsonIsAParseError) {
  auto Got = readAll("Content-Length: 3\r\n\r\n{x}" + Good);
  ASSERT_EQ(Got.size(), 2u);
  EXPECT_TRUE(Got[0].BodyNotJson);
  EXPECT_TRUE(isGood(Got[1]));
}

TEST(LspTransport, ResynchronisesOnAHeaderGluedToLeftoverBytes) {
  // The length says 2, the body has 4 bytes: the two extra end up before
  // the next header.
  auto Got = readAll("Content-Length: 2\r\n\r\n{}}}" + Good);
  ASSERT_EQ(Got.size(), 2u);
  EXPECT_TRUE(Got[0].Message);
  EXPECT_TRUE(isGood(Got[1]));
}

TEST(LspTransport, TheEndInsideABodyIsReported) {
  auto Got = readAll(Good + "Content-Length: 50\r\n\r\n{\"jsonrpc\"");
  ASSERT_EQ(Got.size(), 2u);
  EXPECT_TRUE(isGood(Got[0]));
  EXPECT_NE(Got[1].Problem.find("ended inside"), std::string::npos);
}

} // namespace
} // namespace tablelint
