// `tablelint lint`: runs the code checks over C++ translation units (one
// parse per TU, through clang-tidy's runner with only tablelint's module
// linked in) and prints the findings in clang's format.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"

#include "core/RuleCatalog.h"

#include <clang-tidy/ClangTidy.h>
#include <clang-tidy/ClangTidyDiagnosticConsumer.h>
#include <clang-tidy/ClangTidyOptions.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <unistd.h>
#include <iostream>
#include <map>
#include <set>

// Referenced so the linker keeps tablelint's module (checks/code).
extern volatile int TablelintModuleAnchorSource;
static int LLVM_ATTRIBUTE_UNUSED TablelintModuleAnchorDestination =
    TablelintModuleAnchorSource;

namespace tablelint {

namespace {

namespace fs = std::filesystem;

const std::vector<OptionSpec> &lintOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"p", 'p', true, "BUILD_DIR",
       "directory with compile_commands.json (default: searched upward from "
       "each file)",
       {}},
      {"fail-on", 0, true, "LEVEL",
       "lowest severity that fails the run (exit 1)",
       {"note", "warning", "error", "never"}},
      {"enable", 0, true, "RULES",
       "only these rules (comma-separated globs, e.g. 'table-scan,retry-*')",
       {}},
      {"disable", 0, true, "RULES", "not these rules (comma-separated globs)",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printLintHelp() {
  std::cout
      << "Usage: tablelint lint [options] PATHS... [-- COMPILER_ARGS...]\n\n"
         "Runs the code checks on C++ sources. PATHS are files or "
         "directories (searched\nfor .cpp, .cc, .cxx). Compile flags come "
         "from compile_commands.json (-p, or\nfound upward from each file), "
         "or from COMPILER_ARGS after '--' for every file.\n\n"
         "Options:\n"
      << formatOptionsHelp(lintOptions())
      << "\nFindings print as  file:line:col: warning: message "
         "[tablelint-rule].\n"
         "Suppress one with // NOLINT(tablelint-rule), // "
         "NOLINTNEXTLINE(tablelint-rule),\nor a NOLINTBEGIN/NOLINTEND pair.\n\n"
         "Exit codes: 0 clean; 1 findings at or above --fail-on (default "
         "warning);\n2 usage or input error (no compile database, a file "
         "not in it, a TU that\ndoes not compile: the other TUs are still "
         "analysed); 3 internal error.\n";
}

bool isCppSource(const fs::path &P) {
  const std::string E = P.extension().string();
  return E == ".cpp" || E == ".cc" || E == ".cxx" || E == ".c++";
}

// Turns "table-scan,retry-*" into clang-tidy globs "tablelint-table-scan,...".
std::string checkGlobs(const std::string &Rules, bool Negate) {
  std::string Out;
  std::size_t Start = 0;
  while (Start <= Rules.size()) {
    std::size_t End = Rules.find(',', Start);
    if (End == std::string::npos)
      End = Rules.size();
    std::string R = Rules.substr(Start, End - Start);
    R.erase(0, R.find_first_not_of(' '));
    R.erase(R.find_last_not_of(' ') + 1);
    if (!R.empty()) {
      if (R.rfind("tablelint-", 0) != 0)
        R = "tablelint-" + R;
      Out += std::string(",") + (Negate ? "-" : "") + R;
    }
    Start = End + 1;
  }
  return Out;
}

struct Position {
  unsigned Line = 0, Column = 0;
};

// 1-based line and column of a byte offset (files are read once each).
class PositionMap {
public:
  Position at(const std::string &File, unsigned Offset) {
    auto &Starts = LineStarts[File];
    if (Starts.empty()) {
      Starts.push_back(0);
      std::error_code EC;
      if (auto Buf = llvm::MemoryBuffer::getFile(File)) {
        llvm::StringRef Text = (*Buf)->getBuffer();
        for (std::size_t I = 0; I < Text.size(); ++I)
          if (Text[I] == '\n')
            Starts.push_back(static_cast<unsigned>(I + 1));
      }
    }
    auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
    const unsigned Line = static_cast<unsigned>(It - Starts.begin());
    return {Line, Offset - Starts[Line - 1] + 1};
  }

private:
  std::map<std::string, std::vector<unsigned>> LineStarts;
};

int severityRank(Severity S) { return static_cast<int>(S); }

// clang-tidy's runner prints progress and counts to stderr ("[1/2]
// Processing file ...", "3 warnings generated."): findings are ours to
// print. While it runs, stderr goes to a temporary file; afterwards every
// other line (a crash report, a message we do not expect) is passed on.
class QuietClangTidyProgress {
public:
  QuietClangTidyProgress() {
    std::fflush(stderr);
    llvm::errs().flush();
    char Name[] = "/tmp/tablelint-stderr-XXXXXX";
    TempFd = ::mkstemp(Name);
    if (TempFd < 0)
      return;
    ::unlink(Name);
    SavedFd = ::dup(2);
    ::dup2(TempFd, 2);
  }
  ~QuietClangTidyProgress() {
    if (TempFd < 0)
      return;
    std::fflush(stderr);
    llvm::errs().flush();
    ::dup2(SavedFd, 2);
    ::close(SavedFd);
    std::string Text;
    char Buf[4096];
    ::lseek(TempFd, 0, SEEK_SET);
    for (ssize_t N; (N = ::read(TempFd, Buf, sizeof Buf)) > 0;)
      Text.append(Buf, static_cast<std::size_t>(N));
    ::close(TempFd);
    static const std::regex Noise(
        R"(^(\[\d+/\d+\] Processing file .*|\d+ (warning|error)s? (and \d+ (warning|error)s? )?generated\.|Error while processing .*|Suppressed \d+ warnings .*|Use -header-filter=.*|Found compiler errors?\.?)$)");
    std::istringstream In(Text);
    for (std::string Line; std::getline(In, Line);)
      if (!std::regex_match(Line, Noise))
        std::cerr << Line << "\n";
  }

private:
  int TempFd = -1;
  int SavedFd = -1;
};

} // namespace

int runLintCommand(const std::vector<std::string> &AllArgs) {
  // Compiler arguments after "--" apply to every file.
  std::vector<std::string> Args;
  std::optional<std::vector<std::string>> CompilerArgs;
  for (std::size_t I = 0; I < AllArgs.size(); ++I) {
    if (AllArgs[I] == "--") {
      CompilerArgs.emplace(AllArgs.begin() + static_cast<long>(I) + 1,
                           AllArgs.end());
      break;
    }
    Args.push_back(AllArgs[I]);
  }
  ParsedArgs A;
  if (auto Error = parseArgs(lintOptions(), Args, A)) {
    std::cerr << "tablelint lint: error: " << *Error
              << "\n(see tablelint lint --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printLintHelp();
    return ExitClean;
  }
  if (A.positional().empty()) {
    std::cerr << "tablelint lint: error: no input: give C++ files or "
                 "directories (see tablelint lint --help)\n";
    return ExitInputError;
  }
  bool InputErrors = false;
  auto InputError = [&](const std::string &Message) {
    std::cerr << Message << "\n";
    InputErrors = true;
  };

  std::vector<std::string> Files;
  for (const std::string &P : A.positional()) {
    std::error_code EC;
    if (fs::is_directory(P, EC)) {
      std::vector<std::string> Found;
      for (auto It = fs::recursive_directory_iterator(P, EC);
           It != fs::recursive_directory_iterator(); It.increment(EC))
        if (It->is_regular_file(EC) && isCppSource(It->path()))
          Found.push_back(fs::absolute(It->path()).lexically_normal().string());
      std::sort(Found.begin(), Found.end());
      Files.insert(Files.end(), Found.begin(), Found.end());
    } else if (fs::is_regular_file(P, EC)) {
      Files.push_back(fs::absolute(P).lexically_normal().string());
    } else {
      InputError(P + ": error: no such file or directory");
    }
  }

  // Group the files by compilation database.
  std::map<std::string, std::vector<std::string>> ByDatabase;
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>> Databases;
  const std::string FixedKey = "<command line>";
  if (CompilerArgs) {
    std::vector<std::string> Flags = *CompilerArgs;
    Databases[FixedKey] = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", Flags);
    ByDatabase[FixedKey] = Files;
  } else {
    for (const std::string &F : Files) {
      std::string ErrorMessage, Key;
      std::unique_ptr<clang::tooling::CompilationDatabase> DB;
      if (A.has("p")) {
        Key = A.get("p");
        if (!Databases.count(Key))
          DB = clang::tooling::CompilationDatabase::loadFromDirectory(Key, ErrorMessage);
      } else {
        // The nearest compile_commands.json above the file.
        for (fs::path D = fs::path(F).parent_path(); !D.empty(); D = D.parent_path()) {
          if (fs::exists(D / "compile_commands.json")) {
            Key = D.string();
            break;
          }
          if (D == D.root_path())
            break;
        }
        if (!Key.empty() && !Databases.count(Key))
          DB = clang::tooling::CompilationDatabase::loadFromDirectory(Key, ErrorMessage);
      }
      if (Key.empty()) {
        InputError(F + ": error: no compile_commands.json found in its "
                       "directory or above; pass -p BUILD_DIR or compiler "
                       "flags after '--'");
        continue;
      }
      if (!Databases.count(Key)) {
        if (!DB) {
          InputError(Key + "/compile_commands.json: error: cannot load the "
                           "compilation database: " + ErrorMessage);
          Databases[Key] = nullptr;
        } else {
          Databases[Key] = std::move(DB);
        }
      }
      if (!Databases[Key])
        continue;
      // loadFromDirectory infers commands for unlisted files; a file the
      // build does not compile is worth saying so.
      const std::vector<std::string> Listed = Databases[Key]->getAllFiles();
      if (std::none_of(Listed.begin(), Listed.end(), [&](const std::string &L) {
            return fs::path(L).lexically_normal() == fs::path(F).lexically_normal();
          })) {
        InputError(F + ": error: not in the compilation database " + Key +
                   "/compile_commands.json");
        continue;
      }
      ByDatabase[Key].push_back(F);
    }
  }

  // clang-tidy options: only tablelint's checks, the rule selection, and
  // the resource dir of the clang we were built with (builtin headers).
  clang::tidy::ClangTidyOptions Defaults = clang::tidy::ClangTidyOptions::getDefaults();
  std::string Checks = "-*,tablelint-*";
  if (A.has("enable"))
    Checks = "-*" + checkGlobs(A.get("enable"), false);
  if (A.has("disable"))
    Checks += checkGlobs(A.get("disable"), true);
  Defaults.Checks = Checks;
  Defaults.ExtraArgsBefore = std::vector<std::string>{
      "-resource-dir=" TABLELINT_CLANG_RESOURCE_DIR};
  Defaults.SystemHeaders = false;

  std::vector<clang::tidy::ClangTidyError> Errors;
  for (auto &[Key, TUs] : ByDatabase) {
    if (TUs.empty())
      continue;
    auto Provider = std::make_unique<clang::tidy::DefaultOptionsProvider>(
        clang::tidy::ClangTidyGlobalOptions(), Defaults);
    clang::tidy::ClangTidyContext Context(std::move(Provider));
    auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        llvm::vfs::getRealFileSystem());
    std::vector<clang::tidy::ClangTidyError> Found;
    {
      QuietClangTidyProgress Quiet;
      Found = clang::tidy::runClangTidy(Context, *Databases[Key], TUs, BaseFS,
                                        /*ApplyAnyFix=*/false);
    }
    Errors.insert(Errors.end(), std::make_move_iterator(Found.begin()),
                  std::make_move_iterator(Found.end()));
  }

  // Report in file order.
  std::sort(Errors.begin(), Errors.end(),
            [](const clang::tidy::ClangTidyError &L,
               const clang::tidy::ClangTidyError &R) {
              return std::tie(L.Message.FilePath, L.Message.FileOffset,
                              L.DiagnosticName) <
                     std::tie(R.Message.FilePath, R.Message.FileOffset,
                              R.DiagnosticName);
            });
  const std::string FailOn = A.get("fail-on", "warning");
  const int Gate = FailOn == "never" ? 99
                   : FailOn == "note" ? severityRank(Severity::Note)
                   : FailOn == "error" ? severityRank(Severity::Error)
                                       : severityRank(Severity::Warning);
  PositionMap Positions;
  std::set<std::string> BrokenTUs;
  bool Failing = false;
  for (const clang::tidy::ClangTidyError &E : Errors) {
    const std::string &Check = E.DiagnosticName;
    const Position Pos = E.Message.FilePath.empty()
                             ? Position{}
                             : Positions.at(E.Message.FilePath, E.Message.FileOffset);
    const std::string Where =
        E.Message.FilePath.empty()
            ? std::string("<command line>")
            : fmt::format("{}:{}:{}", E.Message.FilePath, Pos.Line, Pos.Column);
    if (Check.rfind("tablelint-", 0) == 0) {
      const Rule *R = builtinCatalog().find(Check.substr(10));
      const Severity S = R ? R->DefaultSeverity : Severity::Warning;
      std::cout << fmt::format("{}: {}: {} [{}]\n", Where, severityName(S),
                               E.Message.Message, Check);
      Failing = Failing || severityRank(S) >= Gate;
      continue;
    }
    if (E.DiagLevel == clang::tooling::Diagnostic::Error) {
      // A TU that does not compile (clang-diagnostic-error), or a broken
      // suppression comment (clang-tidy-nolint): say where, and go on.
      std::cerr << fmt::format("{}: error: {} [{}]\n", Where, E.Message.Message,
                               Check);
      if (Check.rfind("clang-diagnostic-", 0) == 0)
        BrokenTUs.insert(E.Message.FilePath);
      InputErrors = true;
    }
  }
  for (const std::string &File : BrokenTUs)
    std::cerr << fmt::format("tablelint lint: error: code in {} does not "
                             "compile; findings for its translation unit may "
                             "be incomplete\n",
                             File);
  if (InputErrors)
    return ExitInputError;
  return Failing ? ExitFindings : ExitClean;
}

} // namespace tablelint
