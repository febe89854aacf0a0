// Table service endpoint parsing and resource paths (see RestUrl.h).
#include "replay/live/RestUrl.h"

#include "core/Redact.h"

#include <cctype>

namespace tablelint::live {

namespace {

bool isUnreserved(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '-' || C == '.' ||
         C == '_' || C == '~';
}

std::string quotedKey(std::string_view Key) {
  std::string Doubled;
  for (const char C : Key) {
    Doubled += C;
    if (C == '\'')
      Doubled += '\'';
  }
  return "'" + percentEncode(Doubled) + "'";
}

// The endpoint as an error shows it when it carries a query, a fragment or
// user information: none of them (a SAS signature, a password), only that
// they are there: "http://…@host/acct?…".
// Scheme and Rest (what follows "://") without query, fragment and user
// information (see shownEndpointUrl).
std::string shownEndpoint(std::string_view Scheme, std::string_view Rest) {
  const std::size_t Cut = Rest.find_first_of("?#");
  std::string_view Base = Rest.substr(0, Cut);
  std::string Out(Scheme);
  if (const std::size_t At = Base.rfind('@'); At != std::string_view::npos) {
    Out += "\u2026@";
    Base.remove_prefix(At + 1);
  }
  Out += Base;
  if (Cut != std::string_view::npos)
    Out += std::string(1, Rest[Cut]) + "\u2026";
  return Out;
}

} // namespace

std::string shownEndpointUrl(std::string_view Url) {
  const std::size_t Scheme = Url.find("://");
  const std::size_t SchemeEnd = Scheme == std::string_view::npos ? 0 : Scheme + 3;
  return safeMessage(shownEndpoint(Url.substr(0, SchemeEnd), Url.substr(SchemeEnd)));
}

std::optional<TableEndpoint> parseTableEndpoint(std::string_view Url,
                                                std::string &Error) {
  std::string_view Rest = Url;
  std::string_view Scheme;
  if (Rest.substr(0, 7) == "http://")
    Scheme = "http://";
  else if (Rest.substr(0, 8) == "https://")
    Scheme = "https://";
  else {
    Error = "endpoint '" + shownEndpointUrl(Url) +
            "' does not start with http:// or https://";
    return std::nullopt;
  }
  Rest.remove_prefix(Scheme.size());
  while (!Rest.empty() && Rest.back() == '/')
    Rest.remove_suffix(1);
  if (Rest.find_first_of("?#@") != std::string_view::npos) {
    Error = "endpoint '" + shownEndpoint(Scheme, Rest) +
            "' must not carry a query, fragment or user name";
    return std::nullopt;
  }
  const std::size_t Slash = Rest.find('/');
  const std::string_view HostPort = Rest.substr(0, Slash);
  const std::string_view Path =
      Slash == std::string_view::npos ? std::string_view() : Rest.substr(Slash);
  if (HostPort.empty()) {
    Error = "endpoint '" + std::string(Url) + "' names no host";
    return std::nullopt;
  }
  if (Path.find('/', 1) != std::string_view::npos) {
    Error = "endpoint '" + std::string(Url) +
            "' has more than one path segment (expected at most /ACCOUNT)";
    return std::nullopt;
  }
  TableEndpoint E;
  E.BaseUrl = std::string(Scheme) + std::string(HostPort) + std::string(Path);
  E.PathPrefix = std::string(Path);
  if (!Path.empty()) {
    E.Account = std::string(Path.substr(1));
  } else {
    const std::string_view Host = HostPort.substr(0, HostPort.find(':'));
    const std::string_view Label = Host.substr(0, Host.find('.'));
    // An IP address names no account.
    if (Label.find_first_not_of("0123456789") != std::string_view::npos &&
        Label != Host)
      E.Account = std::string(Label);
  }
  return E;
}

std::string percentEncode(std::string_view Text) {
  static constexpr char Hex[] = "0123456789ABCDEF";
  std::string Out;
  Out.reserve(Text.size());
  for (const char C : Text) {
    if (isUnreserved(C)) {
      Out += C;
      continue;
    }
    const auto B = static_cast<unsigned char>(C);
    Out += '%';
    Out += Hex[B >> 4];
    Out += Hex[B & 15];
  }
  return Out;
}

std::string entityResource(std::string_view Table,
                           std::string_view PartitionKey,
                           std::string_view RowKey) {
  return percentEncode(Table) + "(PartitionKey=" + quotedKey(PartitionKey) +
         ",RowKey=" + quotedKey(RowKey) + ")";
}

} // namespace tablelint::live
