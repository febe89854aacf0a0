#include "replay/UnfinishedQueries.h"

#include "replay/EntityFilter.h"
#include "replay/LogicalEntityView.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tablelint::replay {

std::uint64_t pagesToFinish(const RowSet &Rows, const QueryCursor &Cursor,
                            const Workload &W, const ServiceModel &Model,
                            std::uint64_t Returned,
                            std::uint64_t &VisitBudget) {
  const std::optional<std::uint64_t> Left = Cursor.topLeftToRead(Returned);
  if (!Left)
    return 0;
  const std::uint64_t TopLeft = *Left;
  LogicalEntityView View(W);
  const EntityFilter Matches(Cursor.Where, W);
  // A row's key is built only when the filter reads it (or a stretch of
  // sampled entities is compared by it): most rows are judged by a value.
  bool FilterReadsKeys = false;
  if (Cursor.Where) {
    const std::vector<std::string> Names = Cursor.Where->properties();
    FilterReadsKeys =
        std::binary_search(Names.begin(), Names.end(), "PartitionKey") ||
        std::binary_search(Names.begin(), Names.end(), "RowKey");
  }
  std::uint64_t Scanned = 0, Matched = 0;
  // Sampled entities are read by stretches, as the pages read them.
  SampledStretch Stretch = Cursor.Stretch;
  bool First = true;
  for (std::size_t R = Cursor.Range; R < Cursor.Ranges.size(); ++R) {
    const auto &[Low, High] = Cursor.Ranges[R];
    const std::string &From =
        R == Cursor.Range && Cursor.Started ? Cursor.Next : Low;
    if (R != Cursor.Range)
      Stretch.Active = false;
    for (RowStore::Cursor It = Rows.lowerBound(From);
         It.valid() && (High.empty() || It.key() < High); It.next()) {
      if (VisitBudget == 0 || (Cursor.Top && Matched >= TopLeft))
        break;
      --VisitBudget;
      // The entities a few rows on: their codes load while these are read.
      prefetchAhead(W, It);
      const std::uint64_t Weight = Cursor.weight(W, It.value());
      // A page may have ended inside the first (sampled) entity.
      const std::uint64_t Consumed = First ? Cursor.Consumed : 0;
      First = false;
      if (Weight <= 1) {
        ++Scanned;
        View.reset(It.value(),
                   FilterReadsKeys ? It.key() : std::string_view());
        if (Matches.matches(View))
          ++Matched;
        continue;
      }
      const std::string_view Key = It.key();
      if (!Stretch.Active || Key > Stretch.Last)
        findSampledStretch(W, Cursor, It, High, View, Stretch, &VisitBudget);
      const std::uint64_t Left = Weight - std::min(Consumed, Weight - 1);
      const std::uint64_t Take =
          Cursor.Top ? std::min(Left, Stretch.readFor(TopLeft - Matched))
                     : Left;
      Matched +=
          Stretch.matchesIn(Stretch.Read + Take) - Stretch.matchesIn(Stretch.Read);
      Stretch.Read += Take;
      Scanned += Take;
      if (Key == Stretch.Last)
        Stretch.Active = false;
    }
  }
  if (Cursor.Top)
    Matched = std::min(Matched, TopLeft);
  const auto ScanLimit = static_cast<std::uint64_t>(std::max(
      1.0, Model.MaxPageServerSeconds * Model.PartitionEntitiesPerSecond));
  const std::uint64_t PageSize = std::max(1u, Model.MaxEntitiesPerPage);
  return std::max<std::uint64_t>({1, (Scanned + ScanLimit - 1) / ScanLimit,
                                  (Matched + PageSize - 1) / PageSize});
}

std::string unfinishedQueryNote(const std::string &Query,
                                const UnfinishedQuery &Left,
                                unsigned EntitiesPerPage) {
  std::string Note =
      "query '" + Query + "': " + std::to_string(Left.Executions) +
      (Left.Executions == 1 ? " execution was" : " executions were") +
      " still reading when the run ended";
  if (Left.Reads != Left.Executions)
    Note += " (" + std::to_string(Left.Reads) + " bucket reads of its fan-out)";
  if (Left.PointReads)
    return Note + ", each a point read of one entity whose requests were "
                  "throttled: the load of its key, not its own reading, "
                  "holds it up";
  Note += ", " + std::to_string(Left.Pages) +
          " more pages to go (a page reads at most " +
          std::to_string(EntitiesPerPage) +
          " entities, or stops after its scan time): it reads more than the "
          "budgets of its keys serve while it runs, and its requests to "
          "them are throttled; ";
  if (Left.ReadsAllForNewest)
    return Note + "its RowKey is oldest first, so its `top` cannot stop it: "
                  "key the RowKey newest first (the log tail) or bound it by "
                  "key to read less";
  return Note + (Left.Top ? "bound it by key to read less"
                          : "bound it by key or declare `top` to read less");
}

} // namespace tablelint::replay
