// The table-per-period pattern for retention (the high-volume delete
// pattern): a table kept for its retention by deleting each expired entity,
// found by a query that bounds their time from above, writes each period to
// a table of its own (`AuditEvents{at:yyyyMM}`) and drops the oldest table
// whole once its newest entity is past the retention: one Delete Table a
// period in place of one delete per entity and the scan that finds them.
//
// Only where every other query reads inside one period (its filter pins
// the period: an equality, or a range both of whose ends carry the time at
// least as finely as the period): a read that spans periods would read each
// period's table. The query that finds the expired entities must return
// only their keys (it serves the purge, nothing else).
#pragma once

#include "core/schema/Schema.h"

#include <optional>
#include <string>
#include <vector>

namespace tablelint::schema {

// The period of the tables for a retention, as retention-by-delete names
// it and the remedy applies it: a month for retentions of two months or
// more, a day down to two days, an hour below. Each keeps the live tables
// few (a handful to a hundred) and overshoots the retention by one period.
struct RetentionPeriod {
  const char *Name;   // "month"
  const char *Format; // "yyyyMM"
};
RetentionPeriod retentionPeriod(double RetentionSeconds);

struct PeriodPlan {
  std::string Age;     // the time the entities expire by
  std::string Name;    // "AuditEvents{at:yyyyMM}"
  std::string Period;  // "month"
  std::vector<std::string> Purges;  // the purge's writes, dropped
  std::vector<std::string> Finders; // the queries finding them, dropped
  std::string Why;     // the note
  std::string Blocker; // non-empty: advice only, and why
};

// The plan for T, a table kept for its retention by deleting; nullopt when
// T is no such table (no retention, deletes below half its inserts, a name
// template already, several entity types) or no query finds the expired
// entities by a cut-off on their own time (`at lt datetime'{at}'`).
std::optional<PeriodPlan> planTablePerPeriod(const Table &T);

} // namespace tablelint::schema
