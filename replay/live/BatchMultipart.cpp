// Entity group transaction request building and response parsing (see
// BatchMultipart.h).
#include "replay/live/BatchMultipart.h"

#include "replay/live/RestUrl.h"

#include <cctype>
#include <cstdlib>
#include <strings.h>

namespace tablelint::live {

namespace {

constexpr std::string_view Crlf = "\r\n";

const char *verbOf(BatchAction A) {
  switch (A) {
  case BatchAction::Insert:
    return "POST";
  case BatchAction::InsertOrReplace:
  case BatchAction::Update:
    return "PUT";
  case BatchAction::InsertOrMerge:
  case BatchAction::Merge:
    return "MERGE";
  case BatchAction::Delete:
    return "DELETE";
  }
  return "POST";
}

bool sendsIfMatch(BatchAction A) {
  return A == BatchAction::Update || A == BatchAction::Merge ||
         A == BatchAction::Delete;
}

// Splits "headers<blank line>rest" (CRLF or LF line ends).
std::pair<std::string_view, std::string_view> splitHead(std::string_view Text) {
  const std::size_t Crlf2 = Text.find("\r\n\r\n");
  const std::size_t Lf2 = Text.find("\n\n");
  if (Crlf2 != std::string_view::npos &&
      (Lf2 == std::string_view::npos || Crlf2 < Lf2))
    return {Text.substr(0, Crlf2), Text.substr(Crlf2 + 4)};
  if (Lf2 != std::string_view::npos)
    return {Text.substr(0, Lf2), Text.substr(Lf2 + 2)};
  return {Text, std::string_view()};
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

// "Name: value" lines of a header block; the first line is returned in
// FirstLine when it is not a header (an HTTP status line).
HttpHeaders parseHeaderBlock(std::string_view Block, std::string *FirstLine) {
  HttpHeaders Out;
  bool First = true;
  while (!Block.empty()) {
    const std::size_t End = Block.find('\n');
    std::string_view Line = Block.substr(0, End);
    Block = End == std::string_view::npos ? std::string_view()
                                          : Block.substr(End + 1);
    Line = trim(Line);
    if (First && FirstLine && Line.substr(0, 5) == "HTTP/") {
      *FirstLine = std::string(Line);
      First = false;
      continue;
    }
    First = false;
    const std::size_t Colon = Line.find(':');
    if (Colon == std::string_view::npos)
      continue;
    Out.emplace_back(std::string(trim(Line.substr(0, Colon))),
                     std::string(trim(Line.substr(Colon + 1))));
  }
  return Out;
}

// The boundary parameter of a multipart Content-Type, unquoted.
std::string boundaryOf(std::string_view ContentType) {
  std::string Lower(ContentType);
  for (char &C : Lower)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  const std::size_t At = Lower.find("boundary=");
  if (At == std::string::npos)
    return std::string();
  std::string_view B = ContentType.substr(At + 9);
  B = B.substr(0, B.find(';'));
  B = trim(B);
  if (B.size() >= 2 && B.front() == '"' && B.back() == '"')
    B = B.substr(1, B.size() - 2);
  return std::string(B);
}

// The parts between "--Boundary" delimiter lines, up to "--Boundary--".
std::vector<std::string_view> splitMultipart(std::string_view Body,
                                             std::string_view Boundary) {
  const std::string Delimiter = "--" + std::string(Boundary);
  std::vector<std::string_view> Parts;
  std::size_t At = Body.find(Delimiter);
  while (At != std::string_view::npos) {
    std::size_t Start = At + Delimiter.size();
    if (Body.substr(Start, 2) == "--")
      break; // closing delimiter
    // Skip the rest of the delimiter line.
    const std::size_t LineEnd = Body.find('\n', Start);
    if (LineEnd == std::string_view::npos)
      break;
    Start = LineEnd + 1;
    const std::size_t Next = Body.find(Delimiter, Start);
    std::string_view Part = Body.substr(Start, Next == std::string_view::npos
                                                   ? std::string_view::npos
                                                   : Next - Start);
    // The line break before the next delimiter belongs to the delimiter.
    if (Part.size() >= 2 && Part.substr(Part.size() - 2) == Crlf)
      Part.remove_suffix(2);
    else if (!Part.empty() && Part.back() == '\n')
      Part.remove_suffix(1);
    Parts.push_back(Part);
    At = Next;
  }
  return Parts;
}

bool parseParts(std::string_view ContentType, std::string_view Body,
                std::vector<BatchPartResponse> &Out, std::string &Error,
                unsigned Depth) {
  const std::string Boundary = boundaryOf(ContentType);
  if (Boundary.empty()) {
    Error = "batch response Content-Type '" + std::string(ContentType) +
            "' has no boundary";
    return false;
  }
  for (std::string_view Part : splitMultipart(Body, Boundary)) {
    const auto [Head, Content] = splitHead(Part);
    const auto PartHeaders = parseHeaderBlock(Head, nullptr);
    const std::string PartType = findHeader(PartHeaders, "Content-Type");
    if (PartType.compare(0, 15, "multipart/mixed") == 0) {
      // Only the change set nests; deeper nesting is not a Table reply.
      if (Depth > 0) {
        Error = "batch response nests change sets";
        return false;
      }
      if (!parseParts(PartType, Content, Out, Error, Depth + 1))
        return false;
      continue;
    }
    // The embedded response starts at its status line. Azurite 3.37 writes
    // a stray boundary line before it on whole-batch errors: skip to it.
    std::string_view Http = Content;
    if (Http.substr(0, 5) != "HTTP/") {
      const std::size_t At = Http.find("\nHTTP/");
      if (At != std::string_view::npos)
        Http.remove_prefix(At + 1);
    }
    const auto [HttpHead, HttpBody] = splitHead(Http);
    BatchPartResponse R;
    std::string StatusLine;
    R.Headers = parseHeaderBlock(HttpHead, &StatusLine);
    // "HTTP/1.1 204 No Content"
    const std::size_t Space = StatusLine.find(' ');
    if (Space == std::string::npos) {
      Error = "batch response part has no HTTP status line";
      return false;
    }
    R.Status = std::strtol(StatusLine.c_str() + Space + 1, nullptr, 10);
    R.Body = std::string(trim(HttpBody));
    Out.push_back(std::move(R));
  }
  return true;
}

} // namespace

std::string findHeader(const HttpHeaders &Headers, std::string_view Name) {
  for (const auto &[N, V] : Headers)
    if (N.size() == Name.size() &&
        ::strncasecmp(N.data(), Name.data(), Name.size()) == 0)
      return V;
  return std::string();
}

BatchRequestBody buildBatchBody(std::string_view BaseUrl,
                                std::string_view Table,
                                const std::vector<BatchOperation> &Operations,
                                std::string_view Accept,
                                std::string_view BoundaryId) {
  const std::string Batch = "batch_" + std::string(BoundaryId);
  const std::string Changeset = "changeset_" + std::string(BoundaryId);
  std::string B;
  B += "--" + Batch;
  B += Crlf;
  B += "Content-Type: multipart/mixed; boundary=" + Changeset;
  B += Crlf;
  B += Crlf;
  for (const BatchOperation &Op : Operations) {
    B += "--" + Changeset;
    B += Crlf;
    B += "Content-Type: application/http";
    B += Crlf;
    B += "Content-Transfer-Encoding: binary";
    B += Crlf;
    B += Crlf;
    const std::string Url =
        std::string(BaseUrl) + "/" +
        (Op.Action == BatchAction::Insert
             ? percentEncode(Table)
             : entityResource(Table, Op.Entity.PartitionKey, Op.Entity.RowKey));
    B += std::string(verbOf(Op.Action)) + " " + Url + " HTTP/1.1";
    B += Crlf;
    B += "Accept: " + std::string(Accept);
    B += Crlf;
    B += "DataServiceVersion: 3.0;";
    B += Crlf;
    if (sendsIfMatch(Op.Action)) {
      B += "If-Match: " + Op.IfMatch;
      B += Crlf;
    }
    if (Op.Action == BatchAction::Delete) {
      B += Crlf;
      continue;
    }
    if (Op.Action == BatchAction::Insert) {
      B += "Prefer: return-no-content";
      B += Crlf;
    }
    B += "Content-Type: application/json";
    B += Crlf;
    B += Crlf;
    B += encodeEntityJson(Op.Entity);
    B += Crlf;
  }
  B += "--" + Changeset + "--";
  B += Crlf;
  B += "--" + Batch + "--";
  B += Crlf;
  return {"multipart/mixed; boundary=" + Batch, std::move(B)};
}

std::optional<std::vector<BatchPartResponse>>
parseBatchResponse(std::string_view ContentType, std::string_view Body,
                   std::string &Error) {
  std::vector<BatchPartResponse> Out;
  if (!parseParts(ContentType, Body, Out, Error, 0))
    return std::nullopt;
  return Out;
}

} // namespace tablelint::live
