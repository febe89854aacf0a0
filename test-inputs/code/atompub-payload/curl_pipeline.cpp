// A C HTTP pipeline on libcurl: the content type comes from a table of
// formats, and the header line is built from it in a buffer, a string or a
// helper before curl_slist_append adds it.
#include <curl/curl.h>

#include <cstdio>
#include <string>

enum payload_format { PAYLOAD_ATOM, PAYLOAD_JSON, PAYLOAD_JSON_MINIMAL };

static const char kTablesUrl[] = "http://127.0.0.1:10002/devstoreaccount1/Tables";

static const char *content_type(enum payload_format format) {
  switch (format) {
  case PAYLOAD_ATOM:
    return "application/atom+xml";
  case PAYLOAD_JSON_MINIMAL:
    return "application/json;odata=minimalmetadata";
  default:
    return "application/json;odata=nometadata";
  }
}

static std::string header_line(const char *name, const char *value) {
  return std::string(name) + ": " + value;
}

static void send(CURL *curl, curl_slist *headers, const char *body) {
  curl_easy_setopt(curl, CURLOPT_URL, kTablesUrl);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
}

void insert_atom_buffer(CURL *curl, const char *entry) {
  char line[128];
  std::snprintf(line, sizeof line, "Content-Type: %s", content_type(PAYLOAD_ATOM));
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, line); // expect: tablelint-atompub-payload "request body sent as AtomPub XML (Content-Type: application/atom+xml)"
  send(curl, headers, entry);
}

void query_atom_string(CURL *curl) {
  const char *type = content_type(PAYLOAD_ATOM);
  std::string accept = "Accept: ";
  accept += type;
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, accept.c_str()); // expect: tablelint-atompub-payload "Accept: application/atom+xml"
  send(curl, headers, "");
}

void insert_atom_helper(CURL *curl, const char *entry) {
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, header_line("Content-Type", content_type(PAYLOAD_ATOM)).c_str()); // expect: tablelint-atompub-payload "Content-Type: application/atom+xml"
  send(curl, headers, entry);
}

void insert_json_buffer(CURL *curl, const char *entity) {
  char line[128];
  std::snprintf(line, sizeof line, "Content-Type: %s", content_type(PAYLOAD_JSON));
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, line); // ok: tablelint-atompub-payload (JSON body)
  send(curl, headers, entity);
}

void query_json_string(CURL *curl) {
  const char *type = content_type(PAYLOAD_JSON_MINIMAL);
  std::string accept = "Accept: ";
  accept += type;
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, accept.c_str()); // ok: tablelint-atompub-payload (minimal metadata)
  send(curl, headers, "");
}

void insert_chosen_helper(CURL *curl, const char *entity, enum payload_format format) {
  char line[128];
  std::snprintf(line, sizeof line, "Accept: %s", content_type(format));
  curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, header_line("Content-Type", content_type(PAYLOAD_JSON)).c_str()); // ok: tablelint-atompub-payload (JSON body)
  headers = curl_slist_append(headers, line); // ok: tablelint-atompub-payload (the format is not known here)
  send(curl, headers, entity);
}
