// Reading, writing and applying baseline files (JSON).
#include "driver/Baseline.h"

#include "core/AtomicFile.h"
#include "core/JsonScanner.h"
#include "core/Redact.h"
#include "driver/Fingerprint.h"
#include "driver/JsonText.h"

#include <llvm/Support/JSON.h>

#include <algorithm>
#include <cstdlib>

namespace tablelint {

namespace json = llvm::json;

// Bumped when the fingerprint recipe changes: an old baseline then fails
// loudly instead of matching nothing.
constexpr int BaselineFormatVersion = 1;

namespace {

// Reads the baseline format with the pull tokenizer: the entries are the
// only thing kept, so memory stays about the size of the file.
class BaselineReader {
public:
  BaselineReader(std::string_view Text, const std::string &Path,
                 std::vector<InputError> &Errors)
      : S(Text), Path(Path), Errors(Errors) {}

  std::optional<Baseline> read() {
    using Token = JsonScanner::Token;
    std::optional<std::int64_t> Version;
    bool SawFindings = false;
    const bool IsObject = S.next() == Token::BeginObject;
    // Structure errors point at the document's value.
    const unsigned RootLine = S.line(), RootColumn = S.column();
    if (!IsObject)
      return notABaseline(RootLine, RootColumn);
    for (Token T = S.next(); T != Token::EndObject; T = S.next()) {
      if (T != Token::Key)
        return syntaxError();
      const std::string Key = S.text();
      const Token V = S.next();
      if (Key == "version" && V == Token::Number) {
        // An integer as written: 1e999999 or 1.5 is no version.
        if (S.text().find_first_not_of("0123456789") == std::string::npos &&
            S.text().size() < 10)
          Version = std::strtoll(S.text().c_str(), nullptr, 10);
      } else if (Key == "findings" && V == Token::BeginArray) {
        SawFindings = true;
        if (!readEntries())
          return std::nullopt;
      } else if (!S.skipValue(V)) {
        return syntaxError();
      }
    }
    if (S.next() != Token::End)
      return syntaxError();
    if (!SawFindings || Version != BaselineFormatVersion)
      return notABaseline(RootLine, RootColumn);
    return std::move(B);
  }

private:
  std::optional<Baseline> syntaxError() {
    Errors.push_back({Path, S.line(), S.column(), "invalid JSON: " + S.error()});
    return std::nullopt;
  }
  bool fail() {
    syntaxError();
    return false;
  }
  std::optional<Baseline> notABaseline(unsigned Line, unsigned Column) {
    if (!S.error().empty())
      return syntaxError();
    Errors.push_back({Path, Line, Column,
                      "not a tablelint baseline of version " +
                          std::to_string(BaselineFormatVersion) +
                          " (expected {\"version\": 1, \"findings\": [...]}; "
                          "write one with --write-baseline)"});
    return std::nullopt;
  }

  bool readEntries() {
    using Token = JsonScanner::Token;
    std::size_t Index = 0;
    for (Token T = S.next(); T != Token::EndArray; T = S.next(), ++Index) {
      const unsigned Line = S.line(), Column = S.column();
      BaselineEntry Entry;
      bool HasFingerprint = false;
      if (T == Token::BeginObject) {
        for (Token K = S.next(); K != Token::EndObject; K = S.next()) {
          if (K != Token::Key)
            return fail();
          const std::string Key = S.text();
          const Token V = S.next();
          if (V != Token::String) {
            if (!S.skipValue(V))
              return fail();
            continue;
          }
          if (Key == "fingerprint") {
            Entry.Fingerprint = S.text();
            HasFingerprint = true;
          } else if (Key == "rule") {
            Entry.RuleId = S.text();
          } else if (Key == "path") {
            Entry.Path = S.text();
          } else if (Key == "anchor") {
            Entry.Anchor = S.text();
          } else if (Key == "message") {
            Entry.Message = S.text();
          }
        }
      } else if (!S.skipValue(T)) {
        return fail();
      }
      if (!HasFingerprint) {
        Errors.push_back({Path, Line, Column,
                          "findings[" + std::to_string(Index) +
                              "] has no \"fingerprint\" string"});
        continue;
      }
      add(std::move(Entry));
    }
    return true;
  }

  void add(BaselineEntry Entry) {
    const std::string Anchor = redactSecrets(Entry.Anchor);
    Entry.Message = redactSecrets(Entry.Message);
    // Written before anchors were redacted: the finding now hashes its
    // redacted line, so the entry must too (its occurrence index kept).
    if (Anchor != Entry.Anchor) {
      const std::size_t Colon = Entry.Fingerprint.rfind(':');
      Entry.Fingerprint =
          findingHash(Entry.RuleId, Entry.Path, Anchor) +
          (Colon == std::string::npos ? ":0" : Entry.Fingerprint.substr(Colon));
      Entry.Anchor = Anchor;
      ++B.SecretsRedacted;
    }
    B.Entries.push_back(std::move(Entry));
  }

  JsonScanner S;
  const std::string &Path;
  std::vector<InputError> &Errors;
  Baseline B;
};

} // namespace

std::optional<Baseline> readBaseline(const std::string &Path,
                                     std::vector<InputError> &Errors) {
  auto Text = readFile(Path);
  if (!Text) {
    Errors.push_back({Path, 0, 0, "cannot read the baseline file"});
    return std::nullopt;
  }
  return parseBaseline(*Text, Path, Errors);
}

std::optional<Baseline> parseBaseline(std::string_view Text,
                                      const std::string &Path,
                                      std::vector<InputError> &Errors) {
  return BaselineReader(Text, Path, Errors).read();
}

json::Object baselineEntryJson(const BaselineEntry &E) {
  return json::Object{{"fingerprint", E.Fingerprint},
                      {"rule", E.RuleId},
                      {"path", E.Path},
                      {"anchor", E.Anchor},
                      {"message", E.Message}};
}

std::string renderBaseline(const LintResult &Result,
                           const std::vector<BaselineEntry> &Kept) {
  json::Array Items;
  for (const ReportedFinding &R : Result.Findings)
    Items.push_back(baselineEntryJson(
        {R.fingerprint(), R.F.RuleId, R.RelativePath, R.F.Anchor, R.F.Message}));
  for (const BaselineEntry &E : Kept)
    Items.push_back(baselineEntryJson(E));
  return jsonText(json::Object{{"version", BaselineFormatVersion},
                               {"tool", "tablelint"},
                               {"findings", std::move(Items)}});
}

std::vector<BaselineEntry> entriesNotAnalysed(const Baseline &Base,
                                              const LintResult &Result) {
  std::vector<BaselineEntry> Out;
  for (const BaselineEntry &E : Base.Entries)
    if (!Result.AnalysedFiles.count(E.Path))
      Out.push_back(E);
  return Out;
}

void applyBaseline(const Baseline &Base, LintResult &Result) {
  Result.BaselineUsed = true;
  Result.BaselineEntries = static_cast<unsigned>(Base.Entries.size());
  std::set<std::string> Known;
  for (const BaselineEntry &E : Base.Entries)
    Known.insert(E.Fingerprint);
  std::set<std::string> Seen;
  std::vector<ReportedFinding> Kept;
  for (ReportedFinding &R : Result.Findings) {
    const std::string F = R.fingerprint();
    if (Known.count(F)) {
      Seen.insert(F);
      ++Result.Baselined;
      Result.BaselinedFingerprints.push_back(F);
    } else {
      Kept.push_back(std::move(R));
    }
  }
  Result.Findings = std::move(Kept);
  for (const BaselineEntry &E : Base.Entries) {
    if (Seen.count(E.Fingerprint))
      continue;
    if (Result.AnalysedFiles.count(E.Path))
      Result.FixedSinceBaseline.push_back(E);
    else
      Result.NotAnalysedSinceBaseline.push_back(E);
  }
}

} // namespace tablelint
