// Re-key with query rewriting: a table keyed by a time (or a constant)
// whose queries all read by one more property that the RowKey holds (a
// day's orders read by customer as a RowKey range inside the day) is keyed
// by that property instead, the old keys kept, in order, as the RowKey:
//
//   partitionKey "{placedAt:yyyyMMdd}", rowKey "{customerId}_{orderId}"
//   -> partitionKey "{customerId}",
//      rowKey "{placedAt:yyyyMMdd}_{customerId}_{orderId}"
//
// and every query is rewritten into the new keys (checks/schema/KeyRewrite.h)
// so that it returns the same entities. An architect's answer to a
// time-based key when the reads name an entity: the writes spread over the
// property's values, and each read is still one partition, with no bucket
// to fan out over. Where a query cannot be rewritten (it reads a whole day,
// a RowKey range, the first N in an order the new keys change), or the
// busiest value of the property is too hot itself, there is no plan and the
// reason is said.
#pragma once

#include "checks/schema/SchemaChecks.h"

#include <optional>
#include <string>
#include <vector>

namespace tablelint::schema {

struct RekeyPlan {
  std::string Property;     // what the new PartitionKey is made of
  std::string PartitionKey; // the new templates
  std::string RowKey;
  // Per query of the table, in order: its filter on the new keys.
  std::vector<std::string> Filters;
  std::string Why; // the note: the keys, the load, the queries rewritten
  // Non-empty: the re-key the queries point to cannot be made because a
  // query cannot be rewritten, and why (advice; the other key remedies may
  // still apply). A property too hot to key by gives no plan: the hash
  // bucket's advice says what no key splits.
  std::string Blocker;
};

// The re-key of T: nullopt when T is not keyed by a time or a constant,
// declares entity types, or no query reads by a property the RowKey holds
// whole.
std::optional<RekeyPlan> planRekey(const Table &T,
                                   const SchemaCheckOptions &Options);

// Applies a plan without a Blocker to T (its keys and its queries'
// filters).
void applyRekey(Table &T, const RekeyPlan &Plan);

// T keyed by the templates Pk and Rk, its queries' filters replaced by
// Filters (one per query, in order); what each key remedy applies.
void applyNewKeys(Table &T, const std::string &Pk, const std::string &Rk,
                  const std::vector<std::string> &Filters);

} // namespace tablelint::schema
