// An Atom feed reader with no Table traffic: asking a blog for
// application/atom+xml is not a table payload.
#include <cpprest/http_client.h>
#include <curl/curl.h>

void FetchReleaseNotes(web::http::client::http_client &client, CURL *curl) {
  web::http::http_request request(web::http::methods::GET);
  request.set_request_uri(web::uri("/releases.atom"));
  request.headers().add(U("Accept"), U("application/atom+xml")); // ok: tablelint-atompub-payload (no table traffic in this file)
  client.request(request);

  curl_slist *headers = curl_slist_append(nullptr, "Accept: application/atom+xml"); // ok: tablelint-atompub-payload (no table traffic in this file)
  curl_easy_setopt(curl, CURLOPT_URL, "https://blog.example.com/feed.atom");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}
