// Hand-written retry loops in a request handler of an inventory service:
// handlers that retry whatever failed against handlers that look at the
// status first.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

namespace inventory {

using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

void log(std::string const &message);
void recordFailure(RequestFailedException const &e);

constexpr int kMaxAttempts = 4;

inline std::chrono::milliseconds backoffDelay(int attempt) {
  return std::chrono::milliseconds(200 * (1 << attempt));
}

class StockHandler {
public:
  explicit StockHandler(TableClient client) : m_items(std::move(client)) {}

  // A 409 (the item already exists) or a 400 (a bad key) is retried four
  // times before the caller hears about it.
  void addItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.AddEntity(item);
        break;
      } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "catch (Azure::Core::RequestFailedException) retries 'TableClient::AddEntity' without checking the status code: 400, 401, 403, 404, 409, 412, 413, 415, 501 and 505 fail the same way on every attempt; retry only 408, 500, 502, 503 and 504"
        log(std::string("add failed: ") + e.what());
        if (attempt + 1 == kMaxAttempts)
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // Reads retried on any std::exception, the 404 of a missing item too.
  TableEntity getItem(std::string const &sku) {
    int attempt = 0;
    while (true) {
      try {
        return m_items.GetEntity("stock", sku).Value;
      } catch (std::exception const &e) { // expect: tablelint-retry-non-retryable "catch (std::exception) retries 'TableClient::GetEntity'"
        log(e.what());
        if (++attempt == kMaxAttempts)
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // The retired SDK: storage_exception caught and retried blindly.
  void restock(azure::storage::cloud_table &table, azure::storage::table_entity const &row) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        table.execute(azure::storage::table_operation::replace_entity(row));
        return;
      } catch (azure::storage::storage_exception const &e) { // expect: tablelint-retry-non-retryable "catch (azure::storage::storage_exception) retries 'cloud_table::execute'"
        log(e.what());
        std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<long>(100 * std::pow(2, attempt))));
      }
    }
  }

  // --- Handlers that check the status ---------------------------------------------

  // Rethrows everything but throttling: fine.
  void updateItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.UpdateEntity(item);
        return;
      } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (rethrows 4xx)
        if (e.StatusCode != HttpStatusCode::ServiceUnavailable &&
            e.StatusCode != HttpStatusCode::InternalServerError &&
            e.StatusCode != HttpStatusCode::RequestTimeout)
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // A 404 leaves at once; the other codes, 400, 403, 409 and 412 too, are
  // retried.
  void removeItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.DeleteEntity(item);
        return;
      } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "on every status but 404: 400, 401, 403, 409, 412, 413, 415, 501 and 505 fail"
        if (e.StatusCode == HttpStatusCode::NotFound)
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // The retired SDK's own verdict.
  void restockChecked(azure::storage::cloud_table &table, azure::storage::table_entity const &row) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        table.execute(azure::storage::table_operation::replace_entity(row));
        return;
      } catch (azure::storage::storage_exception const &e) { // ok: tablelint-retry-non-retryable (retryable())
        if (!e.retryable())
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // Logs and gives up: no retry.
  void mergeItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.MergeEntity(item);
        return;
      } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (logs and breaks)
        log(e.what());
        break;
      }
    }
  }

  // Status errors are handled by the first handler; the second only sees
  // transport failures.
  void upsertItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.UpsertEntity(item);
        return;
      } catch (RequestFailedException const &e) {
        if (e.StatusCode != HttpStatusCode::ServiceUnavailable)
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      } catch (...) { // ok: tablelint-retry-non-retryable (no status errors reach it)
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // A helper sees the exception: the status may be checked there.
  void replaceItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.UpdateOrInsertEntity(item);
        return;
      } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (handed to a helper)
        recordFailure(e);
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // The service's error code is a status check too.
  void insertItem(TableEntity const &item) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      try {
        m_items.AddEntity(item);
        return;
      } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (reads ErrorCode)
        if (e.ErrorCode != "ServerBusy" && e.ErrorCode != "OperationTimedOut")
          throw;
        std::this_thread::sleep_for(backoffDelay(attempt));
      }
    }
  }

  // Tries the candidate keys in turn: not a retry of one request.
  TableEntity firstExisting(std::vector<std::string> const &skus) {
    for (auto sku = skus.begin(); sku != skus.end(); ++sku) {
      try {
        return m_items.GetEntity("stock", *sku).Value;
      } catch (RequestFailedException const &) { // ok: tablelint-retry-non-retryable (the next key, not the same request)
      }
    }
    return {};
  }

private:
  TableClient m_items;
};

} // namespace inventory
