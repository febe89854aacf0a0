// Hand-written retry loops around table calls: constant, linear and missing
// sleeps against exponential ones, and loops that are not retries at all.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace std::chrono_literals;
using Azure::Core::RequestFailedException;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

void log(std::string const &message);
// Whether a failure is worth retrying (408, 500, 502, 503, 504).
bool transient(RequestFailedException const &e);
bool transient(azure::storage::storage_exception const &e);
std::chrono::milliseconds backoff(int attempt);
void waitBeforeRetry(int attempt);

constexpr int kMaxAttempts = 5;

// --- Retries without backoff -----------------------------------------------------

void constantSleep(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      log(e.what());
      std::this_thread::sleep_for(std::chrono::seconds(1)); // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::AddEntity' sleeps a constant 1 s between attempts: back off exponentially with jitter (for example 2, 4, 10, 30 s)"
    }
  }
}

void constantSleepThroughVariable(TableClient const &orders, TableEntity const &order,
                                  std::chrono::milliseconds delay) {
  bool done = false;
  int attempts = 0;
  while (!done && attempts < kMaxAttempts) {
    try {
      orders.UpdateEntity(order);
      done = true;
    } catch (std::exception const &) { // expect: tablelint-retry-non-retryable "catch (std::exception) retries 'TableClient::UpdateEntity' without checking the status code"
      ++attempts;
      std::this_thread::sleep_for(delay); // expect: tablelint-retry-without-backoff "sleeps the same delay before every attempt"
    }
  }
}

void noSleep(TableClient const &orders, TableEntity const &order) {
  int attempt = 0;
  while (true) { // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::MergeEntity' retries at once, without waiting between attempts"
    try {
      orders.MergeEntity(order);
      break;
    } catch (...) { // expect: tablelint-retry-non-retryable "catch (...) retries"
      if (++attempt == kMaxAttempts)
        throw;
    }
  }
}

void linearSleep(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    try {
      orders.UpsertEntity(order);
      break;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(200) * attempt); // expect: tablelint-retry-without-backoff "grows only linearly"
    }
  }
}

void linearDelayVariable(TableClient const &orders, TableEntity const &order) {
  auto delay = 100ms;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.DeleteEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(delay); // expect: tablelint-retry-without-backoff "grows only linearly"
      delay += 100ms;
    }
  }
}

void legacyUsleep(azure::storage::cloud_table &table, azure::storage::table_entity const &e) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    try {
      table.execute(azure::storage::table_operation::insert_or_replace_entity(e));
      break;
    } catch (azure::storage::storage_exception const &e) {
      if (!e.retryable())
        throw;
      usleep(250000); // expect: tablelint-retry-without-backoff "sleeps a constant 250 ms"
    }
  }
}

// Status style: the result is checked and the loop goes round again.
void legacyStatusCheck(azure::storage::cloud_table &table, azure::storage::table_entity const &e) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    azure::storage::table_result result =
        table.execute(azure::storage::table_operation::merge_entity(e));
    if (result.http_status_code() == 204)
      break;
    std::this_thread::sleep_until(std::chrono::steady_clock::now() + 2s); // expect: tablelint-retry-without-backoff "sleeps a constant 2 s"
  }
}

// --- Exponential backoff and loops that are not retries ----------------------------

void doubling(TableClient const &orders, TableEntity const &order) {
  auto delay = std::chrono::milliseconds(500);
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(delay); // ok: tablelint-retry-without-backoff (the delay doubles)
      delay *= 2;
    }
  }
}

void doublingByAssignment(TableClient const &orders, TableEntity const &order) {
  int delayMs = 200;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(delayMs)); // ok: tablelint-retry-without-backoff (delayMs = delayMs * 2)
      delayMs = std::min(delayMs * 2, 30000);
    }
  }
}

void shifted(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt)); // ok: tablelint-retry-without-backoff (shift by the attempt)
    }
  }
}

void power(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      const auto ms = static_cast<long>(100 * std::pow(2, attempt));
      std::this_thread::sleep_for(std::chrono::milliseconds(ms)); // ok: tablelint-retry-without-backoff (pow)
    }
  }
}

void helperNamedBackoff(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(backoff(attempt)); // ok: tablelint-retry-without-backoff (a backoff helper)
    }
  }
}

void waitingHelper(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) { // ok: tablelint-retry-without-backoff (the helper waits)
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      waitBeforeRetry(attempt);
    }
  }
}

// A loop over items that logs and goes on is not a retry: it never stops on
// success.
void importAll(TableClient const &orders, std::vector<TableEntity> const &rows) {
  for (std::size_t i = 0; i < rows.size(); ++i) { // ok: tablelint-retry-without-backoff (iterates over items)
    try {
      orders.UpdateOrInsertEntity(rows[i]);
    } catch (RequestFailedException const &e) {
      log(e.what());
    }
  }
}

// Paging over query results is not a retry.
std::size_t countOpen(azure::storage::cloud_table &table) {
  azure::storage::table_query query;
  query.set_filter_string(U("PartitionKey eq 'open'"));
  azure::storage::continuation_token token;
  std::size_t count = 0;
  do { // ok: tablelint-retry-without-backoff (pages, not attempts)
    auto segment = table.execute_query_segmented(query, token);
    token = segment.continuation_token();
    ++count;
  } while (!token.empty());
  return count;
}

// A handler that reports and leaves: one attempt only.
void oneAttempt(TableClient const &orders, std::vector<TableEntity> const &rows) {
  std::size_t i = 0;
  while (i < rows.size()) { // ok: tablelint-retry-without-backoff (the handler leaves)
    try {
      orders.AddEntity(rows[i]);
      ++i;
    } catch (RequestFailedException const &e) {
      log(e.what());
      break;
    }
  }
}

// Transport failures (no status) may be retried at once: the status errors
// leave through the first handler.
void transportOnly(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) { // ok: tablelint-retry-without-backoff (only transport failures are retried)
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &) {
      throw;
    } catch (std::exception const &e) {
      log(e.what());
    }
  }
}

// Optimistic concurrency: re-read, modify and write again after a 412.
void incrementCounter(TableClient const &counters, std::string const &key) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) { // ok: tablelint-retry-without-backoff (read-modify-write on an ETag conflict)
    auto entity = counters.GetEntity("counters", key).Value;
    entity.Properties["Value"] = Azure::Data::Tables::Models::TableEntityProperty("1");
    try {
      counters.UpdateEntity(entity);
      return;
    } catch (RequestFailedException const &e) {
      if (e.StatusCode != Azure::Core::Http::HttpStatusCode::PreconditionFailed)
        throw;
    }
  }
}

// A retry the application decides on: a 401 after refreshing the token is
// not throttling and may go again at once.
void refreshToken();
void withTokenRefresh(TableClient const &orders, TableEntity const &order) {
  for (int attempt = 0; attempt < 2; ++attempt) { // ok: tablelint-retry-without-backoff (retries a 401 after a refresh)
    try {
      orders.AddEntity(order);
      return;
    } catch (RequestFailedException const &e) {
      if (e.StatusCode == Azure::Core::Http::HttpStatusCode::Unauthorized) {
        refreshToken();
        continue;
      }
      throw;
    }
  }
}

// A search over candidate keys stops on the first hit: the call changes
// with the loop, so it is not a retry.
TableEntity firstExisting(TableClient const &orders, std::vector<std::string> const &keys) {
  for (std::size_t i = 0; i < keys.size(); ++i) { // ok: tablelint-retry-without-backoff (a different key each time)
    try {
      return orders.GetEntity("orders", keys[i]).Value;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        continue;
    }
  }
  return {};
}
