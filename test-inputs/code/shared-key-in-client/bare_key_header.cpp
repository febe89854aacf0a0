// A REST client that puts the account key itself in the Authorization
// header instead of a per-request signature ("SharedKey account:signature").
// The keys below are fake (base64 of letters).
#include <cpprest/http_client.h>
#include <curl/curl.h>

#include <string>

using web::http::http_request;
using web::http::methods;

namespace {
const std::string kAccountKey =
    "Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ";
}

std::string SignRequest(http_request const &request, std::string const &key);
std::string LoadKeyFromVault();

void SendBare(web::http::client::http_client &client) {
  http_request request(methods::GET);
  request.set_request_uri(U("Devices(PartitionKey='d1',RowKey='state')"));
  request.headers().add(U("Authorization"), kAccountKey); // expect: tablelint-shared-key-in-client "bare account key Tk9U… (88 characters, redacted)"
  client.request(request);

  http_request indexed(methods::GET);
  indexed.headers()[web::http::header_names::authorization] = "SharedKey " + kAccountKey; // expect: tablelint-shared-key-in-client "bare account key"
  client.request(indexed);
}

void SendBareWithCurl(CURL *curl) {
  curl_slist *headers = nullptr;
  // expect@+1: tablelint-shared-key-in-client "bare account key Tk9U…"
  headers = curl_slist_append(headers, "Authorization: Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}

void SendSigned(web::http::client::http_client &client, std::string const &token) {
  http_request request(methods::GET);
  const std::string key = LoadKeyFromVault();
  request.headers().add(U("Authorization"), "SharedKey devices:" + SignRequest(request, key)); // ok: tablelint-shared-key-in-client (signed at run time)
  client.request(request);

  http_request bearer(methods::GET);
  bearer.headers().add(U("Authorization"), "Bearer " + token); // ok: tablelint-shared-key-in-client (a token from elsewhere)
  client.request(bearer);

  http_request placeholder(methods::GET);
  placeholder.headers().add(U("Authorization"), U("SharedKey <account-key>")); // ok: tablelint-shared-key-in-client (a placeholder, not a key)
  client.request(placeholder);

  http_request keyed(methods::GET);
  keyed.headers().add(U("Authorization"), key); // ok: tablelint-shared-key-in-client (key loaded at run time)
  client.request(keyed);
}
