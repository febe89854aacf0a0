// Schemas built in code for the replay tests: the telemetry table of the
// checklist (date partition key, 6,000 inserts/s), its bucketed and indexed
// rewrites, and small helpers to run a replay end to end.
#pragma once

#include "core/schema/Schema.h"
#include "replay/DesignPlan.h"
#include "replay/Report.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tablelint::replay::test {

inline schema::KeyTemplate keyTemplate(const std::string &Text) {
  std::string Error;
  std::optional<schema::KeyTemplate> T = schema::parseKeyTemplate(Text, Error);
  EXPECT_TRUE(T.has_value()) << Text << ": " << Error;
  return T ? *T : schema::KeyTemplate();
}

inline schema::Property property(const std::string &Name, EdmType Type,
                                 std::optional<std::uint64_t> Distinct = {}) {
  schema::Property P;
  P.Name = Name;
  P.Type = Type;
  P.Distinct = Distinct;
  return P;
}

inline schema::Write write(const std::string &Name, double PerSecond,
                           unsigned BatchSize = 1,
                           schema::WriteKind Kind = schema::WriteKind::Insert) {
  schema::Write W;
  W.Name = Name;
  W.Op = Kind;
  W.Frequency.PerSecond = PerSecond;
  W.BatchSize = BatchSize;
  return W;
}

inline schema::Query query(const std::string &Name, const std::string &Filter,
                           double PerSecond) {
  schema::Query Q;
  Q.Name = Name;
  Q.Filter = Filter;
  Q.Frequency.PerSecond = PerSecond;
  return Q;
}

// DeviceReadings: deviceId (10,000 devices), readingTime (the clock),
// temperature, status ('ok' or, rarely, 'failing').
inline schema::Table readingsTable(const std::string &Name,
                                   const std::string &PartitionKey,
                                   const std::string &RowKey,
                                   double FailingShare = 0.001) {
  schema::Table T;
  T.Name = Name;
  T.PartitionKey = keyTemplate(PartitionKey);
  T.RowKey = keyTemplate(RowKey);
  T.Properties.push_back(property("deviceId", EdmType::String, 10000));
  schema::Property Time = property("readingTime", EdmType::DateTime);
  Time.Grows = true;
  T.Properties.push_back(Time);
  T.Properties.push_back(property("temperature", EdmType::Double, 500));
  schema::Property Status = property("status", EdmType::String);
  Status.Values = {"ok", "failing"};
  Status.Weights = {1 - FailingShare, FailingShare};
  T.Properties.push_back(Status);
  return T;
}

// The usual fix: the day key spread over 16 hash buckets of the device.
inline const char *const BucketedDayKey =
    "{deviceId|hash:16}_{readingTime:yyyyMMdd}";

// The telemetry design of the checklist: one partition per day.
inline schema::Schema
telemetrySchema(double InsertsPerSecond,
                const std::string &PartitionKey = "{readingTime:yyyyMMdd}") {
  schema::Schema S;
  S.File = "current.yaml";
  schema::Table T = readingsTable("DeviceReadings", PartitionKey,
                                  "{deviceId}_{readingTime:ticks}");
  T.Writes.push_back(write("ingest-reading", InsertsPerSecond));
  S.Tables.push_back(T);
  return S;
}

struct Replay {
  Workload W;
  std::vector<DesignPlan> Plans;
  std::vector<DesignResult> Results;
  ReplayReport Report;
};

// Short links: one entity per code under its own PartitionKey, 300 new
// links/s, 15,000 point reads/s of zipf(1.2)-hot codes; Entities: the
// table's declared `entities` ("" for none: a new table).
inline std::string hotLinksYaml(const std::string &Entities) {
  return "version: 1\n"
         "accounts: [{name: main, region: eastus}]\n"
         "tables:\n"
         "  - name: Links\n"
         "    account: main\n"
         "    partitionKey: \"{code}\"\n"
         "    rowKey: \"link\"\n" +
         (Entities.empty() ? std::string()
                           : "    entities: " + Entities + "\n") +
         "    properties:\n"
         "      code: {type: string, distinct: 1M, distribution: zipf(1.2)}\n"
         "      url: {type: string, bytes: 100}\n"
         "    writes:\n"
         "      - {name: create, op: insert, rate: 300/s}\n"
         "    queries:\n"
         "      - {name: resolve, filter: \"PartitionKey eq '{code}' and "
         "RowKey eq 'link'\", rate: 15k/s}\n";
}

// One counter row per tenant (5,000 tenants, `entities: 5000`), tenants
// drawn as Distribution says (", distribution: zipf(0.99)", or "" for
// uniform), merged at BumpRate (a rate text) and, with Reads, read by
// point reads at 1000/s; with Deletes, rows deleted at 20/s.
inline std::string countersYaml(const std::string &Distribution,
                                const std::string &BumpRate, bool Reads,
                                bool Deletes) {
  return "version: 1\n"
         "accounts: [{name: prod}]\n"
         "tables:\n"
         "  - name: Counters\n"
         "    account: prod\n"
         "    partitionKey: \"{tenantId}\"\n"
         "    rowKey: \"counter\"\n"
         "    properties:\n"
         "      tenantId: {type: string, distinct: 5000" +
         Distribution +
         "}\n"
         "      unread: {type: int32}\n"
         "    writes:\n"
         "      - {name: bump, op: merge, rate: " +
         BumpRate + ", properties: [unread]}\n" +
         std::string(Deletes ? "      - {name: close, op: delete, rate: 20/s}\n"
                             : "") +
         std::string(Reads ? "    queries:\n"
                             "      - {name: read-counter, filter: "
                             "\"PartitionKey eq '{tenantId}' and RowKey eq "
                             "'counter'\", rate: 1000/s}\n"
                           : "") +
         "    entities: 5000\n";
}

// Generates the workload from the first schema and runs every schema.
inline void runReplay(Replay &R,
                      const std::vector<const schema::Schema *> &Designs,
                      const WorkloadOptions &WO, const ReplayOptions &RO = {}) {
  std::vector<InputError> Errors;
  R.W = buildWorkloadModel(*Designs[0], Errors);
  generateEvents(R.W, WO);
  const char *Labels[] = {"current", "suggested", "third"};
  for (std::size_t I = 0; I < Designs.size(); ++I)
    R.Plans.push_back(planDesign(R.W, *Designs[I], Labels[I % 3], Errors));
  for (const InputError &E : Errors)
    ADD_FAILURE() << E.str();
  ReplayOptions Options = RO;
  Options.Seed = WO.Seed;
  for (const DesignPlan &P : R.Plans)
    R.Results.push_back(simulateDesign(R.W, P, Options));
  R.Report.Workload = WO;
  R.Report.Options = Options;
  R.Report.Events = R.W.Events.size();
  R.Report.Designs = R.Results;
}

// The figures of the operation named Name.
inline const OpResult &op(const DesignResult &D, const std::string &Name) {
  for (const OpResult &Op : D.Ops)
    if (Op.Name == Name)
      return Op;
  ADD_FAILURE() << "no op " << Name;
  return D.Ops.front();
}

// Throttled share of requests sent in [From, To) seconds.
inline double throttledShare(const DesignResult &D, double From, double To) {
  std::uint64_t Requests = 0, Throttled = 0;
  for (std::size_t I = 0; I < D.Timeline.size(); ++I) {
    const double T = static_cast<double>(I) * D.BucketSeconds;
    if (T >= From && T < To) {
      Requests += D.Timeline[I].Requests;
      Throttled += D.Timeline[I].Throttled;
    }
  }
  return Requests
             ? static_cast<double>(Throttled) / static_cast<double>(Requests)
             : 0;
}

// Logical operations completed per second in [From, To) seconds.
inline double completedRate(const DesignResult &D, double From, double To) {
  std::uint64_t Completed = 0;
  for (std::size_t I = 0; I < D.Timeline.size(); ++I) {
    const double T = static_cast<double>(I) * D.BucketSeconds;
    if (T >= From && T < To)
      Completed += D.Timeline[I].Completed;
  }
  return static_cast<double>(Completed) / (To - From);
}

} // namespace tablelint::replay::test
