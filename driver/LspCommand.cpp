// `tablelint lsp`: options, and a stdout kept for the protocol alone.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/LintRun.h"
#include "driver/LspServer.h"
#include "driver/LspTransport.h"

#include <csignal>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &lspOptions() {
  static const std::vector<OptionSpec> Specs = [] {
    // -p and --config as `lint` has them (one file at a time: no -j).
    std::vector<OptionSpec> S;
    for (OptionSpec &O : analysisOptionSpecs()) {
      if (O.Long == "jobs")
        continue;
      if (O.Long == "p")
        O.Help = "directory with compile_commands.json (default: as clangd "
                 "finds it, in each directory above the file or its build/)";
      S.push_back(std::move(O));
    }
    S.push_back({"stdio", 0, false, "",
                 "talk over standard input and output (the default and only "
                 "transport; accepted because LSP clients pass it)",
                 {}});
    S.push_back({"help", 'h', false, "", "show this help", {}});
    return S;
  }();
  return Specs;
}

void printLspHelp() {
  std::cout
      << "Usage: tablelint lsp [-p BUILD_DIR] [--config FILE]\n\n"
         "A language server (LSP over standard input and output) that runs "
         "beside clangd:\nit lints C++ sources, headers (through a source "
         "that includes them) and schema\nYAML files when the editor opens "
         "or saves them and 400 ms after the last edit\n(the unsaved buffer), "
         "the same way as `tablelint lint` (.tablelint.yaml, NOLINT),\n"
         "publishes the findings as diagnostics and offers fix-its as quick "
         "fixes.\nThe compile database: -p, else found as clangd does (each "
         "directory above the\nfile, and its build/ subdirectory).\n"
         "Editor setup: docs/ide.md.\n\nOptions:\n"
      << formatOptionsHelp(lspOptions())
      << "\nExit codes: 0 after the client's shutdown and exit; 1 when the "
         "client exits or\ngoes away without shutdown; 2 usage error.\n";
}

} // namespace

int runLspCommand(const std::vector<std::string> &Args) {
  ParsedArgs A;
  if (auto Error = parseArgs(lspOptions(), Args, A)) {
    std::cerr << "tablelint lsp: error: " << *Error << "\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printLspHelp();
    return ExitClean;
  }
  if (!A.positional().empty()) {
    std::cerr << "tablelint lsp: error: unexpected argument '"
              << A.positional().front()
              << "' (the server reads its documents from the editor)\n";
    return ExitInputError;
  }
  LspServerOptions Options;
  std::error_code EC;
  if (A.has("p")) {
    if (!std::filesystem::is_directory(A.get("p"), EC)) {
      std::cerr << "tablelint lsp: error: " << A.get("p")
                << ": no such directory (-p)\n";
      return ExitInputError;
    }
    Options.BuildDir = std::filesystem::absolute(A.get("p")).string();
  }
  if (A.has("config")) {
    if (!std::filesystem::is_regular_file(A.get("config"), EC)) {
      std::cerr << "tablelint lsp: error: " << A.get("config")
                << ": no such configuration file (--config)\n";
      return ExitInputError;
    }
    Options.ConfigFile =
        std::filesystem::absolute(A.get("config")).lexically_normal().string();
  }
  // Standard output carries the protocol only: it moves to a private
  // descriptor, and whatever else writes to fd 1 (a library, a crash
  // report) lands on stderr instead of corrupting a message.
  std::cout.flush();
  const int ProtocolFd = ::dup(1);
  if (ProtocolFd < 0 || ::dup2(2, 1) < 0) {
    std::cerr << "tablelint lsp: error: cannot set up standard output\n";
    return ExitInternalError;
  }
  // A client that goes away is a write error, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  LspTransport Transport(0, ProtocolFd);
  LspServer Server(Transport, std::move(Options));
  const int Code = Server.run();
  ::close(ProtocolFd);
  return Code;
}

} // namespace tablelint
