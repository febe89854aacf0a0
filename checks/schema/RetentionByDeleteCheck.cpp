// retention-by-delete (design page: the high-volume delete pattern): a table
// kept for a retention period by deleting its expired entities one by one,
// which a query finds by their age. Every delete is a request and a
// billable transaction, against the same partition and account targets as
// the inserts, and finding the expired entities reads them again; a table
// per period is dropped whole with one Delete Table.
#include "checks/schema/Checks.h"
#include "checks/schema/TablePerPeriodRemedy.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace tablelint::schema {

namespace {

// The growing datetime property Q's filter bounds from above only
// ("signedInAt lt datetime'...'"): the query finds entities older than a
// cut-off. Empty when it does not.
std::string ageBoundProperty(const Table &T, const QueryAnalysis &A) {
  if (!A.Filter.Parsed || A.Filter.Error)
    return "";
  const Filter &F = *A.Filter.Parsed;
  std::string Older;
  bool Younger = false;
  for (const FilterNode &N : F.Nodes) {
    if (N.Kind != FilterNodeKind::Compare)
      continue;
    const Property *P = T.property(N.Property);
    if (!P || P->Type != EdmType::DateTime || !P->Grows)
      continue;
    if (N.Op == CompareOp::Lt || N.Op == CompareOp::Le) {
      if (Older.empty())
        Older = N.Property;
    } else if (N.Op != CompareOp::Ne) {
      Younger = true; // a lower bound or a value: not an age cut-off
    }
  }
  return Younger ? "" : Older;
}

} // namespace

void checkRetentionByDelete(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    // A table per period already drops its instances whole; a table per
    // tenant is left to the team (its periods would multiply the tables).
    // A purge is what the sizing and the replay read as one.
    if (T.NameTemplate || !purgesAtRetention(T))
      continue;
    // Deletes in entities/s, and in billable transactions/s: an entity
    // group transaction of deletes is billed as one.
    double Inserts = 0, Deletes = 0, DeleteTransactions = 0;
    const Write *Purge = nullptr;
    for (const Write &W : T.Writes) {
      if (createsEntity(W.Op))
        Inserts += W.Frequency.PerSecond;
      else if (W.Op == WriteKind::Delete) {
        Deletes += W.Frequency.PerSecond;
        DeleteTransactions +=
            W.Frequency.PerSecond / std::max(1u, W.BatchSize);
        if (!Purge || W.Frequency.PerSecond > Purge->Frequency.PerSecond)
          Purge = &W;
      }
    }
    // The query that finds entities by their age: of those bounding a
    // growing time from above, the one most like a purge job's (keys only,
    // no `top`, across partitions, rarest), not a reader paging back
    // through a tenant's events before a cursor.
    std::size_t FinderAt = T.Queries.size();
    std::string Age;
    std::tuple<bool, bool, bool, double> Best;
    for (std::size_t I = 0; I < T.Queries.size(); ++I) {
      std::string Candidate = ageBoundProperty(T, TA.Queries[I]);
      if (Candidate.empty())
        continue;
      const Query &Q = T.Queries[I];
      const std::tuple<bool, bool, bool, double> Score{
          Q.HasSelect && Q.Select.empty(), !Q.Top.has_value(),
          TA.Queries[I].Filter.Scope.Class == QueryClass::TableScan,
          -Q.Frequency.PerSecond};
      if (FinderAt == T.Queries.size() || Score > Best) {
        FinderAt = I;
        Age = std::move(Candidate);
        Best = Score;
      }
    }
    if (Age.empty())
      continue;
    const Query *Finder = &T.Queries[FinderAt];
    const QueryAnalysis &FA = TA.Queries[FinderAt];
    const RetentionPeriod P = retentionPeriod(*T.RetentionSeconds);
    // In a table with entity types that lack the age (a conversation's
    // header next to its messages), only the purged type moves to a table
    // per period: the others outlive the retention.
    const Table &Declared = *TA.Declared;
    const bool OthersLackAge =
        Declared.EntityTypes.size() > 1 && !Declared.property(Age) &&
        std::any_of(Declared.EntityTypes.begin(), Declared.EntityTypes.end(),
                    [&](const EntityType &E) {
                      return std::none_of(
                          E.Properties.begin(), E.Properties.end(),
                          [&](const Property &X) { return X.Name == Age; });
                    });
    std::string Instance = T.Name;
    std::string Whose;
    if (OthersLackAge) {
      // The type's name as letters and digits, capitalised: a table name.
      bool Upper = true;
      for (char C : Purge->EntityTypeName) {
        if (!std::isalnum(static_cast<unsigned char>(C))) {
          Upper = true;
          continue;
        }
        Instance += Upper ? static_cast<char>(std::toupper(
                                static_cast<unsigned char>(C)))
                          : C;
        Upper = false;
      }
      Whose = " for its '" + Purge->EntityTypeName + "' entities";
    }
    Instance += "{" + Age + ":" + P.Format + "}";
    std::string Found = "'" + Finder->Name + "'";
    if (FA.Filter.Scope.isScan())
      Found += " (a " + std::string(queryClassName(FA.Filter.Scope.Class)) +
               ")";
    const double PerMonth = DeleteTransactions * 30 * 86400;
    const std::string Batched =
        DeleteTransactions < Deletes ? ", in entity group transactions" : "";
    Sink.report(
        Purge->Path, Purge->Pos,
        "table '" + T.Name + "' keeps its entities " +
            formatDuration(*T.RetentionSeconds) + " by deleting each one: " +
            formatRate(Deletes) + " of deletes (" +
            formatPercent(Deletes / Inserts) + " of its inserts, " +
            formatFigure(PerMonth) + " billable transactions a month" +
            Batched + "), found by " + Found + " on '" + Age + "'; a table per " +
            P.Name + Whose + " ('" + Instance +
            "') goes whole with one Delete Table once its newest entity is " +
            formatDuration(*T.RetentionSeconds) + " old" +
            (OthersLackAge ? ", and the table's other entity types stay in '" +
                                 T.Name + "'"
                           : std::string()) +
            " (the high-volume delete pattern)");
  }
}

} // namespace tablelint::schema
