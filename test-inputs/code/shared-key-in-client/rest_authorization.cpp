// A hand-written Table REST client (cpprestsdk and libcurl) that signs with
// SharedKeyLite: a signature pasted into the code next to signatures
// computed at run time. The signatures below are fake (base64 of letters).
#include <cpprest/http_client.h>
#include <curl/curl.h>

#include <string>

using web::http::http_request;
using web::http::methods;

std::string SignSharedKeyLite(http_request const &request, std::string const &date);

const std::string kHardCodedSignature = "U0lHTkFUVVJFU0lHTkFUVVJFU0lHTkFUVVJFU0lHTkE=";

void QueryOrders(web::http::client::http_client &client, std::string const &date) {
  http_request request(methods::GET);
  request.set_request_uri(U("Orders()?$filter=PartitionKey%20eq%20'c42'"));
  request.headers().add(U("x-ms-date"), date);
  request.headers().add(U("Accept"), U("application/json;odata=nometadata"));
  // expect@+1: tablelint-shared-key-in-client "Authorization header with a hard-coded SharedKey signature U0lH… (44 characters, redacted)"
  request.headers().add(U("Authorization"), U("SharedKeyLite contosoorders:U0lHTkFUVVJFU0lHTkFUVVJFU0lHTkFUVVJFU0lHTkE="));
  client.request(request);

  http_request signedRequest(methods::GET);
  signedRequest.headers().add(U("x-ms-date"), date);
  signedRequest.headers().add(U("Authorization"), // ok: tablelint-shared-key-in-client (signed at run time)
                              U("SharedKeyLite contosoorders:") + SignSharedKeyLite(signedRequest, date));
  client.request(signedRequest);

  http_request indexed(methods::GET);
  indexed.headers()[web::http::header_names::authorization] = "SharedKey contosoorders:" + kHardCodedSignature; // expect: tablelint-shared-key-in-client "U0lH… (44 characters, redacted)"
  client.request(indexed);

  http_request sas(methods::GET);
  sas.set_request_uri(U("Orders()?sv=2019-02-02&sig=c2lnbmF0dXJl")); // ok: tablelint-shared-key-in-client (a SAS in the URL, no Authorization header)
  client.request(sas);
}

void QueryWithCurl(CURL *curl, std::string const &signature) {
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, "x-ms-version: 2019-02-02");
  // expect@+1: tablelint-shared-key-in-client "Authorization header with a hard-coded SharedKey signature U0lH… (44 characters, redacted)"
  headers = curl_slist_append(headers, "Authorization: SharedKey contosoorders:U0lHTkFUVVJFU0lHTkFUVVJFU0lHTkFUVVJFU0lHTkE=");
  const std::string authorization = "Authorization: SharedKey contosoorders:" + signature;
  headers = curl_slist_append(headers, authorization.c_str()); // ok: tablelint-shared-key-in-client (signature computed at run time)
  // The emulator's account signs with its published key.
  headers = curl_slist_append(headers, "Authorization: SharedKeyLite devstoreaccount1:U0lHTkFUVVJFU0lHTkFUVVJFU0lHTkFUVVJFU0lHTkE="); // ok: tablelint-shared-key-in-client (devstoreaccount1)
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}
