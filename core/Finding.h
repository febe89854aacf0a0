// A finding: one rule violated at one place, from any detector (code checks,
// schema checks, replay). Reporters (text, JSON, SARIF, GitHub, checklist),
// suppressions and the baseline all work on this one type.
#pragma once

// Severity and severityName() are the rule catalog's: one definition.
#include "core/RuleCatalog.h"

#include <string>
#include <vector>

namespace tablelint {

// Where a finding comes from; decides how its fingerprint is formed.
enum class FindingOrigin : unsigned char { Code, Schema, Replay };

// A text edit that fixes the finding (a clang fix-it, or a schema edit).
// Lines and columns are 1-based; the range [Begin, End) is replaced.
struct FindingFix {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned EndLine = 0;
  unsigned EndColumn = 0;
  std::string Replacement;
};

struct Finding {
  // Rule id without the "tablelint-" prefix: "table-scan".
  std::string RuleId;
  Severity Level = Severity::Warning;
  FindingOrigin Origin = FindingOrigin::Code;
  // The file as the user named it or as the compile database spells it.
  std::string File;
  // 1-based; 0 when unknown.
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned EndLine = 0;
  unsigned EndColumn = 0;
  std::string Message;
  // What identifies the finding without line numbers, for baselines and
  // SARIF partialFingerprints: for code, the source line with whitespace
  // normalised; for schema findings, the element path
  // ("tables[DeviceReadings].queries[failing-devices]").
  std::string Anchor;
  std::vector<FindingFix> Fixes;
  // Related notes (clang's "note:" lines), each with its own location.
  struct Note {
    std::string File;
    unsigned Line = 0;
    unsigned Column = 0;
    std::string Message;
  };
  std::vector<Note> Notes;
};

} // namespace tablelint
