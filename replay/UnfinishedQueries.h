// What a query still pending when the replay ends would have cost to
// finish. A scan throttled to a crawl pays for only the few pages it got in
// the run, so a design whose query cannot finish would look cheap next to
// one whose query does; `suggest`'s verify gate compares costs with the
// pages the unfinished queries still need (driver/SuggestVerify.h).
#pragma once

#include "replay/RowSet.h"
#include "replay/SimulatedService.h"
#include "replay/Workload.h"

#include <cstdint>
#include <string>

namespace tablelint::replay {

// Pages the query at Cursor still needs to read the rest of its key ranges
// (real entities, sampled existing ones counting their weight): as many as
// its remaining scan takes at the page's scan limit, or its remaining
// matches at the page size, whichever is more; `top` stops it early.
// Returned: what the query returned so far. VisitBudget: stored rows this
// may still visit (shared by the calls of one replay), so a replay with
// many unfinished scans of a large table stays bounded; the count stops
// where the budget runs out.
std::uint64_t pagesToFinish(const RowSet &Rows, const QueryCursor &Cursor,
                            const Workload &W, const ServiceModel &Model,
                            std::uint64_t Returned, std::uint64_t &VisitBudget);

// What one query had still pending at the end.
struct UnfinishedQuery {
  std::uint64_t Executions = 0; // logical executions
  std::uint64_t Reads = 0;      // their reads (a fan-out's, one per bucket)
  std::uint64_t Pages = 0;      // pages still to go
  bool PointReads = true;       // every one a point read
  bool Top = false;             // the query declares `top`
  // A "latest N" read of an oldest-first RowKey: it reads every match.
  bool ReadsAllForNewest = false;
};

// The report's note on a query with executions still pending at the end.
std::string unfinishedQueryNote(const std::string &Query,
                                const UnfinishedQuery &Left,
                                unsigned EntitiesPerPage);

} // namespace tablelint::replay
