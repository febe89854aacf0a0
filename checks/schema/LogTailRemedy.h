// The log-tail pattern for "latest N" reads: a query that declares
// `newest: P` on a table whose RowKey leads with an ascending {P} must read
// the whole partition to find the newest entities; a RowKey leading with
// {P|reverse} puts them first, so `top: N` reads only N rows.
#pragma once

#include "core/schema/Schema.h"

#include <optional>
#include <string>

namespace tablelint::schema {

struct LogTailPlan {
  std::string RowKey;  // the new RowKey template text
  std::string Why;     // the note: which query, what it reads now and after
  // Non-empty: applying it could change another query's answers (a
  // first-N-in-key-order read, a RowKey condition), so it is advice only.
  std::string Blocker;
};

// Whether Q's filter has a condition on the RowKey (its own range or point
// on the key as it is rendered now): no "latest N" key order is made for it.
bool boundsRowKey(const Query &Q);

// What a reversed RowKey makes of a "latest N" read: "a top-N read", or,
// where the filter also bounds the `newest` property from above (a cursor:
// 'eventTime le datetime'{eventTime}''), what it takes for that: the
// cursor kept as a filter on a non-key property still reads every newer
// row before the first match.
std::string logTailRead(const Query &Q);

// The log-tail rewrite of T's RowKey; nullopt when no query of T reads the
// newest N of an oldest-first RowKey (already reversed, a RowKey range in
// its own filter, or no `newest`).
std::optional<LogTailPlan> planLogTail(const Table &T);

} // namespace tablelint::schema
