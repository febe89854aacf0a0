// Retry loops of a shipping service around the project's own wrappers:
// `labels.store(label)` sends a table write as surely as UpsertEntity does,
// so a handler that retries it without a look at the status retries a 400
// or a 409 too. One wrapper already retries inside; the loop around it
// retries the wrapper's final failure again.
#include <azure/data/tables.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace shipping {

using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

void log(std::string const &message);

constexpr int kAttempts = 4;

inline void waitBeforeAttempt(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(250) * (1 << attempt));
}

// One write per call, no retry of its own.
class LabelTable {
public:
  explicit LabelTable(TableClient client) : client_(std::move(client)) {}
  void store(TableEntity const &label) { client_.UpsertEntity(label); }
  TableEntity find(std::string const &carrier, std::string const &id) {
    return client_.GetEntity(carrier, id).Value;
  }

private:
  TableClient client_;
};

// Retries throttled writes itself, with backoff.
class ManifestTable {
public:
  explicit ManifestTable(TableClient client) : client_(std::move(client)) {}
  void append(TableEntity const &line) {
    for (int attempt = 0;; ++attempt) {
      try {
        client_.AddEntity(line);
        return;
      } catch (RequestFailedException const &e) {
        if (e.StatusCode != HttpStatusCode::ServiceUnavailable || attempt == kAttempts)
          throw;
        waitBeforeAttempt(attempt);
      }
    }
  }

private:
  TableClient client_;
};

void storeLabel(LabelTable &labels, TableEntity const &label) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      labels.store(label);
      return;
    } catch (RequestFailedException const &e) { // expect: tablelint-retry-non-retryable "catch (Azure::Core::RequestFailedException) retries 'LabelTable::store' without checking the status code"
      log(std::string("label write failed: ") + e.what());
      waitBeforeAttempt(attempt);
    }
  }
}

TableEntity findLabel(LabelTable &labels, std::string const &carrier, std::string const &id) {
  for (int attempt = 0;; ++attempt) {
    try {
      return labels.find(carrier, id);
    } catch (std::exception const &) { // expect: tablelint-retry-non-retryable "catch (std::exception) retries 'LabelTable::find'"
      if (attempt == kAttempts)
        throw;
      waitBeforeAttempt(attempt);
    }
  }
}

void appendManifest(ManifestTable &manifest, TableEntity const &line) {
  for (int round = 0; round < 3; ++round) {
    try {
      manifest.append(line);
      break;
    } catch (...) { // expect: tablelint-retry-non-retryable "catch (...) retries 'ManifestTable::append'"
      log("manifest append failed; trying again");
    }
  }
}

void storeLabelChecked(LabelTable &labels, TableEntity const &label) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      labels.store(label);
      return;
    } catch (RequestFailedException const &e) { // ok: tablelint-retry-non-retryable (reads the status first)
      if (e.StatusCode != HttpStatusCode::ServiceUnavailable &&
          e.StatusCode != HttpStatusCode::RequestTimeout)
        throw;
      waitBeforeAttempt(attempt);
    }
  }
}

void appendManifestOnce(ManifestTable &manifest, TableEntity const &line) {
  for (int round = 0; round < 3; ++round) {
    try {
      manifest.append(line);
      break;
    } catch (...) { // ok: tablelint-retry-non-retryable (never retries: it rethrows)
      log("manifest append failed");
      throw;
    }
  }
}

void storeAllLabels(LabelTable &labels, std::vector<TableEntity> const &batch) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    try {
      labels.store(batch[i]);
    } catch (RequestFailedException const &) { // ok: tablelint-retry-non-retryable (goes on to the next label, not the same one)
      log("skipping a label");
      continue;
    }
  }
}

} // namespace shipping
