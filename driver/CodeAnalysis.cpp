// Compile-database lookup and the parallel clang-tidy runner of `lint`.
#include "driver/CodeAnalysis.h"

#include "driver/ApplyFixes.h"
#include "driver/CompileDatabase.h"
#include "driver/CrashIsolation.h"
#include "driver/HeaderIncluders.h"
#include "driver/HeaderScope.h"
#include "driver/SchemaFactsCollect.h"
#include "driver/WalkFilter.h"

#include "checks/schema/SchemaLint.h"
#include "core/InputFile.h"
#include "core/Text.h"
#include "core/Utf8Text.h"

#include "core/ProjectConfig.h"
#include "core/RuleCatalog.h"
#include "driver/ClangResourceDir.h"

#include <clang-tidy/ClangTidy.h>
#include <clang-tidy/ClangTidyDiagnosticConsumer.h>
#include <clang-tidy/ClangTidyModule.h>
#include <clang-tidy/ClangTidyOptions.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/ThreadPool.h>
#include <llvm/Support/Threading.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <regex>
#include <sstream>
#include <unistd.h>

// Referenced so the linker keeps tablelint's module (checks/code).
extern volatile int TablelintModuleAnchorSource;
static int LLVM_ATTRIBUTE_UNUSED TablelintModuleAnchorDestination =
    TablelintModuleAnchorSource;

namespace tablelint {

namespace {

namespace fs = std::filesystem;
namespace tooling = clang::tooling;

bool isCppSource(const fs::path &P) {
  const std::string E = P.extension().string();
  return E == ".cpp" || E == ".cc" || E == ".cxx" || E == ".c++";
}

bool isSchemaFile(const fs::path &P) {
  const std::string E = P.extension().string();
  return (E == ".yaml" || E == ".yml") &&
         P.filename() != ProjectConfigFileName;
}

ToolNotification problem(std::string Id, std::string File,
                         std::string Message) {
  ToolNotification N;
  N.Id = std::move(Id);
  N.File = std::move(File);
  N.Message = std::move(Message);
  return N;
}

// The nearest directory at or above File's holding compile_commands.json.
std::string databaseDirAbove(const std::string &File) {
  for (fs::path D = fs::path(File).parent_path(); !D.empty(); D = D.parent_path()) {
    std::error_code EC;
    if (fs::exists(D / "compile_commands.json", EC))
      return D.string();
    if (D == D.root_path())
      break;
  }
  return {};
}

// One TU's command, so each worker's runner sees only its own file and no
// two threads share a database object.
class SingleCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(tooling::CompileCommand Command)
      : Command(std::move(Command)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Command};
  }
  std::vector<std::string> getAllFiles() const override {
    return {Command.Filename};
  }

private:
  tooling::CompileCommand Command;
};

// The disk as clang reads it for a TU: only regular files open. An
// `#include "/dev/zero"` would read for ever, an include of a FIFO would
// wait for a writer; both are "cannot open" errors instead (a compile
// error of that TU).
class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> Status = status(Path);
    if (Status && Status->getType() != llvm::sys::fs::file_type::regular_file)
      return std::make_error_code(std::errc::not_supported);
    return ProxyFileSystem::openFileForRead(Path);
  }
};

// clang-tidy options per file: the defaults plus the thresholds of the
// .tablelint.yaml that applies to the file, as the checks' options
// ("tablelint-filter-too-complex.MaxComparisons").
class ConfigOptionsProvider : public clang::tidy::DefaultOptionsProvider {
public:
  using DefaultOptionsProvider::DefaultOptionsProvider;
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Sources =
        DefaultOptionsProvider::getRawOptions(FileName);
    const auto Path =
        findProjectConfig(fs::path(FileName.str()).parent_path().string());
    if (!Path)
      return Sources;
    const auto Config = loadProjectConfig(*Path);
    clang::tidy::ClangTidyOptions Options;
    for (const auto &[Rule, Values] : Config->Thresholds)
      for (const auto &[Name, Value] : Values)
        Options.CheckOptions["tablelint-" + Rule + "." + Name] =
            clang::tidy::ClangTidyOptions::ClangTidyValue(Value);
    Sources.emplace_back(std::move(Options), *Path);
    return Sources;
  }
};

// clang-tidy's runner prints progress and counts to stderr ("[1/2]
// Processing file ...", "3 warnings generated."): findings are ours to
// print. While it runs, stderr goes to a temporary file; afterwards every
// other line (a crash report, a message we do not expect) is passed on.
// Our own progress line goes to the saved, real stderr.
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
  QuietClangTidyProgress(const QuietClangTidyProgress &) = delete;
  QuietClangTidyProgress &operator=(const QuietClangTidyProgress &) = delete;
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
  // Writes to the terminal's stderr while the real one is redirected.
  void status(const std::string &Text) {
    const int Fd = TempFd < 0 ? 2 : SavedFd;
    const ssize_t Ignored = ::write(Fd, Text.data(), Text.size());
    (void)Ignored;
  }

private:
  int TempFd = -1;
  int SavedFd = -1;
};

struct Position {
  unsigned Line = 0, Column = 0;
};

// 1-based line and column of a byte offset; files are read once each.
class SourceTexts {
public:
  explicit SourceTexts(const std::map<std::string, std::string> *Unsaved)
      : Unsaved(Unsaved) {}
  Position at(const std::string &File, unsigned Offset) {
    const Text &T = text(File);
    auto It = std::upper_bound(T.LineStarts.begin(), T.LineStarts.end(), Offset);
    const unsigned Line = static_cast<unsigned>(It - T.LineStarts.begin());
    return {Line, Offset - T.LineStarts[Line - 1] + 1};
  }
  std::string anchor(const std::string &File, unsigned Line) {
    return normalisedLine(text(File).Content, Line);
  }

private:
  struct Text {
    std::string Content;
    std::vector<unsigned> LineStarts;
  };
  const Text &text(const std::string &File) {
    Text &T = Texts[File];
    if (T.LineStarts.empty()) {
      T.LineStarts.push_back(0);
      if (Unsaved && Unsaved->count(File))
        T.Content = Unsaved->at(File);
      else if (auto Buf = llvm::MemoryBuffer::getFile(File))
        T.Content = (*Buf)->getBuffer().str();
      for (std::size_t I = 0; I < T.Content.size(); ++I)
        if (T.Content[I] == '\n')
          T.LineStarts.push_back(static_cast<unsigned>(I + 1));
    }
    return T;
  }
  const std::map<std::string, std::string> *Unsaved;
  std::map<std::string, Text> Texts;
};

// The hash of every file's text as clang read it, for all TUs (see
// AnalysedTexts). A file two TUs read with different texts has no hash.
class ReadTexts {
public:
  void record(const std::string &Path, std::uint64_t Hash) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto [It, New] = Hashes.emplace(Path, Hash);
    if (!New && It->second != Hash)
      It->second = std::nullopt;
  }
  AnalysedTexts take() { return std::move(Hashes); }

private:
  std::mutex Mutex;
  AnalysedTexts Hashes;
};

// A file whose buffer, once clang reads it, is hashed into ReadTexts.
class RecordedFile : public llvm::vfs::File {
public:
  RecordedFile(std::unique_ptr<llvm::vfs::File> Inner, std::string Path,
               ReadTexts &Texts)
      : Inner(std::move(Inner)), Path(std::move(Path)), Texts(Texts) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    auto Buffer =
        Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (Buffer)
      Texts.record(Path, contentHash((*Buffer)->getBuffer()));
    return Buffer;
  }
  std::error_code close() override { return Inner->close(); }

private:
  std::unique_ptr<llvm::vfs::File> Inner;
  std::string Path;
  ReadTexts &Texts;
};

// A TU's file system that records what clang reads (by absolute path):
// each file's hash in Texts, shared by every TU, and its path in Files, the
// TU's own.
class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      ReadTexts &Texts, std::set<std::string> &Files)
      : ProxyFileSystem(std::move(FS)), Texts(Texts), Files(Files) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Name) override {
    auto File = ProxyFileSystem::openFileForRead(Name);
    if (!File)
      return File;
    fs::path P(Name.str());
    if (P.is_relative())
      if (auto Cwd = getCurrentWorkingDirectory())
        P = fs::path(*Cwd) / P;
    std::string Path = P.lexically_normal().string();
    Files.insert(Path);
    return std::unique_ptr<llvm::vfs::File>(
        std::make_unique<RecordedFile>(std::move(*File), std::move(Path), Texts));
  }

private:
  ReadTexts &Texts;
  std::set<std::string> &Files;
};

// A path clang reported, as the compile command named it: relative ones
// are relative to the command's directory, not to ours.
std::atomic<unsigned> ClangParses{0};

// The frontend action of one clang run: clang-tidy's consumer (the checks),
// followed, when Facts is given, by the schema facts consumer on the same
// AST, so schema-drift costs no second parse.
class ChecksAction : public clang::ASTFrontendAction {
public:
  ChecksAction(clang::tidy::ClangTidyASTConsumerFactory &Checks,
               std::vector<code::SchemaFacts> *Facts)
      : Checks(Checks), Facts(Facts) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &Compiler,
                    llvm::StringRef File) override {
    ++ClangParses;
    std::unique_ptr<clang::ASTConsumer> Tidy =
        Checks.createASTConsumer(Compiler, File);
    if (!Facts)
      return Tidy;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
    Both.push_back(std::move(Tidy));
    Both.push_back(schemaFactsConsumer(File.str(), *Facts));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
  }

private:
  clang::tidy::ClangTidyASTConsumerFactory &Checks;
  std::vector<code::SchemaFacts> *Facts;
};

class ChecksActionFactory : public tooling::FrontendActionFactory {
public:
  ChecksActionFactory(clang::tidy::ClangTidyContext &Context,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                      std::vector<code::SchemaFacts> *Facts)
      : Checks(Context, std::move(FS)), Facts(Facts) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ChecksAction>(Checks, Facts);
  }
  // As clang-tidy: code under `#ifndef __clang_analyzer__` is not checked.
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer *Diags) override {
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    return FrontendActionFactory::runInvocation(Invocation, Files, PCH, Diags);
  }

private:
  clang::tidy::ClangTidyASTConsumerFactory Checks;
  std::vector<code::SchemaFacts> *Facts;
};

// clang-tidy's runClangTidy for one file, with room for the facts consumer:
// the context's extra arguments are added, plugin arguments stripped, and
// the diagnostics (findings, compile errors) returned.
std::vector<clang::tidy::ClangTidyError>
runChecks(clang::tidy::ClangTidyContext &Context,
          const tooling::CompilationDatabase &Database, const std::string &File,
          llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
          std::vector<code::SchemaFacts> *Facts) {
  tooling::ClangTool Tool(Database, {File},
                          std::make_shared<clang::PCHContainerOperations>(), FS);
  const clang::tidy::ClangTidyOptions Options = Context.getOptionsForFile(File);
  if (Options.ExtraArgsBefore)
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        *Options.ExtraArgsBefore, tooling::ArgumentInsertPosition::BEGIN));
  if (Options.ExtraArgs)
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        *Options.ExtraArgs, tooling::ArgumentInsertPosition::END));
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  clang::tidy::ClangTidyDiagnosticConsumer Diagnostics(
      Context, nullptr, /*RemoveIncompatibleErrors=*/true,
      /*GetFixesFromNotes=*/false);
  clang::DiagnosticsEngine Engine(new clang::DiagnosticIDs(),
                                  new clang::DiagnosticOptions(), &Diagnostics,
                                  /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Diagnostics);
  ChecksActionFactory Factory(Context, FS, Facts);
  Tool.run(&Factory);
  return Diagnostics.take();
}

std::string absoluteIn(const std::string &BuildDirectory, const std::string &Path) {
  if (Path.empty())
    return Path;
  fs::path P(Path);
  if (P.is_relative())
    P = fs::path(BuildDirectory) / P;
  return P.lexically_normal().string();
}

void addFixes(const llvm::StringMap<tooling::Replacements> &Fix,
              const std::string &BuildDirectory, SourceTexts &Sources,
              std::vector<FindingFix> &Out) {
  for (const auto &Entry : Fix)
    for (const tooling::Replacement &R : Entry.getValue()) {
      const std::string File =
          absoluteIn(BuildDirectory, R.getFilePath().str());
      const Position B = Sources.at(File, R.getOffset());
      const Position E = Sources.at(File, R.getOffset() + R.getLength());
      Out.push_back({File, B.Line, B.Column, E.Line, E.Column,
                     R.getReplacementText().str()});
    }
}

Finding toFinding(const clang::tidy::ClangTidyError &E, SourceTexts &Sources) {
  Finding F;
  F.RuleId = E.DiagnosticName.substr(10);
  const Rule *R = builtinCatalog().find(F.RuleId);
  F.Level = R ? R->DefaultSeverity : Severity::Warning;
  // A check's remark is a finding at note level (full-metadata JSON).
  if (E.DiagLevel == tooling::Diagnostic::Remark)
    F.Level = Severity::Note;
  F.Origin = FindingOrigin::Code;
  F.File = absoluteIn(E.BuildDirectory, E.Message.FilePath);
  F.Message = E.Message.Message;
  if (!F.File.empty()) {
    const Position P = Sources.at(F.File, E.Message.FileOffset);
    F.Line = P.Line;
    F.Column = P.Column;
    F.Anchor = Sources.anchor(F.File, P.Line);
    for (const tooling::FileByteRange &Range : E.Message.Ranges)
      if (Range.FilePath == E.Message.FilePath &&
          Range.FileOffset == E.Message.FileOffset &&
          Range.Length > 0) {
        const Position End = Sources.at(F.File, Range.FileOffset + Range.Length);
        F.EndLine = End.Line;
        F.EndColumn = End.Column;
        break;
      }
  }
  addFixes(E.Message.Fix, E.BuildDirectory, Sources, F.Fixes);
  for (const tooling::DiagnosticMessage &N : E.Notes) {
    Finding::Note Note;
    Note.File = absoluteIn(E.BuildDirectory, N.FilePath);
    Note.Message = N.Message;
    if (!Note.File.empty()) {
      const Position P = Sources.at(Note.File, N.FileOffset);
      Note.Line = P.Line;
      Note.Column = P.Column;
    }
    F.Notes.push_back(std::move(Note));
    addFixes(N.Fix, E.BuildDirectory, Sources, F.Fixes);
  }
  return F;
}

// A unit analysed for some headers only reports theirs.
bool reportedFor(const TranslationUnit &U, const std::string &File) {
  return U.ReportOnly.empty() ||
         std::find(U.ReportOnly.begin(), U.ReportOnly.end(), File) !=
             U.ReportOnly.end();
}

// "inferred from /src/a.cpp" is how LLVM's interpolating database names
// the entry whose flags it borrowed.
ToolNotification inferredCommandNote(const std::string &File,
                                     const std::string &Database,
                                     const tooling::CompileCommand &Command) {
  const std::string Prefix = "inferred from ";
  std::string From = Command.Heuristic.rfind(Prefix, 0) == 0
                         ? Command.Heuristic.substr(Prefix.size())
                         : std::string("a neighbouring entry");
  ToolNotification N = problem(
      "not-in-compile-database", File,
      "not in the compilation database " + Database +
          " yet; analysed with the flags of " + From +
          ", its nearest entry (as clangd does); re-run the build's "
          "configure step to list it");
  N.Level = Severity::Note;
  return N;
}

ToolNotification analysisCrash(const std::string &File) {
  return problem("analysis-error", File,
                 "clang crashed or stopped with a fatal error while analysing "
                 "this file; its findings are missing (the other files are "
                 "analysed)");
}

// Headers the database does not list, by the database directory they were
// looked up in.
using PendingHeaders = std::map<std::string, std::vector<std::string>>;

// Each pending header analysed through a unit that includes it: a unit
// already an input reports everything anyway; another one is added (once,
// for all the headers it is chosen for) reporting those headers only.
void addHeaderUnits(const std::map<std::string, CompileDatabase> &Databases,
                    const PendingHeaders &Pending,
                    const std::map<std::string, std::string> *UnsavedFiles,
                    LintInputs &In) {
  std::map<std::string, std::size_t> UnitOf;
  for (std::size_t I = 0; I < In.Units.size(); ++I)
    UnitOf.emplace(In.Units[I].File, I);
  for (const auto &[Key, Headers] : Pending) {
    HeaderIncluderOptions Options;
    Options.UnsavedFiles = UnsavedFiles;
    const std::map<std::string, tooling::CompileCommand> Includers =
        findIncludingUnits(Databases.at(Key), Headers, Options);
    for (const std::string &H : Headers) {
      auto Found = Includers.find(H);
      if (Found == Includers.end()) {
        ToolNotification N = problem(
            "header-not-included", H,
            "no translation unit of the compilation database " +
                (fs::path(Key) / "compile_commands.json").string() +
                " includes this header; not analysed (a header is analysed "
                "through a source that includes it)");
        N.Level = Severity::Note;
        In.Problems.push_back(std::move(N));
        continue;
      }
      const std::string &Source = Found->second.Filename;
      auto [It, New] = UnitOf.try_emplace(Source, In.Units.size());
      if (New)
        In.Units.push_back({Source, Found->second, {}});
      else if (In.Units[It->second].ReportOnly.empty())
        continue; // a named source: all its findings are reported
      In.Units[It->second].ReportOnly.push_back(H);
    }
  }
}

} // namespace

std::string normalisedLine(const std::string &Text, unsigned Line) {
  std::size_t Start = 0;
  for (unsigned L = 1; L < Line && Start != std::string::npos; ++L) {
    Start = Text.find('\n', Start);
    if (Start != std::string::npos)
      ++Start;
  }
  if (Line == 0 || Start == std::string::npos)
    return {};
  const std::size_t End = std::min(Text.find('\n', Start), Text.size());
  return foldWhitespace(std::string_view(Text).substr(Start, End - Start));
}

LintInputs collectInputs(const std::vector<std::string> &Paths,
                         const std::optional<std::string> &BuildDir,
                         const std::optional<std::vector<std::string>> &CompilerArgs,
                         const std::map<std::string, std::string> *UnsavedFiles) {
  LintInputs In;
  std::vector<std::string> Files;
  for (const std::string &P : Paths) {
    std::error_code EC;
    if (fs::is_directory(P, EC)) {
      // C++ sources, and the YAML files that are schemas (other YAML in a
      // source tree, CI or deployment files, is not ours to judge); not in
      // build trees nor what git ignores.
      std::vector<std::string> Found, Schemas;
      const WalkFilter Filter(P);
      for (auto It = fs::recursive_directory_iterator(P, EC);
           It != fs::recursive_directory_iterator(); It.increment(EC)) {
        const fs::path AbsPath = fs::absolute(It->path()).lexically_normal();
        if (It->is_directory(EC) && !It->is_symlink(EC)) {
          if (Filter.skipDirectory(AbsPath))
            It.disable_recursion_pending();
          continue;
        }
        if (!It->is_regular_file(EC) || Filter.skipFile(AbsPath))
          continue;
        const std::string Abs = AbsPath.string();
        if (isCppSource(It->path()))
          Found.push_back(Abs);
        else if (isSchemaFile(It->path()) && schema::looksLikeSchemaFile(Abs))
          Schemas.push_back(Abs);
      }
      // A directory with nothing to check is a wrong path more often
      // than a clean tree: said, not passed as "no findings".
      if (Found.empty() && Schemas.empty())
        In.Problems.push_back(problem(
            "no-inputs", fs::absolute(P).lexically_normal().string(),
            "no C++ source or schema file in this directory (a schema is a "
            "YAML file with top-level 'version' and 'tables' keys)"));
      std::sort(Found.begin(), Found.end());
      std::sort(Schemas.begin(), Schemas.end());
      Files.insert(Files.end(), Found.begin(), Found.end());
      In.SchemaFiles.insert(In.SchemaFiles.end(), Schemas.begin(),
                            Schemas.end());
    } else if (fs::is_regular_file(P, EC)) {
      const std::string Abs = fs::absolute(P).lexically_normal().string();
      if (isSchemaFile(P))
        In.SchemaFiles.push_back(Abs);
      else if (fs::path(P).filename() != ProjectConfigFileName)
        Files.push_back(Abs);
    } else if (const std::string Kind = nonRegularFileKind(P); !Kind.empty()) {
      // A FIFO or a device is not read: it could block or never end.
      In.Problems.push_back(problem("not-a-file", fs::absolute(P).string(),
                                    "it is " + Kind +
                                        ", not a regular file: tablelint "
                                        "reads source and schema files"));
    } else {
      In.Problems.push_back(problem("no-such-file", fs::absolute(P).string(),
                                    "no such file or directory"));
    }
  }
  // Each file once, whatever the paths overlapping on the command line.
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());

  if (CompilerArgs) {
    for (const std::string &F : Files) {
      std::vector<std::string> Line = {"clang++"};
      Line.insert(Line.end(), CompilerArgs->begin(), CompilerArgs->end());
      Line.push_back(F);
      In.Units.push_back(
          {F, tooling::CompileCommand(fs::current_path().string(), F, Line, ""),
           {}});
    }
    return In;
  }
  std::map<std::string, CompileDatabase> Databases;
  PendingHeaders Headers;
  for (const std::string &F : Files) {
    const std::string Key =
        BuildDir ? fs::absolute(*BuildDir).lexically_normal().string()
                 : databaseDirAbove(F);
    if (Key.empty()) {
      In.Problems.push_back(problem(
          "no-compile-database", F,
          "no compile_commands.json found in its directory or above; pass "
          "-p BUILD_DIR (CMake writes one with "
          "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON) or compiler flags after '--'"));
      continue;
    }
    auto It = Databases.find(Key);
    if (It == Databases.end()) {
      It = Databases.emplace(Key, loadCompileDatabase(Key)).first;
      for (ToolNotification &N : It->second.Problems)
        In.Problems.push_back(std::move(N));
    }
    const CompileDatabase &DB = It->second;
    if (!DB.Loaded)
      continue;
    auto Command = DB.Commands.find(F);
    if (Command != DB.Commands.end()) {
      In.Units.push_back({F, Command->second, {}});
      continue;
    }
    // Its entry is unusable: already reported at the entry's position.
    if (std::find(DB.Unusable.begin(), DB.Unusable.end(), F) != DB.Unusable.end())
      continue;
    if (isCppHeaderPath(F)) {
      Headers[Key].push_back(F);
      continue;
    }
    // A file the database does not list yet (a new .cpp before the next
    // configure) is analysed with the flags of its nearest entry, as clangd
    // does. A note says so.
    const std::string DatabaseFile =
        (fs::path(Key) / "compile_commands.json").string();
    std::optional<tooling::CompileCommand> Inferred =
        inferCompileCommand(DB, F);
    if (!Inferred) {
      In.Problems.push_back(problem(
          "not-in-compile-database", F,
          "not in the compilation database " + DatabaseFile +
              " and no entry to take flags from; not analysed"));
      continue;
    }
    In.Problems.push_back(inferredCommandNote(F, DatabaseFile, *Inferred));
    In.Units.push_back({F, std::move(*Inferred), {}});
  }
  addHeaderUnits(Databases, Headers, UnsavedFiles, In);
  return In;
}

unsigned clangParsesSoFar() { return ClangParses; }

void analyseCode(const std::vector<TranslationUnit> &Units,
                 const CodeAnalysisOptions &Options,
                 std::vector<Finding> &Findings,
                 std::vector<ToolNotification> &Notifications,
                 AnalysisReads *Reads) {
  clang::tidy::ClangTidyOptions Defaults =
      clang::tidy::ClangTidyOptions::getDefaults();
  Defaults.Checks = Options.Checks;
  // `#pragma clang __debug crash` (llvm_fatal_error, overflow_stack...)
  // in a linted file is a no-op, as in clangd.
  Defaults.ExtraArgsBefore =
      std::vector<std::string>{"-resource-dir=" + clangResourceDir(), "-Xclang",
                               "-disable-pragma-debug-crash"};
  Defaults.SystemHeaders = false;
  // clang-tidy passes on findings in every header that is not a system
  // header; HeaderScope decides on absolute paths which ones are reported.
  Defaults.HeaderFilterRegex = ".*";
  HeaderScope Headers(Options.HeaderFilter);

  std::vector<std::vector<clang::tidy::ClangTidyError>> PerUnit(Units.size());
  // Units clang stopped on (a crash or a fatal error): theirs only.
  std::vector<char> Crashed(Units.size(), 0);
  ReadTexts Read;
  std::vector<std::set<std::string>> FilesOfUnit(Units.size());
  std::vector<std::vector<code::SchemaFacts>> FactsOfUnit(Units.size());
  {
    QuietClangTidyProgress Quiet;
    std::atomic<std::size_t> Next{0};
    std::atomic<std::size_t> Done{0};
    std::mutex StatusMutex;
    auto Worker = [&] {
      for (std::size_t I; (I = Next++) < Units.size();) {
        const TranslationUnit &U = Units[I];
        clang::tidy::ClangTidyContext Context(
            std::make_unique<ConfigOptionsProvider>(
                clang::tidy::ClangTidyGlobalOptions(), Defaults));
        SingleCommandDatabase Database(U.Command);
        // Each TU gets its own file system: clang's tool runner moves the
        // working directory to the entry's "directory", and the shared real
        // file system's working directory is the process's (other workers'
        // relative paths and -o would then resolve against it).
        auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
            llvm::makeIntrusiveRefCnt<RegularFilesOnly>(
                llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                    llvm::vfs::createPhysicalFileSystem().release())));
        if (Options.UnsavedFiles && !Options.UnsavedFiles->empty()) {
          auto Buffers = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
          for (const auto &[Path, Text] : *Options.UnsavedFiles)
            Buffers->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
          BaseFS->pushOverlay(Buffers);
        }
        auto Recording = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
            llvm::makeIntrusiveRefCnt<RecordingFileSystem>(BaseFS, Read,
                                                           FilesOfUnit[I]));
        std::vector<code::SchemaFacts> *Facts =
            Options.CollectSchemaFacts && U.ReportOnly.empty() ? &FactsOfUnit[I]
                                                               : nullptr;
        Crashed[I] = !runIsolated([&] {
          PerUnit[I] = runChecks(Context, Database, U.File, Recording, Facts);
        });
        const std::size_t Finished = ++Done;
        if (Options.Progress) {
          std::lock_guard<std::mutex> Lock(StatusMutex);
          Quiet.status(fmt::format("\r\033[K[{}/{}] {}", Finished,
                                   Units.size(), escapeControlBytes(U.File)));
        }
      }
    };
    const unsigned Threads = static_cast<unsigned>(
        std::max<std::size_t>(1, std::min<std::size_t>(Options.Jobs, Units.size())));
    if (Threads == 1) {
      Worker();
    } else {
      llvm::StdThreadPool Pool(llvm::hardware_concurrency(Threads));
      for (unsigned T = 0; T < Threads; ++T)
        Pool.async(Worker);
      Pool.wait();
    }
    if (Options.Progress && !Units.empty())
      Quiet.status("\r\033[K");
  }
  if (Reads) {
    Reads->Texts = Read.take();
    // A unit clang stopped on reported nothing: its files were not
    // analysed.
    for (std::size_t I = 0; I < Units.size(); ++I)
      if (Crashed[I])
        FilesOfUnit[I].clear();
    Reads->FilesOfUnit = std::move(FilesOfUnit);
  }

  // Results are turned into findings in input order; the pipeline sorts
  // them, so the output does not depend on which worker finished first.
  SourceTexts Sources(Options.UnsavedFiles);
  for (std::size_t I = 0; I < Units.size(); ++I) {
    if (Crashed[I])
      Notifications.push_back(analysisCrash(Units[I].File));
    std::size_t FirstCompileError = 0;
    unsigned CompileErrors = 0;
    for (const clang::tidy::ClangTidyError &E : PerUnit[I]) {
      const std::string &Check = E.DiagnosticName;
      if (Check.rfind("tablelint-", 0) == 0) {
        Finding F = toFinding(E, Sources);
        if (F.File.empty() || (Headers.reports(F.File, Units[I].File) &&
                               reportedFor(Units[I], F.File)))
          Findings.push_back(std::move(F));
        continue;
      }
      // Configuration problems are reported once, by the driver.
      if (Check == "clang-tidy-config" ||
          E.DiagLevel != tooling::Diagnostic::Error)
        continue;
      ToolNotification N;
      N.File = absoluteIn(E.BuildDirectory, E.Message.FilePath);
      if (!N.File.empty()) {
        const Position P = Sources.at(N.File, E.Message.FileOffset);
        N.Line = P.Line;
        N.Column = P.Column;
      }
      if (Check.rfind("clang-diagnostic-", 0) == 0) {
        if (CompileErrors++)
          continue;
        FirstCompileError = Notifications.size();
        N.Id = "compile-error";
        N.Message = E.Message.Message;
      } else {
        // A broken suppression comment (clang-tidy-nolint).
        N.Id = "suppression";
        N.Message = E.Message.Message + " [" + Check + "]";
      }
      Notifications.push_back(std::move(N));
    }
    if (CompileErrors) {
      ToolNotification &N = Notifications[FirstCompileError];
      N.Message = fmt::format("{} does not compile ({} error{}; the first: "
                              "{}); its findings are missing",
                              Units[I].File, CompileErrors,
                              CompileErrors == 1 ? "" : "s", N.Message);
    }
    // Half a model would guess: a unit that did not compile gives no facts.
    if (Reads && !Crashed[I] && !CompileErrors)
      for (code::SchemaFacts &F : FactsOfUnit[I]) {
        makePlacesAbsolute(F, Units[I].Command.Directory);
        Reads->Facts.push_back(std::move(F));
      }
  }
}

} // namespace tablelint
