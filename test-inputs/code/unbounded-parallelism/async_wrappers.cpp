// Stock imports through asynchronous helpers of the project (async_store.h
// and legacyUpsertAsync below). Keeping every future of a loop over the
// input starts all of the work at once; waiting every few, or dropping the
// future (whose destructor waits), does not.
#include "async_store.h"

#include <was/table.h> // expect: tablelint-legacy-client-library

#include <cstddef>
#include <future>
#include <string>
#include <vector>

namespace inventory {

struct Count {
  std::string Warehouse;
  std::string Sku;
  int Value = 0;
};

// The legacy SDK's task, returned as is.
pplx::task<azure::storage::table_result>
legacyUpsertAsync(azure::storage::cloud_table const &table,
                  azure::storage::table_entity const &e) {
  return table.execute_async(
      azure::storage::table_operation::insert_or_replace_entity(e));
}

void importItems(TableClient &table, std::vector<TableEntity> const &items) {
  std::vector<std::future<void>> pending;
  for (TableEntity const &item : items)
    pending.push_back(saveAsync(table, item)); // expect: tablelint-unbounded-parallelism "saveAsync(), which returns a std::async future, started for each element of 'items' with table writes inside and no bound"
  for (std::future<void> &f : pending)
    f.get();
}

void importCounts(TableClient &table, std::vector<Count> const &counts) {
  std::vector<std::future<void>> pending;
  for (std::size_t i = 0; i < counts.size(); ++i)
    pending.emplace_back(saveCountAsync(table, counts[i].Warehouse, counts[i].Sku, counts[i].Value)); // expect: tablelint-unbounded-parallelism "saveCountAsync(), which returns a std::async future, started for each iteration of the loop on 'i < counts.size()'"
  for (std::future<void> &f : pending)
    f.wait();
}

void importLegacy(azure::storage::cloud_table const &table,
                  std::vector<azure::storage::table_entity> const &rows) {
  std::vector<pplx::task<azure::storage::table_result>> inFlight;
  for (azure::storage::table_entity const &row : rows)
    inFlight.push_back(legacyUpsertAsync(table, row)); // expect: tablelint-unbounded-parallelism "legacyUpsertAsync(), which returns its execute_async task, started for each element of 'rows' with no bound"
  for (auto &t : inFlight)
    t.wait();
}

void importOneByOne(TableClient &table, std::vector<TableEntity> const &items) {
  for (TableEntity const &item : items)
    saveAsync(table, item); // ok: tablelint-unbounded-parallelism (the dropped future waits in its destructor)
}

void importInWaves(TableClient &table, std::vector<TableEntity> const &items) {
  std::vector<std::future<void>> pending;
  for (TableEntity const &item : items) {
    pending.push_back(saveAsync(table, item)); // ok: tablelint-unbounded-parallelism (at most 32 in flight)
    if (pending.size() == 32) {
      for (std::future<void> &f : pending)
        f.get();
      pending.clear();
    }
  }
  for (std::future<void> &f : pending)
    f.get();
}

void importLegacyEach(azure::storage::cloud_table const &table,
                      std::vector<azure::storage::table_entity> const &rows) {
  for (azure::storage::table_entity const &row : rows)
    legacyUpsertAsync(table, row).wait(); // ok: tablelint-unbounded-parallelism (each task waited in its pass)
}

} // namespace inventory
