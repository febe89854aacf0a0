// One execute_async per key of a list: one problem (every read in flight at
// once), reported once, at the call that starts the work. Linted with the
// SDK included with -I (tests/golden/SdkIncludedWithITest.cpp), the SDK's
// inline one-argument execute_async is not a second, "helper" finding.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <cstddef>
#include <vector>

using namespace azure::storage;

// The SDK call in the loop.
void readAll(cloud_table const &table, utility::string_t const &pk, std::vector<utility::string_t> const &keys) {
  std::vector<pplx::task<table_result>> reads;
  for (utility::string_t const &key : keys)
    reads.push_back(table.execute_async(table_operation::retrieve_entity(pk, key))); // expect: tablelint-unbounded-parallelism "cloud_table::execute_async started for each element of 'keys' with no bound"
  for (auto &r : reads)
    r.wait();
}

// By index.
void readAllByIndex(cloud_table const &table, utility::string_t const &pk, std::vector<utility::string_t> const &keys) {
  std::vector<pplx::task<table_result>> reads;
  for (std::size_t i = 0; i < keys.size(); ++i)
    reads.push_back(table.execute_async(table_operation::retrieve_entity(pk, keys[i]))); // expect: tablelint-unbounded-parallelism "each iteration of the loop on 'i < keys.size()'"
  for (auto &r : reads)
    r.wait();
}

// The project's helper returns the SDK's task.
pplx::task<table_result> readAsync(cloud_table const &table, utility::string_t const &pk, utility::string_t const &key) {
  return table.execute_async(table_operation::retrieve_entity(pk, key)); // ok: tablelint-unbounded-parallelism (reported where the loop calls it)
}

void readAllThroughHelper(cloud_table const &table, utility::string_t const &pk, std::vector<utility::string_t> const &keys) {
  std::vector<pplx::task<table_result>> reads;
  for (utility::string_t const &key : keys)
    reads.push_back(readAsync(table, pk, key)); // expect: tablelint-unbounded-parallelism "readAsync(), which returns its execute_async task, started for each element of 'keys' with no bound"
  for (auto &r : reads)
    r.wait();
}

// Good: each task waited in its pass.
void readEach(cloud_table const &table, utility::string_t const &pk, std::vector<utility::string_t> const &keys) {
  for (utility::string_t const &key : keys)
    table.execute_async(table_operation::retrieve_entity(pk, key)).wait(); // ok: tablelint-unbounded-parallelism (waited in the pass)
}

// Good: at most 32 in flight.
void readInWaves(cloud_table const &table, utility::string_t const &pk, std::vector<utility::string_t> const &keys) {
  std::vector<pplx::task<table_result>> reads;
  for (utility::string_t const &key : keys) {
    reads.push_back(readAsync(table, pk, key)); // ok: tablelint-unbounded-parallelism (at most 32 in flight)
    if (reads.size() == 32) {
      for (auto &r : reads)
        r.wait();
      reads.clear();
    }
  }
  for (auto &r : reads)
    r.wait();
}

// Good: one key, no loop.
table_result readOne(cloud_table const &table, utility::string_t const &pk, utility::string_t const &key) {
  return table.execute_async(table_operation::retrieve_entity(pk, key)).get(); // ok: tablelint-unbounded-parallelism (one request)
}
