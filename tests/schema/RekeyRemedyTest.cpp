// Re-key with query rewriting (checks/schema/RekeyRemedy.h): a table keyed
// by the day whose queries read by a customer is keyed by the customer,
// every query rewritten; where a query cannot be rewritten, or the
// customer's busiest value is too hot, it is advice saying why, and the
// bucket remedy answers the finding instead.
#include "tests/schema/RemedyTestSupport.h"

namespace tablelint::schema {
namespace {

std::string orders(const std::string &Pk, const std::string &Customer,
                   const std::string &Queries) {
  return "version: 1\n"
         "accounts: [{name: shop, region: westeurope}]\n"
         "tables:\n"
         "  - name: Orders\n"
         "    account: shop\n"
         "    partitionKey: \"" + Pk + "\"\n"
         "    rowKey: \"{customerId}_{orderId}\"\n"
         "    retention: 30d\n"
         "    properties:\n"
         "      placedAt: {type: datetime, grows: true}\n"
         "      customerId: {type: string, " + Customer + "}\n"
         "      orderId: {type: guid}\n"
         "      status: {type: string, values: [placed, paid], weights: "
         "[0.3, 0.7]}\n"
         "    writes:\n"
         "      - {name: place-order, op: insert, rate: 2400/s}\n"
         "    queries:\n" + Queries;
}

const std::string CustomerDay =
    "      - {name: customer-day, filter: \"PartitionKey eq "
    "'{placedAt:yyyyMMdd}' and RowKey ge '{customerId}_' and RowKey lt "
    "'{customerId}`'\", expectedRows: 2, rate: 20/s}\n";

using test::findChange;
using test::suggestFor;

TEST(RekeyRemedy, DayKeyReadByCustomerIsKeyedByCustomer) {
  const SuggestResult R = suggestFor(orders(
      "{placedAt:yyyyMMdd}", "distinct: 200000",
      CustomerDay + "      - {name: paid-order, filter: \"PartitionKey eq "
                    "'{placedAt:yyyyMMdd}' and RowKey eq "
                    "'{customerId}_{orderId}' and status eq 'paid'\", rate: "
                    "5/s}\n"));
  const Table &T = R.Design.Tables[0];
  EXPECT_EQ(T.PartitionKey.Text, "{customerId}");
  EXPECT_EQ(T.RowKey.Text, "{placedAt:yyyyMMdd}_{customerId}_{orderId}");
  ASSERT_EQ(T.Queries.size(), 2u);
  EXPECT_EQ(T.Queries[0].Filter,
            "PartitionKey eq '{customerId}' and RowKey ge "
            "'{placedAt:yyyyMMdd}_{customerId}_' and RowKey lt "
            "'{placedAt:yyyyMMdd}_{customerId}`'");
  EXPECT_EQ(T.Queries[0].Note,
            "rewritten into the new keys (time-based-partition-key); was: "
            "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge "
            "'{customerId}_' and RowKey lt '{customerId}`'");
  EXPECT_EQ(T.Queries[1].Filter,
            "PartitionKey eq '{customerId}' and RowKey eq "
            "'{placedAt:yyyyMMdd}_{customerId}_{orderId}' and status eq "
            "'paid'");
  const SuggestedChange *C = findChange(R.Changes, "re-keyed by customerId");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->RuleId, "time-based-partition-key");
  EXPECT_EQ(C->Subject, "tables[Orders]");
  EXPECT_NE(C->Description.find("'customer-day' and 'paid-order' rewritten "
                                "into the new keys"),
            std::string::npos)
      << C->Description;
  EXPECT_NE(C->Description.find("the trade-off: the entities of one "
                                "`{placedAt:yyyyMMdd}` are no longer one "
                                "partition"),
            std::string::npos)
      << C->Description;
  // No bucket as well: the re-key answers the finding.
  EXPECT_FALSE(findChange(R.Changes, "bucketed"));
  for (const Finding &F : R.Remaining)
    EXPECT_NE(F.RuleId, "time-based-partition-key") << F.Message;
}

// A read of the whole day names no customer: the new key cannot be
// pinned, so no re-key; the advice says why and the bucket applies.
TEST(RekeyRemedy, AReadOfTheWholeDayKeepsTheDayKey) {
  const SuggestResult R = suggestFor(
      orders("{placedAt:yyyyMMdd}", "distinct: 200000",
             CustomerDay + "      - {name: day-report, filter: "
                           "\"PartitionKey eq '{placedAt:yyyyMMdd}' and "
                           "status eq 'paid'\", rate: 1/h}\n"));
  const SuggestedChange *A = findChange(R.Advice, "not re-keyed by customerId");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Description,
            "not re-keyed by customerId: query `day-report` cannot be "
            "rewritten: the new PartitionKey `{customerId}` needs customerId, "
            "which the query does not give (it reads by placedAt as "
            "yyyyMMdd): it would read every partition");
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text, "{customerId}_{orderId}");
  EXPECT_NE(R.Design.Tables[0].PartitionKey.Text, "{customerId}");
}

// A customer who places nine in ten orders would be a hot partition of its
// own (2,160 of the 2,400 writes/s): no re-key by it, and no advice about
// one either; the hash bucket answers the finding, by the order.
TEST(RekeyRemedy, AHotCustomerIsNoKey) {
  const SuggestResult R = suggestFor(orders(
      "{placedAt:yyyyMMdd}",
      "values: [big, small1, small2], weights: [0.9, 0.05, 0.05]",
      CustomerDay));
  EXPECT_FALSE(findChange(R.Advice, "re-keyed"));
  EXPECT_FALSE(findChange(R.Changes, "re-keyed"));
  EXPECT_TRUE(findChange(R.Changes, "over 4 buckets of 'orderId'"));
  EXPECT_EQ(R.Design.Tables[0].PartitionKey.Text,
            "{orderId|hash:4}_{placedAt:yyyyMMdd}");
}

// A key that is neither a time nor a constant is not re-keyed here (the
// hot-partition remedies answer it), and a table whose queries name no
// RowKey property gets no re-key advice.
TEST(RekeyRemedy, OnlyTimeAndConstantKeysAreReKeyed) {
  const SuggestResult ByStatus = suggestFor(orders(
      "{status}", "distinct: 200000",
      "      - {name: customer-status, filter: \"PartitionKey eq '{status}' "
      "and RowKey ge '{customerId}_' and RowKey lt '{customerId}`'\", rate: "
      "20/s}\n"));
  EXPECT_FALSE(findChange(ByStatus.Changes, "re-keyed"));
  EXPECT_FALSE(findChange(ByStatus.Advice, "re-keyed"));
  const SuggestResult Scan = suggestFor(
      orders("{placedAt:yyyyMMdd}", "distinct: 200000",
             "      - {name: paid, filter: \"status eq 'paid'\", rate: "
             "1/h}\n"));
  EXPECT_FALSE(findChange(Scan.Changes, "re-keyed"));
  EXPECT_FALSE(findChange(Scan.Advice, "re-keyed"));
}

// A constant key ("all orders in one partition") read by customer.
TEST(RekeyRemedy, ConstantKeyReadByCustomerIsKeyedByCustomer) {
  const SuggestResult R = suggestFor(orders(
      "orders", "distinct: 200000",
      "      - {name: customer-orders, filter: \"PartitionKey eq 'orders' "
      "and RowKey ge '{customerId}_' and RowKey lt '{customerId}`'\", rate: "
      "20/s}\n"));
  const Table &T = R.Design.Tables[0];
  EXPECT_EQ(T.PartitionKey.Text, "{customerId}");
  EXPECT_EQ(T.RowKey.Text, "{customerId}_{orderId}");
  EXPECT_EQ(T.Queries[0].Filter,
            "PartitionKey eq '{customerId}' and RowKey ge '{customerId}_' and "
            "RowKey lt '{customerId}`'");
}

} // namespace
} // namespace tablelint::schema
