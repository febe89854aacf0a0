// The replay's latency model (replay/ServiceTime.h): a service time per kind
// of request, drawn from the replay's seed, so that p50, p95 and p99 differ
// where a design's requests do.
#include "replay/ServiceTime.h"

#include "core/schema/SchemaLoader.h"
#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace tablelint::replay {
namespace {

using namespace test;

double medianOf(ServiceTime &T, RequestType Type, std::uint64_t Entities) {
  std::vector<double> Draws;
  for (int I = 0; I < 2001; ++I)
    Draws.push_back(T.draw(Type, Entities));
  std::nth_element(Draws.begin(), Draws.begin() + 1000, Draws.end());
  return Draws[1000];
}

TEST(ServiceTime, KindsCompareAsMeasuredAndTheSeedRepeatsThem) {
  const ServiceTimeModel M;
  ServiceTime T(M, 7);
  const double Read = medianOf(T, RequestType::PointRead, 0);
  const double Batch = medianOf(T, RequestType::Batch, 100);
  const double SmallPage = medianOf(T, RequestType::QueryPage, 10);
  const double LargePage = medianOf(T, RequestType::QueryPage, 1000);
  // The round trip plus the median service time, within the sample's noise.
  EXPECT_NEAR(Read, M.RoundTripSeconds + M.PointRead.MedianSeconds, 2e-4);
  EXPECT_GT(Batch, Read + 0.003) << "a batch of 100 writes 100 entities";
  EXPECT_GT(LargePage, SmallPage + 0.003) << "a page pays per entity scanned";

  ServiceTime A(M, 7), B(M, 7), C(M, 8);
  bool Differs = false;
  for (int I = 0; I < 100; ++I) {
    const double X = A.draw(RequestType::Write, 1);
    EXPECT_EQ(X, B.draw(RequestType::Write, 1));
    Differs = Differs || X != C.draw(RequestType::Write, 1);
  }
  EXPECT_TRUE(Differs) << "another seed, other draws";
}

// A shop's order lines, written a whole order per transaction (20 lines),
// read one line at a time, and an export that scans the whole table for a
// SKU: its operations' latencies spread out (p50 < p99), a batch costs more
// than a point read, and a scan's pages of 1,000 entities more than either.
TEST(ServiceTime, ADesignWithScansAndBatchesHasASpreadOfLatencies) {
  schema::SchemaLoad L = schema::loadSchemaText(
      "version: 1\n"
      "accounts: [{name: shop, region: westeurope}]\n"
      "tables:\n"
      "  - name: OrderLines\n"
      "    account: shop\n"
      "    partitionKey: \"{orderId}\"\n"
      "    rowKey: \"{lineNo}\"\n"
      "    entities: 5000\n"
      "    properties:\n"
      "      orderId: {type: guid}\n"
      "      lineNo: {type: int32}\n"
      "      sku: {type: string, distinct: 5000}\n"
      "    writes:\n"
      "      - {name: place-order, op: insert, rate: 50/s, "
      "entitiesPerWrite: 20, batch: 20}\n"
      "    queries:\n"
      "      - {name: line, filter: \"PartitionKey eq '{orderId}' and RowKey "
      "eq '{lineNo}'\", rate: 200/s}\n"
      "      - {name: export-skus, filter: \"sku eq '{sku}'\", rate: 0.2/s}\n",
      "order-lines.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Replay R;
  runReplay(R, {&L.Value}, O);
  ASSERT_FALSE(HasFatalFailure());
  const DesignResult &D = R.Results[0];
  const OpResult &Batch = op(D, "place-order");
  const OpResult &Read = op(D, "line");
  const OpResult &Scan = op(D, "export-skus");
  ASSERT_GT(Batch.Completed, 0u);
  ASSERT_GT(Read.Completed, 0u);
  ASSERT_GT(Scan.Completed, 0u);
  EXPECT_LT(D.P50, D.P99);
  EXPECT_LT(Read.P50, Read.P99);
  EXPECT_GT(Batch.P50, Read.P50);
  EXPECT_GT(Scan.P50, Batch.P50) << "a scan reads pages of 1,000 entities";
}

} // namespace
} // namespace tablelint::replay
