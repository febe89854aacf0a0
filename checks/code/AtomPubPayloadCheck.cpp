// Finds AtomPub and full-metadata payload requests (see
// AtomPubPayloadCheck.h).
#include "checks/code/AtomPubPayloadCheck.h"

#include "checks/code/model/RestHeaders.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Filter.h"

#include <clang/AST/Expr.h>

namespace tablelint::code {

using namespace clang;

namespace {

constexpr llvm::StringLiteral AtomCost =
    "AtomPub XML is up to 75% larger than JSON and needs an x-ms-version "
    "before 2015-12-11";
constexpr llvm::StringLiteral MetadataCost =
    "every entity then carries type, ETag and link annotations";

bool containsInsensitive(StringRef Text, StringRef Part) {
  return Text.lower().find(Part.lower()) != std::string::npos;
}

// The header value as a message shows it: unknown stretches as {?}.
std::string shown(const std::string &Value) {
  std::string Out;
  for (char C : Value)
    Out += C == UnknownValueMarker ? std::string("{?}") : std::string(1, C);
  return Out;
}

std::optional<std::string> headerProblem(const HeaderSetting &H) {
  const bool Accept = headerNamed(H, "Accept");
  if (!Accept && !headerNamed(H, "Content-Type"))
    return std::nullopt;
  if (containsInsensitive(H.Value, "application/atom+xml")) {
    if (Accept)
      return "request header \"Accept: " + shown(H.Value) +
             "\" asks for AtomPub XML: " + AtomCost.str() +
             "; accept application/json;odata=nometadata";
    return "request body sent as AtomPub XML (Content-Type: " + shown(H.Value) +
           "): " + AtomCost.str() + "; send application/json";
  }
  if (Accept && containsInsensitive(H.Value, "odata=fullmetadata"))
    return "request header \"Accept: " + shown(H.Value) +
           "\" asks for odata=fullmetadata: " + MetadataCost.str() +
           "; odata=nometadata would do (minimalmetadata when the client needs "
           "the types of Int64, DateTime, Guid or Binary values)";
  return std::nullopt;
}

} // namespace

void AtomPubPayloadCheck::checkModel(const TableModel &Model, ASTContext &Ctx) {
  // Headers count only in a TU that talks to Table storage: an Atom feed
  // reader is not a table client.
  if (Model.talksToTableStorage()) {
    StringRecovery Strings(Ctx, roles());
    for (const CallExpr *Call : Model.headerCalls())
      if (std::optional<HeaderSetting> H = headerSetting(Call, Strings))
        if (std::optional<std::string> Problem = headerProblem(*H)) {
          const bool FullMetadata = Problem->find(
                                        "\" asks for odata=fullmetadata:") !=
                                    std::string::npos;
          diag(H->Call->getBeginLoc(), "%0",
               FullMetadata ? DiagnosticIDs::Remark : DiagnosticIDs::Warning)
              << *Problem;
        }
  }
  for (const RoleCall &C : Model.calls(ApiRole::SetPayloadFormat)) {
    const CallExpr *Call = C.call();
    const std::optional<unsigned> I = C.Function->arg("format");
    if (!Call || !I || *I >= Call->getNumArgs())
      continue;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Call->getArg(*I)->IgnoreParenImpCasts());
    const auto *Format =
        Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    if (Format && Format->getName() == "json_full_metadata")
      diag(Call->getArg(*I)->getBeginLoc(),
           "payload format json_full_metadata asks for odata=fullmetadata: %0; "
           "json_no_metadata would do (json, minimal metadata, when the client "
           "needs the types of Int64, DateTime, Guid or Binary values)",
           DiagnosticIDs::Remark)
          << MetadataCost;
  }
}

} // namespace tablelint::code
