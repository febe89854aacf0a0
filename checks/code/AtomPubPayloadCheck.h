// tablelint-atompub-payload (checklist item 16): hand-written REST requests
// whose Accept or Content-Type header is application/atom+xml (AtomPub, up
// to 75% larger than JSON and only spoken by service versions before
// 2015-12-11), and requests for odata=fullmetadata where nometadata would
// do: an Accept header, or azure::storage's set_payload_format with
// json_full_metadata (role `set-payload-format`). Full metadata is JSON, not
// AtomPub, and the current SDK asks for it on every request: those findings
// are notes (clang-tidy remarks, level "note" in tablelint's reports), as
// the schema check makes them. Header findings are made only in TUs that
// talk to Table storage (model/TableModel.h): an Atom feed reader is not a table
// client.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class AtomPubPayloadCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;
};

} // namespace tablelint::code
