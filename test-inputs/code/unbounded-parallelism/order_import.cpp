// A realistic order importer: a batch of orders from an upstream feed is
// written to the Orders table. Some functions fan out one task per order
// with nothing in between (the checklist's "unbounded parallelism"), others
// bound the number of requests in flight in the usual ways.
#include <azure/data/tables.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace shop {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

struct Order {
  std::string Customer;
  std::string Id;
  double Total = 0;
};

TableEntity toEntity(Order const &o) {
  TableEntity e;
  e.SetPartitionKey(o.Customer);
  e.SetRowKey(o.Id);
  e.Properties["Total"].Value = std::to_string(o.Total);
  return e;
}

// A counting semaphore for C++17 code bases (std::counting_semaphore is
// C++20).
class Semaphore {
public:
  explicit Semaphore(int n) : free_(n) {}
  void acquire() {
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [this] { return free_ > 0; });
    --free_;
  }
  void release() {
    std::lock_guard<std::mutex> lock(m_);
    ++free_;
    cv_.notify_one();
  }

private:
  std::mutex m_;
  std::condition_variable cv_;
  int free_;
};

class OrderImporter {
public:
  explicit OrderImporter(TableClient orders) : orders_(std::move(orders)) {}

  // One std::async per order: 50,000 orders are 50,000 threads and requests.
  void importAll(std::vector<Order> const &orders) {
    std::vector<std::future<void>> pending;
    for (Order const &order : orders) {
      pending.push_back(std::async(std::launch::async, [this, &order] { // expect: tablelint-unbounded-parallelism "std::async started for each element of 'orders' with table writes inside and no bound"
        orders_.UpsertEntity(toEntity(order));
      }));
    }
    for (auto &f : pending)
      f.get();
  }

  // The same through a member helper, indexed: still one task per order.
  void importByIndex(std::vector<Order> const &orders) {
    for (std::size_t i = 0; i < orders.size(); ++i)
      inFlight_.emplace_back(std::async(std::launch::async, &OrderImporter::writeOne, this, orders[i])); // expect: tablelint-unbounded-parallelism "each iteration of the loop on 'i < orders.size()'"
  }

  // Bounded by a semaphore taken before each start.
  void importWithSemaphore(std::vector<Order> const &orders) {
    Semaphore slots(16);
    std::vector<std::future<void>> pending;
    for (Order const &order : orders) {
      slots.acquire();
      pending.push_back(std::async(std::launch::async, [&, order] { // ok: tablelint-unbounded-parallelism (a semaphore bounds the requests in flight)
        orders_.UpsertEntity(toEntity(order));
        slots.release();
      }));
    }
    for (auto &f : pending)
      f.get();
  }

  // Futures drained every 32: at most 32 requests in flight.
  void importInWaves(std::vector<Order> const &orders) {
    std::vector<std::future<void>> wave;
    for (Order const &order : orders) {
      wave.push_back(std::async(std::launch::async, [&, order] { // ok: tablelint-unbounded-parallelism (waited every 32)
        orders_.UpsertEntity(toEntity(order));
      }));
      if (wave.size() >= 32) {
        for (auto &f : wave)
          f.get();
        wave.clear();
      }
    }
    for (auto &f : wave)
      f.get();
  }

  // A fixed number of workers pulling from a shared index: the catalog's
  // good example.
  void importWithWorkers(std::vector<Order> const &orders) {
    constexpr unsigned kWorkers = 8;
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> workers;
    for (unsigned w = 0; w < kWorkers; ++w)
      workers.emplace_back([&] { // ok: tablelint-unbounded-parallelism (8 workers, a compile-time bound)
        for (std::size_t i = next++; i < orders.size(); i = next++)
          orders_.UpsertEntity(toEntity(orders[i]));
      });
    for (auto &t : workers)
      t.join();
  }

  // As many workers as cores: the loop does not hand out orders, the
  // workers pull them.
  void importOnAllCores(std::vector<Order> const &orders) {
    std::atomic<std::size_t> next{0};
    std::vector<std::future<void>> workers;
    for (unsigned w = 0; w < std::thread::hardware_concurrency(); ++w)
      workers.push_back(std::async(std::launch::async, [&] { // ok: tablelint-unbounded-parallelism (one worker per core, not per order)
        for (std::size_t i = next++; i < orders.size(); i = next++)
          orders_.UpsertEntity(toEntity(orders[i]));
      }));
  }

  // Deferred tasks run one by one when their result is asked for.
  void importDeferred(std::vector<Order> const &orders) {
    std::vector<std::future<void>> pending;
    for (Order const &order : orders)
      pending.push_back(std::async(std::launch::deferred, [this, order] { // ok: tablelint-unbounded-parallelism (deferred: runs on get())
        orders_.UpsertEntity(toEntity(order));
      }));
    for (auto &f : pending)
      f.get();
  }

  // Parallel work without table calls (a CPU-bound checksum).
  std::vector<std::future<std::size_t>> checksums(std::vector<Order> const &orders) {
    std::vector<std::future<std::size_t>> out;
    for (Order const &order : orders)
      out.push_back(std::async(std::launch::async, [order] { // ok: tablelint-unbounded-parallelism (no table work inside)
        return std::hash<std::string>{}(order.Id);
      }));
    return out;
  }

  // A future dropped in the iteration blocks in its destructor: this loop
  // is sequential, if slow.
  void importSequentially(std::vector<Order> const &orders) {
    for (Order const &order : orders) {
      auto done = std::async(std::launch::async, [this, &order] { // ok: tablelint-unbounded-parallelism (the future is destroyed, so waited, in the iteration)
        orders_.UpsertEntity(toEntity(order));
      });
      (void)done;
    }
  }

private:
  void writeOne(Order order) { orders_.UpsertEntity(toEntity(order)); }

  TableClient orders_;
  std::vector<std::future<void>> inFlight_;
};

} // namespace shop
