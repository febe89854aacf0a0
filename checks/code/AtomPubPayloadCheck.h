// tablelint-atompub-payload (checklist item 16): hand-written REST requests
// whose Accept or Content-Type header is application/atom+xml (AtomPub, up
// to 75% larger than JSON and only spoken by service versions before
// 2015-12-11), and requests for odata=fullmetadata where nometadata would
// do: an Accept header, or azure::storage's set_payload_format with
// json_full_metadata (role `set-payload-format`). Full metadata is JSON, not
// AtomPub, and the current SDK asks for it on every request: those findings
// are notes (clang-tidy remarks, level "note" in tablelint's reports), as
// the schema check makes them. Header findings are made only in TUs that
// talk to Table storage (TableTraffic.h): an Atom feed reader is not a table
// client.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableTraffic.h"

#include <vector>

namespace tablelint::code {

class AtomPubPayloadCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  struct Candidate {
    clang::SourceLocation Loc;
    std::string Message;
    bool Note = false;
  };
  TableTrafficEvidence Traffic;
  std::vector<Candidate> HeaderFindings;
};

} // namespace tablelint::code
