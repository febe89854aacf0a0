// `tablelint lsp`: a small language server over stdio, for editors whose
// C++ support is clangd (which cannot load clang-tidy plugins). It speaks
// JSON-RPC with Content-Length framing (LSP 3.17), publishes tablelint's
// findings as diagnostics when a C++ source or a schema file is opened or
// saved, and offers the fix-its as quick-fix code actions. The analysis is
// `tablelint lint` on the saved file: the same compile database (-p, or found
// upward from the file), configuration and checks.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/LintRun.h"
#include "driver/LspProtocol.h"
#include "driver/RuleDocsUrl.h"
#include "driver/Version.h"

#include "checks/schema/SchemaLint.h"

#include <llvm/Support/JSON.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <unistd.h>

namespace tablelint {

namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;

const std::vector<OptionSpec> &lspOptions() {
  static const std::vector<OptionSpec> Specs = [] {
    std::vector<OptionSpec> S = analysisOptionSpecs();
    S.push_back({"help", 'h', false, "", "show this help", {}});
    return S;
  }();
  return Specs;
}

void printLspHelp() {
  std::cout
      << "Usage: tablelint lsp [options]\n\n"
         "A language server on stdin/stdout for editors that run clangd "
         "(which cannot\nload clang-tidy plugins): when a C++ source or "
         "a schema file is opened or\nsaved, tablelint analyses the saved "
         "file as `tablelint lint` would and\npublishes the findings as "
         "diagnostics; fix-its are quick-fix code actions.\nSet-up for VS "
         "Code, Neovim and CLion: docs/ide.md.\n\nOptions:\n"
      << formatOptionsHelp(lspOptions());
}

bool isCppSourcePath(const fs::path &P) {
  const std::string Ext = P.extension().string();
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c++";
}

bool isYamlPath(const fs::path &P) {
  const std::string Ext = P.extension().string();
  return Ext == ".yaml" || Ext == ".yml";
}

json::Object position(unsigned Line, unsigned Column) {
  // LSP positions are 0-based; ours are 1-based (0: unknown).
  return json::Object{{"line", Line ? Line - 1 : 0},
                      {"character", Column ? Column - 1 : 0}};
}

json::Object range(unsigned Line, unsigned Column, unsigned EndLine,
                   unsigned EndColumn) {
  const bool HasEnd = EndLine > Line || (EndLine == Line && EndColumn > Column);
  return json::Object{{"start", position(Line, Column)},
                      {"end", HasEnd
                                  ? position(EndLine, EndColumn)
                                  : position(Line, Column ? Column + 1 : 0)}};
}

int lspSeverity(Severity S) {
  return S == Severity::Error ? 1 : S == Severity::Warning ? 2 : 3;
}

// One analysed document: its diagnostics and, by diagnostic, the fix-its.
struct Analysis {
  json::Array Diagnostics;
  struct Fix {
    json::Object Diagnostic;
    std::string Title;
    json::Object Changes; // uri -> TextEdit[]
  };
  std::vector<Fix> Fixes;
};

class Server {
public:
  Server(LintRunOptions Base, LspChannel &Channel)
      : Base(std::move(Base)), Channel(Channel) {}

  // Serves until `exit`; the process exit code (0 after `shutdown`).
  int run() {
    std::string Body;
    while (Channel.read(Body)) {
      auto Message = json::parse(Body);
      if (!Message || !Message->getAsObject()) {
        Channel.write(errorResponse(nullptr, -32700, "parse error"));
        continue;
      }
      if (auto Exit = handle(*Message->getAsObject()))
        return *Exit;
    }
    return ShutDown ? ExitClean : ExitInputError;
  }

private:
  std::optional<int> handle(const json::Object &M) {
    const std::optional<llvm::StringRef> Method = M.getString("method");
    const json::Value *Id = M.get("id");
    const json::Object *Params = M.getObject("params");
    if (!Method)
      return std::nullopt; // a response to us: we send no requests
    if (*Method == "initialize") {
      reply(Id,
            json::Object{
                {"capabilities", json::Object{{"textDocumentSync",
                                               json::Object{{"openClose", true},
                                                            {"change", 0},
                                                            {"save", true}}},
                                              {"codeActionProvider", true}}},
                {"serverInfo", json::Object{{"name", "tablelint"},
                                            {"version", TablelintVersion}}}});
    } else if (*Method == "shutdown") {
      ShutDown = true;
      reply(Id, nullptr);
    } else if (*Method == "exit") {
      return ShutDown ? ExitClean : ExitInputError;
    } else if (*Method == "textDocument/didOpen" ||
               *Method == "textDocument/didSave") {
      if (auto Uri = documentUri(Params))
        publish(*Uri, analyse(*Uri));
    } else if (*Method == "textDocument/didClose") {
      if (auto Uri = documentUri(Params)) {
        Documents.erase(*Uri);
        publishDiagnostics(*Uri, json::Array{});
      }
    } else if (*Method == "textDocument/codeAction") {
      reply(Id, codeActions(Params));
    } else if (Id) {
      Channel.write(
          errorResponse(*Id, -32601, "method not handled: " + Method->str()));
    }
    return std::nullopt;
  }

  static std::optional<std::string> documentUri(const json::Object *Params) {
    const json::Object *Doc =
        Params ? Params->getObject("textDocument") : nullptr;
    auto Uri = Doc ? Doc->getString("uri") : std::nullopt;
    return Uri ? std::optional<std::string>(Uri->str()) : std::nullopt;
  }

  void reply(const json::Value *Id, json::Value Result) {
    Channel.write(json::Object{{"jsonrpc", "2.0"},
                               {"id", Id ? *Id : json::Value(nullptr)},
                               {"result", std::move(Result)}});
  }

  static json::Object errorResponse(json::Value Id, int Code,
                                    const std::string &Message) {
    return json::Object{
        {"jsonrpc", "2.0"},
        {"id", std::move(Id)},
        {"error", json::Object{{"code", Code}, {"message", Message}}}};
  }

  void publishDiagnostics(const std::string &Uri, json::Array Diagnostics) {
    Channel.write(json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/publishDiagnostics"},
        {"params",
         json::Object{{"uri", Uri}, {"diagnostics", std::move(Diagnostics)}}}});
  }

  void publish(const std::string &Uri, Analysis A) {
    json::Array Copy = A.Diagnostics;
    Documents[Uri] = std::move(A);
    publishDiagnostics(Uri, std::move(Copy));
  }

  // The saved file through the lint pipeline; files that are neither C++
  // sources nor schemas get no diagnostics.
  Analysis analyse(const std::string &Uri) {
    Analysis Out;
    const std::optional<std::string> Path = pathOfFileUri(Uri);
    if (!Path)
      return Out;
    const bool Yaml = isYamlPath(*Path);
    if (!isCppSourcePath(*Path) &&
        !(Yaml && schema::looksLikeSchemaFile(*Path)))
      return Out;
    LintRunOptions Options = Base;
    Options.Paths = {*Path};
    Options.Jobs = 1;
    Options.Progress = false;
    const LintResult Result = runLint(Options);
    const std::optional<std::string> Docs =
        ruleDocsBase(std::nullopt, Result.RepoRoot);
    for (const ReportedFinding &R : Result.Findings)
      if (R.F.File == *Path)
        add(Out, R.F, Docs);
    // Why a file was not analysed (no compile database, a compile error,
    // a bad configuration) belongs in front of the user too.
    for (const ToolNotification &N : Result.Notifications) {
      json::Object D{{"range", range(N.File == *Path ? N.Line : 1,
                                     N.File == *Path ? N.Column : 1, 0, 0)},
                     {"severity", lspSeverity(N.Level)},
                     {"source", "tablelint"},
                     {"code", N.Id},
                     {"message", N.File == *Path || N.File.empty()
                                     ? N.Message
                                     : N.File + ": " + N.Message}};
      Out.Diagnostics.push_back(std::move(D));
    }
    return Out;
  }

  static void add(Analysis &Out, const Finding &F,
                  const std::optional<std::string> &Docs) {
    json::Object D{{"range", range(F.Line, F.Column, F.EndLine, F.EndColumn)},
                   {"severity", lspSeverity(F.Level)},
                   {"source", "tablelint"},
                   {"code", "tablelint-" + F.RuleId},
                   {"message", F.Message}};
    if (Docs)
      D["codeDescription"] =
          json::Object{{"href", *Docs + "/" + F.RuleId + ".md"}};
    if (!F.Notes.empty()) {
      json::Array Related;
      for (const Finding::Note &N : F.Notes)
        Related.push_back(json::Object{
            {"location",
             json::Object{{"uri", fileUri(N.File)},
                          {"range", range(N.Line, N.Column, 0, 0)}}},
            {"message", N.Message}});
      D["relatedInformation"] = std::move(Related);
    }
    if (!F.Fixes.empty()) {
      std::map<std::string, json::Array> ByFile;
      for (const FindingFix &X : F.Fixes)
        ByFile[fileUri(X.File)].push_back(json::Object{
            {"range", json::Object{{"start", position(X.Line, X.Column)},
                                   {"end", position(X.EndLine, X.EndColumn)}}},
            {"newText", X.Replacement}});
      json::Object Changes;
      for (auto &[FileUri, Edits] : ByFile)
        Changes[FileUri] = std::move(Edits);
      Out.Fixes.push_back(
          {D, "Apply the fix-it of tablelint-" + F.RuleId, std::move(Changes)});
    }
    Out.Diagnostics.push_back(std::move(D));
  }

  // Quick fixes of the diagnostics whose range meets the requested one.
  json::Array codeActions(const json::Object *Params) {
    json::Array Actions;
    const std::optional<std::string> Uri = documentUri(Params);
    const json::Object *Range = Params ? Params->getObject("range") : nullptr;
    auto It = Uri ? Documents.find(*Uri) : Documents.end();
    if (It == Documents.end() || !Range)
      return Actions;
    auto Line = [](const json::Object *Pos) {
      return Pos ? Pos->getInteger("line").value_or(0) : 0;
    };
    const int64_t From = Line(Range->getObject("start"));
    const int64_t To = Line(Range->getObject("end"));
    for (const Analysis::Fix &Fix : It->second.Fixes) {
      const json::Object *R = Fix.Diagnostic.getObject("range");
      const int64_t Start = Line(R ? R->getObject("start") : nullptr);
      const int64_t End = Line(R ? R->getObject("end") : nullptr);
      if (End < From || Start > To)
        continue;
      Actions.push_back(json::Object{
          {"title", Fix.Title},
          {"kind", "quickfix"},
          {"diagnostics", json::Array{json::Object(Fix.Diagnostic)}},
          {"isPreferred", true},
          {"edit", json::Object{{"changes", json::Object(Fix.Changes)}}}});
    }
    return Actions;
  }

  LintRunOptions Base;
  LspChannel &Channel;
  std::map<std::string, Analysis> Documents;
  bool ShutDown = false;
};

} // namespace

int runLspCommand(const std::vector<std::string> &Args) {
  ParsedArgs A;
  if (auto Error = parseArgs(lspOptions(), Args, A)) {
    std::cerr << "tablelint lsp: error: " << *Error
              << " (see tablelint lsp --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printLspHelp();
    return ExitClean;
  }
  LintRunOptions Options;
  if (auto Error = readLintRunOptions(A, std::nullopt, Options,
                                      /*RequirePaths=*/false)) {
    std::cerr << "tablelint lsp: error: " << *Error << "\n";
    return ExitInputError;
  }
  // Only protocol messages may reach stdout: anything else the analysis
  // prints goes to stderr, which editors show as the server's log.
  LspChannel Channel(/*In=*/0, /*Out=*/::dup(1));
  ::dup2(2, 1);
  return Server(std::move(Options), Channel).run();
}

} // namespace tablelint
