// The user's schema file, edited in place into a changed design (what
// `tablelint suggest` writes): only what changed is touched. Comments, blank
// lines, key order, quoting, flow or block style and the spelling of every
// value left alone stay byte for byte (`50000` stays `50000`; a client's
// retry settings stay even when they equal the defaults).
//
// The edits come from comparing the two designs as the canonical writer
// prints them (core/schema/SchemaWriter.h), element by element (tables,
// writes, queries and transactions by name; properties and fields by key):
// a value printed differently is replaced, a key or element only in the new
// design is inserted after its predecessor (in the style and indentation of
// its siblings: a flow mapping stays flow), one only in the old design is
// removed, and a note the design adds to an element goes above it as
// comment lines. The writer is the source of the text of what is new.
//
// The edited text is then loaded again and must be the intended design (the
// same canonical print, comments aside). When it is not, or when an edit
// meets a shape this cannot edit for sure (a plain scalar over several
// lines, an alias, a reordered list), the result says why and has no text:
// the caller writes the re-serialised design instead, never a wrong file.
#pragma once

#include "core/schema/Schema.h"

#include <optional>
#include <string>
#include <string_view>

namespace tablelint::schema {

struct SchemaTextEdit {
  std::optional<std::string> Text; // the edited file
  std::string Problem;             // why there is no Text
  unsigned Edits = 0;              // places changed
};

// Original: the text Current was loaded from. Design: the changed model
// (Current with changes; elements keep their names).
SchemaTextEdit editSchemaText(std::string_view Original, const Schema &Current,
                              const Schema &Design);

} // namespace tablelint::schema
