// cloud_table::execute_async started once per element: a wait inside a
// .then() continuation runs after the task, off the loop, and a wait on the
// last pass only lets every request before it fly at once.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <cstddef>
#include <vector>

using namespace azure::storage;

void logResult(table_result const &r);

// The continuation waits, the loop does not.
void saveAllThen(cloud_table &table, std::vector<table_entity> const &rows) {
  for (const table_entity &row : rows)
    table.execute_async(table_operation::insert_or_replace_entity(row)) // expect: tablelint-unbounded-parallelism "cloud_table::execute_async started for each element of 'rows' with no bound"
        .then([](pplx::task<table_result> done) { logResult(done.get()); });
}

// Only the last task is waited on, when the index reaches the end.
void saveAllWaitLast(cloud_table &table, std::vector<table_entity> const &rows) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto task = table.execute_async(table_operation::insert_entity(rows[i])); // expect: tablelint-unbounded-parallelism "each iteration of the loop on 'i < rows.size()'"
    if (i + 1 == rows.size())
      task.wait();
  }
}

// The last element, found by address.
void saveAllWaitBack(cloud_table &table, std::vector<table_entity> const &rows) {
  pplx::task<table_result> last;
  for (const table_entity &row : rows) {
    last = table.execute_async(table_operation::merge_entity(row)); // expect: tablelint-unbounded-parallelism "each element of 'rows'"
    if (&row == &rows.back())
      last.get();
  }
}

// Good: every 32nd pass waits for what is in flight.
void saveAllEvery32(cloud_table &table, std::vector<table_entity> const &rows) {
  std::vector<pplx::task<table_result>> inFlight;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    inFlight.push_back(table.execute_async(table_operation::insert_entity(rows[i]))); // ok: tablelint-unbounded-parallelism (waits every 32)
    if (i % 32 == 31)
      for (auto &t : inFlight)
        t.wait();
  }
}

// Good: each task is waited on in its own pass (a continuation logs).
void saveAllWaitEach(cloud_table &table, std::vector<table_entity> const &rows) {
  for (const table_entity &row : rows) {
    auto task = table.execute_async(table_operation::insert_or_merge_entity(row)) // ok: tablelint-unbounded-parallelism (waited each pass)
                    .then([](table_result r) { logResult(r); });
    task.wait();
  }
}

// Good: a counter of requests in flight, reset after each wait.
void saveAllCounted(cloud_table &table, std::vector<table_entity> const &rows) {
  std::vector<pplx::task<table_result>> inFlight;
  std::size_t pending = 0;
  for (const table_entity &row : rows) {
    inFlight.push_back(table.execute_async(table_operation::insert_entity(row))); // ok: tablelint-unbounded-parallelism (bounded by the counter)
    if (++pending == 16) {
      for (auto &t : inFlight)
        t.wait();
      inFlight.clear();
      pending = 0;
    }
  }
}
