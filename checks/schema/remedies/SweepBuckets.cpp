// Time-bucketed keys for a sweep of what falls due (the plan:
// SweepBucketRemedy.h): the table keyed by a bucket the size of the sweep's
// interval when nothing else reads by its keys, else an expiry index table
// keyed by it, the writes mirrored and the sweep moved there. Advice with
// the figure when one bucket's writes are too many for a partition, or a
// write can move the swept time.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/RekeyRemedy.h"
#include "checks/schema/SweepBucketRemedy.h"
#include "checks/schema/TablePerPeriodRemedy.h"

#include <algorithm>
#include <memory>

namespace tablelint::schema {

namespace {

constexpr const char *Rule = "low-density-query";

class SweepBuckets : public Remedy {
public:
  const char *id() const override { return "sweep-buckets"; }
  std::vector<std::string> rules() const override { return {Rule}; }
  // It answers only the sweeps among low-density-query's findings: a
  // table kept as declared is not told it misses it for the others.
  bool onTables() const override { return false; }

  // The expiry index, added while the table is as declared.
  void addTables(RemedyContext &Ctx, std::size_t Index) const override {
    const Table &T = Ctx.R.Design.Tables[Index];
    const Query *Sweep = nullptr;
    const std::optional<SweepPlan> Plan = plan(Ctx, T, Sweep);
    if (!Plan || Plan->Rekey || !Plan->Index ||
        !Ctx.allowed(Rule, Sweep->Path))
      return;
    Table Idx = *Plan->Index;
    Ctx.change(Rule, Idx.Path, Idx.Note, Plan->Why + ", for " + Rule);
    Ctx.AddedSubjects.push_back(Sweep->Path);
    const std::string Name = Sweep->Name;
    Ctx.R.Design.Tables.push_back(std::move(Idx));
    // Tables grew: T may have moved.
    std::vector<Query> &Queries = Ctx.R.Design.Tables[Index].Queries;
    Queries.erase(std::find_if(Queries.begin(), Queries.end(),
                               [&](const Query &Q) { return Q.Name == Name; }));
  }

  // The re-key, and the advice of a sweep the remedy cannot bucket.
  void apply(RemedyContext &Ctx, Table &T) const override {
    const Query *Sweep = nullptr;
    const std::optional<SweepPlan> Plan = plan(Ctx, T, Sweep);
    if (!Plan)
      return;
    if (!Plan->Blocker.empty()) {
      Ctx.R.Advice.push_back({Rule, Sweep->Path, Plan->Why, Sweep->Path});
      return;
    }
    if (!Plan->Rekey || Ctx.KeyedTables.count(T.Path) ||
        !Ctx.allowed(Rule, Sweep->Path))
      return;
    applyNewKeys(T, Plan->Bucket, Plan->RowKey, Plan->Filters);
    Ctx.KeyedTables.insert(T.Path);
    Ctx.change(Rule, T.Path, T.Note, Plan->Why + ", for " + Rule);
  }

private:
  // The plan for the first query of T that low-density-query reports and
  // that is a sweep of what falls due; Sweep set to it.
  static std::optional<SweepPlan> plan(RemedyContext &Ctx, const Table &T,
                                       const Query *&Sweep) {
    // A purge's sweep that a table per period replaces (it runs first,
    // and the sweep goes with the purge): no index or key for it.
    if (const std::optional<PeriodPlan> Period = planTablePerPeriod(T);
        Period && Period->Blocker.empty())
      return std::nullopt;
    for (const Query &Q : T.Queries) {
      if (!Ctx.found().has(Rule, Q.Path))
        continue;
      std::optional<SweepPlan> Plan = planSweepBucket(
          T, Q, Ctx.uniqueTableName(T.Name + "ByExpiry"), Ctx.Options);
      if (Plan) {
        Sweep = &Q;
        return Plan;
      }
    }
    return std::nullopt;
  }
};

} // namespace

std::unique_ptr<Remedy> makeSweepBuckets() {
  return std::make_unique<SweepBuckets>();
}

} // namespace tablelint::schema
