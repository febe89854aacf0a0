// Table per period for retention (TablePerPeriodRemedy.h): the time the
// purge's query cuts by, the period from the retention, and whether every
// other query reads inside one period.
#include "checks/schema/TablePerPeriodRemedy.h"

#include "checks/schema/Load.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// Whether Text (a literal of a filter template) holds a placeholder of Age
// that renders at least the period: the whole time, or a format that
// starts with the period's.
bool carriesPeriod(const std::string &Text, const std::string &Age,
                   const std::string &Format) {
  return Text.find("{" + Age + "}") != std::string::npos ||
         Text.find("{" + Age + ":" + Format) != std::string::npos;
}

// Whether Q reads inside one period of Age: a conjunct holds the period in
// an equality, or in both a lower and an upper bound.
bool readsOnePeriod(const Query &Q, const std::string &Age,
                    const std::string &Format) {
  const QueryFilter QF = parseQueryFilter(Q);
  if (!QF.Parsed)
    return false;
  bool Lower = false, Upper = false;
  for (const std::uint32_t I : QF.Parsed->conjuncts()) {
    const FilterNode &N = QF.Parsed->node(I);
    if (N.Kind != FilterNodeKind::Compare ||
        !carriesPeriod(QF.templateText(Q.Filter, N.Literal.Offset,
                                       N.Literal.Length),
                       Age, Format))
      continue;
    if (N.Op == CompareOp::Eq)
      return true;
    Lower = Lower || N.Op == CompareOp::Ge || N.Op == CompareOp::Gt;
    Upper = Upper || N.Op == CompareOp::Le || N.Op == CompareOp::Lt;
  }
  return Lower && Upper;
}

// Whether Q returns nothing but the keys of what it finds (`select: []`,
// or key properties only): it serves the purge and goes with it.
bool keysOnly(const Table &T, const Query &Q) {
  if (!Q.HasSelect || !Q.Uses.empty())
    return false;
  std::vector<std::string> Keys = T.PartitionKey.properties();
  const std::vector<std::string> More = T.RowKey.properties();
  Keys.insert(Keys.end(), More.begin(), More.end());
  return std::all_of(Q.Select.begin(), Q.Select.end(),
                     [&](const std::string &P) {
                       return P == "PartitionKey" || P == "RowKey" ||
                              std::find(Keys.begin(), Keys.end(), P) !=
                                  Keys.end();
                     });
}

} // namespace

RetentionPeriod retentionPeriod(double RetentionSeconds) {
  if (RetentionSeconds >= 60 * 86400.0)
    return {"month", "yyyyMM"};
  if (RetentionSeconds >= 2 * 86400.0)
    return {"day", "yyyyMMdd"};
  return {"hour", "yyyyMMddHH"};
}

std::optional<PeriodPlan> planTablePerPeriod(const Table &T) {
  if (T.NameTemplate || !T.EntityTypes.empty() || !purgesAtRetention(T))
    return std::nullopt;
  PeriodPlan Plan;
  for (const Query &Q : T.Queries) {
    const std::vector<std::string> Cut = cutoffProperties(T, Q);
    const Property *P = Cut.empty() ? nullptr : T.property(Cut.front());
    if (!P || !P->Grows || (!Plan.Age.empty() && Plan.Age != P->Name))
      continue;
    Plan.Age = P->Name;
    Plan.Finders.push_back(Q.Name);
  }
  if (Plan.Age.empty())
    return std::nullopt;
  const RetentionPeriod Per = retentionPeriod(*T.RetentionSeconds);
  Plan.Period = Per.Name;
  Plan.Name = T.Name + "{" + Plan.Age + ":" + Per.Format + "}";
  double Deletes = 0;
  for (const Write &W : T.Writes)
    if (W.Op == WriteKind::Delete) {
      Plan.Purges.push_back(W.Name);
      Deletes += W.Frequency.PerSecond;
    }
  std::string Purges, Finders;
  for (const std::string &N : Plan.Purges)
    Purges += (Purges.empty() ? "'" : ", '") + N + "'";
  for (const std::string &N : Plan.Finders)
    Finders += (Finders.empty() ? "'" : ", '") + N + "'";
  const std::string A = Plan.Period == "hour" ? "an " : "a ";
  Plan.Why = "a table per " + Plan.Period + " `" + Plan.Name +
             "`, dropped whole (one Delete Table " + A + Plan.Period +
             ") once its newest entity is " +
             formatDuration(*T.RetentionSeconds) + " old, in place of " +
             Purges + " (" + formatRate(Deletes) +
             " of deletes, each a billable transaction) and " + Finders +
             ", which found what they delete; the trade-off: the "
             "application creates each " +
             Plan.Period + "'s table before it starts and reads inside one " +
             Plan.Period;
  for (const Query &Q : T.Queries) {
    if (std::find(Plan.Finders.begin(), Plan.Finders.end(), Q.Name) !=
        Plan.Finders.end()) {
      if (!keysOnly(T, Q))
        Plan.Blocker = "query '" + Q.Name + "' reads more of the expired "
                       "entities than their keys: it does more than find "
                       "what the purge deletes, and would go with it";
      continue;
    }
    if (!readsOnePeriod(Q, Plan.Age, Per.Format))
      Plan.Blocker = "query '" + Q.Name + "' does not read inside one " +
                     Plan.Period + " of '" + Plan.Age +
                     "' (no equality or range on it as fine as the " +
                     Plan.Period + "): it would read each " + Plan.Period +
                     "'s table";
    if (!Plan.Blocker.empty())
      break;
  }
  return Plan;
}

} // namespace tablelint::schema
