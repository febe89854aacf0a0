// Entity group transactions on the wire: the multipart/mixed request with one
// change set ("Performing entity group transactions", JSON versions
// 2013-08-15 and later) and the parsing of its multipart response.
//
// Request shape (CRLF line ends; each JSON body on one line):
//   --batch_ID
//   Content-Type: multipart/mixed; boundary=changeset_ID
//
//   --changeset_ID
//   Content-Type: application/http
//   Content-Transfer-Encoding: binary
//
//   POST <BaseUrl>/<Table> HTTP/1.1
//   ...headers...
//
//   {"PartitionKey":...}
//   --changeset_ID--
//   --batch_ID--
#pragma once

#include "replay/live/RestEntity.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tablelint::live {

enum class BatchAction {
  Insert,          // POST, fails with 409 when the entity exists
  InsertOrReplace, // PUT without If-Match
  InsertOrMerge,   // MERGE without If-Match
  Update,          // PUT with If-Match (replace), 404 when missing
  Merge,           // MERGE with If-Match, 404 when missing
  Delete,          // DELETE with If-Match, 404 when missing
};

struct BatchOperation {
  BatchAction Action = BatchAction::Insert;
  // For Delete only the keys are used.
  RestEntity Entity;
  // Sent for Update, Merge and Delete; "*" matches any version.
  std::string IfMatch = "*";
};

struct BatchRequestBody {
  std::string ContentType; // multipart/mixed; boundary=batch_ID
  std::string Body;
};

// Builds the $batch body for Operations on Table. BaseUrl is the endpoint's
// (TableEndpoint::BaseUrl): sub-requests carry absolute URLs. BoundaryId
// must not occur in any entity (callers pass a random id).
BatchRequestBody buildBatchBody(std::string_view BaseUrl,
                                std::string_view Table,
                                const std::vector<BatchOperation> &Operations,
                                std::string_view Accept,
                                std::string_view BoundaryId);

// HTTP header fields in arrival order.
using HttpHeaders = std::vector<std::pair<std::string, std::string>>;
// The first value of header Name (case-insensitive); empty when absent.
std::string findHeader(const HttpHeaders &Headers, std::string_view Name);

// One sub-response of a $batch reply.
struct BatchPartResponse {
  long Status = 0;
  HttpHeaders Headers;
  std::string Body;

  std::string header(std::string_view Name) const {
    return findHeader(Headers, Name);
  }
};

// Parses a $batch response body given its Content-Type header. Nested
// change-set responses are flattened in order.
std::optional<std::vector<BatchPartResponse>>
parseBatchResponse(std::string_view ContentType, std::string_view Body,
                   std::string &Error);

} // namespace tablelint::live
