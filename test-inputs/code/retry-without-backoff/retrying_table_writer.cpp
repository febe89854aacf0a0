// A realistic retry helper of an order service: a writer that wraps the
// table client and retries writes itself, next to a version that backs off
// properly and a member delay that only looks constant from outside.
#include <azure/data/tables.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <utility>

namespace orders {

using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

// The codes the service answers when it is busy or a request timed out.
inline bool isThrottling(RequestFailedException const &e) {
  return e.StatusCode == HttpStatusCode::ServiceUnavailable ||
         e.StatusCode == HttpStatusCode::InternalServerError ||
         e.StatusCode == HttpStatusCode::RequestTimeout;
}

class RetryingTableWriter {
public:
  RetryingTableWriter(TableClient client, int maxAttempts,
                      std::chrono::milliseconds retryDelay)
      : m_client(std::move(client)), m_maxAttempts(maxAttempts),
        m_retryDelay(retryDelay) {}

  // Retries throttled writes every m_retryDelay: the delay never grows.
  void upsert(TableEntity const &entity) {
    for (int attempt = 1;; ++attempt) {
      try {
        m_client.UpsertEntity(entity);
        return;
      } catch (RequestFailedException const &e) {
        if (!isThrottling(e) || attempt == m_maxAttempts)
          throw;
        std::this_thread::sleep_for(m_retryDelay); // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::UpsertEntity' sleeps the same delay before every attempt"
      }
    }
  }

  // Deletes are retried at once, in a tight loop.
  void remove(TableEntity const &entity) {
    int attempts = 0;
    bool deleted = false;
    do { // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::DeleteEntity' retries at once"
      try {
        m_client.DeleteEntity(entity);
        deleted = true;
      } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "retries 'TableClient::DeleteEntity' on every status but 404: 400, 401, 403, 409, 412"
        if (e.StatusCode == HttpStatusCode::NotFound)
          return; // already gone
        if (++attempts >= m_maxAttempts)
          throw;
      }
    } while (!deleted);
  }

  // The fix: exponential backoff with full jitter, capped.
  void insert(TableEntity const &entity) {
    std::chrono::milliseconds delay = m_retryDelay;
    for (int attempt = 1;; ++attempt) {
      try {
        m_client.AddEntity(entity);
        return;
      } catch (RequestFailedException const &e) {
        if (!isThrottling(e) || attempt == m_maxAttempts)
          throw;
        std::uniform_int_distribution<long> jitter(0, delay.count());
        std::this_thread::sleep_for(std::chrono::milliseconds(jitter(m_random))); // ok: tablelint-retry-without-backoff (delay doubles below)
        delay = std::min(delay * 2, std::chrono::milliseconds(30000));
      }
    }
  }

  // Waits on the stop signal so that shutdown is not delayed; the wait grows
  // with a shift of the attempt.
  void merge(TableEntity const &entity) {
    for (int attempt = 0; attempt < m_maxAttempts; ++attempt) {
      try {
        m_client.MergeEntity(entity);
        return;
      } catch (RequestFailedException const &e) {
        if (!isThrottling(e))
          throw;
        std::unique_lock<std::mutex> lock(m_mutex);
        m_stop.wait_for(lock, m_retryDelay * (1 << attempt)); // ok: tablelint-retry-without-backoff (grows as 2^attempt)
      }
    }
  }

  // Waits on the stop signal a constant second between attempts.
  void replace(TableEntity const &entity) {
    for (int attempt = 0; attempt < m_maxAttempts; ++attempt) {
      try {
        m_client.UpdateEntity(entity);
        return;
      } catch (RequestFailedException const &e) {
        if (!isThrottling(e))
          throw;
        std::unique_lock<std::mutex> lock(m_mutex);
        m_stop.wait_for(lock, std::chrono::seconds(1)); // expect: tablelint-retry-without-backoff "sleeps a constant 1 s between attempts"
      }
    }
  }

  // The delay is adapted by a member function called in the loop: it may
  // grow, so the check stays silent.
  void upsertAdaptive(TableEntity const &entity) {
    for (int attempt = 0; attempt < m_maxAttempts; ++attempt) {
      try {
        m_client.UpsertEntity(entity);
        return;
      } catch (RequestFailedException const &e) {
        if (!isThrottling(e))
          throw;
        slowDown();
        std::this_thread::sleep_for(m_retryDelay); // ok: tablelint-retry-without-backoff (slowDown() may grow it)
      }
    }
  }

private:
  void slowDown();

  TableClient m_client;
  int m_maxAttempts;
  std::chrono::milliseconds m_retryDelay;
  std::mt19937 m_random{std::random_device{}()};
  std::mutex m_mutex;
  std::condition_variable m_stop;
};

} // namespace orders
