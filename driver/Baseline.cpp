// Reading, writing and applying baseline files (JSON).
#include "driver/Baseline.h"

#include "core/AtomicFile.h"
#include "driver/JsonText.h"

#include <llvm/Support/JSON.h>

#include <algorithm>

namespace tablelint {

namespace json = llvm::json;

// Bumped when the fingerprint recipe changes: an old baseline then fails
// loudly instead of matching nothing.
constexpr int BaselineFormatVersion = 1;

std::optional<Baseline> readBaseline(const std::string &Path,
                                     std::vector<InputError> &Errors) {
  auto Text = readFile(Path);
  if (!Text) {
    Errors.push_back({Path, 0, 0, "cannot read the baseline file"});
    return std::nullopt;
  }
  auto Parsed = json::parse(*Text);
  if (!Parsed) {
    Errors.push_back({Path, 0, 0,
                      "not a baseline: " + llvm::toString(Parsed.takeError())});
    return std::nullopt;
  }
  const json::Object *Root = Parsed->getAsObject();
  const auto Version = Root ? Root->getInteger("version") : std::nullopt;
  const json::Array *Items = Root ? Root->getArray("findings") : nullptr;
  if (!Root || !Items || Version != BaselineFormatVersion) {
    Errors.push_back({Path, 0, 0,
                      "not a tablelint baseline of version " +
                          std::to_string(BaselineFormatVersion) +
                          " (expected {\"version\": 1, \"findings\": [...]}; "
                          "write one with --write-baseline)"});
    return std::nullopt;
  }
  Baseline B;
  for (std::size_t I = 0; I < Items->size(); ++I) {
    const json::Object *E = (*Items)[I].getAsObject();
    const auto Fingerprint = E ? E->getString("fingerprint") : std::nullopt;
    if (!Fingerprint) {
      Errors.push_back({Path, 0, 0,
                        "findings[" + std::to_string(I) +
                            "] has no \"fingerprint\" string"});
      continue;
    }
    BaselineEntry Entry;
    Entry.Fingerprint = Fingerprint->str();
    auto Field = [&](const char *Key) {
      auto V = E->getString(Key);
      return V ? V->str() : std::string();
    };
    Entry.RuleId = Field("rule");
    Entry.Path = Field("path");
    Entry.Anchor = Field("anchor");
    Entry.Message = Field("message");
    B.Entries.push_back(std::move(Entry));
  }
  return B;
}

json::Object baselineEntryJson(const BaselineEntry &E) {
  return json::Object{{"fingerprint", E.Fingerprint},
                      {"rule", E.RuleId},
                      {"path", E.Path},
                      {"anchor", E.Anchor},
                      {"message", E.Message}};
}

std::string renderBaseline(const LintResult &Result) {
  json::Array Items;
  for (const ReportedFinding &R : Result.Findings)
    Items.push_back(baselineEntryJson(
        {R.fingerprint(), R.F.RuleId, R.RelativePath, R.F.Anchor, R.F.Message}));
  return jsonText(json::Object{{"version", BaselineFormatVersion},
                               {"tool", "tablelint"},
                               {"findings", std::move(Items)}});
}

void applyBaseline(const Baseline &Base, LintResult &Result) {
  Result.BaselineUsed = true;
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
    } else {
      Kept.push_back(std::move(R));
    }
  }
  Result.Findings = std::move(Kept);
  for (const BaselineEntry &E : Base.Entries)
    if (!Seen.count(E.Fingerprint))
      Result.FixedSinceBaseline.push_back(E);
}

} // namespace tablelint
