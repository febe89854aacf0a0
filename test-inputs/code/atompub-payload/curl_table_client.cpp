// A libcurl Table client for the emulator: header lines built as literals
// and constants, AtomPub ones and JSON ones.
#include <curl/curl.h>

#include <string>

static const char kEndpoint[] = "http://127.0.0.1:10002/devstoreaccount1/Tables";
static const char kAtomAccept[] = "Accept: application/atom+xml,application/xml";
static const std::string kFullMetadata = "application/json;odata=fullmetadata";

void ListTables(CURL *curl) {
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, "x-ms-version: 2013-08-15");
  headers = curl_slist_append(headers, kAtomAccept); // expect: tablelint-atompub-payload "Accept: application/atom+xml,application/xml"
  curl_easy_setopt(curl, CURLOPT_URL, kEndpoint);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}

void InsertEntity(CURL *curl, std::string const &entryXml) {
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, "Content-Type: application/atom+xml"); // expect: tablelint-atompub-payload "request body sent as AtomPub XML"
  headers = curl_slist_append(headers, ("Accept: " + kFullMetadata).c_str()); // expect: tablelint-atompub-payload "odata=fullmetadata"
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, entryXml.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}

void InsertEntityJson(CURL *curl, std::string const &entityJson, std::string const &accept) {
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, "x-ms-version: 2019-02-02");
  headers = curl_slist_append(headers, "Content-Type: application/json"); // ok: tablelint-atompub-payload (JSON body)
  headers = curl_slist_append(headers, "Accept: application/json;odata=nometadata"); // ok: tablelint-atompub-payload (no metadata)
  headers = curl_slist_append(headers, ("Accept: " + accept).c_str()); // ok: tablelint-atompub-payload (not known at compile time)
  headers = curl_slist_append(headers, "X-Debug-Note: application/atom+xml"); // ok: tablelint-atompub-payload (not an Accept or Content-Type header)
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, entityJson.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}
