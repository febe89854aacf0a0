// client-bandwidth (checklist 4): a client's declared network bandwidth
// below the bytes its declared writes and query results need. Sizes are
// lower bounds (JSON payload of the declared properties), so a finding is
// certain; undeclared sizes make it quieter, never louder.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkClientBandwidth(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    if (!Cl.BandwidthBitsPerSecond)
      continue;
    double Bits = 0;
    std::string Largest;
    double LargestBits = 0;
    auto Add = [&](double B, const std::string &What) {
      Bits += B;
      if (B > LargestBits) {
        LargestBits = B;
        Largest = What;
      }
    };
    for (const TableAnalysis &TA : C.Tables) {
      for (std::size_t I = 0; I < TA.Writes.size(); ++I)
        if (TA.T->Writes[I].Client == Cl.Name)
          Add(TA.Writes[I].Rate * TA.Entity.PayloadBytes * 8,
              formatFigure(TA.Writes[I].Rate) + " writes/s of '" +
                  TA.Writes[I].Name + "' x at least " +
                  formatFigure(TA.Entity.PayloadBytes) + " bytes");
      for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
        const Query &Q = TA.T->Queries[I];
        const QueryAnalysis &A = TA.Queries[I];
        if (Q.Client != Cl.Name || !A.Returned)
          continue;
        const EntitySize Size =
            entitySize(*TA.T, Q.HasSelect ? &Q.Select : nullptr);
        Add(A.Load.Rate * *A.Returned * Size.PayloadBytes * 8,
            formatFigure(A.Load.Rate) + " queries/s of '" + Q.Name + "' x " +
                formatFigure(*A.Returned) + " rows x at least " +
                formatFigure(Size.PayloadBytes) + " bytes");
      }
    }
    if (Bits <= *Cl.BandwidthBitsPerSecond)
      continue;
    Sink.report(Cl.Path, Cl.Pos,
                "client '" + Cl.Name + "' declares " +
                    formatFigure(*Cl.BandwidthBitsPerSecond / 1e6) +
                    " Mbit/s but its declared traffic needs at least " +
                    formatFigure(Bits / 1e6) + " Mbit/s (largest: " + Largest +
                    "): give it a larger network allowance or spread the "
                    "work over more clients");
  }
}

} // namespace tablelint::schema
