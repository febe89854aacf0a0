// Filter engine throughput: parsing, classification and evaluation of
// realistic filters, next to a baseline that only scans the same bytes for
// token boundaries (the least any parser must do), so the figure to report
// is the ratio parse/baseline rather than a machine-dependent time.
#include "core/Filter.h"
#include "core/FilterEval.h"
#include "core/QueryScope.h"

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace {

using namespace tablelint;

const std::vector<std::string> &filters() {
  static const std::vector<std::string> F = {
      "PartitionKey eq 'device-0042' and RowKey eq '20240101T120000'",
      "PartitionKey eq '2024-05-01' and RowKey ge 'dev_17_' and RowKey lt "
      "'dev_17`'",
      "Status eq 'open' and Priority gt 3 and Created ge "
      "datetime'2024-01-01T00:00:00Z'",
      "(PartitionKey eq 'a' and RowKey eq '1') or (PartitionKey eq 'b' and "
      "RowKey eq '2') or (PartitionKey eq 'c' and RowKey eq '3')",
      "PartitionKey eq 'tenant-7' and (Kind eq 'invoice' or Kind eq 'credit') "
      "and Amount ge 100.25 and not IsArchived",
  };
  return F;
}

// Baseline: one pass over the bytes counting token starts.
void BM_TokenScanBaseline(benchmark::State &State) {
  std::size_t Bytes = 0;
  for (auto _ : State) {
    for (const std::string &S : filters()) {
      unsigned Tokens = 0;
      bool InWord = false;
      for (char C : S) {
        const bool Word = C != ' ' && C != '(' && C != ')';
        Tokens += Word && !InWord;
        InWord = Word;
      }
      benchmark::DoNotOptimize(Tokens);
      Bytes += S.size();
    }
  }
  State.SetItemsProcessed(State.iterations() * filters().size());
  State.SetBytesProcessed(static_cast<int64_t>(Bytes));
}
BENCHMARK(BM_TokenScanBaseline);

void BM_Parse(benchmark::State &State) {
  std::size_t Bytes = 0;
  for (auto _ : State) {
    for (const std::string &S : filters()) {
      FilterParseResult R = parseFilter(S);
      benchmark::DoNotOptimize(R);
      Bytes += S.size();
    }
  }
  State.SetItemsProcessed(State.iterations() * filters().size());
  State.SetBytesProcessed(static_cast<int64_t>(Bytes));
}
BENCHMARK(BM_Parse);

void BM_ParseAndClassify(benchmark::State &State) {
  for (auto _ : State) {
    for (const std::string &S : filters()) {
      FilterParseResult R = parseFilter(S);
      QueryScope Q = classifyFilter(R.filter());
      benchmark::DoNotOptimize(Q);
    }
  }
  State.SetItemsProcessed(State.iterations() * filters().size());
}
BENCHMARK(BM_ParseAndClassify);

class MapEntity final : public EntityView {
public:
  std::map<std::string, EdmValue, std::less<>> Props;
  const EdmValue *property(std::string_view Name) const override {
    auto It = Props.find(Name);
    return It == Props.end() ? nullptr : &It->second;
  }
};

void BM_Evaluate(benchmark::State &State) {
  std::vector<Filter> Parsed;
  for (const std::string &S : filters())
    Parsed.push_back(parseFilter(S).filter());
  MapEntity E;
  E.Props["PartitionKey"] = EdmValue::string("tenant-7");
  E.Props["RowKey"] = EdmValue::string("1");
  E.Props["Status"] = EdmValue::string("open");
  E.Props["Priority"] = EdmValue::int32(4);
  E.Props["Kind"] = EdmValue::string("credit");
  E.Props["Amount"] = EdmValue::real(250.5);
  E.Props["IsArchived"] = EdmValue::boolean(false);
  for (auto _ : State)
    for (const Filter &F : Parsed)
      benchmark::DoNotOptimize(evaluateFilter(F, E));
  State.SetItemsProcessed(State.iterations() * Parsed.size());
}
BENCHMARK(BM_Evaluate);

} // namespace

BENCHMARK_MAIN();
