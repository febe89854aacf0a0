// Retry loops of a billing exporter whose waiting, or whose table call,
// sits in the project's own helpers: the helpers' bodies decide, not their
// names. A helper called `backoff` that only logs does not wait; one that
// sleeps the same delay whatever the attempt does not back off.
#include <azure/data/tables.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <utility>

namespace billing {

using Azure::Core::RequestFailedException;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

void log(std::string const &message);
// The codes a busy service answers (503, 500, 408); defined elsewhere.
bool isThrottling(RequestFailedException const &e);

constexpr int kAttempts = 5;

// Sleeps half a second, whatever the attempt.
void backoffFixed(int attempt) {
  log("attempt " + std::to_string(attempt) + " failed");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
}

// Sleeps 200 ms more on each attempt.
void pauseBeforeRetry(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(200 * attempt));
}

// Named for what it should do; it only counts.
void backoff(int attempt) { log("retrying, attempt " + std::to_string(attempt)); }

// Doubles the wait per attempt.
void backoffExponential(int attempt) {
  const auto delay = std::chrono::milliseconds(100) * (1 << attempt);
  std::this_thread::sleep_for(delay);
}

// Keeps its delay between calls and doubles it each time.
class Pacer {
public:
  void wait() {
    std::this_thread::sleep_for(delay_);
    delay_ *= 2;
  }

private:
  std::chrono::milliseconds delay_{100};
};

// The project's wrapper of one table: a single write, no retry of its own.
class InvoiceTable {
public:
  explicit InvoiceTable(TableClient client) : client_(std::move(client)) {}
  void save(TableEntity const &invoice) { client_.UpsertEntity(invoice); }

private:
  TableClient client_;
};

// A wrapper that retries inside, sleeping between its own attempts.
class PatientInvoiceTable {
public:
  explicit PatientInvoiceTable(TableClient client) : client_(std::move(client)) {}
  void save(TableEntity const &invoice) {
    for (int attempt = 0;; ++attempt) {
      try {
        client_.UpsertEntity(invoice);
        return;
      } catch (RequestFailedException const &e) {
        if (!isThrottling(e) || attempt == kAttempts)
          throw;
        std::this_thread::sleep_for(std::chrono::milliseconds(100) * (1 << attempt));
      }
    }
  }

private:
  TableClient client_;
};

void exportWithFixedHelper(TableClient &table, TableEntity const &invoice) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      table.UpsertEntity(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      backoffFixed(attempt); // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::UpsertEntity' sleeps a constant 500 ms between attempts"
    }
  }
}

void exportWithLinearHelper(TableClient &table, TableEntity const &invoice) {
  for (int attempt = 1; attempt <= kAttempts; ++attempt) {
    try {
      table.UpsertEntity(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      pauseBeforeRetry(attempt); // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::UpsertEntity' sleeps a delay that grows only linearly between attempts"
    }
  }
}

void exportWithNamedHelper(TableClient &table, TableEntity const &invoice) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) { // expect: tablelint-retry-without-backoff "retry loop around 'TableClient::UpsertEntity' retries at once"
    try {
      table.UpsertEntity(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      backoff(attempt);
    }
  }
}

void exportThroughWrapper(InvoiceTable &invoices, TableEntity const &invoice) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) { // expect: tablelint-retry-without-backoff "retry loop around 'InvoiceTable::save' retries at once"
    try {
      invoices.save(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      log("save failed");
    }
  }
}

void exportWithExponentialHelper(TableClient &table, TableEntity const &invoice) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      table.UpsertEntity(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      backoffExponential(attempt); // ok: tablelint-retry-without-backoff (the helper doubles its delay per attempt)
    }
  }
}

void exportWithPacer(TableClient &table, TableEntity const &invoice) {
  Pacer pacer;
  for (int attempt = 0; attempt < kAttempts; ++attempt) { // ok: tablelint-retry-without-backoff (the pacer doubles its own delay)
    try {
      table.UpsertEntity(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      pacer.wait();
    }
  }
}

void exportThroughPatientWrapper(PatientInvoiceTable &invoices, TableEntity const &invoice) {
  for (int round = 0; round < 2; ++round) { // ok: tablelint-retry-without-backoff (the wrapper backs off between its own attempts)
    try {
      invoices.save(invoice);
      return;
    } catch (RequestFailedException const &e) {
      if (!isThrottling(e))
        throw;
      log("gave up for now");
    }
  }
}

} // namespace billing
