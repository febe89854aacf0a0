// `tablelint lsp` driven by a scripted client, as an editor drives it:
// framed JSON-RPC on stdin, the server's messages read back from stdout.
#include "tests/support/LintProject.h"

#include "driver/LspProtocol.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
namespace json = llvm::json;

class Script {
public:
  void send(json::Value Message) {
    std::string Body;
    llvm::raw_string_ostream OS(Body);
    OS << Message;
    OS.flush();
    Text +=
        "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
  }
  void request(int Id, const std::string &Method, json::Object Params) {
    send(json::Object{{"jsonrpc", "2.0"},
                      {"id", Id},
                      {"method", Method},
                      {"params", std::move(Params)}});
  }
  void notify(const std::string &Method, json::Object Params) {
    send(json::Object{
        {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
  }
  std::string Text;
};

// The server's messages, unframed.
std::vector<json::Value> messages(const std::string &Out) {
  std::vector<json::Value> Messages;
  std::size_t At = 0;
  while (At < Out.size()) {
    const std::size_t Header = Out.find("Content-Length: ", At);
    const std::size_t Blank = Out.find("\r\n\r\n", At);
    EXPECT_EQ(Header, At) << "not a frame at " << At << ": "
                          << Out.substr(At, 80);
    if (Header != At || Blank == std::string::npos)
      break;
    const std::size_t Length =
        std::stoul(Out.substr(Header + 16, Blank - Header - 16));
    auto V = json::parse(Out.substr(Blank + 4, Length));
    EXPECT_TRUE(bool(V));
    if (V)
      Messages.push_back(std::move(*V));
    else
      llvm::consumeError(V.takeError());
    At = Blank + 4 + Length;
  }
  return Messages;
}

const json::Object *byId(const std::vector<json::Value> &Ms, int Id) {
  for (const json::Value &M : Ms)
    if (M.getAsObject()->getInteger("id") == Id)
      return M.getAsObject();
  return nullptr;
}

std::vector<const json::Object *>
diagnosticsFor(const std::vector<json::Value> &Ms, const std::string &Uri) {
  std::vector<const json::Object *> Out;
  for (const json::Value &M : Ms) {
    const json::Object &O = *M.getAsObject();
    if (O.getString("method") != "textDocument/publishDiagnostics")
      continue;
    const json::Object *P = O.getObject("params");
    if (P->getString("uri") == Uri)
      Out.push_back(P);
  }
  return Out;
}

const json::Object *withCode(const json::Object &Published,
                             const std::string &Code) {
  for (const json::Value &D : *Published.getArray("diagnostics"))
    if (D.getAsObject()->getString("code") == Code)
      return D.getAsObject();
  return nullptr;
}

json::Object textDocument(const std::string &Uri, const std::string &Language,
                          const std::string &Text) {
  return json::Object{{"textDocument", json::Object{{"uri", Uri},
                                                    {"languageId", Language},
                                                    {"version", 1},
                                                    {"text", Text}}}};
}

TEST(Lsp, PublishesFindingsAndOffersFixItsAsCodeActions) {
  Project P;
  P.write("src/report.cpp", ProjectionSource);
  P.database({"src/report.cpp"}, "build");
  const std::string Schema =
      std::string(TABLELINT_SOURCE_DIR) +
      "/examples/telemetry-service/schema/telemetry.yaml";
  const std::string CppUri = fileUri(P.Dir + "/src/report.cpp");
  const std::string SchemaUri = fileUri(Schema);
  const std::string OtherUri = fileUri(P.write("ci.yaml", "name: build\n"));

  Script S;
  S.request(1, "initialize",
            json::Object{{"processId", nullptr},
                         {"rootUri", fileUri(P.Dir)},
                         {"capabilities", json::Object{}}});
  S.notify("initialized", json::Object{});
  S.notify("textDocument/didOpen",
           textDocument(CppUri, "cpp", ProjectionSource));
  S.request(
      2, "textDocument/codeAction",
      json::Object{
          {"textDocument", json::Object{{"uri", CppUri}}},
          {"range",
           json::Object{{"start", json::Object{{"line", 5}, {"character", 0}}},
                        {"end", json::Object{{"line", 5}, {"character", 0}}}}},
          {"context", json::Object{{"diagnostics", json::Array{}}}}});
  S.notify("textDocument/didOpen", textDocument(SchemaUri, "yaml", ""));
  S.notify("textDocument/didOpen",
           textDocument(OtherUri, "yaml", "name: build\n"));
  S.notify("textDocument/didSave",
           json::Object{{"textDocument", json::Object{{"uri", CppUri}}}});
  S.request(3, "textDocument/hover", json::Object{});
  S.request(4, "shutdown", json::Object{});
  S.notify("exit", json::Object{});

  ToolResult R = runProgram(TABLELINT_BINARY, {"lsp", "-p", P.Dir + "/build"},
                            P.Dir, S.Text);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  const std::vector<json::Value> Ms = messages(R.Out);

  const json::Object *Init = byId(Ms, 1);
  ASSERT_TRUE(Init);
  EXPECT_EQ(Init->getObject("result")
                ->getObject("capabilities")
                ->getBoolean("codeActionProvider"),
            true);

  // Opened and saved: the C++ findings twice, each time the same.
  const auto Cpp = diagnosticsFor(Ms, CppUri);
  ASSERT_EQ(Cpp.size(), 2u);
  const json::Object *Projection =
      withCode(*Cpp[0], "tablelint-missing-projection");
  ASSERT_TRUE(Projection) << R.Out;
  EXPECT_EQ(Projection->getInteger("severity"), 2); // warning
  EXPECT_EQ(Projection->getString("source"), "tablelint");
  EXPECT_EQ(
      Projection->getObject("range")->getObject("start")->getInteger("line"),
      5);
  EXPECT_THAT(
      Projection->getObject("codeDescription")->getString("href")->str(),
      ::testing::EndsWith("/missing-projection.md"));
  EXPECT_EQ(Cpp[0]->getArray("diagnostics")->size(),
            Cpp[1]->getArray("diagnostics")->size());

  // The fix-it as a quick fix: an edit of this file that adds the
  // projection.
  const json::Object *Actions = byId(Ms, 2);
  ASSERT_TRUE(Actions);
  const json::Array &List = *Actions->getArray("result");
  ASSERT_EQ(List.size(), 1u) << R.Out;
  const json::Object &Fix = *List[0].getAsObject();
  EXPECT_EQ(Fix.getString("kind"), "quickfix");
  const json::Array &Edits =
      *Fix.getObject("edit")->getObject("changes")->getArray(CppUri);
  EXPECT_THAT(Edits[0].getAsObject()->getString("newText")->str(),
              HasSubstr("SelectColumns"));

  // The schema: its findings at their YAML lines; other YAML: nothing.
  const auto Yaml = diagnosticsFor(Ms, SchemaUri);
  ASSERT_EQ(Yaml.size(), 1u);
  const json::Object *Time =
      withCode(*Yaml[0], "tablelint-time-based-partition-key");
  ASSERT_TRUE(Time);
  EXPECT_EQ(Time->getObject("range")->getObject("start")->getInteger("line"),
            22);
  EXPECT_EQ(
      Time->getObject("range")->getObject("start")->getInteger("character"),
      18);
  const auto Other = diagnosticsFor(Ms, OtherUri);
  ASSERT_EQ(Other.size(), 1u);
  EXPECT_EQ(Other[0]->getArray("diagnostics")->size(), 0u);

  // An unknown request is an error response, not silence.
  const json::Object *Hover = byId(Ms, 3);
  ASSERT_TRUE(Hover);
  EXPECT_EQ(Hover->getObject("error")->getInteger("code"), -32601);
  const json::Object *Shutdown = byId(Ms, 4);
  ASSERT_TRUE(Shutdown);
  EXPECT_EQ(Shutdown->get("result")->kind(), json::Value::Null);
}

TEST(Lsp, AFileOutsideTheCompileDatabaseSaysWhy) {
  Project P;
  P.write("src/report.cpp", ProjectionSource);
  P.database({}, "build");
  const std::string Uri = fileUri(P.Dir + "/src/report.cpp");
  Script S;
  S.request(1, "initialize", json::Object{{"capabilities", json::Object{}}});
  S.notify("textDocument/didOpen", textDocument(Uri, "cpp", ProjectionSource));
  S.notify("exit", json::Object{});
  ToolResult R = runProgram(TABLELINT_BINARY, {"lsp", "-p", P.Dir + "/build"},
                            P.Dir, S.Text);
  EXPECT_EQ(R.ExitCode, 2); // exit without shutdown
  const std::vector<json::Value> Ms = messages(R.Out);
  const auto Published = diagnosticsFor(Ms, Uri);
  ASSERT_EQ(Published.size(), 1u);
  const json::Object *Why = withCode(*Published[0], "not-in-compile-database");
  ASSERT_TRUE(Why) << R.Out;
  EXPECT_THAT(Why->getString("message")->str(),
              HasSubstr("not in the compilation database"));
  EXPECT_EQ(Why->getInteger("severity"), 1);
}

TEST(Lsp, ABrokenFrameEndsTheSession) {
  ToolResult R = runProgram(TABLELINT_BINARY, {"lsp"}, "",
                            "Content-Length: nine\r\n\r\n{}");
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Out, "");
}

} // namespace
} // namespace tablelint::test
