// Schema check throughput on a generated schema with thousands of tables,
// next to loading the same text (the baseline: a lint of a schema file
// always loads it first), so the figure to report is the ratio checks/load.
// Also measured: a whole lint (load, checks, suppressions) and `suggest`.
#include "checks/schema/SchemaLint.h"
#include "checks/schema/SuggestDesign.h"
#include "core/schema/SchemaLoader.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace tablelint::schema;

constexpr unsigned Tables = 3000;

// Four designs in turn, so most rules have work and many fire: a time-based
// key with single writes and an unprojected query; a zipf-skewed tenant key
// with a lookup by a non-key property; a good bucketed design; a constant
// key with a series query.
std::string table(unsigned I) {
  const std::string N = std::to_string(I);
  const std::string Head =
      "  - name: T" + N + "\n    account: acct" + std::to_string(I % 50) + "\n";
  switch (I % 4) {
  case 0:
    return Head +
           "    partitionKey: \"{readingTime:yyyyMMdd}\"\n"
           "    rowKey: \"{deviceId}_{readingTime:HHmmssfff}\"\n"
           "    retention: 30d\n"
           "    properties:\n"
           "      deviceId: {type: string, distinct: 50k, distribution: "
           "zipf(0.99)}\n"
           "      readingTime: {type: datetime, grows: true}\n"
           "      status: {type: string, values: [ok, warn, fail], weights: "
           "[0.97, 0.02, 0.01]}\n"
           "      temperature: {type: double}\n"
           "      payload: {type: binary, bytes: 800}\n"
           "    writes:\n"
           "      - {name: ingest, client: ingest, op: insert, rate: 6000/s}\n"
           "    queries:\n"
           "      - {name: device-day, client: api, filter: \"PartitionKey eq "
           "'{readingTime:yyyyMMdd}' and RowKey ge '{deviceId}_'\", uses: "
           "[temperature], expectedRows: 50, rate: 20/s}\n"
           "      - {name: failing, client: api, filter: \"status eq 'fail'\", "
           "rate: 2/s}\n";
  case 1:
    return Head +
           "    partitionKey: \"{tenantId}\"\n"
           "    rowKey: \"{orderId}\"\n"
           "    entities: 20M\n"
           "    properties:\n"
           "      tenantId: {type: string, distinct: 500, distribution: "
           "zipf(0.99)}\n"
           "      orderId: {type: guid}\n"
           "      email: {type: string, distinct: 2M, bytes: 24}\n"
           "      total: {type: double}\n"
           "    writes:\n"
           "      - {name: place, client: ingest, op: insert, rate: 15000/s}\n"
           "    queries:\n"
           "      - {name: by-email, client: api, filter: \"email eq "
           "'{email}'\", "
           "rate: 30/s}\n"
           "      - {name: open, client: api, filter: \"PartitionKey eq "
           "'{tenantId}' and total gt 100.0\", rate: 5/s}\n";
  case 2:
    return Head +
           "    partitionKey: \"{deviceId|hash:16}_{readingTime:yyyyMMdd}\"\n"
           "    rowKey: \"{deviceId}_{readingTime:HHmmssfff}\"\n"
           "    retention: 90d\n"
           "    properties:\n"
           "      deviceId: {type: string, distinct: 50k}\n"
           "      readingTime: {type: datetime, grows: true}\n"
           "      temperature: {type: double}\n"
           "    writes:\n"
           "      - {name: ingest, client: ingest, op: insert, rate: 6000/s, "
           "batch: 100}\n"
           "    queries:\n"
           "      - {name: device-day, client: api, filter: \"PartitionKey eq "
           "'{deviceId|hash:16}_{readingTime:yyyyMMdd}' and RowKey ge "
           "'{deviceId}_' and RowKey lt '{deviceId}`'\", select: "
           "[temperature], "
           "rate: 20/s}\n";
  default:
    return Head +
           "    partitionKey: \"{hostId}\"\n"
           "    rowKey: \"{sampleTime:yyyyMMddHH}\"\n"
           "    properties:\n"
           "      hostId: {type: string, distinct: 5000}\n"
           "      sampleTime: {type: datetime, grows: true}\n"
           "      cpuPercent: {type: double}\n"
           "    writes:\n"
           "      - {name: record-hour, client: ingest, op: insert, rate: "
           "2/s}\n"
           "    queries:\n"
           "      - {name: last-day, client: api, filter: \"PartitionKey eq "
           "'{hostId}' and RowKey ge '{sampleTime:yyyyMMddHH}'\", "
           "expectedRows: "
           "24, rate: 40/s}\n";
  }
}

const std::string &schemaText() {
  static const std::string Text = [] {
    std::string S = "version: 1\naccounts:\n";
    for (unsigned A = 0; A < 50; ++A)
      S += "  - {name: acct" + std::to_string(A) +
           ", region: westeurope, targets: {entitiesPerSecond: 1000000}}\n";
    S += "clients:\n"
         "  - {name: ingest, kind: service, region: westeurope, "
         "retry: {policy: constant, baseDelay: 100ms, maxRetries: 5}}\n"
         "  - {name: api, kind: service, region: westeurope, auth: sas}\n"
         "tables:\n";
    for (unsigned I = 0; I < Tables; ++I)
      S += table(I);
    return S;
  }();
  return Text;
}

const Schema &loaded() {
  static const Schema S = [] {
    SchemaLoad L = loadSchemaText(schemaText(), "bench.yaml");
    return std::move(L.Value);
  }();
  return S;
}

void report(benchmark::State &State) {
  State.SetItemsProcessed(static_cast<std::int64_t>(State.iterations()) *
                          Tables);
  State.counters["tables"] = Tables;
}

void BM_LoadBaseline(benchmark::State &State) {
  for (auto _ : State) {
    SchemaLoad L = loadSchemaText(schemaText(), "bench.yaml");
    if (!L.ok())
      State.SkipWithError(L.Errors[0].str().c_str());
    benchmark::DoNotOptimize(L);
  }
  report(State);
}

void BM_RunSchemaChecks(benchmark::State &State) {
  const SchemaCheckOptions O = defaultSchemaCheckOptions();
  std::size_t Findings = 0;
  for (auto _ : State) {
    std::vector<tablelint::Finding> F = runSchemaChecks(loaded(), O);
    Findings = F.size();
    benchmark::DoNotOptimize(F);
  }
  report(State);
  State.counters["findings"] = static_cast<double>(Findings);
}

void BM_LintSchemaText(benchmark::State &State) {
  const SchemaCheckOptions O = defaultSchemaCheckOptions();
  for (auto _ : State) {
    SchemaLintResult R = lintSchemaText(schemaText(), "bench.yaml", O);
    benchmark::DoNotOptimize(R);
  }
  report(State);
}

void BM_SuggestDesign(benchmark::State &State) {
  const SchemaCheckOptions O = defaultSchemaCheckOptions();
  std::size_t Changes = 0;
  for (auto _ : State) {
    SuggestResult R = suggestDesign(loaded(), O);
    Changes = R.Changes.size();
    benchmark::DoNotOptimize(R);
  }
  report(State);
  State.counters["changes"] = static_cast<double>(Changes);
}

BENCHMARK(BM_LoadBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunSchemaChecks)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LintSchemaText)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SuggestDesign)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
