// Edit in place first; re-serialise only when the edit is refused.
#include "checks/schema/SuggestedText.h"

#include "core/schema/SchemaEdit.h"
#include "core/schema/SchemaWriter.h"

namespace tablelint::schema {

SuggestedText suggestedSchemaText(std::string_view Original,
                                  const Schema &Current,
                                  const SuggestResult &R,
                                  const std::string &InputName) {
  SuggestedText Out;
  SchemaTextEdit Edit = editSchemaText(Original, Current, R.Design);
  if (Edit.Text) {
    Out.Yaml = std::move(*Edit.Text);
    Out.EditedInPlace = true;
    return Out;
  }
  Out.Problem = std::move(Edit.Problem);
  Schema Design = R.Design;
  Design.Header.insert(Design.Header.begin(),
                       "Suggested design for " + InputName +
                           " (tablelint suggest): " +
                           std::to_string(R.Changes.size()) + " change" +
                           (R.Changes.size() == 1 ? "" : "s") +
                           ", each noted on its element.");
  Out.Yaml = writeSchemaYaml(Design);
  return Out;
}

} // namespace tablelint::schema
