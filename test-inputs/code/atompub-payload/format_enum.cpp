// The payload format chosen through an enum: one function turns the format
// into a content type, others add it as a header. The format each caller
// passes decides what goes on the wire.
#include <cpprest/http_client.h>

#include <string>

using web::http::http_request;
using web::http::methods;
using web::http::client::http_client;

namespace rest {

enum class Format { AtomPub, JsonNoMetadata, JsonMinimalMetadata };

utility::string_t contentTypeOf(Format format) {
  switch (format) {
  case Format::AtomPub:
    return U("application/atom+xml");
  case Format::JsonNoMetadata:
    return U("application/json;odata=nometadata");
  case Format::JsonMinimalMetadata:
    return U("application/json;odata=minimalmetadata");
  }
  return U("application/json");
}

const char *acceptFor(Format format) {
  if (format == Format::AtomPub)
    return "application/atom+xml,application/xml";
  return "application/json;odata=nometadata";
}

constexpr Format LegacyWire = Format::AtomPub;
constexpr Format LeanWire = Format::JsonNoMetadata;

class OrdersClient {
public:
  explicit OrdersClient(std::string const &account)
      : client_(web::uri("https://" + account + ".table.core.windows.net")) {}

  void QueryLegacy(std::string const &customer) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Orders()?$filter=PartitionKey%20eq%20'" + customer + "'"));
    request.headers().add(U("Accept"), contentTypeOf(Format::AtomPub)); // expect: tablelint-atompub-payload "Accept: application/atom+xml"
    client_.request(request);
  }

  void InsertLegacy(std::string const &entryXml) {
    http_request request(methods::POST);
    request.set_request_uri(web::uri("Orders"));
    request.set_body(entryXml, contentTypeOf(LegacyWire)); // expect: tablelint-atompub-payload "request body sent as AtomPub XML (Content-Type: application/atom+xml)"
    client_.request(request);
  }

  void ListLegacy() {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Tables"));
    request.headers().add(U("Accept"), acceptFor(Format::AtomPub)); // expect: tablelint-atompub-payload "Accept: application/atom+xml,application/xml"
    client_.request(request);
  }

  void QueryLean(std::string const &customer) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Orders()?$filter=PartitionKey%20eq%20'" + customer + "'"));
    request.headers().add(U("Accept"), contentTypeOf(Format::JsonNoMetadata)); // ok: tablelint-atompub-payload (no metadata)
    client_.request(request);
  }

  void InsertLean(std::string const &entityJson) {
    http_request request(methods::POST);
    request.set_request_uri(web::uri("Orders"));
    request.set_body(entityJson, contentTypeOf(LeanWire)); // ok: tablelint-atompub-payload (JSON body)
    client_.request(request);
  }

  void ListChosen(Format format) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Tables"));
    request.headers().add(U("Accept"), acceptFor(format)); // ok: tablelint-atompub-payload (the format is not known here)
    request.headers().add(U("Content-Type"), contentTypeOf(Format::JsonMinimalMetadata)); // ok: tablelint-atompub-payload (minimal metadata)
    client_.request(request);
  }

private:
  http_client client_;
};

} // namespace rest
