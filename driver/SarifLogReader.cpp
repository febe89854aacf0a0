// Streaming read of a SARIF log (see SarifLogReader.h).
#include "driver/SarifLogReader.h"

#include "core/JsonNesting.h"
#include "core/JsonScanner.h"

namespace tablelint {

namespace {

using Token = JsonScanner::Token;

class LogReader {
public:
  LogReader(std::string_view Text, const std::string &File,
            std::vector<InputError> &Errors)
      : Text(Text), S(Text), File(File), Errors(Errors) {}

  std::optional<SarifLogText> read() {
    SarifLogText Log;
    const Token First = S.next();
    if (First != Token::BeginObject) {
      if (!S.skipValue(First) || S.next() != Token::End)
        return fail();
      return Log; // JSON, but not a log: the caller says so
    }
    for (Token T = S.next(); T != Token::EndObject; T = S.next()) {
      if (T != Token::Key)
        return fail();
      const std::string Key = S.text();
      const Token V = S.next();
      if (Key == "version" && V == Token::String) {
        Log.Version = S.text();
      } else if (Key == "runs" && V == Token::BeginArray) {
        Log.HasRuns = true;
        for (Token R = S.next(); R != Token::EndArray; R = S.next()) {
          Log.Runs.emplace_back();
          if (R == Token::BeginObject) {
            if (!readRun(Log.Runs.back()))
              return std::nullopt;
          } else if (!S.skipValue(R)) {
            return fail();
          }
        }
      } else if (!S.skipValue(V)) {
        return fail();
      }
    }
    if (S.next() != Token::End)
      return fail();
    return Log;
  }

private:
  std::nullopt_t fail() {
    Errors.push_back(
        {File, S.line(), S.column(), "invalid JSON: " + S.error()});
    return std::nullopt;
  }

  bool readRun(SarifRunText &Run) {
    Run.IsObject = true;
    for (Token T = S.next(); T != Token::EndObject; T = S.next()) {
      if (T != Token::Key)
        return fail(), false;
      std::string Key = S.text();
      const Token V = S.next();
      const unsigned Line = S.line(), Column = S.column();
      const std::size_t Start = S.tokenOffset();
      if (Key == "results" && V == Token::BeginArray) {
        for (Token R = S.next(); R != Token::EndArray; R = S.next()) {
          const std::size_t From = S.tokenOffset();
          if (!S.skipValue(R))
            return fail(), false;
          Run.Results.push_back(Text.substr(From, S.offset() - From));
        }
        continue;
      }
      if (!S.skipValue(V))
        return fail(), false;
      // Valid JSON already: only invalid UTF-8 can make llvm::json refuse.
      llvm::Expected<llvm::json::Value> Value =
          llvm::json::parse(Text.substr(Start, S.offset() - Start));
      if (!Value) {
        llvm::consumeError(Value.takeError());
        Errors.push_back(
            {File, Line, Column,
             "invalid JSON: the value of \"" + Key + "\" is not valid UTF-8"});
        return false;
      }
      Run.Head[std::move(Key)] = std::move(*Value);
    }
    return true;
  }

  std::string_view Text;
  JsonScanner S;
  const std::string &File;
  std::vector<InputError> &Errors;
};

} // namespace

std::optional<SarifLogText> readSarifLog(std::string_view Text,
                                         const std::string &File,
                                         std::vector<InputError> &Errors) {
  // The guard first: its message names the bracket past the limit even
  // where the document is an array rather than a log.
  if (auto Deep = jsonNestingError(Text, File)) {
    Errors.push_back(std::move(*Deep));
    return std::nullopt;
  }
  return LogReader(Text, File, Errors).read();
}

} // namespace tablelint
