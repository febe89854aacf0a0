// Loading compile_commands.json with positioned errors (see
// CompileDatabase.h).
#include "driver/CompileDatabase.h"

#include "driver/CompileFlags.h"

#include "core/AtomicFile.h"
#include "core/JsonLocate.h"
#include "core/JsonNesting.h"

#include <clang/Tooling/JSONCompilationDatabase.h>
#include <llvm/Support/JSON.h>

#include <filesystem>
#include <regex>

namespace tablelint {

namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;
namespace tooling = clang::tooling;

// Nesting a compile database never needs (an array of objects of arrays);
// deeper text is refused before the recursive JSON parser sees it.
constexpr unsigned MaxDatabaseNesting = 32;

// Id "no-compile-database": the file is unusable; "compile-database-entry":
// one entry is.
ToolNotification problemAt(const std::string &File, unsigned Line,
                           unsigned Column, std::string Message,
                           const char *Id = "no-compile-database") {
  ToolNotification N;
  N.Id = Id;
  N.File = File;
  N.Line = Line;
  N.Column = Column;
  N.Message = std::move(Message);
  return N;
}

// Message text with control and non-ASCII bytes as \xNN: a message about a
// binary file must not carry its bytes to the terminal.
std::string printable(const std::string &Text) {
  std::string Out;
  for (unsigned char C : Text) {
    if (C >= 0x20 && C < 0x7f) {
      Out += static_cast<char>(C);
    } else {
      static const char Hex[] = "0123456789abcdef";
      Out += "\\x";
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Out;
}

std::string normalised(const fs::path &P) {
  return P.lexically_normal().string();
}

// JSON errors read "[line:col, byte=N]: message".
ToolNotification parseProblem(const std::string &Path,
                              const std::string &Error) {
  static const std::regex Where(R"(^\[(\d+):(\d+), byte=\d+\]: (.*)$)");
  std::smatch M;
  if (std::regex_match(Error, M, Where))
    return problemAt(Path, static_cast<unsigned>(std::stoul(M[1].str())),
                     static_cast<unsigned>(std::stoul(M[2].str())),
                     "not a compilation database (invalid JSON: " +
                         printable(M[3].str()) + ")");
  return problemAt(
      Path, 0, 0,
      "not a compilation database (invalid JSON: " + printable(Error) + ")");
}

} // namespace

CompileDatabase loadCompileDatabase(const std::string &Dir) {
  CompileDatabase DB;
  const fs::path DirPath = fs::absolute(Dir).lexically_normal();
  const std::string Path = normalised(DirPath / "compile_commands.json");
  std::error_code EC;
  std::unique_ptr<tooling::CompilationDatabase> Base;
  std::string Error;
  std::string Text;
  if (!fs::exists(Path, EC)) {
    // compile_flags.txt and other formats clang knows.
    Base = tooling::CompilationDatabase::loadFromDirectory(Dir, Error);
    if (!Base) {
      DB.Problems.push_back(problemAt(
          Path, 0, 0,
          "cannot load the compilation database: " + printable(Error) +
              " (CMake writes one with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)"));
      return DB;
    }
  } else {
    auto Read = readFile(Path);
    if (!Read) {
      DB.Problems.push_back(problemAt(Path, 0, 0, "cannot read the file"));
      return DB;
    }
    Text = std::move(*Read);
    if (const std::size_t TooDeep = jsonTooDeepOffset(Text, MaxDatabaseNesting);
        TooDeep != std::string_view::npos) {
      const JsonPosition P = jsonPositionAt(Text, TooDeep);
      DB.Problems.push_back(
          problemAt(Path, P.Line, P.Column,
                    "not a compilation database (nested deeper than " +
                        std::to_string(MaxDatabaseNesting) + " levels)"));
      return DB;
    }
    auto Parsed = json::parse(Text);
    if (!Parsed) {
      DB.Problems.push_back(
          parseProblem(Path, llvm::toString(Parsed.takeError())));
      return DB;
    }
    const json::Array *Entries = Parsed->getAsArray();
    if (!Entries) {
      DB.Problems.push_back(
          problemAt(Path, 1, 1,
                    "not a compilation database (expected a JSON array of "
                    "{\"directory\", \"file\", \"arguments\"/\"command\"})"));
      return DB;
    }
    // Entries whose directory does not exist would abort clang's tool
    // runner; each is an error at its own position, the others go on.
    for (std::size_t I = 0; I < Entries->size(); ++I) {
      const json::Object *E = (*Entries)[I].getAsObject();
      const auto Directory = E ? E->getString("directory") : std::nullopt;
      const auto File = E ? E->getString("file") : std::nullopt;
      if (!Directory || !File)
        continue; // clang's loader below names what is missing
      fs::path D(Directory->str());
      if (D.is_relative())
        D = DirPath / D;
      if (fs::is_directory(D, EC))
        continue;
      const JsonPosition P = locateJsonValue(Text, {JsonStep(I)});
      fs::path F(File->str());
      if (F.is_relative())
        F = D / F;
      DB.Unusable.push_back(normalised(F));
      DB.Problems.push_back(problemAt(
          Path, P.Line, P.Column,
          "the \"directory\" of the entry for " + printable(F.string()) +
              " does not exist: " + printable(D.string()) +
              "; that file is not analysed",
          "compile-database-entry"));
    }
    Base = tooling::JSONCompilationDatabase::loadFromBuffer(
        Text, Error, tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Base) {
      DB.Problems.push_back(problemAt(
          Path, 0, 0, "not a compilation database: " + printable(Error)));
      return DB;
    }
    // Response files named in the database are not expanded: the driver
    // arguments below keep none (an "@/dev/zero" or "@fifo" would never
    // end).
    Base = tooling::inferTargetAndDriverMode(std::move(Base));
  }
  DB.Loaded = true;
  for (tooling::CompileCommand C : Base->getAllCompileCommands()) {
    fs::path D(C.Directory);
    if (D.is_relative())
      D = DirPath / D;
    fs::path F(C.Filename);
    if (F.is_relative())
      F = D / F;
    C.Directory = normalised(D);
    C.Filename = normalised(F);
    C.CommandLine = parsingArguments(C.CommandLine, C.Filename, C.Directory);
    if (std::find(DB.Unusable.begin(), DB.Unusable.end(), C.Filename) !=
        DB.Unusable.end())
      continue;
    DB.Commands.try_emplace(C.Filename, std::move(C));
  }
  return DB;
}

namespace {

// The loaded entries as a CompilationDatabase, for LLVM's interpolation.
class LoadedEntries : public clang::tooling::CompilationDatabase {
public:
  explicit LoadedEntries(const CompileDatabase &DB) : DB(DB) {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    auto It = DB.Commands.find(File.str());
    if (It == DB.Commands.end())
      return {};
    return {It->second};
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files;
    for (const auto &Entry : DB.Commands)
      Files.push_back(Entry.first);
    return Files;
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    std::vector<clang::tooling::CompileCommand> All;
    for (const auto &Entry : DB.Commands)
      All.push_back(Entry.second);
    return All;
  }

private:
  const CompileDatabase &DB;
};

} // namespace

std::optional<clang::tooling::CompileCommand>
inferCompileCommand(const CompileDatabase &DB, const std::string &File) {
  if (DB.Commands.empty())
    return std::nullopt;
  std::unique_ptr<clang::tooling::CompilationDatabase> Inferring =
      clang::tooling::inferMissingCompileCommands(
          std::make_unique<LoadedEntries>(DB));
  std::vector<clang::tooling::CompileCommand> Commands =
      Inferring->getCompileCommands(File);
  if (Commands.empty())
    return std::nullopt;
  clang::tooling::CompileCommand &C = Commands.front();
  C.CommandLine = parsingArguments(C.CommandLine, C.Filename, C.Directory);
  return std::move(C);
}

} // namespace tablelint
