// Keys the service or the emulator rejects, written as literals: forbidden
// characters, keys over the emulator's 512 characters and over 1 KiB. Keys
// built at run time count only with their literal parts.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library (the tests cover both SDK generations)

#include <string>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

// The catalog's bad example: '/' and '#' in the literal parts.
void saveOrderNote(TableClient const &notes, std::string const &tenantId,
                   std::string const &orderId, std::string const &text) {
  TableEntity entity;
  entity.SetPartitionKey("tenants/" + tenantId); // expect: tablelint-entity-limits "contains '/' at position 8"
  entity.SetRowKey("order#" + orderId); // expect: tablelint-entity-limits "contains '#' at position 6"
  entity.Properties["Text"].Value = text;
  notes.AddEntity(entity);
}

// The catalog's good example, and the separators that are allowed.
void saveOrderNoteFixed(TableClient const &notes, std::string const &tenantId,
                        std::string const &orderId, std::string const &text) {
  TableEntity entity;
  entity.SetPartitionKey("tenants_" + tenantId); // ok: tablelint-entity-limits ('_' is allowed)
  entity.SetRowKey("order-" + orderId + ":v1|a b"); // ok: tablelint-entity-limits ('-', ':', '|' and spaces are allowed)
  entity.Properties["Text"].Value = text;
  notes.AddEntity(entity);
}

// A query string pasted into a key, and a control character.
void lookups(TableClient const &pages, std::string const &path) {
  auto page = pages.GetEntity("site", "index.html?lang=en"); // expect: tablelint-entity-limits "contains '?' at position 11"
  auto line = pages.GetEntity("site\t2024", path); // expect: tablelint-entity-limits "contains the control character U+0009 at position 5"
  auto path2 = pages.GetEntity(path + "\\index", "x"); // expect: tablelint-entity-limits "contains '\'"
  (void)page;
  (void)line;
  (void)path2;
}

// The key of a document, pasted in whole: over what Azurite accepts.
const std::string kWelcomeKey =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmn";

// Over 1 KiB: the service itself rejects it.
const char *const kLegalNoticeKey =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789ab";

// Exactly 512 characters: the emulator still takes it.
const std::string kLongestKey =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

void saveDocuments(TableClient const &docs) {
  TableEntity welcome;
  welcome.SetPartitionKey("docs");
  welcome.SetRowKey(kWelcomeKey); // expect: tablelint-entity-limits "has 600 characters, more than the 512 that emulators (Azurite) accept"
  docs.AddEntity(welcome); // expect: tablelint-unbatched-writes (three writes to partition "docs")

  TableEntity notice;
  notice.SetPartitionKey("docs");
  notice.SetRowKey(kLegalNoticeKey); // expect: tablelint-entity-limits "is 1100 bytes, over the 1024 bytes the service accepts"
  docs.AddEntity(notice);

  TableEntity longest;
  longest.SetPartitionKey("docs");
  longest.SetRowKey(kLongestKey); // ok: tablelint-entity-limits (512 characters exactly)
  docs.AddEntity(longest);
}

// A long key built at run time: its length is not known here.
void saveRuntimeKey(TableClient const &docs, std::string const &title) {
  TableEntity e;
  e.SetPartitionKey("docs");
  e.SetRowKey(title + title + title); // ok: tablelint-entity-limits (length known only at run time)
  docs.AddEntity(e);
}

// azure::storage: the entity constructor and retrieve_entity.
void legacy(azure::storage::cloud_table const &table, utility::string_t const &id) {
  azure::storage::table_entity e(U("users/") + id, U("profile")); // expect: tablelint-entity-limits "contains '/' at position 6"
  table.execute(azure::storage::table_operation::insert_or_replace_entity(e));
  auto read = table.execute(azure::storage::table_operation::retrieve_entity(U("users"), U("#profile"))); // expect: tablelint-entity-limits "contains '#' at position 1"
  (void)read;
}
