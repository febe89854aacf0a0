// The rule catalog: one YAML file per rule under rules/, plus
// rules/checklist.yaml with the 29 checklist items. It is the single source
// of a rule's id, checklist items, severity, texts and examples; SARIF rule
// metadata, `tablelint rules`, the checklist report and docs/rules/ are all
// generated from it. The build loads the files strictly (loadCatalog) and
// compiles what they hold into the binary as C++ (core/CatalogCode.h).
#pragma once

#include "core/InputError.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

enum class Severity : std::uint8_t { Note, Warning, Error };

std::string_view severityName(Severity S);
std::optional<Severity> parseSeverity(std::string_view Name);

// Where a rule is detected (CHECKLIST.md's "where" column).
enum class Detector : std::uint8_t {
  Code = 1,
  Schema = 2,
  Replay = 4,
  Advisory = 8,
};

struct RuleExample {
  std::string Language; // "cpp" or "yaml"
  std::string Code;
};

struct RuleOption {
  std::string Name;
  std::string Default;
  std::string Description;
};

struct Rule {
  std::string Id;
  std::string Title;
  std::vector<unsigned> Checklist;     // item numbers
  std::vector<std::string> Design;     // design-page topics
  std::vector<std::string> Detection;  // as written: code, schema, ...
  unsigned DetectionMask = 0;          // Detector bits
  Severity DefaultSeverity = Severity::Warning;
  std::string Category;
  std::vector<std::string> Tags;
  std::string Precision;               // very-high | high | medium | low
  std::string Summary;
  std::string Rationale;
  RuleExample Bad;
  RuleExample Good;
  std::string Help;
  std::vector<RuleOption> Options;
  std::string Observes;                // rules with advisory detection
  std::string SourceFile;              // rules/<id>.yaml

  bool detectedIn(Detector D) const {
    return (DetectionMask & static_cast<unsigned>(D)) != 0;
  }
  // Advisory: the checklist report asks the user (client-bandwidth is
  // advisory only when the schema declares no bandwidth).
  bool isAdvisory() const { return detectedIn(Detector::Advisory); }
  bool isAdvisoryOnly() const {
    return DetectionMask == static_cast<unsigned>(Detector::Advisory);
  }
  // The clang-tidy style name: "tablelint-<id>".
  std::string checkName() const { return "tablelint-" + Id; }
  const RuleOption *option(std::string_view Name) const;
};

struct ChecklistItem {
  unsigned Number = 0;
  std::string Anchor;
  std::string Category;
  std::string Question;
};

struct Catalog {
  std::vector<ChecklistItem> Items; // by number
  std::vector<Rule> Rules;          // by id

  const Rule *find(std::string_view Id) const;
  const ChecklistItem *item(unsigned Number) const;
  std::vector<const Rule *> rulesForItem(unsigned Number) const;
};

// One catalog file: its path (for messages; the file name decides what it
// is: checklist.yaml or <rule-id>.yaml) and its text.
struct CatalogSource {
  std::string Path;
  std::string Text;
};

struct CatalogLoad {
  Catalog Value;
  std::vector<InputError> Errors;
  bool ok() const { return Errors.empty(); }
};

// Parses and validates the files; reports every problem it finds, each with
// file:line:column, and keeps going.
CatalogLoad loadCatalog(const std::vector<CatalogSource> &Sources);

// The built-in catalog: rules/*.yaml as they were when the binary was
// built, loaded by the build (a broken catalog fails the build at its
// file:line:col) and compiled in, so no YAML is parsed at run time.
const Catalog &builtinCatalog();

} // namespace tablelint
