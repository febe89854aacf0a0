// Writes in a row (MinWrites, default 2) to one partition with different
// literal row keys, and the beta.1 entity shape with public key fields.
#include <azure/data/tables.hpp>

#include <string>
#include <vector>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

namespace settings {

constexpr const char *SettingsPartition = "settings";

// Three settings rows of one user, written one request each.
void saveDefaults(TableClient const &table) {
  TableEntity theme;
  theme.SetPartitionKey(SettingsPartition);
  theme.SetRowKey("theme");
  theme.Properties["Value"] = std::string("dark");
  table.UpdateOrInsertEntity(theme); // expect: tablelint-unbatched-writes "3 single-entity writes in a row"

  TableEntity locale;
  locale.SetPartitionKey(SettingsPartition);
  locale.SetRowKey("locale");
  locale.Properties["Value"] = std::string("en-GB");
  table.UpdateOrInsertEntity(locale); // ok: tablelint-unbatched-writes (reported at the first write)

  TableEntity zone;
  zone.SetPartitionKey("settings");
  zone.SetRowKey("timezone");
  table.UpdateOrInsertEntity(zone);
}

// One entity variable reused for an order header and its summary row.
void saveOrder(TableClient const &orders, std::string const &customerId) {
  TableEntity e;
  e.SetPartitionKey(customerId);
  e.SetRowKey("header");
  orders.AddEntity(e); // expect: tablelint-unbatched-writes "with different row keys ('header', 'summary')"
  e.SetRowKey("summary");
  orders.AddEntity(e);
}

// The same entity four times (a counter): not batchable, not reported.
void bumpFourTimes(TableClient const &table) {
  TableEntity counter;
  counter.SetPartitionKey("stats");
  counter.SetRowKey("visits");
  counter.Properties["N"] = std::string("1");
  table.UpdateEntity(counter); // ok: tablelint-unbatched-writes (the same entity each time)
  counter.Properties["N"] = std::string("2");
  table.UpdateEntity(counter);
  counter.Properties["N"] = std::string("3");
  table.UpdateEntity(counter);
  counter.Properties["N"] = std::string("4");
  table.UpdateEntity(counter);
}

// Two partitions: nothing to batch.
void saveTwoUsers(TableClient const &table) {
  TableEntity a;
  a.SetPartitionKey("user-1");
  a.SetRowKey("profile");
  table.AddEntity(a); // ok: tablelint-unbatched-writes (different partitions)
  TableEntity b;
  b.SetPartitionKey("user-2");
  b.SetRowKey("profile");
  table.AddEntity(b);
}

// A read between the writes decides the second one.
void saveIfMissing(TableClient const &table) {
  TableEntity a;
  a.SetPartitionKey("config");
  a.SetRowKey("a");
  table.AddEntity(a); // ok: tablelint-unbatched-writes (a read separates the writes)
  auto b = table.GetEntity("config", "b");
  TableEntity c;
  c.SetPartitionKey("config");
  c.SetRowKey("c");
  table.AddEntity(c);
}

// beta.1: keys are public fields.
void saveBeta1(TableClient const &table, std::vector<std::string> const &skus) {
  for (std::string const &sku : skus) {
    TableEntity e;
    e.PartitionKey = "catalog";
    e.RowKey = sku;
    table.AddEntity(e); // expect: tablelint-unbatched-writes "partition key 'catalog'"
  }
}

} // namespace settings
