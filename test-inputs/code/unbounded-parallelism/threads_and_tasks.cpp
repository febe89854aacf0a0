// Threads and SDK tasks started per element: std::thread (detached, kept in
// a vector, emplaced), and azure::storage's cloud_table::execute_async
// (pplx tasks run whether or not anyone keeps them).
#include <was/table.h> // expect: tablelint-legacy-client-library (the tests cover both SDK generations)

#include <cstddef>
#include <deque>
#include <string>
#include <thread>
#include <vector>

using namespace azure::storage;

struct Reading {
  utility::string_t Device;
  utility::string_t Time;
  double Value = 0;
};

table_entity toEntity(Reading const &r) {
  table_entity e(r.Device, r.Time);
  e.properties()[U("Value")] = entity_property(r.Value);
  return e;
}

void saveReading(cloud_table const &table, Reading const &r) {
  table.execute(table_operation::insert_or_replace_entity(toEntity(r)));
}

// Fire and forget: one detached thread per reading.
void shipDetached(cloud_table const &table, std::vector<Reading> const &readings) {
  for (Reading const &r : readings)
    std::thread([&table, r] { saveReading(table, r); }).detach(); // expect: tablelint-unbounded-parallelism "std::thread started for each element of 'readings' with table writes inside and no bound (detached)"
}

// A thread per reading, joined only after the loop.
void shipJoinedLater(cloud_table const &table, std::vector<Reading> const &readings) {
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < readings.size(); ++i)
    threads.emplace_back(saveReading, std::cref(table), readings[i]); // expect: tablelint-unbounded-parallelism "std::thread started for each iteration of the loop on 'i < readings.size()'"
  for (auto &t : threads)
    t.join();
}

// A queue drained into threads, one per job.
void shipQueue(cloud_table const &table, std::deque<Reading> queue) {
  std::vector<std::thread> threads;
  while (!queue.empty()) {
    Reading job = queue.front();
    queue.pop_front();
    std::thread worker([&table, job] { // expect: tablelint-unbounded-parallelism "each iteration of the loop while '!queue.empty()'"
      table.execute(table_operation::insert_entity(toEntity(job)));
    });
    threads.push_back(std::move(worker));
  }
  for (auto &t : threads)
    t.join();
}

// SDK tasks: every insert is in flight at once.
void shipAsync(cloud_table const &table, std::vector<Reading> const &readings) {
  std::vector<pplx::task<table_result>> tasks;
  for (Reading const &r : readings)
    tasks.push_back(table.execute_async(table_operation::insert_entity(toEntity(r)))); // expect: tablelint-unbounded-parallelism "cloud_table::execute_async started for each element of 'readings' with no bound"
  pplx::when_all(tasks.begin(), tasks.end()).wait();
}

// Each task waited in its iteration: sequential.
void shipAsyncOneByOne(cloud_table const &table, std::vector<Reading> const &readings) {
  for (Reading const &r : readings)
    table.execute_async(table_operation::insert_entity(toEntity(r))).wait(); // ok: tablelint-unbounded-parallelism (waited in the iteration)
}

// Tasks waited every 100.
void shipAsyncInWaves(cloud_table const &table, std::vector<Reading> const &readings) {
  std::vector<pplx::task<table_result>> wave;
  for (Reading const &r : readings) {
    wave.push_back(table.execute_async(table_operation::insert_entity(toEntity(r)))); // ok: tablelint-unbounded-parallelism (waited every 100)
    if (wave.size() == 100) {
      pplx::when_all(wave.begin(), wave.end()).wait();
      wave.clear();
    }
  }
}

// A thread joined in its own iteration: sequential.
void shipJoinedEachTime(cloud_table const &table, std::vector<Reading> const &readings) {
  for (Reading const &r : readings) {
    std::thread t([&table, &r] { saveReading(table, r); }); // ok: tablelint-unbounded-parallelism (joined in the iteration)
    t.join();
  }
}

// Four fixed partitions of the readings, one thread each.
void shipFourWays(cloud_table const &table, std::vector<Reading> const &readings) {
  std::vector<std::thread> threads;
  for (int part = 0; part < 4; ++part)
    threads.emplace_back([&table, &readings, part] { // ok: tablelint-unbounded-parallelism (4 threads, a compile-time bound)
      for (std::size_t i = part; i < readings.size(); i += 4)
        saveReading(table, readings[i]);
    });
  for (auto &t : threads)
    t.join();
}
