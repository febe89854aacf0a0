// azure::storage's payload format: json_full_metadata asks the service for
// odata=fullmetadata on every response.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

using azure::storage::table_payload_format;
using azure::storage::table_request_options;

table_request_options FullMetadataOptions() {
  table_request_options options;
  options.set_payload_format(table_payload_format::json_full_metadata); // expect: tablelint-atompub-payload "payload format json_full_metadata asks for odata=fullmetadata: every entity then carries type, ETag and link annotations; json_no_metadata would do"
  return options;
}

table_request_options LeanOptions() {
  table_request_options options;
  options.set_payload_format(table_payload_format::json_no_metadata); // ok: tablelint-atompub-payload (no metadata)
  return options;
}

table_request_options DefaultOptions() {
  table_request_options options;
  options.set_payload_format(table_payload_format::json); // ok: tablelint-atompub-payload (minimal metadata, the default)
  return options;
}

table_request_options ChosenOptions(table_payload_format format) {
  table_request_options options;
  options.set_payload_format(format); // ok: tablelint-atompub-payload (not known at compile time)
  return options;
}
