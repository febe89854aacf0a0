// A hand-written Table REST client on cpprestsdk, written against the 2013
// service version: AtomPub payloads and full-metadata JSON next to the
// lean JSON formats.
#include <cpprest/http_client.h>

#include <string>

using web::http::http_request;
using web::http::methods;
using web::http::client::http_client;

std::string SignSharedKeyLite(http_request const &request);

class OrdersRestClient {
public:
  explicit OrdersRestClient(std::string const &account)
      : client_(web::uri("https://" + account + ".table.core.windows.net")) {}

  void QueryOpenOrders(std::string const &customer) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Orders()?$filter=PartitionKey%20eq%20'" + customer + "'"));
    request.headers().add(U("x-ms-version"), U("2013-08-15"));
    request.headers().add(U("Accept"), U("application/atom+xml")); // expect: tablelint-atompub-payload "asks for AtomPub XML: AtomPub XML is up to 75% larger than JSON and needs an x-ms-version before 2015-12-11; accept application/json;odata=nometadata"
    request.headers().add(U("Authorization"), SignSharedKeyLite(request));
    client_.request(request);
  }

  void InsertOrder(std::string const &entryXml) {
    http_request request(methods::POST);
    request.set_request_uri(web::uri("Orders"));
    request.set_body(entryXml, U("application/atom+xml")); // expect: tablelint-atompub-payload "request body sent as AtomPub XML (Content-Type: application/atom+xml)"
    request.headers().set_content_type(U("application/atom+xml;charset=utf-8")); // expect: tablelint-atompub-payload "Content-Type: application/atom+xml;charset=utf-8"
    client_.request(request);
  }

  void GetOrder(std::string const &customer, std::string const &order) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Orders(PartitionKey='" + customer + "',RowKey='" + order + "')"));
    request.headers()[web::http::header_names::accept] = U("application/json;odata=fullmetadata"); // expect: tablelint-atompub-payload "asks for odata=fullmetadata: every entity then carries type, ETag and link annotations; odata=nometadata would do"
    client_.request(request);
  }

  // The catalog's good example.
  void QueryOpenOrdersJson(std::string const &customer) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Orders()?$filter=PartitionKey%20eq%20'" + customer + "'"));
    request.headers().add(U("x-ms-version"), U("2019-02-02"));
    request.headers().add(U("Accept"), U("application/json;odata=nometadata")); // ok: tablelint-atompub-payload (JSON without metadata)
    request.headers().add(U("Authorization"), SignSharedKeyLite(request));
    client_.request(request);
  }

  void GetTypedOrder(std::string const &customer, std::string const &order) {
    http_request request(methods::GET);
    request.set_request_uri(web::uri("Orders(PartitionKey='" + customer + "',RowKey='" + order + "')"));
    request.headers()[U("Accept")] = U("application/json;odata=minimalmetadata"); // ok: tablelint-atompub-payload (minimal metadata keeps Int64 and DateTime types)
    client_.request(request);
  }

  void InsertOrderJson(std::string const &entityJson) {
    http_request request(methods::POST);
    request.set_request_uri(web::uri("Orders"));
    request.set_body(entityJson, U("application/json")); // ok: tablelint-atompub-payload (a JSON body)
    request.headers().add(U("Prefer"), U("return-no-content"));
    client_.request(request);
    // The response format is not known here: it comes from the caller.
    client_.request(methods::POST, U("Orders"), entityJson, ContentType()); // ok: tablelint-atompub-payload (not known at compile time)
  }

private:
  static std::string ContentType();
  http_client client_;
};
