// account-throughput (checklist 2): the entities/s and bytes/s the declared
// writes and queries put on one account, against its targets. Scanned
// entities count, so a query's load is its scans, not its results.
#include "checks/schema/Checks.h"

#include <algorithm>
#include <map>

namespace tablelint::schema {

namespace {

struct Contribution {
  double PerSecond = 0;
  std::string What;
};

std::string largest(std::vector<Contribution> Parts, const char *Unit) {
  std::sort(Parts.begin(), Parts.end(),
            [](const Contribution &A, const Contribution &B) {
              return A.PerSecond > B.PerSecond;
            });
  std::string Out;
  for (std::size_t I = 0; I < Parts.size() && I < 3; ++I)
    Out += (I ? ", " : "") + Parts[I].What + " " +
           formatFigure(Parts[I].PerSecond) + Unit;
  if (Parts.size() > 3)
    Out += ", ...";
  return Out;
}

} // namespace

void checkAccountThroughput(const SchemaContext &C, FindingSink &Sink) {
  for (const Account &A : C.S.Accounts) {
    const double Target = A.EntitiesPerSecond
                              ? *A.EntitiesPerSecond
                              : C.Options.AccountEntitiesPerSecond;
    const double IngressGbps =
        A.IngressGbps ? *A.IngressGbps : C.Options.AccountIngressGbps;
    const double EgressGbps =
        A.EgressGbps ? *A.EgressGbps : C.Options.AccountEgressGbps;
    double Entities = 0, Ingress = 0, Egress = 0;
    std::vector<Contribution> ByOperation, ByIngress, ByEgress;
    // A write mirrored into several tables (an index table) is named with
    // its table, so the list does not show one name twice.
    std::map<std::string, unsigned> WriteTables;
    for (const TableAnalysis &TA : C.Tables)
      if (TA.T->Account == A.Name)
        for (const OperationLoad &L : TA.Writes)
          ++WriteTables[L.Name];
    for (const TableAnalysis &TA : C.Tables) {
      if (TA.T->Account != A.Name)
        continue;
      for (const OperationLoad &L : TA.Writes) {
        const std::string Name =
            "'" + L.Name + "'" +
            (WriteTables[L.Name] > 1 ? " (table '" + TA.T->Name + "')"
                                     : std::string());
        Entities += L.Rate;
        ByOperation.push_back({L.Rate, Name + " writes"});
        const double Bits = L.Rate * TA.Entity.PayloadBytes * 8;
        Ingress += Bits;
        ByIngress.push_back({Bits / 1e9, Name});
      }
      for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
        const QueryAnalysis &Q = TA.Queries[I];
        // A latest-N read on a key that sorts oldest first reads its whole
        // partition today: the account serves that, not the top-N read
        // the key-design checks judge (the read the log tail would make).
        // A whole partition read by a PartitionKey equality alone, and a
        // partition scan, count here as the partition an execution reads
        // on average (Load.AccountEntitiesPerSecond), not the busiest.
        std::optional<double> Scans = Q.Load.AccountEntitiesPerSecond;
        if (Q.AllForNewest)
          Scans = Q.Load.Rate * Q.AccountAllForNewest.value_or(*Q.AllForNewest);
        else if (!Scans && Q.WholePartitionReads)
          Scans = Q.Load.Rate * *Q.WholePartitionReads;
        if (Scans) {
          Entities += *Scans;
          ByOperation.push_back({*Scans, "'" + Q.Load.Name + "' scans"});
        }
        if (Q.Returned) {
          const Query &Decl = TA.T->Queries[I];
          const EntitySize Size =
              entitySize(*TA.T, Decl.HasSelect ? &Decl.Select : nullptr);
          // The account returns at most what it scans for the query (a
          // whole-partition read returns the partition an execution reads
          // on average, not the busiest one the key checks judge).
          double Returned = Q.Load.Rate * *Q.Returned;
          // A partition scan returns its share of what it reads: of the
          // partition an execution reads on average, as the scans above
          // count it, not of the busiest (a zipf tenant's 17.9% against
          // 4.8% on average gave 3.7x the egress).
          if (Q.AccountScanned && Q.Scanned && *Q.Scanned > 0 &&
              *Q.AccountScanned < *Q.Scanned && !Q.ReturnedIsBound)
            Returned *= *Q.AccountScanned / *Q.Scanned;
          if (Scans)
            Returned = std::min(Returned, *Scans);
          const double Bits = Returned * Size.PayloadBytes * 8;
          Egress += Bits;
          ByEgress.push_back({Bits / 1e9, "'" + Q.Load.Name + "'"});
        }
      }
    }
    if (Entities > Target)
      Sink.report(A.Path, A.Pos,
                  "account '" + A.Name + "' takes " + formatFigure(Entities) +
                      " entities/s from the declared writes and query scans (" +
                      largest(ByOperation, "/s") + "), over its target of " +
                      formatFigure(Target) +
                      "/s: spread the tables or their partitions over more "
                      "accounts");
    if (Ingress / 1e9 > IngressGbps)
      Sink.report(A.Path, A.Pos,
                  "account '" + A.Name + "' receives at least " +
                      formatFigure(Ingress / 1e9) + " Gbit/s of writes (" +
                      largest(ByIngress, " Gbit/s") +
                      "), over its ingress target of " +
                      formatFigure(IngressGbps) + " Gbit/s");
    if (Egress / 1e9 > EgressGbps)
      Sink.report(
          A.Path, A.Pos,
          "account '" + A.Name + "' returns at least " +
              formatFigure(Egress / 1e9) + " Gbit/s of query results (" +
              largest(ByEgress, " Gbit/s") + "), over its egress target of " +
              formatFigure(EgressGbps) + " Gbit/s");
  }
}

} // namespace tablelint::schema
