// Table service URLs: the endpoint (path-style emulator or account host) and
// the resource paths of tables and entities, percent-encoded the way they
// are sent and signed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tablelint::live {

struct TableEndpoint {
  // scheme://host[:port][/account], no trailing slash.
  std::string BaseUrl;
  // The path part of BaseUrl: "/devstoreaccount1" for a path-style emulator
  // URL, empty for https://ACCOUNT.table.core.windows.net. It is part of
  // every signed path, which is why the emulator's account appears twice in
  // the canonicalized resource.
  std::string PathPrefix;
  // The account the URL names (first path segment, else the first host
  // label); empty when the URL names none (a bare IP address).
  std::string Account;
};

// Accepts http:// and https:// URLs with an optional single path segment.
// Rejects query strings, fragments, user info and deeper paths with a
// message saying which part is wrong.
std::optional<TableEndpoint> parseTableEndpoint(std::string_view Url,
                                                std::string &Error);

// The URL as a message may show it: its query and fragment (where a SAS
// signature travels) and its user information (a password) are elided,
// only their presence is shown ("http://\u2026@host/acct?\u2026"); control
// bytes are escaped. What a --live error prints for the endpoint.
std::string shownEndpointUrl(std::string_view Url);

// RFC 3986 percent-encoding of everything but the unreserved characters.
std::string percentEncode(std::string_view Text);

// "Table(PartitionKey='pk',RowKey='rk')" with quotes in keys doubled (OData)
// and then percent-encoded.
std::string entityResource(std::string_view Table,
                           std::string_view PartitionKey,
                           std::string_view RowKey);

} // namespace tablelint::live
