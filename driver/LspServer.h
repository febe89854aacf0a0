// `tablelint lsp`: a small language server beside clangd (which cannot load
// clang-tidy plugins). It lints a document when the editor opens or saves
// it, and a moment after the user stops typing (the unsaved buffer laid
// over the disk), through the same run as `tablelint lint` (compile
// database, .tablelint.yaml, NOLINT and schema suppressions), publishes the
// findings as diagnostics and offers their fix-its as quick-fix code
// actions. A header is linted through a source that includes it. Lints run
// on their own thread, one at a time, with $/progress for clients that want
// it; a result older than the document's current version is dropped.
#pragma once

#include "core/Finding.h"
#include "driver/LintResult.h"
#include "driver/LintRun.h"
#include "driver/LspTransport.h"

#include <llvm/Support/JSON.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

struct LspServerOptions {
  // -p: the directory of compile_commands.json; else searched as clangd
  // does (each directory above the file, and its build/).
  std::optional<std::string> BuildDir;
  // --config: one .tablelint.yaml for every file.
  std::optional<std::string> ConfigFile;
  // How long after the last edit the buffer is linted.
  std::chrono::milliseconds ChangeDelay{400};
};

class LspLintWorker;

class LspServer {
public:
  LspServer(LspTransport &Transport, LspServerOptions Options);
  ~LspServer();

  // Serves until the `exit` notification or the end of the input; returns
  // the exit code the protocol asks for (0 after `shutdown`, else 1).
  int run();

  // A published diagnostic and the fix-it edits it offers.
  struct Published {
    llvm::json::Object Diagnostic;
    unsigned StartLine = 0, StartCharacter = 0, EndLine = 0, EndCharacter = 0;
    std::vector<FindingFix> Fixes;
  };

private:
  using Clock = std::chrono::steady_clock;
  struct Document {
    std::string Path;
    // The editor's text from didOpen or didChange until a save; then the
    // disk.
    std::optional<std::string> Unsaved;
    // The editor's version of the text, when it gave one.
    std::optional<int64_t> Version;
    // Ours: bumped by every open, change and save; a lint's result is
    // published only while it is still the document's.
    uint64_t Generation = 0;
    // When the next lint is due (none: nothing to lint).
    std::optional<Clock::time_point> LintDue;
    std::vector<Published> Diagnostics;
  };
  // The lint on the worker thread.
  struct RunningLint {
    std::string Uri;
    uint64_t Generation = 0;
    std::optional<std::string> Text; // the buffer it analysed
    std::string ProgressToken;       // empty: no progress reported
    bool ProgressBegun = false;
  };

  void handle(const llvm::json::Value &Message);
  void handleRequest(const llvm::json::Value &Id, llvm::StringRef Method,
                     const llvm::json::Object *Params);
  void handleNotification(llvm::StringRef Method,
                          const llvm::json::Object *Params);

  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, int Code,
                  const std::string &Message);
  void notify(llvm::StringRef Method, llvm::json::Value Params);

  llvm::json::Value initializeResult() const;
  llvm::json::Value codeActions(const llvm::json::Object &Params);

  // Document notifications.
  void documentOpenedOrSaved(llvm::StringRef Method,
                             const llvm::json::Object &Params);
  void documentChanged(const llvm::json::Object &Params);

  // Lint scheduling: a lint is due after Delay; the due one that waited
  // longest starts when the worker is idle.
  void scheduleLint(Document &Doc, Clock::duration Delay);
  void startDueLint();
  // Milliseconds until the next due lint, -1 for none (poll's timeout).
  int msUntilNextLint() const;
  void finishLint();
  // Runs every due or debounced lint to its end and publishes it (before
  // `shutdown` is answered).
  void finishPendingLints();
  // $/progress for the running lint, once the client accepted the token.
  void progressTokenAccepted(const llvm::json::Value &Id, bool Accepted);

  LintRunOptions lintRunFor(const Document &Doc) const;
  // The document's diagnostics from a lint of Text (its buffer then).
  void collectDiagnostics(Document &Doc, const LintResult &Result,
                          const std::optional<std::string> &Text);
  void publish(const std::string &Uri, const Document &Doc);

  LspTransport &Transport;
  LspServerOptions Options;
  std::map<std::string, Document> Documents; // by URI
  std::unique_ptr<LspLintWorker> Worker;
  std::optional<RunningLint> Running;
  uint64_t LastGeneration = 0;
  unsigned LastProgressToken = 0;
  // The client said window.workDoneProgress.
  bool ClientShowsProgress = false;
  bool Initialized = false;
  bool ShutdownRequested = false;
  std::optional<int> ExitCode;
};

} // namespace tablelint
