// Schema loader throughput on a generated schema with thousands of tables,
// next to yaml-cpp's bare parse of the same text (the baseline: the loader
// cannot be faster than the parser it builds on), so the figure to report is
// the ratio load/parse. The writer is measured on the loaded model.
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaWriter.h"

#include <benchmark/benchmark.h>
#include <yaml-cpp/yaml.h>

#include <string>

namespace {

using namespace tablelint::schema;

constexpr unsigned Tables = 3000;

// A realistic table: keys from templates, five properties with
// distributions, writes with clients and batches, three queries with filter
// templates, a transaction, a note and a suppression.
std::string table(unsigned I) {
  const std::string N = std::to_string(I);
  return "  # Readings of fleet " + N +
         ".\n"
         "  - name: Readings" +
         N +
         "\n"
         "    account: acct" +
         std::to_string(I % 50) +
         "\n"
         "    partitionKey: \"{deviceId|hash:16}_{readingTime:yyyyMMdd}\"\n"
         "    rowKey: \"{deviceId}_{readingTime:HHmmssfff}\"\n"
         "    properties:\n"
         "      deviceId: {type: string, distinct: 50k, distribution: "
         "zipf(0.99)}\n"
         "      readingTime: {type: datetime, grows: true}\n"
         "      status: {type: string, values: [ok, warn, fail], weights: "
         "[0.97, 0.02, 0.01]}\n"
         "      temperature: {type: double}\n"
         "      payload: {type: binary, bytes: 800}\n"
         "    writes:\n"
         "      - {name: ingest, client: ingest, op: insert, rate: 6000/s, "
         "batch: 50}\n"
         "      - {name: mark, client: api, op: merge, rate: 20/min, "
         "properties: [status]}\n"
         "    queries:\n"
         "      - {name: device-day, client: api, filter: \"PartitionKey eq "
         "'{deviceId|hash:16}_{readingTime:yyyyMMdd}' and RowKey ge "
         "'{deviceId}_'\", "
         "select: [temperature], rate: 20/s}\n"
         "      # tablelint: ignore[table-scan] nightly report\n"
         "      - {name: failing, client: api, filter: \"status eq 'fail' and "
         "temperature gt 80.5\", rate: 2/s}\n"
         "      - {name: recent, client: api, filter: \"PartitionKey eq "
         "'{deviceId|hash:16}_{readingTime:yyyyMMdd}' and readingTime ge "
         "datetime'{readingTime}'\", rate: 1.5k/h}\n"
         "    transactions:\n"
         "      - {name: both, writes: [ingest, mark]}\n"
         "    retention: 90d\n";
}

const std::string &schemaText() {
  static const std::string Text = [] {
    std::string S = "version: 1\naccounts:\n";
    for (unsigned A = 0; A < 50; ++A)
      S += "  - {name: acct" + std::to_string(A) + ", region: westeurope}\n";
    S += "clients:\n"
         "  - {name: ingest, kind: service, region: westeurope, "
         "maxConcurrency: 64}\n"
         "  - {name: api, kind: service, region: westeurope, auth: sas}\n"
         "tables:\n";
    for (unsigned I = 0; I < Tables; ++I)
      S += table(I);
    return S;
  }();
  return Text;
}

void report(benchmark::State &State) {
  State.SetItemsProcessed(static_cast<std::int64_t>(State.iterations()) *
                          Tables);
  State.SetBytesProcessed(static_cast<std::int64_t>(State.iterations()) *
                          static_cast<std::int64_t>(schemaText().size()));
  State.counters["tables"] = Tables;
}

void BM_YamlCppParseBaseline(benchmark::State &State) {
  for (auto _ : State) {
    YAML::Node Root = YAML::Load(schemaText());
    benchmark::DoNotOptimize(Root);
  }
  report(State);
}

void BM_LoadSchema(benchmark::State &State) {
  for (auto _ : State) {
    SchemaLoad L = loadSchemaText(schemaText(), "bench.yaml");
    if (!L.ok())
      State.SkipWithError(L.Errors[0].str().c_str());
    benchmark::DoNotOptimize(L);
  }
  report(State);
}

void BM_WriteSchema(benchmark::State &State) {
  const SchemaLoad L = loadSchemaText(schemaText(), "bench.yaml");
  for (auto _ : State) {
    std::string Yaml = writeSchemaYaml(L.Value);
    benchmark::DoNotOptimize(Yaml);
  }
  report(State);
}

BENCHMARK(BM_YamlCppParseBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadSchema)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WriteSchema)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
