// Retry loops that count the attempts left down, and delays scaled by a
// factor the analysis cannot compute (a thread id, a configured value):
// a linear delay times such a factor is still linear, a constant one still
// constant.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <functional>
#include <thread>

using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

struct RetryConfig {
  int delayMs = 250;
  int maxAttempts = 5;
};

bool transient(RequestFailedException const &e);

// Bad: the attempts left count down; the delay grows with (max - left).
void Save(TableClient const &meters, TableEntity const &reading, RetryConfig const &cfg) {
  for (int left = cfg.maxAttempts; left > 0; --left) {
    try {
      meters.UpsertEntity(reading);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100 * (cfg.maxAttempts - left))); // expect: tablelint-retry-without-backoff "grows only linearly"
    }
  }
}

// Bad: a counted-down attempt times a configured value.
void Record(TableClient const &meters, TableEntity const &reading, RetryConfig const &cfg) {
  const int max = 4;
  int left = max;
  while (left-- > 0) {
    try {
      meters.AddEntity(reading);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds((max - left) * cfg.delayMs)); // expect: tablelint-retry-without-backoff "grows only linearly"
    }
  }
}

// Bad: the retired SDK; a constant delay spread by the thread's id is still
// the same delay on every attempt of that thread.
void Flush(azure::storage::cloud_table &meters, azure::storage::table_entity const &row) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    try {
      meters.execute(azure::storage::table_operation::insert_or_merge_entity(row));
      return;
    } catch (azure::storage::storage_exception const &e) {
      if (!e.retryable())
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(200 * (std::hash<std::thread::id>{}(std::this_thread::get_id()) % 4 + 1))); // expect: tablelint-retry-without-backoff "sleeps the same delay before every attempt"
    }
  }
}

// Good: the configured base doubles with each attempt counted down.
void Store(TableClient const &meters, TableEntity const &reading, RetryConfig const &cfg) {
  for (int left = cfg.maxAttempts; left > 0; --left) {
    try {
      meters.MergeEntity(reading);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(cfg.delayMs << (cfg.maxAttempts - left))); // ok: tablelint-retry-without-backoff (doubles)
    }
  }
}

// Good: the thread's spread scales a doubling delay.
void Push(azure::storage::cloud_table &meters, azure::storage::table_entity const &row) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    try {
      meters.execute(azure::storage::table_operation::insert_or_merge_entity(row));
      return;
    } catch (azure::storage::storage_exception const &e) {
      if (!e.retryable())
        throw;
      const auto spread = std::hash<std::thread::id>{}(std::this_thread::get_id()) % 4 + 1;
      std::this_thread::sleep_for(std::chrono::milliseconds((100 << attempt) * spread)); // ok: tablelint-retry-without-backoff (doubles)
    }
  }
}

// Good: a factor read afresh on every pass (a field of a value made in the
// loop) may change; nothing is claimed about it.
RetryConfig Reload();

void Append(TableClient const &meters, TableEntity const &reading) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    try {
      meters.AddEntity(reading);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      const RetryConfig now = Reload();
      std::this_thread::sleep_for(std::chrono::milliseconds(now.delayMs * attempt)); // ok: tablelint-retry-without-backoff (re-read every pass)
    }
  }
}
