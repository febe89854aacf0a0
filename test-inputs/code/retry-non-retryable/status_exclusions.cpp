// Retry handlers that read the status but let most codes through: a handler
// that leaves on 404 alone retries the 400s, 403s, 409s and 412s too.
// Handlers that keep only retryable failures (by code, by range, or by the
// error text naming a retryable condition) are fine.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <string>
#include <thread>

namespace shipping {

using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

constexpr int kAttempts = 5;

inline std::chrono::milliseconds backoff(int attempt) {
  return std::chrono::milliseconds(100 << attempt);
}

// Bad: a missing parcel leaves at once, every other failure is retried.
void Forget(TableClient const &parcels, TableEntity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.DeleteEntity(parcel);
      return;
    } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "catch (Azure::Core::RequestFailedException) retries 'TableClient::DeleteEntity' on every status but 404: 400, 401, 403, 409, 412, 413, 415, 501 and 505 fail the same way on every attempt; retry only 408, 500, 502, 503 and 504"
      if (e.StatusCode == HttpStatusCode::NotFound)
        return;
      std::this_thread::sleep_for(backoff(attempt));
    }
  }
}

// Bad: the status held in a local; 404 and 409 leave, the rest goes round.
void Register(TableClient const &parcels, TableEntity const &parcel) {
  int attempt = 0;
  while (true) {
    try {
      parcels.AddEntity(parcel);
      return;
    } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "on every status but 404 and 409: 400, 401, 403, 412, 413, 415, 501 and 505 fail"
      const auto status = e.StatusCode;
      if (status == HttpStatusCode::NotFound ||
          status == HttpStatusCode::Conflict) {
        throw;
      }
      if (++attempt == kAttempts)
        throw;
      std::this_thread::sleep_for(backoff(attempt));
    }
  }
}

// Bad: the retired SDK; only a 404 is let go.
bool Archive(azure::storage::cloud_table &parcels,
             azure::storage::table_entity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.execute(azure::storage::table_operation::insert_or_replace_entity(parcel));
      return true;
    } catch (azure::storage::storage_exception const &e) { // expect: tablelint-retry-non-retryable "retries 'cloud_table::execute' on every status but 404: 400, 401, 403, 409, 412"
      if (e.result().http_status_code() == web::http::status_codes::NotFound)
        return false;
      std::this_thread::sleep_for(backoff(attempt));
    }
  }
  return false;
}

// Good: every client error leaves (a range of codes).
void Track(TableClient const &parcels, TableEntity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.UpdateEntity(parcel);
      return;
    } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (4xx leave)
      const int code = static_cast<int>(e.StatusCode);
      if (code >= 400 && code < 500)
        throw;
      std::this_thread::sleep_for(backoff(attempt));
    }
  }
}

// Good: the error's text names the retryable condition; everything else
// is rethrown.
void Deliver(TableClient const &parcels, TableEntity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.MergeEntity(parcel);
      return;
    } catch (std::exception const &e) { // ok: tablelint-retry-non-retryable (retries only "ServerBusy" and "OperationTimedOut")
      const std::string what = e.what();
      if (what.find("ServerBusy") == std::string::npos &&
          what.find("OperationTimedOut") == std::string::npos)
        throw;
      std::this_thread::sleep_for(backoff(attempt));
    }
  }
}

// Good: the retired SDK; only "Too Many Requests" goes round.
bool Stamp(azure::storage::cloud_table &parcels,
           azure::storage::table_entity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.execute(azure::storage::table_operation::merge_entity(parcel));
      return true;
    } catch (azure::storage::storage_exception const &e) { // ok: tablelint-retry-non-retryable (a retryable condition by its text)
      if (std::string(e.what()).find("Too Many Requests") != std::string::npos) {
        std::this_thread::sleep_for(backoff(attempt));
        continue;
      }
      return false;
    }
  }
  return false;
}

// Good: everything but the retryable codes leaves, written as a list of
// exclusions that covers every non-retryable one.
void Relabel(TableClient const &parcels, TableEntity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.UpdateEntity(parcel);
      return;
    } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (only 5xx and 408 go round)
      if (e.StatusCode < HttpStatusCode::InternalServerError &&
          e.StatusCode != HttpStatusCode::RequestTimeout)
        throw;
      if (e.StatusCode == HttpStatusCode::NotImplemented ||
          e.StatusCode == HttpStatusCode::HttpVersionNotSupported)
        throw;
      std::this_thread::sleep_for(backoff(attempt));
    }
  }
}

// Bad: a 400 retried on purpose after a constant wait; it fails again.
void Label(TableClient const &parcels, TableEntity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.UpsertEntity(parcel);
      return;
    } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "catch (Azure::Core::RequestFailedException) retries 'TableClient::UpsertEntity' on status 400: it fails the same way on every attempt"
      if (e.StatusCode == HttpStatusCode::BadRequest) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        continue;
      }
      throw;
    }
  }
}

// Bad: the retired SDK, the status of the result: 400 goes round.
void Weigh(azure::storage::cloud_table &parcels,
           azure::storage::table_entity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    auto result = parcels.execute(azure::storage::table_operation::merge_entity(parcel));
    if (result.http_status_code() == web::http::status_codes::BadRequest) { // expect: tablelint-retry-non-retryable "'cloud_table::execute' is retried on status 400: it fails the same way on every attempt"
      std::this_thread::sleep_for(std::chrono::seconds(2));
      continue;
    }
    break;
  }
}

// Good: a 412 is retried after reading the entity again (optimistic
// concurrency): a retry on purpose, not a blind one.
TableEntity Reload(TableClient const &parcels, TableEntity const &parcel);

void Sign(TableClient const &parcels, TableEntity parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      parcels.UpdateEntity(parcel);
      return;
    } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (re-reads before it retries)
      if (e.StatusCode == HttpStatusCode::PreconditionFailed) {
        parcel = Reload(parcels, parcel);
        continue;
      }
      throw;
    }
  }
}

// Good: the retired SDK, only 503 goes round after a wait.
void Scan(azure::storage::cloud_table &parcels,
          azure::storage::table_entity const &parcel) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    auto result = parcels.execute(azure::storage::table_operation::merge_entity(parcel));
    if (result.http_status_code() == web::http::status_codes::ServiceUnavailable) { // ok: tablelint-retry-non-retryable (503 is retryable)
      std::this_thread::sleep_for(backoff(attempt));
      continue;
    }
    break;
  }
}

} // namespace shipping
