// The ways a clock or a counter ends up at the start of a partition key:
// fmt, iostreams, snprintf, cpprest and azure-core time types, counters,
// the beta.1 key field, the azure::storage entity constructor, and the
// partition a beta.1 transaction is created for.
#include <azure/data/tables.hpp>
#include <fmt/format.h>
#include <was/table.h> // expect: tablelint-legacy-client-library (the tests cover both SDK generations)

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

void auditWithFmt(TableClient const &audit, std::string const &user) {
  const auto now = std::chrono::system_clock::now();
  TableEntity e;
  e.SetPartitionKey(fmt::format("{}-{}", std::chrono::duration_cast<std::chrono::hours>(now.time_since_epoch()).count(), user)); // expect: tablelint-time-based-partition-key "(std::chrono::system_clock::now())"
  e.SetRowKey(user);
  audit.AddEntity(e);
}

void auditWithStream(TableClient const &audit, std::string const &user) {
  std::time_t t = std::time(nullptr);
  std::tm local = *std::localtime(&t);
  std::ostringstream os;
  os << "audit_" << std::put_time(&local, "%Y-%m-%d") << '_' << user;
  TableEntity e;
  e.SetPartitionKey(os.str()); // expect: tablelint-time-based-partition-key "starts with the current time"
  e.SetRowKey(user);
  audit.AddEntity(e);
}

void auditWithSnprintf(TableClient const &audit, std::string const &user) {
  char key[32];
  std::snprintf(key, sizeof key, "%lld", static_cast<long long>(std::time(nullptr)));
  TableEntity e;
  e.SetPartitionKey(key); // expect: tablelint-time-based-partition-key "(std::time())"
  e.SetRowKey(user);
  audit.AddEntity(e);
}

// Reversed timestamps sort the newest first: all writes at the start.
void auditReversed(TableClient const &audit, std::string const &user) {
  const std::int64_t ticks = std::chrono::system_clock::now().time_since_epoch().count();
  TableEntity e;
  e.SetPartitionKey(std::to_string(INT64_MAX - ticks)); // expect: tablelint-time-based-partition-key
  e.SetRowKey(user);
  audit.AddEntity(e);
}

void auditAzureTime(TableClient const &audit, std::string const &user) {
  TableEntity e;
  e.SetPartitionKey(Azure::DateTime(Azure::DateTime::clock::now()).ToString()); // expect: tablelint-time-based-partition-key "(Azure::DateTime::clock::now())"
  e.SetRowKey(user);
  audit.AddEntity(e);
}

// The beta.1 entity had public key fields.
void auditBeta1(TableClient const &audit, std::string const &user) {
  TableEntity e;
  e.PartitionKey = fmt::format("{:%Y%m%d}", std::chrono::system_clock::now()); // expect: tablelint-time-based-partition-key
  e.RowKey = user;
  audit.AddEntity(e);
}

// azure::storage: the entity constructor takes the keys.
void auditLegacy(azure::storage::cloud_table const &table, utility::string_t const &user) {
  azure::storage::table_entity e(utility::datetime::utc_now().to_string(utility::datetime::ISO_8601), user); // expect: tablelint-time-based-partition-key "(utility::datetime::utc_now())"
  table.execute(azure::storage::table_operation::insert_entity(e));
}

class Journal {
public:
  explicit Journal(TableClient table) : table_(std::move(table)) {}

  // A sequence number kept by the writer.
  void append(std::string const &text) {
    ++sequence_;
    TableEntity e;
    e.SetPartitionKey(fmt::format("{:012}", sequence_)); // expect: tablelint-time-based-partition-key "counter 'sequence_'"
    e.SetRowKey("entry");
    e.Properties["Text"].Value = text;
    table_.AddEntity(e);
  }

  // An atomic ticket shared by threads.
  void appendShared(std::string const &text) {
    const std::uint64_t ticket = next_.fetch_add(1);
    TableEntity e;
    e.SetPartitionKey(std::to_string(ticket)); // expect: tablelint-time-based-partition-key "atomic counter 'next_'"
    e.SetRowKey("entry");
    e.Properties["Text"].Value = text;
    table_.AddEntity(e);
  }

  // A sequence continued from the last one stored, one per line.
  void appendAll(std::vector<std::string> const &lines, std::uint64_t last) {
    std::uint64_t seq = last;
    for (std::string const &line : lines) {
      seq += 1;
      auto tx = table_.CreateTransaction(std::to_string(seq)); // expect: tablelint-time-based-partition-key "counter 'seq'"
      TableEntity e;
      e.SetPartitionKey(std::to_string(seq)); // expect: tablelint-time-based-partition-key "counter 'seq'"
      e.SetRowKey(line.substr(0, 8));
      tx.AddEntity(e);
      table_.SubmitTransaction(tx);
    }
  }

  // Sixteen fixed buckets, the day after them: the loop enumerates
  // buckets, it does not count up over time.
  void fanOutToBuckets(std::string const &text, std::string const &day) {
    for (int bucket = 0; bucket < 16; ++bucket) {
      TableEntity e;
      e.SetPartitionKey(std::to_string(bucket) + "_" + day); // ok: tablelint-time-based-partition-key (a bucket, not a counter)
      e.SetRowKey(text);
      table_.UpsertEntity(e);
    }
  }

  // Keyed by the user: time only in the row key.
  void appendForUser(std::string const &userId, std::string const &text) {
    TableEntity e;
    e.SetPartitionKey(userId); // ok: tablelint-time-based-partition-key (a user id)
    e.SetRowKey(std::to_string(std::chrono::system_clock::now().time_since_epoch().count())); // ok: tablelint-time-based-partition-key (a row key)
    e.Properties["Text"].Value = text;
    table_.AddEntity(e);
  }

private:
  TableClient table_;
  std::uint64_t sequence_ = 0;
  std::atomic<std::uint64_t> next_{0};
};
