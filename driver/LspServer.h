// `tablelint lsp`: a small language server beside clangd (which cannot load
// clang-tidy plugins). It lints a document when the editor opens or saves
// it, through the same run as `tablelint lint` (compile database,
// .tablelint.yaml, NOLINT and schema suppressions), publishes the findings
// as diagnostics and offers their fix-its as quick-fix code actions.
#pragma once

#include "core/Finding.h"
#include "driver/LspTransport.h"

#include <llvm/Support/JSON.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

struct LspServerOptions {
  // -p: the directory of compile_commands.json; else searched upward from
  // each file, as `lint` does.
  std::optional<std::string> BuildDir;
  // --config: one .tablelint.yaml for every file.
  std::optional<std::string> ConfigFile;
};

class LspServer {
public:
  LspServer(LspTransport &Transport, LspServerOptions Options)
      : Transport(Transport), Options(std::move(Options)) {}

  // Serves until the `exit` notification or the end of the input; returns
  // the exit code the protocol asks for (0 after `shutdown`, else 1).
  int run();

private:
  // A published diagnostic and the fix-it edits it offers.
  struct Published {
    llvm::json::Object Diagnostic;
    unsigned StartLine = 0, StartCharacter = 0, EndLine = 0, EndCharacter = 0;
    std::vector<FindingFix> Fixes;
  };
  struct Document {
    std::string Path;
    // The editor's text from didOpen until the first save; then the disk.
    std::optional<std::string> Unsaved;
    std::vector<Published> Diagnostics;
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
  // Lints the document and publishes its diagnostics.
  void lintAndPublish(const std::string &Uri, Document &Doc);
  void publish(const std::string &Uri, const Document &Doc);

  LspTransport &Transport;
  LspServerOptions Options;
  std::map<std::string, Document> Documents; // by URI
  bool Initialized = false;
  bool ShutdownRequested = false;
  std::optional<int> ExitCode;
};

} // namespace tablelint
