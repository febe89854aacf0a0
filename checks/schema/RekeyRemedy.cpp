// Re-key with query rewriting (RekeyRemedy.h): the candidates are the
// properties the RowKey holds whole; each is tried as the new PartitionKey,
// every query rewritten and the load sized on the new keys.
#include "checks/schema/RekeyRemedy.h"

#include "checks/schema/KeyRewrite.h"
#include "checks/schema/Load.h"
#include "checks/schema/SchemaContext.h"
#include "core/Text.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// A property the RowKey renders whole ({customerId}: no format, no
// function) and the PartitionKey does not hold, whose values are key text
// as written (not a double's 17 digits).
std::vector<std::string> candidates(const Table &T) {
  std::vector<std::string> Out;
  const std::vector<std::string> InKey = T.PartitionKey.properties();
  for (const KeyPart &P : T.RowKey.Parts) {
    if (!P.IsPlaceholder || !P.Format.empty() || !P.Functions.empty() ||
        std::find(InKey.begin(), InKey.end(), P.Text) != InKey.end())
      continue;
    const Property *Prop = T.property(P.Text);
    if (Prop && Prop->Type != EdmType::Double && Prop->Type != EdmType::Binary)
      Out.push_back(P.Text);
  }
  return Out;
}

// How many queries name Property in their filter (as a key pins it).
unsigned queriesNaming(const Table &T, const std::string &Property) {
  unsigned N = 0;
  for (const Query &Q : T.Queries)
    if (Q.Filter.find("{" + Property) != std::string::npos)
      ++N;
  return N;
}

// The load on the busiest partition of T: its writes and the reads that
// pin one partition.
double busiestPartitionLoad(const Table &T) {
  double Load = 0;
  for (const Write &W : T.Writes)
    Load += writeLoad(T, W).HottestPartitionEntitiesPerSecond.value_or(0);
  for (const Query &Q : T.Queries) {
    const QueryAnalysis A = analyzeQuery(T, Q);
    if (A.Filter.PinnedPartition)
      Load += A.Load.HottestPartitionEntitiesPerSecond.value_or(0);
  }
  return Load;
}

struct Attempt {
  RekeyPlan Plan;
  double PerPartition = 0;
  bool QueryBlocked = false; // a query cannot be rewritten
};

// T keyed by Property: the new keys, every query rewritten, the load
// sized; Plan.Blocker says why not.
Attempt tryProperty(const Table &T, const std::string &Property,
                    const SchemaCheckOptions &Options) {
  Attempt A;
  RekeyPlan &Plan = A.Plan;
  Plan.Property = Property;
  Plan.PartitionKey = "{" + Property + "}";
  Plan.RowKey = T.PartitionKey.isConstant()
                    ? T.RowKey.Text
                    : T.PartitionKey.Text + "_" + T.RowKey.Text;
  std::string Error;
  const std::optional<KeyTemplate> Pk =
      parseKeyTemplate(Plan.PartitionKey, Error);
  const std::optional<KeyTemplate> Rk = parseKeyTemplate(Plan.RowKey, Error);
  if (!Pk || !Rk) {
    Plan.Blocker = "the new keys do not parse (" + Error + ")";
    return A;
  }
  for (const Query &Q : T.Queries) {
    const RewrittenFilter R = rewriteQueryForKeys(T, Q, *Pk, *Rk);
    if (!R.Why.empty()) {
      Plan.Blocker = "query `" + Q.Name + "` cannot be rewritten: " + R.Why;
      A.QueryBlocked = true;
      return A;
    }
    Plan.Filters.push_back(R.Filter);
  }
  Table After = T;
  applyRekey(After, Plan);
  const KeyShare Share = keyShare(After, After.PartitionKey);
  if (!Share.Known || Share.Sequential) {
    Plan.Blocker = "the spread of " + Property + "'s values is not declared";
    return A;
  }
  A.PerPartition = busiestPartitionLoad(After);
  const double Goal = Options.PartitionEntitiesPerSecond * BucketTargetShare;
  if (A.PerPartition > Goal)
    Plan.Blocker = "its busiest value would take " +
                   formatFigure(A.PerPartition) + " entities/s, over " +
                   formatPercent(BucketTargetShare) + " of the " +
                   formatFigure(Options.PartitionEntitiesPerSecond) +
                   "/s target";
  return A;
}

std::string noteFor(const Table &T, const Attempt &A,
                    const SchemaCheckOptions &Options) {
  const RekeyPlan &Plan = A.Plan;
  const double Share = A.PerPartition / Options.PartitionEntitiesPerSecond;
  std::string Why =
      "re-keyed by " + Plan.Property + ": PartitionKey `" +
      Plan.PartitionKey + "` instead of `" + T.PartitionKey.Text +
      "`, RowKey `" + Plan.RowKey + "` " +
      (T.PartitionKey.isConstant() ? "(as it was)"
                                   : "(the old keys, in order)") +
      "; " +
      (A.PerPartition < 0.01 ? std::string("under 0.01")
                             : formatFigure(A.PerPartition)) +
      " entities/s on the busiest partition (" +
      (Share < 0.001 ? "under 0.1%" : formatPercent(Share)) + " of the " +
      formatFigure(Options.PartitionEntitiesPerSecond) + "/s target)";
  std::vector<std::string> Rewritten;
  for (std::size_t I = 0; I < T.Queries.size(); ++I)
    if (Plan.Filters[I] != T.Queries[I].Filter)
      Rewritten.push_back(T.Queries[I].Name);
  if (!Rewritten.empty())
    Why += "; " + quotedListWithAnd(Rewritten) +
           " rewritten"
           " into the new keys, returning the same entities from one "
           "partition of " + Plan.Property;
  if (!T.PartitionKey.isConstant())
    Why += "; the trade-off: the entities of one `" + T.PartitionKey.Text +
           "` are no longer one partition (a read of all of them would read "
           "every partition; no query of the table does)";
  return Why;
}

} // namespace

std::optional<RekeyPlan> planRekey(const Table &T,
                                   const SchemaCheckOptions &Options) {
  if (!T.EntityTypes.empty())
    return std::nullopt;
  const bool Constant = T.PartitionKey.isConstant();
  if (!Constant &&
      !leadingSequentialPart(T.PartitionKey, keyShare(T, T.PartitionKey)))
    return std::nullopt;
  // The properties the queries read by first: the one most of them name.
  // (most named first, then in RowKey order; one no query names is none).
  std::vector<std::string> Props;
  for (const std::string &P : candidates(T))
    if (queriesNaming(T, P) > 0)
      Props.push_back(P);
  for (std::size_t I = 1; I < Props.size(); ++I) // stable, by names
    for (std::size_t J = I;
         J > 0 && queriesNaming(T, Props[J]) > queriesNaming(T, Props[J - 1]);
         --J)
      std::swap(Props[J], Props[J - 1]);
  // Advice names the first property a query could not be rewritten for; a
  // property too hot itself is the bucket remedy's to explain (it says
  // what no key splits).
  std::optional<Attempt> First;
  for (const std::string &P : Props) {
    Attempt A = tryProperty(T, P, Options);
    if (A.Plan.Blocker.empty()) {
      A.Plan.Why = noteFor(T, A, Options);
      return A.Plan;
    }
    if (!First && A.QueryBlocked)
      First = std::move(A);
  }
  if (!First)
    return std::nullopt;
  First->Plan.Why = "not re-keyed by " + First->Plan.Property + ": " +
                    First->Plan.Blocker;
  return First->Plan;
}

void applyNewKeys(Table &T, const std::string &Pk, const std::string &Rk,
                  const std::vector<std::string> &Filters) {
  std::string Error;
  const SourcePos PkPos = T.PartitionKey.Pos, RkPos = T.RowKey.Pos;
  T.PartitionKey = *parseKeyTemplate(Pk, Error);
  T.PartitionKey.Pos = PkPos;
  T.RowKey = *parseKeyTemplate(Rk, Error);
  T.RowKey.Pos = RkPos;
  for (std::size_t I = 0; I < T.Queries.size() && I < Filters.size(); ++I)
    if (T.Queries[I].Filter != Filters[I]) {
      T.Queries[I].Filter = Filters[I];
      T.Queries[I].FilterPos = {};
    }
}

void applyRekey(Table &T, const RekeyPlan &Plan) {
  applyNewKeys(T, Plan.PartitionKey, Plan.RowKey, Plan.Filters);
}

} // namespace tablelint::schema
