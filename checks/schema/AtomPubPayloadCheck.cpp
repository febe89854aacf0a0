// atompub-payload (checklist 16): AtomPub payloads (up to 4x the bytes of
// JSON); full-metadata JSON as a note.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkAtomPubPayload(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    if (Cl.Payload == PayloadFormat::AtomPub)
      Sink.report(Cl.Path, Cl.Pos,
                  "client '" + Cl.Name +
                      "' uses AtomPub payloads; JSON is up to 75% smaller "
                      "(payload: json-nometadata)");
    else if (Cl.Payload == PayloadFormat::JsonFullMetadata)
      Sink.report(Cl.Path, Cl.Pos,
                  "client '" + Cl.Name +
                      "' asks for full-metadata JSON; nometadata carries the "
                      "same values in fewer bytes when the types are known",
                  Severity::Note);
  }
}

} // namespace tablelint::schema
