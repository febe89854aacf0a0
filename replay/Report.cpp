// Formatting the replay report: the text table and JSON (the HTML page is
// ReportHtml.cpp).
#include "replay/Report.h"
#include "replay/ReportFigures.h"

#include "core/Text.h"
#include "replay/AnswerReport.h"

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <set>

namespace tablelint::replay {

// Shared with the HTML page (ReportHtml.cpp) through ReportFigures.h.
namespace report {

std::string grouped(std::uint64_t N) {
  std::string S = std::to_string(N);
  for (int I = static_cast<int>(S.size()) - 3; I > 0; I -= 3)
    S.insert(static_cast<std::size_t>(I), ",");
  return S;
}

std::string fixed(double V, int Digits) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

std::vector<std::string> labels(const ReplayReport &R) {
  std::vector<std::string> Out;
  for (const DesignResult &D : R.Designs)
    Out.push_back(D.Label);
  return Out;
}

std::string millis(double Seconds) { return fixed(Seconds * 1000, 1); }

std::string money(double V) { return "$" + fixed(V, V < 1 ? 4 : 2); }

std::string perMillionCompleted(const DesignResult &D) {
  const double Cost = costPerCompleted(D);
  return std::isfinite(Cost) ? money(Cost * 1e6) : "-";
}

double throughput(const DesignResult &D, const ReplayReport &R) {
  return static_cast<double>(D.Completed) /
         std::max(R.Workload.DurationSeconds, 1e-9);
}

std::string ratio(const DesignResult &D) {
  if (!D.EntitiesReturned)
    return D.EntitiesScanned ? "none returned" : "-";
  return fixed(D.ScannedPerReturned, 1);
}

namespace {

const char *statusName(int Status) {
  switch (Status) {
  case StatusBadRequest:
    return "bad request";
  case StatusNotFound:
    return "not found";
  case StatusConflict:
    return "conflict";
  case StatusTooLarge:
    return "too large";
  default:
    return "client error";
  }
}

// The 4xx answers by operation and status, a row for each pair any design
// met ("  purge: 404 not found"), in operation order.
std::vector<Row> clientErrorRows(const ReplayReport &R) {
  std::vector<Row> Out;
  if (R.Designs.empty())
    return Out;
  for (std::size_t I = 0; I < R.Designs[0].Ops.size(); ++I) {
    std::set<int> Statuses;
    for (const DesignResult &D : R.Designs)
      for (const auto &[Status, Count] : D.Ops[I].ClientErrors)
        Statuses.insert(Status);
    for (const int Status : Statuses)
      Out.push_back({"  " + R.Designs[0].Ops[I].Name + ": " +
                         std::to_string(Status) + " " + statusName(Status),
                     [I, Status](const DesignResult &D) {
                       auto It = D.Ops[I].ClientErrors.find(Status);
                       return grouped(It == D.Ops[I].ClientErrors.end()
                                          ? 0
                                          : It->second);
                     }});
  }
  return Out;
}

} // namespace

// One line per figure, the designs side by side (Row: ReportFigures.h).
// The 4xx by operation and status, and the operations not sent, only when
// a design has any.
std::vector<Row> summaryRows(const ReplayReport &R) {
  std::vector<Row> Rows = {
      {"design file", [](const DesignResult &D) { return D.File; }},
      {"operations issued",
       [](const DesignResult &D) { return grouped(D.Issued); }},
      {"operations completed",
       [](const DesignResult &D) { return grouped(D.Completed); }},
      {"operations failed",
       [](const DesignResult &D) { return grouped(D.Failed); }},
      {"throughput (completed ops/s)",
       [&R](const DesignResult &D) { return fixed(throughput(D, R), 1); }},
      {"simulated: workload + drain",
       [&R](const DesignResult &D) {
         return fixed(R.Workload.DurationSeconds, 0) + " s + " +
                fixed(std::max(0.0, D.SimulatedSeconds -
                                        R.Workload.DurationSeconds),
                      0) +
                " s";
       }},
      {"requests (round trips)",
       [](const DesignResult &D) { return grouped(D.Requests); }},
      {"throttled (503/500)",
       [](const DesignResult &D) {
         return grouped(D.Throttled) + " (" + fixed(D.ThrottledPercent, 1) +
                "%)";
       }},
      {"throttled: key/range/acct/split",
       [](const DesignResult &D) {
         auto N = [&D](ThrottleCause C) {
           return grouped(D.ThrottledBy[static_cast<std::size_t>(C)]);
         };
         return N(ThrottleCause::PartitionKey) + " / " +
                N(ThrottleCause::Range) + " / " + N(ThrottleCause::Account) +
                " / " + N(ThrottleCause::Offline);
       }},
      {"throttled, last tenth of the run",
       [](const DesignResult &D) {
         return fixed(D.LateThrottledPercent, 1) + "%";
       }},
      {"client errors (4xx)",
       [](const DesignResult &D) { return grouped(D.ClientErrors); }},
      {"retries", [](const DesignResult &D) { return grouped(D.Retries); }},
      {"latency p50 / p95 / p99 (ms)",
       [](const DesignResult &D) {
         // Latencies are of completed operations: none, none to show.
         if (!D.Completed)
           return std::string("- / - / -");
         return millis(D.P50) + " / " + millis(D.P95) + " / " + millis(D.P99);
       }},
      {"entities written",
       [](const DesignResult &D) { return grouped(D.EntitiesWritten); }},
      {"entities scanned / returned",
       [](const DesignResult &D) {
         return grouped(D.EntitiesScanned) + " / " +
                grouped(D.EntitiesReturned);
       }},
      {"scanned per returned", [](const DesignResult &D) { return ratio(D); }},
      {"query pages",
       [](const DesignResult &D) { return grouped(D.QueryPages); }},
      {"billable transactions",
       [](const DesignResult &D) { return grouped(D.BillableTransactions); }},
      {"payload bytes sent / received",
       [](const DesignResult &D) {
         return grouped(D.RequestBytes) + " / " + grouped(D.ResponseBytes);
       }},
      {"estimated cost (run / 30 days)",
       [](const DesignResult &D) {
         return money(D.Cost) + " / " + money(D.CostPerMonth);
       }},
      {"cost per million completed ops", perMillionCompleted},
      {"range partition splits",
       [](const DesignResult &D) { return grouped(D.Splits.size()); }},
  };
  auto After = [&Rows](const char *Label) {
    return std::find_if(Rows.begin(), Rows.end(),
                        [Label](const Row &Line) {
                          return Line.Label == Label;
                        }) +
           1;
  };
  std::vector<Row> ByOperation = clientErrorRows(R);
  Rows.insert(After("client errors (4xx)"), ByOperation.begin(),
              ByOperation.end());
  if (std::any_of(R.Designs.begin(), R.Designs.end(),
                  [](const DesignResult &D) { return D.NotSent > 0; }))
    Rows.insert(After("operations failed"),
                {"operations not sent",
                 [](const DesignResult &D) { return grouped(D.NotSent); }});
  return Rows;
}

std::string pad(const std::string &S, std::size_t Width) {
  return S.size() >= Width ? S + " " : S + std::string(Width - S.size(), ' ');
}

std::string header(const ReplayReport &R) {
  std::string Out =
      "tablelint replay: " + fixed(R.Workload.DurationSeconds, 0) +
      " s of workload";
  if (R.Workload.RampUpSeconds > 0)
    Out += " (ramp-up " + fixed(R.Workload.RampUpSeconds, 0) + " s)";
  Out += ", " + grouped(R.Events) + " operations, ";
  Out += R.TraceFile.empty() ? "seed " + std::to_string(R.Workload.Seed)
                             : "trace " + R.TraceFile;
  return Out;
}

namespace {

// The share of its issued operations a design completed, in percent.
double completedPercent(const DesignResult &D) {
  return D.Issued ? 100.0 * static_cast<double>(D.Completed) /
                        static_cast<double>(D.Issued)
                  : 0;
}

// A design that completes under half of what it issues fails most of its
// operations: a relative change of its completions ("34% more") then says
// more about how little it completes than about the designs.
constexpr double MostOperationsPercent = 50;

// "completes 12% more operations than the current design (...)" or, when
// both designs fail most operations, which of them fails fewer, with the
// share each completes.
std::string completedComparison(const DesignResult &A, const DesignResult &B,
                                const std::string &Seconds) {
  const double CA = static_cast<double>(A.Completed);
  const double CB = static_cast<double>(B.Completed);
  const double PA = completedPercent(A), PB = completedPercent(B);
  if (A.Issued && B.Issued && PA < MostOperationsPercent &&
      PB < MostOperationsPercent)
    return "Both designs fail most operations; the " + B.Label +
           " design fails " +
           (PB == PA ? std::string("as many as")
                     : PB > PA ? "fewer" : "more") +
           " (it completes " + fixed(PB, 1) + "% of its " + grouped(B.Issued) +
           " operations, the " + A.Label + " design " + fixed(PA, 1) +
           "% of its " + grouped(A.Issued) + " in " + Seconds + ")";
  std::string Out = "The " + B.Label + " design completes ";
  if (A.Completed == 0)
    return Out + grouped(B.Completed) + " operations where the " + A.Label +
           " design completes none";
  if (A.Completed == B.Completed)
    return Out + "as many operations as the " + A.Label + " design (" +
           grouped(B.Completed) + ")";
  return Out + fixed(std::fabs(CB - CA) / CA * 100, 0) + "%" +
         (CB > CA ? " more" : " fewer") + " operations than the " + A.Label +
         " design (" + grouped(B.Completed) + " against " +
         grouped(A.Completed) + " in " + Seconds + ")";
}

} // namespace

std::string verdict(const ReplayReport &R) {
  if (R.Designs.empty())
    return "No design was replayed.";
  const DesignResult &A = R.Designs[0];
  const std::string Seconds = fixed(R.Workload.DurationSeconds, 0) + " s";
  auto Steady = [](const DesignResult &D) {
    return fixed(D.LateThrottledPercent, 1) + "%";
  };
  if (R.Designs.size() == 1)
    return "The " + A.Label + " design completes " + grouped(A.Completed) +
           " of " + grouped(A.Issued) + " operations in " + Seconds + " (" +
           fixed(throughput(A, R), 0) + " per second); " + Steady(A) +
           " of its requests are throttled in steady state (the last tenth of "
           "the run).";
  const DesignResult &B = R.Designs[1];
  std::string Out = completedComparison(A, B, Seconds);
  Out += "; in steady state (the last tenth of the run) " + Steady(B) +
         " of its requests are throttled, against " + Steady(A) + " for the " +
         A.Label + " design.";
  // What the designs pay for what they serve: the monthly bill of a
  // throttled design is low because its throttled requests are not billed.
  if (std::isfinite(costPerCompleted(A)) && std::isfinite(costPerCompleted(B)))
    Out += " Per million completed operations it pays " +
           perMillionCompleted(B) + ", against " + perMillionCompleted(A) +
           " for the " + A.Label +
           " design (30 days at this rate: " + money(B.CostPerMonth) +
           " against " + money(A.CostPerMonth) + ").";
  for (const DesignResult &D : {std::cref(A), std::cref(B)})
    if (D.Failed)
      Out += " " + grouped(D.Failed) + " operations of the " + D.Label +
             " design fail even after their retries.";
  return Out;
}

// What the live run cannot show: the emulator does not model them.
const char *const LiveNotMeasured =
    "the live run does not measure entities scanned or latency under load, "
    "and counts throttling only as the endpoint answered it (Azurite never "
    "throttles; the simulated figures above stand for those)";

} // namespace report

using namespace report;

namespace {

std::string liveText(const LiveRun &L) {
  std::string Out = "\nlive run on " + L.Endpoint + ": " + grouped(L.Writes) +
                    " writes and " + grouped(L.Queries) + " queries of the " +
                    grouped(L.SourceOperations) +
                    " operations, in time order\n";
  for (const LiveDesignResult &D : L.Designs) {
    Out += "  " + D.Label + ": " + grouped(D.RoundTrips) + " round trips (" +
           grouped(D.WriteRequests) + " write requests, " +
           grouped(D.QueryRequests) + " query pages), " + grouped(D.BytesSent) +
           " bytes sent, " + grouped(D.BytesReceived) + " bytes received, " +
           grouped(D.EntitiesWritten) + " entities written, " +
           grouped(D.EntitiesReturned) + " returned, " +
           grouped(D.FailedOperations) + " failed\n";
    if (!D.TablesDeleted) {
      Out += "    tables left on the endpoint:";
      for (const std::string &T : D.Tables)
        Out += " " + T;
      Out += "\n";
    }
    Out += "    retries: " + grouped(D.ThrottledRequests) +
           " throttled (503/500 answers), " + grouped(D.RetriedRequests) +
           " retried, " + fixed(D.BackoffSeconds, 1) + " s backing off, " +
           grouped(D.FailedAfterRetries) +
           " operations failed after the last retry";
    if (D.AmbiguousRetries)
      Out += ", " + grouped(D.AmbiguousRetries) +
             " ambiguous (a retried write met 409/404 but its first attempt "
             "had landed: counted as written)";
    Out += "\n";
    if (D.GroupsSplit)
      Out +=
          "    entity groups split: " + grouped(D.GroupsSplit) +
          " (over 100 entities or 4 MiB: one transaction cannot carry them)\n";
    for (const LiveFailure &F : D.Failures)
      Out += "    failed: " + F.Operation + " on " + F.Table + ": " + F.Status +
             " (x" + grouped(F.Count) + ")\n";
  }
  if (L.Designs.size() == 2) {
    Out += "  results: " + grouped(L.QueriesEqual) + " query events equal, " +
           grouped(L.QueriesDifferent) + " different";
    if (L.QueriesSkipped)
      Out += ", " + grouped(L.QueriesSkipped) +
             " not compared (query missing in a design)";
    Out += "\n";
    for (const std::string &C : L.ComparedProperties)
      Out += "  compared properties of " + C + "\n";
    for (const LiveDifference &D : L.Differences) {
      Out += "  different: " + D.Query + " at " + fixed(D.Time, 3) + " s: ";
      for (std::size_t I = 0; I < D.Filters.size(); ++I)
        Out += (I ? "; " : "") + L.Designs[I].Label + " returned " +
               grouped(D.Counts[I]) + " (filter " +
               (D.Filters[I].empty() ? "none" : D.Filters[I]) + ")";
      Out += "; " + D.Detail + "\n";
    }
  } else
    Out += "  results: not compared (one design)\n";
  Out += "  note: ";
  Out += LiveNotMeasured;
  Out += "\n";
  return Out;
}

llvm::json::Object liveJson(const LiveRun &L) {
  llvm::json::Array Designs;
  for (const LiveDesignResult &D : L.Designs) {
    llvm::json::Array Failures, Tables;
    for (const LiveFailure &F : D.Failures)
      Failures.push_back(
          llvm::json::Object{{"operation", F.Operation},
                             {"table", F.Table},
                             {"status", F.Status},
                             {"count", static_cast<std::int64_t>(F.Count)}});
    for (const std::string &T : D.Tables)
      Tables.push_back(T);
    Designs.push_back(llvm::json::Object{
        {"label", D.Label},
        {"tables", std::move(Tables)},
        {"tablesDeleted", D.TablesDeleted},
        {"roundTrips", static_cast<std::int64_t>(D.RoundTrips)},
        {"bytesSent", static_cast<std::int64_t>(D.BytesSent)},
        {"bytesReceived", static_cast<std::int64_t>(D.BytesReceived)},
        {"writeRequests", static_cast<std::int64_t>(D.WriteRequests)},
        {"queryRequests", static_cast<std::int64_t>(D.QueryRequests)},
        {"entitiesWritten", static_cast<std::int64_t>(D.EntitiesWritten)},
        {"entitiesReturned", static_cast<std::int64_t>(D.EntitiesReturned)},
        {"failedOperations", static_cast<std::int64_t>(D.FailedOperations)},
        {"groupsSplit", static_cast<std::int64_t>(D.GroupsSplit)},
        {"throttledRequests", static_cast<std::int64_t>(D.ThrottledRequests)},
        {"retriedRequests", static_cast<std::int64_t>(D.RetriedRequests)},
        {"failedAfterRetries", static_cast<std::int64_t>(D.FailedAfterRetries)},
        {"backoffSeconds", D.BackoffSeconds},
        {"ambiguousRetries", static_cast<std::int64_t>(D.AmbiguousRetries)},
        {"serviceFailures", static_cast<std::int64_t>(D.ServiceFailures)},
        {"failures", std::move(Failures)}});
  }
  llvm::json::Array Differences, Compared;
  for (const LiveDifference &D : L.Differences) {
    llvm::json::Array Filters, Counts;
    for (const std::string &F : D.Filters)
      Filters.push_back(F);
    for (std::uint64_t C : D.Counts)
      Counts.push_back(static_cast<std::int64_t>(C));
    Differences.push_back(llvm::json::Object{{"query", D.Query},
                                             {"time", D.Time},
                                             {"filters", std::move(Filters)},
                                             {"counts", std::move(Counts)},
                                             {"detail", D.Detail}});
  }
  for (const std::string &C : L.ComparedProperties)
    Compared.push_back(C);
  return llvm::json::Object{
      {"endpoint", L.Endpoint},
      {"sourceOperations", static_cast<std::int64_t>(L.SourceOperations)},
      {"writes", static_cast<std::int64_t>(L.Writes)},
      {"queries", static_cast<std::int64_t>(L.Queries)},
      {"maxRetries", L.MaxRetries ? llvm::json::Value(static_cast<std::int64_t>(
                                        *L.MaxRetries))
                                  : llvm::json::Value(nullptr)},
      {"designs", std::move(Designs)},
      {"comparedProperties", std::move(Compared)},
      {"queriesEqual", static_cast<std::int64_t>(L.QueriesEqual)},
      {"queriesDifferent", static_cast<std::int64_t>(L.QueriesDifferent)},
      {"queriesNotCompared", static_cast<std::int64_t>(L.QueriesSkipped)},
      {"resultsAgree", L.agree()},
      {"differences", std::move(Differences)},
      {"notMeasured", LiveNotMeasured}};
}

} // namespace

std::string formatText(const ReplayReport &R) {
  constexpr std::size_t LabelWidth = 32;
  std::size_t ColumnWidth = 30;
  for (const Row &Line : summaryRows(R))
    for (const DesignResult &D : R.Designs)
      ColumnWidth = std::max(ColumnWidth, Line.Value(D).size() + 2);
  std::string Out = header(R) + "\n";
  Out += "simulated service: " +
         fixed(R.Options.Service.PartitionEntitiesPerSecond, 0) +
         " entities/s per PartitionKey, " +
         fixed(R.Options.Service.RangeEntitiesPerSecond, 0) +
         " per range partition (assumed), " +
         fixed(R.Options.Service.AccountEntitiesPerSecond, 0) +
         " per account; tables " +
         (R.Workload.Cold ? "start empty (--cold)"
                          : "of known size (entities, or inserts x "
                            "retention) start populated") +
         "; price $" + fixed(R.Options.PricePer10kTransactions, 5) +
         " per 10,000 transactions (assumed)\n\n";
  Out += pad("", LabelWidth);
  for (const DesignResult &D : R.Designs)
    Out += pad(D.Label, ColumnWidth);
  Out += "\n";
  for (const Row &Line : summaryRows(R)) {
    Out += pad(Line.Label, LabelWidth);
    for (const DesignResult &D : R.Designs)
      Out += pad(Line.Value(D), ColumnWidth);
    Out += "\n";
  }
  if (!R.Designs.empty()) {
    Out += "\nper operation: completed/failed, p99 ms, scanned per returned\n";
    for (std::size_t I = 0; I < R.Designs[0].Ops.size(); ++I) {
      Out += pad("  " + R.Designs[0].Ops[I].Name, LabelWidth);
      for (const DesignResult &D : R.Designs) {
        const OpResult &Op = D.Ops[I];
        std::string Cell = grouped(Op.Completed) + "/" + grouped(Op.Failed) +
                           ", " + (Op.Completed ? millis(Op.P99) : "-");
        if (Op.IsQuery)
          Cell +=
              ", " + (Op.Returned ? fixed(static_cast<double>(Op.Scanned) /
                                              static_cast<double>(Op.Returned),
                                          1)
                                  : std::string("-"));
        Out += pad(Cell, ColumnWidth);
      }
      Out += "\n";
    }
  }
  for (const DesignResult &D : R.Designs) {
    Out += "\n" + D.Label +
           ": hottest partition keys (entities accessed, "
           "throttled requests)\n";
    for (const HotKey &K : D.MostAccessed)
      Out += "  " + K.Table + " '" + K.PartitionKey +
             "': " + grouped(K.Accessed) + ", " + grouped(K.Throttled) + "\n";
    if (!D.MostThrottled.empty()) {
      Out += D.Label + ": most throttled partition keys\n";
      for (const HotKey &K : D.MostThrottled)
        Out += "  " + K.Table + " '" + K.PartitionKey +
               "': " + grouped(K.Throttled) + " throttled\n";
    }
    for (const std::string &Note : D.Notes)
      Out += D.Label + ": note: " + Note + "\n";
  }
  if (R.Answers)
    Out += answerCheckText(*R.Answers, labels(R));
  if (R.Live)
    Out += liveText(*R.Live);
  return Out;
}

namespace {

// Throttled requests by the budget they ran into.
llvm::json::Object throttledByJson(const DesignResult &D) {
  llvm::json::Object Out;
  for (std::size_t C = 1; C < ThrottleCauses; ++C)
    Out[throttleCauseName(static_cast<ThrottleCause>(C))] =
        static_cast<std::int64_t>(D.ThrottledBy[C]);
  return Out;
}

// The service-time model by request type: median and per-entity seconds,
// lognormal sigma (replay/ServiceTime.h).
llvm::json::Object serviceTimesJson(const ServiceTimeModel &M) {
  auto Kind = [](const ServiceTimeModel::Kind &K) {
    return llvm::json::Object{{"medianSeconds", K.MedianSeconds},
                              {"sigma", K.Sigma},
                              {"perEntitySeconds", K.PerEntitySeconds}};
  };
  return llvm::json::Object{{"pointRead", Kind(M.PointRead)},
                            {"write", Kind(M.Write)},
                            {"batch", Kind(M.Batch)},
                            {"queryPage", Kind(M.QueryPage)},
                            {"rejected", Kind(M.Rejected)}};
}

llvm::json::Object designJson(const DesignResult &D, const ReplayReport &R) {
  const double PerCompleted = costPerCompleted(D);
  llvm::json::Array Ops;
  for (const OpResult &Op : D.Ops) {
    llvm::json::Object ByStatus;
    for (const auto &[Status, Count] : Op.ClientErrors)
      ByStatus[std::to_string(Status)] = static_cast<std::int64_t>(Count);
    Ops.push_back(llvm::json::Object{
        {"name", Op.Name},
        {"kind", Op.IsQuery ? "query" : "write"},
        {"issued", static_cast<std::int64_t>(Op.Issued)},
        {"completed", static_cast<std::int64_t>(Op.Completed)},
        {"failed", static_cast<std::int64_t>(Op.Failed)},
        {"notSent", static_cast<std::int64_t>(Op.NotSent)},
        {"clientErrors", std::move(ByStatus)},
        {"latencyMs", llvm::json::Object{{"p50", Op.P50 * 1000},
                                         {"p95", Op.P95 * 1000},
                                         {"p99", Op.P99 * 1000}}},
        {"entitiesScanned", static_cast<std::int64_t>(Op.Scanned)},
        {"entitiesReturned", static_cast<std::int64_t>(Op.Returned)},
        {"pages", static_cast<std::int64_t>(Op.Pages)}});
  }
  auto Keys = [](const std::vector<HotKey> &List) {
    llvm::json::Array A;
    for (const HotKey &K : List)
      A.push_back(llvm::json::Object{
          {"table", K.Table},
          {"partitionKey", K.PartitionKey},
          {"entitiesAccessed", static_cast<std::int64_t>(K.Accessed)},
          {"throttledRequests", static_cast<std::int64_t>(K.Throttled)}});
    return A;
  };
  llvm::json::Array Heat;
  for (const HeatRow &H : D.Heatmap) {
    llvm::json::Array Cells;
    for (std::uint64_t C : H.Cells)
      Cells.push_back(static_cast<std::int64_t>(C));
    Heat.push_back(
        llvm::json::Object{{"table", H.Table},
                           {"firstKey", H.FirstKey},
                           {"lastKey", H.LastKey},
                           {"keys", static_cast<std::int64_t>(H.Keys)},
                           {"cells", std::move(Cells)}});
  }
  llvm::json::Array Completed, Requests, Throttled;
  for (const TimeBucket &B : D.Timeline) {
    Completed.push_back(static_cast<std::int64_t>(B.Completed));
    Requests.push_back(static_cast<std::int64_t>(B.Requests));
    Throttled.push_back(static_cast<std::int64_t>(B.Throttled));
  }
  llvm::json::Array Splits;
  for (const SplitRecord &S : D.Splits)
    Splits.push_back(llvm::json::Object{
        {"time", S.Time}, {"table", S.Table}, {"atPartitionKey", S.AtKey}});
  llvm::json::Array Notes;
  for (const std::string &N : D.Notes)
    Notes.push_back(N);
  return llvm::json::Object{
      {"label", D.Label},
      {"file", D.File},
      {"operationsIssued", static_cast<std::int64_t>(D.Issued)},
      {"operationsCompleted", static_cast<std::int64_t>(D.Completed)},
      {"operationsFailed", static_cast<std::int64_t>(D.Failed)},
      {"throughputPerSecond", throughput(D, R)},
      {"simulatedSeconds", D.SimulatedSeconds},
      {"requests", static_cast<std::int64_t>(D.Requests)},
      {"throttled", static_cast<std::int64_t>(D.Throttled)},
      {"serverBusy", static_cast<std::int64_t>(D.ServerBusy)},
      {"operationTimedOut", static_cast<std::int64_t>(D.TimedOut)},
      {"throttledPercent", D.ThrottledPercent},
      {"throttledBy", throttledByJson(D)},
      {"throttledPercentLastTenth", D.LateThrottledPercent},
      {"clientErrors", static_cast<std::int64_t>(D.ClientErrors)},
      {"notSent", static_cast<std::int64_t>(D.NotSent)},
      {"retries", static_cast<std::int64_t>(D.Retries)},
      {"latencyMs", llvm::json::Object{{"p50", D.P50 * 1000},
                                       {"p95", D.P95 * 1000},
                                       {"p99", D.P99 * 1000},
                                       {"max", D.MaxLatency * 1000}}},
      {"entitiesWritten", static_cast<std::int64_t>(D.EntitiesWritten)},
      {"entitiesScanned", static_cast<std::int64_t>(D.EntitiesScanned)},
      {"entitiesReturned", static_cast<std::int64_t>(D.EntitiesReturned)},
      {"scannedPerReturned", D.ScannedPerReturned},
      {"queryPages", static_cast<std::int64_t>(D.QueryPages)},
      {"billableTransactions",
       static_cast<std::int64_t>(D.BillableTransactions)},
      {"requestBytes", static_cast<std::int64_t>(D.RequestBytes)},
      {"responseBytes", static_cast<std::int64_t>(D.ResponseBytes)},
      {"estimatedCost", D.Cost},
      {"estimatedCostPer30Days", D.CostPerMonth},
      {"costPerMillionCompleted",
       std::isfinite(PerCompleted) ? llvm::json::Value(PerCompleted * 1e6)
                                   : llvm::json::Value(nullptr)},
      {"unfinishedQueries", static_cast<std::int64_t>(D.UnfinishedQueries)},
      {"unfinishedQueryPages",
       static_cast<std::int64_t>(D.UnfinishedQueryPages)},
      {"operations", std::move(Ops)},
      {"mostAccessed", Keys(D.MostAccessed)},
      {"mostThrottled", Keys(D.MostThrottled)},
      {"bucketSeconds", D.BucketSeconds},
      {"heatmap", std::move(Heat)},
      {"timeline", llvm::json::Object{{"completed", std::move(Completed)},
                                      {"requests", std::move(Requests)},
                                      {"throttled", std::move(Throttled)}}},
      {"splits", std::move(Splits)},
      {"notes", std::move(Notes)},
  };
}

llvm::json::Value reportJson(const ReplayReport &R) {
  llvm::json::Array Designs;
  for (const DesignResult &D : R.Designs)
    Designs.push_back(designJson(D, R));
  llvm::json::Object Workload{
      {"durationSeconds", R.Workload.DurationSeconds},
      {"rampUpSeconds", R.Workload.RampUpSeconds},
      {"seed", static_cast<std::int64_t>(R.Workload.Seed)},
      {"operations", static_cast<std::int64_t>(R.Events)}};
  if (!R.TraceFile.empty())
    Workload["trace"] = R.TraceFile;
  const ServiceModel &M = R.Options.Service;
  llvm::json::Object Out{
      {"tool", "tablelint replay"},
      {"workload", std::move(Workload)},
      {"model",
       llvm::json::Object{
           {"partitionEntitiesPerSecond", M.PartitionEntitiesPerSecond},
           {"rangeEntitiesPerSecond", M.RangeEntitiesPerSecond},
           {"coldStart", R.Workload.Cold},
           {"accountEntitiesPerSecond", M.AccountEntitiesPerSecond},
           {"splitDetectionSeconds", M.SplitDetectionSeconds},
           {"splitOfflineSeconds", M.SplitOfflineSeconds},
           {"maxEntitiesPerPage",
            static_cast<std::int64_t>(M.MaxEntitiesPerPage)},
           {"roundTripSeconds", M.Times.RoundTripSeconds},
           {"serviceTimes", serviceTimesJson(M.Times)},
           {"pricePer10kTransactions", R.Options.PricePer10kTransactions},
           {"throttledBillable", R.Options.ThrottledBillable}}},
      {"designs", std::move(Designs)},
  };
  if (R.Answers)
    Out["answers"] = answerCheckJson(*R.Answers);
  if (R.Live)
    Out["live"] = liveJson(*R.Live);
  return Out;
}

} // namespace

std::string formatJson(const ReplayReport &R) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::json::OStream(OS, /*IndentSize=*/2).value(reportJson(R));
  OS << "\n";
  return Out;
}

} // namespace tablelint::replay
