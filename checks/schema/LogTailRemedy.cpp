#include "checks/schema/LogTailRemedy.h"

namespace tablelint::schema {
bool boundsRowKey(const Query &Q) {
  return Q.Filter.find("RowKey") != std::string::npos;
}

namespace {

// The comparison (" lt " or " le ") by which Q's filter bounds its
// `newest` property from above (a cursor), or null.
const char *newestCursor(const Query &Q) {
  for (const char *Op : {" lt ", " le "})
    if (Q.Filter.find(Q.Newest + Op) != std::string::npos)
      return Op;
  return nullptr;
}

} // namespace

std::string logTailRead(const Query &Q) {
  const std::string Top =
      "a top-" + std::to_string(Q.Top.value_or(0)) + " read";
  const char *Op = newestCursor(Q);
  if (!Op)
    return Top;
  const std::string Reversed = Op[2] == 't' ? "gt" : "ge";
  return Top + " once the cursor on '" + Q.Newest +
         "' bounds the RowKey (reversed, '" + Q.Newest + std::string(Op) +
         "...' is 'RowKey " + Reversed +
         " ...'); kept as a filter on a non-key property it still reads "
         "every row newer than the cursor first";
}

namespace {

// The leading placeholder of the RowKey, when it renders P in ascending
// order (oldest first): as is, as ticks, zero-padded, or in a date format
// that sorts as its dates do within a partition (core/schema: keyOrderStep,
// pinnedDateUnits).
const KeyPart *ascendingLead(const Table &T, const std::string &P) {
  const KeyTemplate &RowKey = T.RowKey;
  if (newestFirstInKeyOrder(RowKey, P) ||
      !keyOrderStep(RowKey, P, pinnedDateUnits(T, P)))
    return nullptr;
  for (const KeyPart &Part : RowKey.Parts)
    if (Part.IsPlaceholder)
      return &Part;
  return nullptr;
}

} // namespace

std::optional<LogTailPlan> planLogTail(const Table &T) {
  const Query *Reader = nullptr;
  for (const Query &Q : T.Queries) {
    if (Q.Newest.empty() || !Q.Top || boundsRowKey(Q))
      continue;
    if (Reader && Reader->Newest != Q.Newest)
      return std::nullopt; // newest by two properties: one key cannot serve
    Reader = &Q;
  }
  if (!Reader)
    return std::nullopt;
  const KeyPart *Lead = ascendingLead(T, Reader->Newest);
  if (!Lead)
    return std::nullopt;
  const std::size_t End = T.RowKey.Text.find('}', Lead->Offset);
  if (End == std::string::npos)
    return std::nullopt;
  LogTailPlan Plan;
  Plan.RowKey = T.RowKey.Text;
  Plan.RowKey.replace(Lead->Offset, End + 1 - Lead->Offset,
                      "{" + Reader->Newest + "|reverse}");
  Plan.Why = "log tail for partition-scan: query '" + Reader->Name +
             "' reads the newest " + std::to_string(*Reader->Top) +
             " by '" + Reader->Newest + "', but RowKey '" + T.RowKey.Text +
             "' sorts oldest first, so every execution reads the whole "
             "partition; RowKey '" + Plan.RowKey +
             "' puts the newest first: " + logTailRead(*Reader);
  // A cursor on the time stays a filter on a non-key property: the new key
  // alone does not make the read short, and the filter must change with
  // it (the answer of 'RowKey ge' depends on the key's exact form), so the
  // remedy is advice for such a reader.
  if (newestCursor(*Reader))
    Plan.Blocker = "query '" + Reader->Name + "' bounds '" + Reader->Newest +
                   "' from above (a cursor): rewrite that bound as a RowKey "
                   "bound together with the key";
  for (const Query &Q : T.Queries) {
    if (!Plan.Blocker.empty())
      break;
    if (!Q.Newest.empty() && Q.Newest == Reader->Newest && !boundsRowKey(Q))
      continue;
    if (boundsRowKey(Q))
      Plan.Blocker = "query '" + Q.Name +
                     "' has a RowKey condition on the current encoding";
    else if (Q.Top)
      Plan.Blocker = "query '" + Q.Name + "' reads the first " +
                     std::to_string(*Q.Top) +
                     " in key order, which would become the newest";
    if (!Plan.Blocker.empty())
      break;
  }
  return Plan;
}

} // namespace tablelint::schema
