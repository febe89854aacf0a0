// region-mismatch (checklist 6): a client in another region than an account
// it reads or writes.
#include "checks/schema/Checks.h"

#include <set>

namespace tablelint::schema {

void checkRegionMismatch(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    if (Cl.Region.empty())
      continue;
    std::set<std::string> Reported;
    for (const TableAnalysis &TA : C.Tables) {
      if (!TA.Acct || TA.Acct->Region.empty() || TA.Acct->Region == Cl.Region ||
          Reported.count(TA.Acct->Name))
        continue;
      std::string Use;
      for (const Write &W : TA.T->Writes)
        if (W.Client == Cl.Name && Use.empty())
          Use = "write '" + W.Name + "'";
      for (const Query &Q : TA.T->Queries)
        if (Q.Client == Cl.Name && Use.empty())
          Use = "query '" + Q.Name + "'";
      if (Use.empty())
        continue;
      Reported.insert(TA.Acct->Name);
      Sink.report(Cl.Path, Cl.Pos,
                  "client '" + Cl.Name + "' runs in '" + Cl.Region +
                      "' but account '" + TA.Acct->Name + "' is in '" +
                      TA.Acct->Region + "' (" + Use + " on table '" +
                      TA.T->Name +
                      "'): every request crosses regions; " +
                      (Cl.Kind == ClientKind::Service
                           ? std::string("run the client in the account's "
                                         "region")
                           : std::string("its users are in '") + Cl.Region +
                                 "': put the account (or a replica of what "
                                 "they read) in their region"));
    }
  }
}

} // namespace tablelint::schema
