// Retry loops whose delay comes from a call the code cannot see (a setting,
// a getter) scaled by the attempt number: that is still linear backoff.
#include <azure/data/tables.hpp>

#include <chrono>
#include <random>
#include <thread>

using Azure::Core::RequestFailedException;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

bool transient(RequestFailedException const &e);
int retryBaseMilliseconds();
std::chrono::milliseconds delayFor(int attempt);

struct RetrySettings {
  std::chrono::milliseconds base() const;
};

class Jitter {
public:
  int next();
};

constexpr int kAttempts = 4;

void configuredBase(TableClient const &carts, TableEntity const &cart) {
  for (int attempt = 1; attempt <= kAttempts; ++attempt) {
    try {
      carts.UpsertEntity(cart);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(retryBaseMilliseconds() * attempt)); // expect: tablelint-retry-without-backoff "grows only linearly"
    }
  }
}

void settingsGetter(TableClient const &carts, TableEntity const &cart,
                    RetrySettings const &settings) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      carts.MergeEntity(cart);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(settings.base() * (attempt + 1)); // expect: tablelint-retry-without-backoff "grows only linearly"
    }
  }
}

void counterTimesSetting(TableClient const &carts, TableEntity const &cart) {
  int failures = 0;
  while (true) {
    try {
      carts.AddEntity(cart);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e) || ++failures == kAttempts)
        throw;
      const auto wait = std::chrono::milliseconds(failures * retryBaseMilliseconds());
      std::this_thread::sleep_for(wait); // expect: tablelint-retry-without-backoff "grows only linearly"
    }
  }
}

// Good: the configured base doubles with each attempt.
void configuredExponential(TableClient const &carts, TableEntity const &cart) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      carts.UpsertEntity(cart);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(retryBaseMilliseconds() << attempt)); // ok: tablelint-retry-without-backoff (doubles)
    }
  }
}

// Good: the delay comes from a helper given the attempt; it may grow any way.
void helperDelay(TableClient const &carts, TableEntity const &cart) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      carts.UpsertEntity(cart);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(delayFor(attempt) * 2); // ok: tablelint-retry-without-backoff (helper decides)
    }
  }
}

// Good: a random generator changes with every call: not a fixed base.
void randomScaled(TableClient const &carts, TableEntity const &cart, Jitter &jitter) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    try {
      carts.UpsertEntity(cart);
      return;
    } catch (RequestFailedException const &e) {
      if (!transient(e))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(jitter.next() * attempt)); // ok: tablelint-retry-without-backoff (random each time)
    }
  }
}
