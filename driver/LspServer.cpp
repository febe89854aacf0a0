// The protocol side of `tablelint lsp` (see LspServer.h): lifecycle,
// document notifications, diagnostics and quick fixes.
#include "driver/LspServer.h"

#include "checks/schema/SchemaLint.h"
#include "core/InputFile.h"
#include "core/ProjectConfig.h"
#include "core/RuleCatalog.h"
#include "driver/CompileDatabaseSearch.h"
#include "driver/HeaderIncluders.h"
#include "driver/LintRun.h"
#include "driver/LspLintWorker.h"
#include "driver/LspText.h"
#include "driver/RuleDocsUrl.h"
#include "driver/Version.h"


#include <algorithm>
#include <exception>
#include <filesystem>
#include <iostream>
#include <poll.h>

namespace tablelint {

namespace json = llvm::json;
namespace fs = std::filesystem;

namespace {

// JSON-RPC and LSP error codes.
constexpr int ParseError = -32700;
constexpr int InvalidRequest = -32600;
constexpr int MethodNotFound = -32601;
constexpr int InvalidParams = -32602;
constexpr int InternalError = -32603;
constexpr int ServerNotInitialized = -32002;

// LSP DiagnosticSeverity.
int lspSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Note:
    return 3;
  }
  return 2;
}

bool isCppSourcePath(const fs::path &P) {
  const std::string E = P.extension().string();
  return E == ".cpp" || E == ".cc" || E == ".cxx" || E == ".c++";
}

// What `lint` would do with a file named on its command line: sources,
// headers (through a source that includes them) and schemas.
bool isLintable(const std::string &Path) {
  const fs::path P(Path);
  if (isCppSourcePath(P) || isCppHeaderPath(Path))
    return true;
  const std::string E = P.extension().string();
  return (E == ".yaml" || E == ".yml") &&
         P.filename() != ProjectConfigFileName &&
         schema::looksLikeSchemaFile(Path);
}

// Paths as the editor and the compile database spell them (symbolic links
// kept: the database may name a file through one).
std::string normalised(const std::string &Path) {
  return fs::absolute(Path).lexically_normal().string();
}

bool sameFile(const std::string &A, const std::string &B) {
  if (A == B)
    return true;
  std::error_code EC;
  return fs::equivalent(A, B, EC) && !EC;
}

// File texts for position conversion: the document's unsaved buffer, or the
// disk, each read once per lint.
class Texts {
public:
  Texts(const std::string &DocPath, const std::optional<std::string> &Unsaved)
      : DocPath(DocPath), Unsaved(Unsaved) {}
  const std::string &of(const std::string &Path) {
    if (Unsaved && sameFile(Path, DocPath))
      return *Unsaved;
    auto It = Cache.find(Path);
    if (It == Cache.end()) {
      // Only a regular file is read (an editor may save a FIFO or a
      // device named x.cpp: opening one would wait for ever); its text is
      // then empty, and positions fall on line 1.
      std::string Why;
      std::optional<std::string> Text = readInputFile(
          Path, InputFileLimit{LspMaxMessageBytes, "source files"}, Why);
      It = Cache.emplace(Path, Text ? std::move(*Text) : std::string()).first;
    }
    return It->second;
  }
  // An LSP position of a 1-based line and byte column of Path.
  json::Object position(const std::string &Path, unsigned Line,
                        unsigned Column) {
    const unsigned L = Line ? Line - 1 : 0;
    return json::Object{
        {"line", L},
        {"character", utf16Column(lineOf(of(Path), Line), Column)}};
  }
  // The end of the word at a 1-based position (at least one character):
  // where a finding without an end range stops.
  unsigned wordEnd(const std::string &Path, unsigned Line, unsigned Column) {
    const std::string_view Text = lineOf(of(Path), Line);
    std::size_t I = Column ? Column - 1 : 0;
    const std::size_t Start = I;
    while (I < Text.size() &&
           (std::isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '_' ||
            static_cast<unsigned char>(Text[I]) >= 0x80))
      ++I;
    if (I == Start && I < Text.size())
      ++I;
    return static_cast<unsigned>(I) + 1;
  }

private:
  std::string DocPath;
  const std::optional<std::string> &Unsaved;
  std::map<std::string, std::string> Cache;
};

json::Object range(json::Object Start, json::Object End) {
  return json::Object{{"start", std::move(Start)}, {"end", std::move(End)}};
}

unsigned integerOr(const json::Object *O, llvm::StringRef Key, unsigned Default) {
  if (!O)
    return Default;
  auto V = O->getInteger(Key);
  return V && *V >= 0 && *V <= 0x7fffffff ? static_cast<unsigned>(*V) : Default;
}

std::optional<std::string> documentUri(const json::Object *Params) {
  if (!Params)
    return std::nullopt;
  const json::Object *Doc = Params->getObject("textDocument");
  if (!Doc)
    return std::nullopt;
  if (auto Uri = Doc->getString("uri"))
    return Uri->str();
  return std::nullopt;
}

// A diagnostic with the span and fix-its code actions look for.
LspServer::Published published(json::Object Diagnostic,
                               std::vector<FindingFix> Fixes) {
  LspServer::Published P;
  const json::Object *Range = Diagnostic.getObject("range");
  const json::Object *Start = Range->getObject("start");
  const json::Object *End = Range->getObject("end");
  P.StartLine = static_cast<unsigned>(*Start->getInteger("line"));
  P.StartCharacter = static_cast<unsigned>(*Start->getInteger("character"));
  P.EndLine = static_cast<unsigned>(*End->getInteger("line"));
  P.EndCharacter = static_cast<unsigned>(*End->getInteger("character"));
  P.Diagnostic = std::move(Diagnostic);
  P.Fixes = std::move(Fixes);
  return P;
}

json::Object findingDiagnostic(const Finding &F, const std::string &Path,
                               Texts &Files) {
  json::Object Start = Files.position(Path, F.Line, F.Column);
  json::Object End =
      F.EndLine ? Files.position(Path, F.EndLine, F.EndColumn)
                : Files.position(Path, F.Line,
                                 Files.wordEnd(Path, F.Line, F.Column));
  json::Object D{{"range", range(std::move(Start), std::move(End))},
                 {"severity", lspSeverity(F.Level)},
                 {"source", "tablelint"},
                 {"code", F.RuleId},
                 {"message", F.Message}};
  // The rule page, as SARIF's helpUri names it.
  if (builtinCatalog().find(F.RuleId))
    if (const std::optional<std::string> Base = ruleDocsBase(
            std::nullopt, fs::path(Path).parent_path().string()))
      D["codeDescription"] =
          json::Object{{"href", *Base + "/" + F.RuleId + ".md"}};
  json::Array Related;
  for (const Finding::Note &N : F.Notes) {
    if (N.File.empty())
      continue;
    const std::string NotePath = normalised(N.File);
    json::Object NoteStart = Files.position(NotePath, N.Line, N.Column);
    json::Object NoteEnd = NoteStart;
    Related.push_back(json::Object{
        {"location",
         json::Object{{"uri", fileUriOfPath(NotePath)},
                      {"range", range(std::move(NoteStart),
                                      std::move(NoteEnd))}}},
        {"message", N.Message}});
  }
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

// A notification shown on the document at Path, if it is about it.
std::optional<json::Object> notificationDiagnostic(const ToolNotification &N,
                                                   const std::string &Path,
                                                   Texts &Files) {
  const bool Here = N.File.empty() || sameFile(normalised(N.File), Path);
  // A broken .tablelint.yaml changes what this file is checked with, and a
  // header's findings are missing when the source it was analysed through
  // does not compile: shown at the top of the file, with their own place.
  if (!Here && N.Id != "configuration" &&
      !(N.Id == "compile-error" && isCppHeaderPath(Path)))
    return std::nullopt;
  // A header is not expected in a database, nor to be included by one
  // before the sources are written: the editor stays quiet about it.
  if (isCppHeaderPath(Path) &&
      (N.Id == "no-compile-database" || N.Id == "header-not-included"))
    return std::nullopt;
  std::string Message = N.Message;
  if (!Here)
    Message = N.File + ":" + std::to_string(N.Line) + ":" +
              std::to_string(N.Column) + ": " + Message;
  const unsigned Line = Here ? N.Line : 1, Column = Here ? N.Column : 1;
  json::Object Start = Files.position(Path, Line, Column);
  json::Object End = Start;
  return json::Object{{"range", range(std::move(Start), std::move(End))},
                      {"severity", N.Level == Severity::Error ? 2 : 3},
                      {"source", "tablelint"},
                      {"code", N.Id},
                      {"message", std::move(Message)}};
}

// Replaces Range (LSP positions) of Text with NewText.
void applyRangedEdit(std::string &Text, const json::Object &Range,
                     llvm::StringRef NewText) {
  auto Offset = [&](const json::Object *Pos) {
    const unsigned Line = integerOr(Pos, "line", 0);
    std::size_t Start = 0;
    for (unsigned L = 0; L < Line && Start != std::string::npos; ++L) {
      Start = Text.find('\n', Start);
      if (Start != std::string::npos)
        ++Start;
    }
    if (Start == std::string::npos)
      return Text.size();
    const std::string_view LineText = lineOf(Text, Line + 1);
    return Start + byteColumn(LineText, integerOr(Pos, "character", 0)) - 1;
  };
  const std::size_t From = std::min(Offset(Range.getObject("start")), Text.size());
  const std::size_t To =
      std::min(std::max(From, Offset(Range.getObject("end"))), Text.size());
  Text.replace(From, To - From, NewText.str());
}

} // namespace

LspServer::LspServer(LspTransport &Transport, LspServerOptions Options)
    : Transport(Transport), Options(std::move(Options)),
      Worker(std::make_unique<LspLintWorker>()) {}

LspServer::~LspServer() = default;

int LspServer::run() {
  while (!ExitCode) {
    startDueLint();
    // Wait for a message, the end of a lint, or the next due lint.
    pollfd Fds[2] = {{Transport.inputFd(), POLLIN, 0},
                     {Worker->readyFd(), POLLIN, 0}};
    const int Timeout = Transport.hasBufferedInput() ? 0 : msUntilNextLint();
    if (::poll(Fds, 2, Timeout) < 0 && errno != EINTR)
      break;
    if (Fds[1].revents & POLLIN)
      finishLint();
    if (!Transport.hasBufferedInput() &&
        !(Fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    std::optional<LspTransport::Incoming> In = Transport.read();
    if (!In)
      break;
    if (!In->Message) {
      std::cerr << "tablelint lsp: " << In->Problem << "\n";
      if (In->BodyNotJson)
        replyError(nullptr, ParseError, In->Problem);
      continue;
    }
    handle(*In->Message);
  }
  // The end of the input without `exit`: the client has gone.
  return ExitCode.value_or(ShutdownRequested ? 0 : 1);
}

void LspServer::handle(const json::Value &Message) {
  const json::Object *O = Message.getAsObject();
  const json::Value *Id = O ? O->get("id") : nullptr;
  const json::Value NullId = nullptr;
  std::optional<llvm::StringRef> Method = O ? O->getString("method") : std::nullopt;
  if (!O || !Method) {
    // The client's answer to window/workDoneProgress/create; a response to
    // a request we never sent is dropped; anything else is not a JSON-RPC
    // message.
    if (O && Id && (O->get("result") || O->get("error"))) {
      progressTokenAccepted(*Id, O->get("error") == nullptr);
      return;
    }
    replyError(Id ? *Id : NullId, InvalidRequest,
               "not a JSON-RPC request or notification (no \"method\")");
    return;
  }
  const json::Value *ParamsValue = O->get("params");
  const json::Object *Params =
      ParamsValue ? ParamsValue->getAsObject() : nullptr;
  try {
    if (Id)
      handleRequest(*Id, *Method, Params);
    else
      handleNotification(*Method, Params);
  } catch (const std::exception &E) {
    std::cerr << "tablelint lsp: internal error in " << Method->str() << ": "
              << E.what() << "\n";
    if (Id)
      replyError(*Id, InternalError, std::string("internal error: ") + E.what());
  }
}

void LspServer::handleRequest(const json::Value &Id, llvm::StringRef Method,
                              const json::Object *Params) {
  if (Method == "initialize") {
    if (Initialized) {
      replyError(Id, InvalidRequest, "initialize was already received");
      return;
    }
    Initialized = true;
    if (const json::Object *Caps = Params ? Params->getObject("capabilities") : nullptr)
      if (const json::Object *Window = Caps->getObject("window"))
        ClientShowsProgress =
            Window->getBoolean("workDoneProgress").value_or(false);
    reply(Id, initializeResult());
    return;
  }
  if (!Initialized) {
    replyError(Id, ServerNotInitialized,
               "the server is not initialized: send initialize first");
    return;
  }
  if (ShutdownRequested) {
    replyError(Id, InvalidRequest, "the server is shutting down");
    return;
  }
  if (Method == "shutdown") {
    finishPendingLints();
    ShutdownRequested = true;
    reply(Id, nullptr);
    return;
  }
  if (Method == "textDocument/codeAction") {
    if (!Params || !documentUri(Params) || !Params->getObject("range")) {
      replyError(Id, InvalidParams,
                 "codeAction needs textDocument.uri and range");
      return;
    }
    reply(Id, codeActions(*Params));
    return;
  }
  replyError(Id, MethodNotFound, "method not found: " + Method.str());
}

void LspServer::handleNotification(llvm::StringRef Method,
                                   const json::Object *Params) {
  if (Method == "exit") {
    ExitCode = ShutdownRequested ? 0 : 1;
    return;
  }
  // Before initialize, notifications are dropped (the protocol says so).
  if (!Initialized || ShutdownRequested)
    return;
  if (Method == "textDocument/didOpen" || Method == "textDocument/didSave") {
    if (Params)
      documentOpenedOrSaved(Method, *Params);
    return;
  }
  if (Method == "textDocument/didChange") {
    if (Params)
      documentChanged(*Params);
    return;
  }
  if (Method == "textDocument/didClose") {
    const std::optional<std::string> Uri = documentUri(Params);
    if (!Uri)
      return;
    Documents.erase(*Uri);
    notify("textDocument/publishDiagnostics",
           json::Object{{"uri", *Uri}, {"diagnostics", json::Array{}}});
    return;
  }
  // initialized, $/cancelRequest and anything else: nothing to do.
}

void LspServer::documentOpenedOrSaved(llvm::StringRef Method,
                                      const json::Object &Params) {
  const std::optional<std::string> Uri = documentUri(&Params);
  const std::optional<std::string> Path =
      Uri ? pathOfFileUri(*Uri) : std::nullopt;
  if (!Path) {
    std::cerr << "tablelint lsp: " << Method.str()
              << ": not a file:// document URI; ignored\n";
    return;
  }
  Document &Doc = Documents[*Uri];
  Doc.Path = normalised(*Path);
  // Saved: the disk is the text again.
  Doc.Unsaved.reset();
  const json::Object *Item = Params.getObject("textDocument");
  if (Method == "textDocument/didOpen") {
    if (auto Text = Item->getString("text"))
      Doc.Unsaved = Text->str();
    Doc.Version = Item->getInteger("version");
  }
  if (!isLintable(Doc.Path)) {
    Doc.Diagnostics.clear();
    publish(*Uri, Doc);
    return;
  }
  scheduleLint(Doc, Clock::duration::zero());
}

// Full texts (the sync kind we announce) and, from clients that send them
// anyway, ranged edits, applied in order.
void LspServer::documentChanged(const json::Object &Params) {
  const std::optional<std::string> Uri = documentUri(&Params);
  auto It = Uri ? Documents.find(*Uri) : Documents.end();
  const json::Array *Changes = Params.getArray("contentChanges");
  if (It == Documents.end() || !Changes)
    return;
  Document &Doc = It->second;
  if (!Doc.Unsaved) {
    // A ranged edit applies to the saved text, read as every document is
    // (a regular file only: a FIFO named x.cpp would block the server).
    std::string Why;
    Doc.Unsaved =
        readInputFile(Doc.Path,
                      InputFileLimit{LspMaxMessageBytes, "source files"}, Why)
            .value_or(std::string());
  }
  for (const json::Value &C : *Changes) {
    const json::Object *Change = C.getAsObject();
    auto Text = Change ? Change->getString("text") : std::nullopt;
    if (!Text)
      continue;
    if (const json::Object *Range = Change->getObject("range"))
      applyRangedEdit(*Doc.Unsaved, *Range, *Text);
    else
      Doc.Unsaved = Text->str();
  }
  if (const json::Object *Item = Params.getObject("textDocument"))
    if (auto Version = Item->getInteger("version"))
      Doc.Version = Version;
  if (isLintable(Doc.Path))
    scheduleLint(Doc, Options.ChangeDelay);
}

void LspServer::scheduleLint(Document &Doc, Clock::duration Delay) {
  // A lint running now for an older text is stale from here on.
  Doc.Generation = ++LastGeneration;
  Doc.LintDue = Clock::now() + Delay;
}

int LspServer::msUntilNextLint() const {
  if (Worker->busy())
    return -1;
  std::optional<Clock::time_point> Next;
  for (const auto &Entry : Documents)
    if (Entry.second.LintDue && (!Next || *Entry.second.LintDue < *Next))
      Next = Entry.second.LintDue;
  if (!Next)
    return -1;
  const auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
      *Next - Clock::now());
  return static_cast<int>(std::max<int64_t>(0, Left.count() + 1));
}

void LspServer::startDueLint() {
  if (Worker->busy())
    return;
  const Clock::time_point Now = Clock::now();
  auto Due = Documents.end();
  for (auto It = Documents.begin(); It != Documents.end(); ++It)
    if (It->second.LintDue && *It->second.LintDue <= Now &&
        (Due == Documents.end() || *It->second.LintDue < *Due->second.LintDue))
      Due = It;
  if (Due == Documents.end())
    return;
  Document &Doc = Due->second;
  Doc.LintDue.reset();
  Running = RunningLint{Due->first, Doc.Generation, Doc.Unsaved, "", false};
  Worker->start(lintRunFor(Doc));
  if (!ClientShowsProgress)
    return;
  // The client creates the token; progress begins once it has answered.
  Running->ProgressToken =
      "tablelint-lint-" + std::to_string(++LastProgressToken);
  Transport.write(json::Object{
      {"jsonrpc", "2.0"},
      {"id", Running->ProgressToken},
      {"method", "window/workDoneProgress/create"},
      {"params", json::Object{{"token", Running->ProgressToken}}}});
}

void LspServer::finishPendingLints() {
  // Every document the client opened, saved or changed gets the
  // diagnostics of its last text before the server answers `shutdown`:
  // a client that sends its messages at once (a script, a CI check) is told
  // what its files hold, and an editor that waited is not kept waiting
  // long (one translation unit per document that changed since).
  for (auto &Entry : Documents)
    if (Entry.second.LintDue)
      Entry.second.LintDue = Clock::now();
  while (true) {
    if (!Worker->busy())
      startDueLint();
    if (!Worker->busy())
      return;
    pollfd Ready = {Worker->readyFd(), POLLIN, 0};
    if (::poll(&Ready, 1, -1) < 0 && errno != EINTR)
      return;
    if (Ready.revents & POLLIN)
      finishLint();
  }
}

void LspServer::progressTokenAccepted(const json::Value &Id, bool Accepted) {
  if (!Running || Running->ProgressToken.empty() ||
      Id.getAsString() != llvm::StringRef(Running->ProgressToken))
    return;
  if (!Accepted) {
    Running->ProgressToken.clear();
    return;
  }
  Running->ProgressBegun = true;
  const std::string Name =
      fs::path(pathOfFileUri(Running->Uri).value_or(Running->Uri))
          .filename()
          .string();
  notify("$/progress",
         json::Object{{"token", Running->ProgressToken},
                      {"value", json::Object{{"kind", "begin"},
                                             {"title", "tablelint"},
                                             {"message", "analysing " + Name},
                                             {"cancellable", false}}}});
}

void LspServer::finishLint() {
  std::optional<LintResult> Result = Worker->takeResult();
  if (!Result || !Running)
    return;
  RunningLint Done = std::move(*Running);
  Running.reset();
  if (Done.ProgressBegun)
    notify("$/progress",
           json::Object{{"token", Done.ProgressToken},
                        {"value", json::Object{{"kind", "end"}}}});
  // Closed since, or changed since: this result describes no text the
  // editor still shows.
  auto It = Documents.find(Done.Uri);
  if (It == Documents.end() || It->second.Generation != Done.Generation)
    return;
  collectDiagnostics(It->second, *Result, Done.Text);
  publish(Done.Uri, It->second);
}

LintRunOptions LspServer::lintRunFor(const Document &Doc) const {
  LintRunOptions Run;
  Run.Paths = {Doc.Path};
  Run.BuildDir = Options.BuildDir ? Options.BuildDir
                                  : findCompileDatabaseLikeClangd(Doc.Path);
  Run.ConfigFile = Options.ConfigFile;
  Run.Jobs = 1;
  Run.SchemaDrift = false;
  // Every open buffer: a source is analysed with the headers as the editor
  // shows them.
  for (const auto &Entry : Documents)
    if (Entry.second.Unsaved)
      Run.UnsavedFiles[Entry.second.Path] = *Entry.second.Unsaved;
  return Run;
}

void LspServer::reply(const json::Value &Id, json::Value Result) {
  Transport.write(json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void LspServer::replyError(const json::Value &Id, int Code,
                           const std::string &Message) {
  Transport.write(json::Object{
      {"jsonrpc", "2.0"},
      {"id", Id},
      {"error", json::Object{{"code", Code}, {"message", Message}}}});
}

void LspServer::notify(llvm::StringRef Method, json::Value Params) {
  Transport.write(json::Object{{"jsonrpc", "2.0"},
                               {"method", Method},
                               {"params", std::move(Params)}});
}

json::Value LspServer::initializeResult() const {
  return json::Object{
      {"capabilities",
       json::Object{
           // Full documents on open and on every change (linted a
           // moment after the last one); the disk on save.
           {"textDocumentSync",
            json::Object{{"openClose", true},
                         {"change", 1},
                         {"save", json::Object{{"includeText", false}}}}},
           {"codeActionProvider",
            json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
       }},
      {"serverInfo",
       json::Object{{"name", "tablelint"}, {"version", TablelintVersion}}}};
}

void LspServer::collectDiagnostics(Document &Doc, const LintResult &Result,
                                   const std::optional<std::string> &Text) {
  Doc.Diagnostics.clear();
  Texts Files(Doc.Path, Text);
  for (const ReportedFinding &R : Result.Findings)
    if (sameFile(normalised(R.F.File), Doc.Path))
      Doc.Diagnostics.push_back(
          published(findingDiagnostic(R.F, Doc.Path, Files), R.F.Fixes));
  // What kept (part of) the file from being analysed: no compile
  // database, a compile error, a bad configuration or schema.
  for (const ToolNotification &N : Result.Notifications) {
    std::cerr << "tablelint lsp: " << (N.File.empty() ? "" : N.File + ": ")
              << N.Message << "\n";
    if (std::optional<json::Object> D =
            notificationDiagnostic(N, Doc.Path, Files))
      Doc.Diagnostics.push_back(published(std::move(*D), {}));
  }
}

void LspServer::publish(const std::string &Uri, const Document &Doc) {
  json::Array Diagnostics;
  for (const Published &P : Doc.Diagnostics)
    Diagnostics.push_back(json::Object(P.Diagnostic));
  json::Object Params{{"uri", Uri}, {"diagnostics", std::move(Diagnostics)}};
  // The version the diagnostics are about (clients drop older ones).
  if (Doc.Version)
    Params["version"] = *Doc.Version;
  notify("textDocument/publishDiagnostics", std::move(Params));
}

json::Value LspServer::codeActions(const json::Object &Params) {
  json::Array Actions;
  const std::string Uri = *documentUri(&Params);
  auto It = Documents.find(Uri);
  if (It == Documents.end())
    return Actions;
  const Document &Doc = It->second;
  // A client asking only for other kinds (refactorings, source actions)
  // gets none of our quick fixes.
  if (const json::Object *Context = Params.getObject("context"))
    if (const json::Array *Only = Context->getArray("only")) {
      const bool WantsQuickFix =
          std::any_of(Only->begin(), Only->end(), [](const json::Value &K) {
            auto Kind = K.getAsString();
            return Kind && (*Kind == "quickfix" || *Kind == "");
          });
      if (!WantsQuickFix)
        return Actions;
    }
  const json::Object *Range = Params.getObject("range");
  const json::Object *From = Range->getObject("start");
  const json::Object *To = Range->getObject("end");
  const std::pair<unsigned, unsigned> Begin{integerOr(From, "line", 0),
                                            integerOr(From, "character", 0)};
  const std::pair<unsigned, unsigned> End{integerOr(To, "line", Begin.first),
                                          integerOr(To, "character", Begin.second)};
  Texts Files(Doc.Path, Doc.Unsaved);
  for (const Published &P : Doc.Diagnostics) {
    if (P.Fixes.empty())
      continue;
    // Line granularity: a cursor anywhere on a finding's lines offers its
    // fix (clients send the cursor, or the selection, as the range).
    if (P.EndLine < Begin.first || End.first < P.StartLine)
      continue;
    json::Object Changes;
    for (const FindingFix &Fix : P.Fixes) {
      const std::string FixPath = normalised(Fix.File);
      const std::string FixUri =
          sameFile(FixPath, Doc.Path) ? Uri : fileUriOfPath(FixPath);
      json::Array *Edits = Changes.getArray(FixUri);
      if (!Edits) {
        Changes[FixUri] = json::Array{};
        Edits = Changes.getArray(FixUri);
      }
      Edits->push_back(json::Object{
          {"range", range(Files.position(FixPath, Fix.Line, Fix.Column),
                          Files.position(FixPath, Fix.EndLine, Fix.EndColumn))},
          {"newText", Fix.Replacement}});
    }
    const std::string Rule =
        P.Diagnostic.getString("code").value_or("").str();
    Actions.push_back(json::Object{
        {"title", "Apply the tablelint fix-it (" + Rule + ")"},
        {"kind", "quickfix"},
        {"isPreferred", true},
        {"diagnostics", json::Array{json::Object(P.Diagnostic)}},
        {"edit", json::Object{{"changes", std::move(Changes)}}}});
  }
  return Actions;
}

} // namespace tablelint
