// `tablelint lsp` end to end: the real binary driven through pipes by a
// scripted LSP client, as an editor would: initialize, open (diagnostics),
// code actions (the fix-it), save after fixing (the diagnostic goes), schema
// files, unsaved buffers, non-ASCII columns, NOLINT, broken framing, and
// the exit codes of the lifecycle. Every wait is bounded.
#include "tests/support/LintProject.h"

#include <llvm/Support/JSON.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tablelint::test {
namespace {

namespace json = llvm::json;
using ::testing::HasSubstr;

// How long one message may take: a lint of one TU on a loaded machine.
constexpr int ReplySeconds = 90;

// The editor's side of the conversation.
class LspClient {
public:
  explicit LspClient(const std::string &WorkDir,
                     const std::vector<std::string> &Extra = {}) {
    int In[2], Out[2];
    if (::pipe2(In, O_CLOEXEC) || ::pipe2(Out, O_CLOEXEC))
      throw std::runtime_error("pipe failed");
    Pid = ::fork();
    if (Pid == 0) {
      ::dup2(In[0], 0);
      ::dup2(Out[1], 1);
      if (::chdir(WorkDir.c_str()) != 0)
        ::_exit(126);
      std::vector<std::string> Args = {TABLELINT_BINARY, "lsp"};
      Args.insert(Args.end(), Extra.begin(), Extra.end());
      std::vector<char *> Argv;
      for (std::string &A : Args)
        Argv.push_back(A.data());
      Argv.push_back(nullptr);
      ::execv(TABLELINT_BINARY, Argv.data());
      ::_exit(127);
    }
    ::close(In[0]);
    ::close(Out[1]);
    ToServer = In[1];
    FromServer = Out[0];
  }
  ~LspClient() {
    if (ToServer >= 0)
      ::close(ToServer);
    ::close(FromServer);
    if (Pid > 0 && !Exited) {
      ::kill(Pid, SIGKILL);
      ::waitpid(Pid, nullptr, 0);
    }
  }
  LspClient(const LspClient &) = delete;
  LspClient &operator=(const LspClient &) = delete;

  void sendRaw(const std::string &Bytes) {
    std::size_t Done = 0;
    while (Done < Bytes.size()) {
      const ssize_t N = ::write(ToServer, Bytes.data() + Done, Bytes.size() - Done);
      ASSERT_GT(N, 0) << "the server stopped reading";
      Done += static_cast<std::size_t>(N);
    }
  }
  void send(const json::Value &Message) {
    std::string Body;
    llvm::raw_string_ostream(Body) << Message;
    sendRaw("Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body);
  }
  void notify(const std::string &Method, json::Value Params) {
    send(json::Object{{"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
  }
  // Sends a request and returns its response (notifications that come
  // first are kept for waitFor).
  json::Object request(const std::string &Method, json::Value Params) {
    const int Id = ++LastId;
    send(json::Object{{"jsonrpc", "2.0"}, {"id", Id}, {"method", Method}, {"params", std::move(Params)}});
    return responseTo(Id);
  }
  json::Object responseTo(const json::Value &Id) {
    for (;;) {
      std::optional<json::Object> M = receive();
      if (!M)
        return {};
      if (M->get("id") && *M->get("id") == Id && !M->get("method"))
        return std::move(*M);
      Pending.push_back(std::move(*M));
    }
  }
  // The next publishDiagnostics for Uri.
  json::Object diagnosticsFor(const std::string &Uri) {
    for (;;) {
      for (auto It = Pending.begin(); It != Pending.end(); ++It)
        if (It->getString("method") == "textDocument/publishDiagnostics" &&
            It->getObject("params")->getString("uri") == Uri) {
          json::Object Params = std::move(*It->getObject("params"));
          Pending.erase(It);
          return Params;
        }
      std::optional<json::Object> M = receive();
      if (!M)
        return {};
      Pending.push_back(std::move(*M));
    }
  }
  // The next message Match accepts (kept ones first).
  template <typename Predicate> json::Object waitFor(Predicate Match) {
    for (;;) {
      for (auto It = Pending.begin(); It != Pending.end(); ++It)
        if (Match(*It)) {
          json::Object M = std::move(*It);
          Pending.erase(It);
          return M;
        }
      std::optional<json::Object> M = receive();
      if (!M)
        return {};
      Pending.push_back(std::move(*M));
    }
  }
  // Every message received so far, in order.
  std::vector<json::Object> Log;

  // The exit code, or -1 when the server did not exit in time.
  int waitForExit() {
    ::close(ToServer);
    ToServer = -1;
    const auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < Deadline) {
      int Status = 0;
      if (::waitpid(Pid, &Status, WNOHANG) == Pid) {
        Exited = true;
        return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
      }
      ::usleep(20000);
    }
    return -1;
  }

private:
  // One framed message, or nullopt (with a test failure) on timeout or EOF.
  std::optional<json::Object> receive() {
    const auto Deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(ReplySeconds);
    for (;;) {
      const std::size_t HeaderEnd = Buffer.find("\r\n\r\n");
      if (HeaderEnd != std::string::npos) {
        const std::string Header = Buffer.substr(0, HeaderEnd);
        const std::size_t L = Header.find("Content-Length: ");
        EXPECT_NE(L, std::string::npos) << Header;
        if (L == std::string::npos)
          return std::nullopt;
        const std::size_t Length = std::stoul(Header.substr(L + 16));
        if (Buffer.size() >= HeaderEnd + 4 + Length) {
          auto Parsed = json::parse(Buffer.substr(HeaderEnd + 4, Length));
          Buffer.erase(0, HeaderEnd + 4 + Length);
          EXPECT_TRUE(bool(Parsed));
          if (!Parsed || !Parsed->getAsObject())
            return std::nullopt;
          json::Object &M = *Parsed->getAsObject();
          Log.push_back(M);
          // A request from the server (window/workDoneProgress/create):
          // accepted, as an editor does.
          if (M.get("id") && M.getString("method"))
            send(json::Object{{"jsonrpc", "2.0"}, {"id", *M.get("id")}, {"result", nullptr}});
          return std::move(M);
        }
      }
      const auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
          Deadline - std::chrono::steady_clock::now());
      pollfd P{FromServer, POLLIN, 0};
      if (Left.count() <= 0 || ::poll(&P, 1, static_cast<int>(Left.count())) <= 0) {
        ADD_FAILURE() << "no message from the server within " << ReplySeconds << " s";
        return std::nullopt;
      }
      char Chunk[65536];
      const ssize_t N = ::read(FromServer, Chunk, sizeof Chunk);
      if (N <= 0) {
        ADD_FAILURE() << "the server closed its output";
        return std::nullopt;
      }
      Buffer.append(Chunk, static_cast<std::size_t>(N));
    }
  }

  pid_t Pid = -1;
  int ToServer = -1, FromServer = -1;
  bool Exited = false;
  int LastId = 0;
  std::string Buffer;
  std::vector<json::Object> Pending;
};

std::string uriOf(const std::string &Path) { return "file://" + Path; }

// 1-based line Line of Text.
std::string lineOfText(const std::string &Text, int Line) {
  std::size_t Start = 0;
  for (int L = 1; L < Line; ++L)
    Start = Text.find('\n', Start) + 1;
  return Text.substr(Start, Text.find('\n', Start) - Start);
}

std::string readText(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

json::Object openParams(const std::string &Uri, const std::string &Language,
                        const std::string &Text) {
  return json::Object{{"textDocument", json::Object{{"uri", Uri},
                                                    {"languageId", Language},
                                                    {"version", 1},
                                                    {"text", Text}}}};
}

json::Object documentParams(const std::string &Uri) {
  return json::Object{{"textDocument", json::Object{{"uri", Uri}}}};
}

void initialize(LspClient &C) {
  json::Object R = C.request("initialize", json::Object{{"processId", nullptr},
                                                       {"rootUri", nullptr},
                                                       {"capabilities", json::Object{}}});
  const json::Object *Caps = R.getObject("result") ? R.getObject("result")->getObject("capabilities") : nullptr;
  ASSERT_TRUE(Caps);
  EXPECT_EQ(Caps->getObject("textDocumentSync")->getBoolean("openClose"), true);
  EXPECT_TRUE(Caps->getObject("textDocumentSync")->getObject("save"));
  EXPECT_TRUE(Caps->getObject("codeActionProvider"));
  C.notify("initialized", json::Object{});
}

// Diagnostics with the given code.
std::vector<const json::Object *> withCode(const json::Object &Published,
                                           const std::string &Code) {
  std::vector<const json::Object *> Out;
  const json::Array *All = Published.getArray("diagnostics");
  if (!All) {
    ADD_FAILURE() << "no diagnostics published";
    return Out;
  }
  for (const json::Value &D : *All)
    if (D.getAsObject()->getString("code") == Code)
      Out.push_back(D.getAsObject());
  return Out;
}

std::pair<int64_t, int64_t> startOf(const json::Object &D) {
  const json::Object &S = *D.getObject("range")->getObject("start");
  return {*S.getInteger("line"), *S.getInteger("character")};
}

// Applies LSP TextEdits to ASCII Text (UTF-16 columns are bytes there).
std::string applyEdits(std::string Text, const json::Array &Edits) {
  std::vector<std::pair<std::size_t, std::pair<std::size_t, std::string>>> Spans;
  auto Offset = [&](const json::Object &P) {
    std::size_t O = 0;
    for (int64_t L = 0; L < *P.getInteger("line"); ++L)
      O = Text.find('\n', O) + 1;
    return O + static_cast<std::size_t>(*P.getInteger("character"));
  };
  for (const json::Value &E : Edits) {
    const json::Object &R = *E.getAsObject()->getObject("range");
    const std::size_t B = Offset(*R.getObject("start")), End = Offset(*R.getObject("end"));
    Spans.push_back({B, {End - B, E.getAsObject()->getString("newText")->str()}});
  }
  std::sort(Spans.rbegin(), Spans.rend());
  for (const auto &[B, Edit] : Spans)
    Text.replace(B, Edit.first, Edit.second);
  return Text;
}

const char *const ReportFinding =
    "query over 'Orders' returns whole entities but only 'Status', 'Total' "
    "are read: select them";

TEST(Lsp, DiagnosticsFixItsSchemaAndShutdown) {
  Project P;
  const std::string Source = readText(std::string(TABLELINT_SOURCE_DIR) +
      "/test-inputs/code/missing-projection/orders_report.cpp");
  const std::string Cpp = P.write("orders_report.cpp", Source);
  P.database({"orders_report.cpp"});
  // The annotated schema of the time-based-partition-key check.
  const std::string Schema = P.write(
      "schema/telemetry.yaml",
      readText(std::string(TABLELINT_SOURCE_DIR) +
               "/test-inputs/schemas/checks/time-based-partition-key.yaml"));

  LspClient C(P.Dir);
  initialize(C);

  // Open: the finding of the annotated source, where it is.
  C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", Source));
  json::Object Published = C.diagnosticsFor(uriOf(Cpp));
  std::vector<const json::Object *> Projection;
  for (const json::Object *D : withCode(Published, "missing-projection"))
    if (D->getString("message") == ReportFinding)
      Projection.push_back(D);
  ASSERT_EQ(Projection.size(), 1u);
  const json::Object &D = *Projection[0];
  // Line 35 of the file (0-based 34), at the query's options argument
  // (where the projection belongs).
  const std::string Line35 = lineOfText(Source, 35);
  EXPECT_EQ(startOf(D),
            (std::pair<int64_t, int64_t>{
                34, static_cast<int64_t>(Line35.find("QueryEntities(options)") +
                                         std::string("QueryEntities(").size())}));
  EXPECT_EQ(D.getString("source"), "tablelint");
  EXPECT_EQ(D.getInteger("severity"), 2);
  EXPECT_THAT(D.getObject("codeDescription")->getString("href")->str(),
              ::testing::EndsWith("/missing-projection.md"));

  // The quick fix at the finding's line: one edit of this file.
  json::Object Actions = C.request(
      "textDocument/codeAction",
      json::Object{{"textDocument", json::Object{{"uri", uriOf(Cpp)}}},
                   {"range", json::Object{{"start", json::Object{{"line", 34}, {"character", 0}}},
                                          {"end", json::Object{{"line", 34}, {"character", 0}}}}},
                   {"context", json::Object{{"diagnostics", json::Array{}}}}});
  const json::Array *List = Actions.getArray("result");
  ASSERT_TRUE(List);
  ASSERT_EQ(List->size(), 1u);
  const json::Object &Action = *(*List)[0].getAsObject();
  EXPECT_EQ(Action.getString("kind"), "quickfix");
  EXPECT_EQ((*Action.getArray("diagnostics"))[0].getAsObject()->getString("message"),
            ReportFinding);
  const json::Array *Edits =
      Action.getObject("edit")->getObject("changes")->getArray(uriOf(Cpp));
  ASSERT_TRUE(Edits);
  const std::string Fixed = applyEdits(Source, *Edits);
  // Asked only for refactorings, the server offers no quick fix.
  json::Object Refactors = C.request(
      "textDocument/codeAction",
      json::Object{{"textDocument", json::Object{{"uri", uriOf(Cpp)}}},
                   {"range", json::Object{{"start", json::Object{{"line", 34}, {"character", 0}}},
                                          {"end", json::Object{{"line", 34}, {"character", 0}}}}},
                   {"context", json::Object{{"diagnostics", json::Array{}},
                                            {"only", json::Array{"refactor"}}}}});
  ASSERT_TRUE(Refactors.getArray("result"));
  EXPECT_TRUE(Refactors.getArray("result")->empty());
  EXPECT_THAT(Fixed, HasSubstr("SelectColumns"));

  // Saved after fixing: that finding is gone, the others stay.
  P.write("orders_report.cpp", Fixed);
  C.notify("textDocument/didSave", documentParams(uriOf(Cpp)));
  Published = C.diagnosticsFor(uriOf(Cpp));
  for (const json::Object *Left : withCode(Published, "missing-projection"))
    EXPECT_NE(Left->getString("message"), ReportFinding);
  EXPECT_FALSE(withCode(Published, "missing-projection").empty())
      << "the other projection findings of the file should remain";

  // A schema file: its findings at their YAML positions.
  C.notify("textDocument/didOpen", openParams(uriOf(Schema), "yaml", readText(Schema)));
  Published = C.diagnosticsFor(uriOf(Schema));
  // The seven annotated keys (lines 8, 20, 31, 41, 70, 100 and 110), none
  // elsewhere.
  auto TimeKey = withCode(Published, "time-based-partition-key");
  ASSERT_EQ(TimeKey.size(), 7u);
  const int64_t Lines[] = {7, 19, 30, 40, 69, 99, 109};
  for (std::size_t I = 0; I < 7; ++I)
    EXPECT_EQ(startOf(*TimeKey[I]), (std::pair<int64_t, int64_t>{Lines[I], 18}))
        << I;
  EXPECT_THAT(TimeKey[0]->getString("message")->str(),
              HasSubstr("partition key '{readingTime:yyyyMMdd}' leads with "
                        "'readingTime'"));

  // Closing clears the document's diagnostics.
  C.notify("textDocument/didClose", documentParams(uriOf(Schema)));
  EXPECT_EQ(C.diagnosticsFor(uriOf(Schema)).getArray("diagnostics")->size(), 0u);

  json::Object Down = C.request("shutdown", nullptr);
  EXPECT_TRUE(Down.get("result") && Down.get("result")->getAsNull());
  C.notify("exit", nullptr);
  EXPECT_EQ(C.waitForExit(), 0);
}

TEST(Lsp, UnsavedBufferWithNonAsciiColumnsAndNolint) {
  Project P;
  // On disk: nothing to find. In the editor: a table scan after a comment
  // with a 2-byte and a 4-byte character, and a suppressed one.
  const std::string Cpp = P.write("scan.cpp", R"(#include <azure/data/tables.hpp>
void nothing() {}
)");
  P.database({"scan.cpp"});
  const std::string Buffer = "#include <azure/data/tables.hpp>\n"
                             "using namespace Azure::Data::Tables;\n"
                             "void list(TableClient const &t) {\n"
                             "  /* \xC3\xA9\xF0\x9F\x98\x80 */ t.QueryEntities();\n"
                             "}\n"
                             "void quiet(TableClient const &t) {\n"
                             "  t.QueryEntities(); // NOLINT(tablelint-table-scan)\n"
                             "}\n";
  LspClient C(P.Dir);
  initialize(C);
  C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", Buffer));
  const json::Object Published = C.diagnosticsFor(uriOf(Cpp));
  auto Scans = withCode(Published, "table-scan");
  ASSERT_EQ(Scans.size(), 1u) << "the NOLINT one stays silent";
  // "  /* " is 5 code units, e-acute 1, the emoji 2 (a surrogate pair),
  // " */ t." 6: QueryEntities starts at UTF-16 column 14 (byte 17).
  EXPECT_EQ(startOf(*Scans[0]), (std::pair<int64_t, int64_t>{3, 14}));
  // Saving without the change: the disk is what counts again.
  C.notify("textDocument/didSave", documentParams(uriOf(Cpp)));
  EXPECT_TRUE(withCode(C.diagnosticsFor(uriOf(Cpp)), "table-scan").empty());
}

TEST(Lsp, SurvivesBrokenFramingAndFollowsTheLifecycle) {
  Project P;
  LspClient C(P.Dir);
  // Requests before initialize are refused with ServerNotInitialized.
  json::Object Early = C.request("textDocument/codeAction", json::Object{});
  ASSERT_TRUE(Early.getObject("error"));
  EXPECT_EQ(Early.getObject("error")->getInteger("code"), -32002);
  initialize(C);

  // Headers that are not headers, a length that is not a number: skipped.
  C.sendRaw("garbage without a colon\r\n\r\n");
  C.sendRaw("Content-Length: lots\r\n\r\n");
  // A body that is not JSON: ParseError, with a null id.
  C.sendRaw("Content-Length: 9\r\n\r\n{not json");
  json::Object Parse = C.responseTo(nullptr);
  ASSERT_TRUE(Parse.getObject("error"));
  EXPECT_EQ(Parse.getObject("error")->getInteger("code"), -32700);
  // JSON that is no request: InvalidRequest.
  C.sendRaw("Content-Length: 5\r\n\r\n[1,2]");
  json::Object Invalid = C.responseTo(nullptr);
  ASSERT_TRUE(Invalid.getObject("error"));
  EXPECT_EQ(Invalid.getObject("error")->getInteger("code"), -32600);

  // Still serving: an unknown request is MethodNotFound, an unknown
  // notification is ignored.
  C.notify("$/somethingNew", json::Object{});
  json::Object Unknown = C.request("workspace/somethingNew", json::Object{});
  ASSERT_TRUE(Unknown.getObject("error"));
  EXPECT_EQ(Unknown.getObject("error")->getInteger("code"), -32601);

  // exit without shutdown: exit code 1, as the protocol says.
  C.notify("exit", nullptr);
  EXPECT_EQ(C.waitForExit(), 1);
}

TEST(Lsp, SaysWhyAFileIsNotAnalysedAndLeavesOtherFilesAlone) {
  Project P;
  // No compile_commands.json anywhere above: one diagnostic saying so.
  const std::string Cpp = P.write("orphan.cpp", "int main() { return 0; }\n");
  // A header and a YAML file that is no schema: nothing to say.
  const std::string Header = P.write("orphan.h", "#pragma once\n");
  const std::string Ci = P.write("ci.yaml", "jobs:\n  build: {}\n");
  LspClient C(P.Dir);
  initialize(C);
  C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", readText(Cpp)));
  const json::Object Orphan = C.diagnosticsFor(uriOf(Cpp));
  const auto Missing = withCode(Orphan, "no-compile-database");
  ASSERT_EQ(Missing.size(), 1u);
  EXPECT_THAT(Missing[0]->getString("message")->str(), HasSubstr("-p BUILD_DIR"));
  // A broken .tablelint.yaml is shown on the files it applies to.
  P.write(".tablelint.yaml", "rules:\n  disable: 7\n");
  const std::string Schema = P.write(
      "schema.yaml", readText(std::string(TABLELINT_SOURCE_DIR) +
                              "/test-inputs/schemas/checks/time-based-partition-key.yaml"));
  C.notify("textDocument/didOpen", openParams(uriOf(Schema), "yaml", readText(Schema)));
  // Kept: withCode points into it.
  const json::Object SchemaPublished = C.diagnosticsFor(uriOf(Schema));
  const auto Config = withCode(SchemaPublished, "configuration");
  ASSERT_EQ(Config.size(), 1u);
  EXPECT_THAT(Config[0]->getString("message")->str(), HasSubstr(".tablelint.yaml:2:"));
  C.notify("textDocument/didOpen", openParams(uriOf(Header), "cpp", readText(Header)));
  EXPECT_EQ(C.diagnosticsFor(uriOf(Header)).getArray("diagnostics")->size(), 0u);
  C.notify("textDocument/didOpen", openParams(uriOf(Ci), "yaml", readText(Ci)));
  EXPECT_EQ(C.diagnosticsFor(uriOf(Ci)).getArray("diagnostics")->size(), 0u);
  C.request("shutdown", nullptr);
  C.notify("exit", nullptr);
  EXPECT_EQ(C.waitForExit(), 0);
}

// compile_commands.json in the project's build/, as CMake writes it: the
// sources compiled from build/, with include/ on the include path.
void buildDatabase(const Project &P, const std::vector<std::string> &Files) {
  std::string Json = "[\n";
  for (std::size_t I = 0; I < Files.size(); ++I)
    Json += std::string(I ? ",\n" : "") + "  {\"directory\": \"" + P.Dir +
            "/build\", \"file\": \"" + P.Dir + "/" + Files[I] +
            "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
            mockIncludes() + "\", \"-I" + P.Dir + "/include\", \"-c\", \"" +
            P.Dir + "/" + Files[I] + "\"]}";
  P.write("build/compile_commands.json", Json + "\n]\n");
}

json::Object changeParams(const std::string &Uri, int Version,
                          const std::string &Text) {
  return json::Object{
      {"textDocument", json::Object{{"uri", Uri}, {"version", Version}}},
      {"contentChanges", json::Array{json::Object{{"text", Text}}}}};
}

std::vector<int64_t> linesOf(const std::vector<const json::Object *> &Ds) {
  std::vector<int64_t> Lines;
  for (const json::Object *D : Ds)
    Lines.push_back(startOf(*D).first);
  return Lines;
}

// As clangd: build/compile_commands.json at the workspace root serves
// src/scan.cpp; -p names another database and wins.
TEST(Lsp, FindsTheDatabaseInABuildDirectoryAboveTheFileAndMinusPWins) {
  Project P;
  const std::string Cpp = P.write("src/scan.cpp", ScanSource);
  P.database({"src/scan.cpp"}, "build");
  {
    LspClient C(P.Dir);
    initialize(C);
    C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", ScanSource));
    const json::Object Published = C.diagnosticsFor(uriOf(Cpp));
    EXPECT_EQ(linesOf(withCode(Published, "table-scan")), std::vector<int64_t>{3});
    EXPECT_TRUE(withCode(Published, "no-compile-database").empty());
  }
  // A database without entries: the file is not in it and has no
  // neighbour to borrow flags from, so nothing is analysed.
  P.write("other/compile_commands.json", "[]\n");
  LspClient C(P.Dir, {"-p", P.Dir + "/other"});
  initialize(C);
  C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", ScanSource));
  const json::Object Published = C.diagnosticsFor(uriOf(Cpp));
  EXPECT_TRUE(withCode(Published, "table-scan").empty());
  const auto Missing = withCode(Published, "not-in-compile-database");
  ASSERT_EQ(Missing.size(), 1u);
  EXPECT_THAT(Missing[0]->getString("message")->str(),
              HasSubstr(P.Dir + "/other/compile_commands.json"));
}

// scan.cpp (ScanSource) and its database written in P, C initialized and
// the file opened: its table scan is on line 3. Returns the file's path.
std::string openScanSource(const Project &P, LspClient &C) {
  const std::string Cpp = P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  initialize(C);
  C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", ScanSource));
  EXPECT_EQ(linesOf(withCode(C.diagnosticsFor(uriOf(Cpp)), "table-scan")),
            std::vector<int64_t>{3});
  return Cpp;
}

// Typing moves the findings with the text: the buffer is linted a moment
// after the last change, not at the next save, and only the newest version
// is published.
TEST(Lsp, RelintsTheUnsavedBufferAfterTheLastChange) {
  Project P;
  LspClient C(P.Dir);
  const std::string Cpp = openScanSource(P, C);

  // Five lines added above the scan, not saved.
  const std::string Moved = "// 1\n// 2\n// 3\n// 4\n// 5\n" + std::string(ScanSource);
  const auto Sent = std::chrono::steady_clock::now();
  C.notify("textDocument/didChange", changeParams(uriOf(Cpp), 2, Moved));
  json::Object Published = C.diagnosticsFor(uriOf(Cpp));
  const auto Waited = std::chrono::steady_clock::now() - Sent;
  EXPECT_EQ(Published.getInteger("version"), 2);
  EXPECT_EQ(linesOf(withCode(Published, "table-scan")), std::vector<int64_t>{8});
  // Debounced: not linted before the typing pause.
  EXPECT_GE(Waited, std::chrono::milliseconds(350));
  EXPECT_EQ(readText(Cpp), ScanSource) << "the disk is not touched";

  // Three quick edits: one lint, of the last one (the scan removed).
  C.notify("textDocument/didChange", changeParams(uriOf(Cpp), 3, Moved + "\n"));
  C.notify("textDocument/didChange", changeParams(uriOf(Cpp), 4, "// 0\n" + Moved));
  std::string Fixed = Moved;
  Fixed.replace(Fixed.find("t.QueryEntities();"), 18, "(void)t;");
  C.notify("textDocument/didChange", changeParams(uriOf(Cpp), 5, Fixed));
  Published = C.diagnosticsFor(uriOf(Cpp));
  EXPECT_EQ(Published.getInteger("version"), 5);
  EXPECT_TRUE(withCode(Published, "table-scan").empty());
  C.request("shutdown", nullptr);
  C.notify("exit", nullptr);
  EXPECT_EQ(C.waitForExit(), 0);
  for (const json::Object &M : C.Log)
    if (M.getString("method") == "textDocument/publishDiagnostics") {
      EXPECT_NE(M.getObject("params")->getInteger("version"), 3);
      EXPECT_NE(M.getObject("params")->getInteger("version"), 4);
    }
}

// A client that sends ranged edits although full texts were announced:
// they are applied to the buffer in order.
TEST(Lsp, AppliesRangedEditsInOrder) {
  Project P;
  LspClient C(P.Dir);
  const std::string Cpp = openScanSource(P, C);
  auto Edit = [](int64_t FromLine, int64_t FromChar, int64_t ToLine,
                 int64_t ToChar, const std::string &Text) {
    return json::Object{
        {"range", json::Object{{"start", json::Object{{"line", FromLine},
                                                      {"character", FromChar}}},
                               {"end", json::Object{{"line", ToLine},
                                                    {"character", ToChar}}}}},
        {"text", Text}};
  };
  // Two lines inserted at the top, then the scan's call (now on line 5)
  // given a partition key: the scan moves, then goes.
  C.notify("textDocument/didChange",
           json::Object{{"textDocument", json::Object{{"uri", uriOf(Cpp)}, {"version", 2}}},
                        {"contentChanges", json::Array{Edit(0, 0, 0, 0, "// a\n// b\n")}}});
  json::Object Published = C.diagnosticsFor(uriOf(Cpp));
  EXPECT_EQ(Published.getInteger("version"), 2);
  EXPECT_EQ(linesOf(withCode(Published, "table-scan")), std::vector<int64_t>{5});
  // "  t.QueryEntities();": the parentheses are characters 17 and 18.
  C.notify("textDocument/didChange",
           json::Object{{"textDocument", json::Object{{"uri", uriOf(Cpp)}, {"version", 3}}},
                        {"contentChanges",
                         json::Array{Edit(5, 17, 5, 19, "(o)"),
                                     Edit(5, 0, 5, 0,
                                          "  Models::QueryEntitiesOptions o; "
                                          "o.PartitionKey = \"p\"; o.RowKey = \"r\";\n")}}});
  Published = C.diagnosticsFor(uriOf(Cpp));
  EXPECT_EQ(Published.getInteger("version"), 3);
  EXPECT_TRUE(withCode(Published, "table-scan").empty());
  EXPECT_TRUE(withCode(Published, "compile-error").empty());
}

// A client that shows progress sees the analysis begin and end; a version
// that arrives while an older one is analysed wins, and the older result is
// never published.
TEST(Lsp, ReportsProgressAndDropsTheResultOfAStaleVersion) {
  Project P;
  // Standard headers make the parse take long enough for the newer
  // version to arrive while the first one is analysed.
  const std::string Slow = "#include <map>\n#include <regex>\n#include <future>\n"
                           "#include <thread>\n#include <iostream>\n" +
                           std::string(ScanSource);
  const std::string Cpp = P.write("scan.cpp", Slow);
  P.database({"scan.cpp"});
  LspClient C(P.Dir);
  json::Object Init = C.request(
      "initialize",
      json::Object{{"processId", nullptr},
                   {"rootUri", nullptr},
                   {"capabilities",
                    json::Object{{"window", json::Object{{"workDoneProgress", true}}}}}});
  ASSERT_TRUE(Init.getObject("result"));
  C.notify("initialized", json::Object{});
  C.notify("textDocument/didOpen", openParams(uriOf(Cpp), "cpp", Slow));

  auto ProgressOf = [](const std::string &Kind) {
    return [Kind](const json::Object &M) {
      return M.getString("method") == "$/progress" &&
             M.getObject("params")->getObject("value")->getString("kind") == Kind;
    };
  };
  const json::Object Create = C.waitFor([](const json::Object &M) {
    return M.getString("method") == "window/workDoneProgress/create";
  });
  ASSERT_TRUE(Create.getObject("params"));
  const std::string Token = Create.getObject("params")->getString("token")->str();
  const json::Object Begin = C.waitFor(ProgressOf("begin"));
  EXPECT_EQ(Begin.getObject("params")->getString("token"), Token);
  EXPECT_THAT(Begin.getObject("params")->getObject("value")->getString("message")->str(),
              HasSubstr("scan.cpp"));

  // Version 2, three lines lower, while version 1 is being analysed.
  C.notify("textDocument/didChange",
           changeParams(uriOf(Cpp), 2, "// a\n// b\n// c\n" + Slow));
  const json::Object End = C.waitFor(ProgressOf("end"));
  EXPECT_EQ(End.getObject("params")->getString("token"), Token);
  const json::Object Published = C.diagnosticsFor(uriOf(Cpp));
  EXPECT_EQ(Published.getInteger("version"), 2);
  EXPECT_EQ(linesOf(withCode(Published, "table-scan")), std::vector<int64_t>{11});
  for (const json::Object &M : C.Log)
    if (M.getString("method") == "textDocument/publishDiagnostics")
      EXPECT_EQ(M.getObject("params")->getInteger("version"), 2)
          << "a diagnostic of version 1 was published";
  // Version 2's own analysis was reported too, with a token of its own.
  const json::Object SecondEnd = C.waitFor(ProgressOf("end"));
  EXPECT_NE(SecondEnd.getObject("params")->getString("token"), Token);
}

// An open header is linted through a source that includes it; its own
// findings are published for it, at the lines of its unsaved buffer.
TEST(Lsp, AnOpenHeaderGetsTheFindingsOfASourceThatIncludesIt) {
  Project P;
  const std::string Header = "#pragma once\n"
                             "#include <azure/data/tables.hpp>\n"
                             "inline void all(Azure::Data::Tables::TableClient const &t) {\n"
                             "  t.QueryEntities();\n"
                             "}\n"
                             "inline void again(Azure::Data::Tables::TableClient const &t) {\n"
                             "  t.QueryEntities();\n"
                             "}\n";
  const std::string H = P.write("include/store.h", Header);
  const std::string Lonely = P.write("include/lonely.h", Header);
  const std::string Broken = P.write("include/broken.h", Header);
  P.write("src/other.cpp", "int other() { return 1; }\n");
  P.write("src/store.cpp", "#include \"store.h\"\n"
                           "void mine(Azure::Data::Tables::TableClient const &t) {\n"
                           "  t.QueryEntities();\n"
                           "}\n");
  P.write("src/broken.cpp", "#include \"broken.h\"\nint f() { return missing; }\n");
  buildDatabase(P, {"src/broken.cpp", "src/other.cpp", "src/store.cpp"});
  LspClient C(P.Dir);
  initialize(C);
  C.notify("textDocument/didOpen", openParams(uriOf(H), "cpp", Header));
  json::Object Published = C.diagnosticsFor(uriOf(H));
  ASSERT_TRUE(Published.getArray("diagnostics"));
  EXPECT_EQ(linesOf(withCode(Published, "table-scan")), (std::vector<int64_t>{3, 6}));
  EXPECT_EQ(withCode(Published, "table-scan").size(),
            Published.getArray("diagnostics")->size())
      << "only the header's own findings";

  C.notify("textDocument/didChange",
           changeParams(uriOf(H), 2, "// one\n// two\n" + Header));
  Published = C.diagnosticsFor(uriOf(H));
  EXPECT_EQ(linesOf(withCode(Published, "table-scan")), (std::vector<int64_t>{5, 8}));

  // Its only includer does not compile: the header says so, with the
  // source's place, rather than look clean.
  C.notify("textDocument/didOpen", openParams(uriOf(Broken), "cpp", Header));
  const json::Object BrokenPublished = C.diagnosticsFor(uriOf(Broken));
  const auto NotCompiled = withCode(BrokenPublished, "compile-error");
  ASSERT_EQ(NotCompiled.size(), 1u);
  EXPECT_THAT(NotCompiled[0]->getString("message")->str(),
              HasSubstr(P.Dir + "/src/broken.cpp:2:"));

  // No source includes this one: nothing to show, nothing invented.
  C.notify("textDocument/didOpen", openParams(uriOf(Lonely), "cpp", Header));
  const json::Object LonelyPublished = C.diagnosticsFor(uriOf(Lonely));
  ASSERT_TRUE(LonelyPublished.getArray("diagnostics"));
  EXPECT_TRUE(LonelyPublished.getArray("diagnostics")->empty());
  C.request("shutdown", nullptr);
  C.notify("exit", nullptr);
  EXPECT_EQ(C.waitForExit(), 0);
}

TEST(Lsp, HelpAndBadOptions) {
  ToolResult Help = runTablelint({"lsp", "--help"});
  EXPECT_EQ(Help.ExitCode, 0);
  EXPECT_THAT(Help.Out, HasSubstr("Usage: tablelint lsp"));
  EXPECT_THAT(runTablelint({"--help"}).Out,
              HasSubstr("  lsp        a language server on stdio"));
  ToolResult Bad = runTablelint({"lsp", "-p", "/no/such/build/dir"});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("/no/such/build/dir"));
}

} // namespace
} // namespace tablelint::test
