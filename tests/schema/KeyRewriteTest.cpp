// Query rewriting for a change of keys (checks/schema/KeyRewrite.h): a
// filter written on the physical keys is read through the key templates
// and written on other keys so that it returns the same entities; where no
// mapping exists, the reason is said in plain words.
#include "checks/schema/KeyRewrite.h"

#include <gtest/gtest.h>

namespace tablelint::schema {
namespace {

KeyTemplate key(const std::string &Text) {
  std::string Error;
  std::optional<KeyTemplate> K = parseKeyTemplate(Text, Error);
  EXPECT_TRUE(K) << Text << ": " << Error;
  return K ? *K : KeyTemplate();
}

// An order table: the day, the customer, a guid order id, a status.
Table orders(const std::string &Pk, const std::string &Rk) {
  Table T;
  T.Name = "Orders";
  T.PartitionKey = key(Pk);
  T.RowKey = key(Rk);
  auto Add = [&](const char *Name, EdmType Type) {
    Property P;
    P.Name = Name;
    P.Type = Type;
    T.Properties.push_back(P);
  };
  Add("placedAt", EdmType::DateTime);
  Add("customerId", EdmType::String);
  Add("tenantId", EdmType::String);
  Add("region", EdmType::String);
  Add("orderId", EdmType::Guid);
  Add("orderNo", EdmType::Int64);
  Add("total", EdmType::Double);
  Add("status", EdmType::String);
  return T;
}

RewrittenFilter rewrite(const Table &T, const std::string &Filter,
                        const std::string &Pk, const std::string &Rk,
                        std::optional<std::uint64_t> Top = {}) {
  Query Q;
  Q.Name = "q";
  Q.Filter = Filter;
  Q.Top = Top;
  return rewriteQueryForKeys(T, Q, key(Pk), key(Rk));
}

const char *const CustomerDay =
    "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge '{customerId}_' and "
    "RowKey lt '{customerId}`'";

// The user's order store: a day's partition read by a customer's RowKey
// prefix becomes the customer's partition read by the day's prefix.
TEST(KeyRewrite, DayPartitionAndCustomerPrefixBecomeCustomerPartition) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  const RewrittenFilter R =
      rewrite(T, CustomerDay, "{customerId}",
              "{placedAt:yyyyMMdd}_{customerId}_{orderId}");
  EXPECT_EQ(R.Why, "");
  EXPECT_EQ(R.Filter, "PartitionKey eq '{customerId}' and RowKey ge "
                      "'{placedAt:yyyyMMdd}_{customerId}_' and RowKey lt "
                      "'{placedAt:yyyyMMdd}_{customerId}`'");
}

TEST(KeyRewrite, ReadsKeyConditionsAsProperties) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  const LogicalFilter L = mapKeyConditions(
      std::string(CustomerDay) + " and status eq 'paid'", T.PartitionKey,
      T.RowKey);
  ASSERT_EQ(L.Why, "");
  ASSERT_EQ(L.Pins.size(), 2u);
  EXPECT_EQ(L.Pins[0].Text, "placedAt");
  EXPECT_EQ(L.Pins[0].Format, "yyyyMMdd");
  EXPECT_EQ(L.Pins[1].Text, "customerId");
  EXPECT_TRUE(L.PinsPartition);
  EXPECT_EQ(L.RowOrder, "{orderId}");
  ASSERT_EQ(L.Rest.size(), 1u);
  EXPECT_EQ(L.Rest[0], "status eq 'paid'");
}

// Conditions on other properties stay, after the key conditions; an `or`
// keeps its parentheses.
TEST(KeyRewrite, OtherConditionsAreKept) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  const RewrittenFilter R = rewrite(
      T, std::string(CustomerDay) + " and (status eq 'paid' or total gt 10.0)",
      "{customerId}", "{placedAt:yyyyMMdd}_{customerId}_{orderId}");
  EXPECT_EQ(R.Filter, "PartitionKey eq '{customerId}' and RowKey ge "
                      "'{placedAt:yyyyMMdd}_{customerId}_' and RowKey lt "
                      "'{placedAt:yyyyMMdd}_{customerId}`' and (status eq "
                      "'paid' or total gt 10.0)");
}

// The `~` idiom for "every key starting with": the same prefix range. A
// prefix that ends with a placeholder (the hour of a longer time) holds
// longer values too: no equality to map.
TEST(KeyRewrite, TildeUpperBoundIsAPrefixRange) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(rewrite(T,
                    "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge "
                    "'{customerId}_' and RowKey lt '{customerId}_~'",
                    "{customerId}", "{placedAt:yyyyMMdd}_{customerId}_{orderId}")
                .Filter,
            "PartitionKey eq '{customerId}' and RowKey ge "
            "'{placedAt:yyyyMMdd}_{customerId}_' and RowKey lt "
            "'{placedAt:yyyyMMdd}_{customerId}`'");
  const Table Readings =
      orders("{placedAt:yyyyMMdd}", "{customerId}_{placedAt:HHmmssfff}");
  EXPECT_EQ(rewrite(Readings,
                    "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge "
                    "'{customerId}_{placedAt:HH}' and RowKey lt "
                    "'{customerId}_{placedAt:HH}~'",
                    "{customerId}", "{placedAt:yyyyMMddHHmmssfff}")
                .Why,
            "its RowKey range (`RowKey ge '{customerId}_{placedAt:HH}' and "
            "RowKey lt '{customerId}_{placedAt:HH}~'`) ends with a "
            "placeholder, so it also holds the keys of longer values that "
            "start with the one it names");
}

// What a reader knows of a value even where the filter does not map: the
// device of an hour's range (its prefix up to the last literal), a value
// named in a condition on the properties; not the value a cursor starts
// from.
TEST(KeyRewrite, WholeValuesAFilterGivesEvenUnmapped) {
  const Table T =
      orders("{placedAt:yyyyMMdd}", "{customerId}_{placedAt:HHmmssfff}");
  const LogicalFilter Hour = mapKeyConditions(
      "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge "
      "'{customerId}_{placedAt:HH}' and RowKey lt '{customerId}_{placedAt:HH}~'",
      T.PartitionKey, T.RowKey);
  EXPECT_NE(Hour.Why, "");
  EXPECT_TRUE(givesWholeValue(Hour, "customerId"));
  EXPECT_FALSE(givesWholeValue(Hour, "placedAt")); // only its day
  const LogicalFilter Cursor = mapKeyConditions(
      "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey gt "
      "'{customerId}_{placedAt:HHmmssfff}'",
      T.PartitionKey, T.RowKey);
  EXPECT_NE(Cursor.Why, "");
  EXPECT_FALSE(givesWholeValue(Cursor, "customerId"));
  const LogicalFilter Named = mapKeyConditions(
      "PartitionKey eq '{placedAt:yyyyMMdd}' and customerId eq "
      "'{customerId}' and RowKey gt '{customerId}_{placedAt:HHmmssfff}'",
      T.PartitionKey, T.RowKey);
  EXPECT_TRUE(givesWholeValue(Named, "customerId"));
}

// A point read on a constant key moved to a hash-bucketed one, and on a
// tenant key bucketed by the order.
TEST(KeyRewrite, PointReadsFollowTheirKeys) {
  EXPECT_EQ(rewrite(orders("orders", "{orderId}"),
                    "PartitionKey eq 'orders' and RowKey eq '{orderId}'",
                    "{orderId|hash:16}", "{orderId}")
                .Filter,
            "PartitionKey eq '{orderId|hash:16}' and RowKey eq '{orderId}'");
  EXPECT_EQ(rewrite(orders("{tenantId}", "{orderId}"),
                    "PartitionKey eq '{tenantId}' and RowKey eq '{orderId}'",
                    "{tenantId}_{orderId|hash:8}", "{orderId}")
                .Filter,
            "PartitionKey eq '{tenantId}_{orderId|hash:8}' and RowKey eq "
            "'{orderId}'");
}

// Part of a compound PartitionKey moved into the RowKey becomes a prefix.
TEST(KeyRewrite, CompoundPartitionKeySplitIntoPrefix) {
  const Table T = orders("{tenantId}_{region}", "{orderId}");
  EXPECT_EQ(rewrite(T, "PartitionKey eq '{tenantId}_{region}'", "{region}",
                    "{tenantId}_{orderId}")
                .Filter,
            "PartitionKey eq '{region}' and RowKey ge '{tenantId}_' and "
            "RowKey lt '{tenantId}`'");
}

// A whole value the new keys do not hold becomes an equality on the
// property, written as its type's literal.
TEST(KeyRewrite, WholeValuesLeftOverBecomePropertyEqualities) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(rewrite(T, CustomerDay, "{placedAt:yyyyMMdd}", "{orderId}").Filter,
            "PartitionKey eq '{placedAt:yyyyMMdd}' and customerId eq "
            "'{customerId}'");
  const Table ByOrder = orders("{customerId}", "{orderId}_{orderNo}");
  EXPECT_EQ(rewrite(ByOrder,
                    "PartitionKey eq '{customerId}' and RowKey eq "
                    "'{orderId}_{orderNo}'",
                    "{customerId}", "{placedAt:yyyyMMdd}")
                .Filter,
            "PartitionKey eq '{customerId}' and orderId eq guid'{orderId}' "
            "and orderNo eq {orderNo}L");
}

// A hash bucket pinned next to the whole value says nothing more.
TEST(KeyRewrite, BucketBesideTheWholeValueIsImplied) {
  const Table T =
      orders("{customerId|hash:4}_{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(rewrite(T,
                    "PartitionKey eq '{customerId|hash:4}_{placedAt:yyyyMMdd}'"
                    " and RowKey ge '{customerId}_' and RowKey lt "
                    "'{customerId}`'",
                    "{customerId}", "{placedAt:yyyyMMdd}_{customerId}_{orderId}")
                .Filter,
            "PartitionKey eq '{customerId}' and RowKey ge "
            "'{placedAt:yyyyMMdd}_{customerId}_' and RowKey lt "
            "'{placedAt:yyyyMMdd}_{customerId}`'");
}

// A filter with no key condition is the same on any keys.
TEST(KeyRewrite, PropertyFiltersAreUnchanged) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(
      rewrite(T, "status eq 'paid'", "{customerId}", "{orderId}").Filter,
      "status eq 'paid'");
}

TEST(KeyRewrite, RangesOverTheKeysAreNotMapped) {
  const Table T = orders("{customerId|hash:4}", "{placedAt|reverse}_{orderId}");
  EXPECT_EQ(rewrite(T, "PartitionKey ge '{customerId|hash:4}'", "{customerId}",
                    "{orderId}")
                .Why,
            "it reads a range of PartitionKeys (`PartitionKey ge "
            "'{customerId|hash:4}'`), which other keys do not keep together");
  // Newer than a cursor on a reversed time: a range, not a prefix.
  EXPECT_EQ(rewrite(T,
                    "PartitionKey eq '{customerId|hash:4}' and RowKey lt "
                    "'{placedAt|reverse}'",
                    "{customerId}", "{orderId}")
                .Why,
            "it reads a range of RowKeys (`RowKey lt '{placedAt|reverse}'`) "
            "that is not every key starting with one prefix: it selects by "
            "the key's text, which other keys order differently");
  // An open prefix range: from the customer on, not the customer's.
  const Table Day = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_NE(rewrite(Day,
                    "PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge "
                    "'{customerId}_'",
                    "{customerId}", "{orderId}")
                .Why.find("not every key starting with one prefix"),
            std::string::npos);
}

// A new key made of a property the filter cannot pin, and a part of a
// value (the day) the new keys do not hold.
TEST(KeyRewrite, PropertiesTheFilterDoesNotGiveAreSaid) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(rewrite(T, "PartitionKey eq '{placedAt:yyyyMMdd}'", "{customerId}",
                    "{placedAt:yyyyMMdd}_{customerId}_{orderId}")
                .Why,
            "the new PartitionKey `{customerId}` needs customerId, which the "
            "query does not give (it reads by placedAt as yyyyMMdd): it "
            "would read every partition");
  EXPECT_EQ(rewrite(T, CustomerDay, "{customerId}", "{orderId}").Why,
            "the query reads by placedAt as yyyyMMdd, which the new keys do "
            "not hold: no condition on the property itself says it");
  // A different format of the same time is no mapping either.
  EXPECT_NE(rewrite(T, CustomerDay, "{customerId}",
                    "{placedAt:yyyyMM}_{orderId}")
                .Why.find("placedAt as yyyyMMdd"),
            std::string::npos);
  // A double's placeholder text is not its literal.
  const Table ByTotal = orders("{customerId}", "{total}");
  EXPECT_EQ(rewrite(ByTotal,
                    "PartitionKey eq '{customerId}' and RowKey eq '{total}'",
                    "{customerId}", "{orderId}")
                .Why,
            "the query gives total, which the new keys do not hold and an "
            "equality on the property cannot say as written");
}

TEST(KeyRewrite, KeyConditionsThatNameNoSingleValueAreNotMapped) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(rewrite(T,
                    "PartitionKey eq '20250101' or PartitionKey eq '20250102'",
                    "{customerId}", "{orderId}")
                .Why,
            "it tests a key inside `or` or `not` (`PartitionKey eq "
            "'20250101' or PartitionKey eq '20250102'`), which no key "
            "condition of other keys can say");
  EXPECT_EQ(rewrite(T, "PartitionKey eq '20250101'", "{customerId}",
                    "{orderId}")
                .Why,
            "its PartitionKey value '20250101' is constant text where the key "
            "`{placedAt:yyyyMMdd}` has {placedAt}: which value of placedAt it "
            "means is not said");
  EXPECT_EQ(rewrite(T, "PartitionKey eq '{customerId}'", "{customerId}",
                    "{orderId}")
                .Why,
            "its PartitionKey value '{customerId}' is not made as the key "
            "`{placedAt:yyyyMMdd}` is");
}

// `top` keeps the first rows in key order: allowed only where the new keys
// order the partition's rows as the old ones did.
TEST(KeyRewrite, TopReadsKeepTheirOrderOrAreRefused) {
  const Table T = orders("{placedAt:yyyyMMdd}", "{customerId}_{orderId}");
  EXPECT_EQ(rewrite(T, CustomerDay, "{customerId}",
                    "{placedAt:yyyyMMdd}_{customerId}_{orderId}", 5)
                .Why,
            "");
  const Table Feed = orders("{customerId}", "{placedAt|reverse}_{orderId}");
  EXPECT_EQ(rewrite(Feed, "PartitionKey eq '{customerId}'", "{customerId}",
                    "{orderId}", 20)
                .Why,
            "it keeps the first rows in key order (`top`), and the new keys "
            "would order them by `{orderId}` instead of "
            "`{placedAt|reverse}_{orderId}`");
  // A table scan's first rows follow the PartitionKey too.
  EXPECT_NE(rewrite(T, "status eq 'paid'", "{customerId}", "{orderId}", 5)
                .Why.find("`top`"),
            std::string::npos);
}

TEST(KeyRewrite, FanOutReadsAreNotMapped) {
  const Table T = orders("{customerId|hash:4}_feed", "{orderId}");
  Query Q;
  Q.Filter = "PartitionKey eq '{customerId|hash:4}_feed'";
  Q.FanOut = {"customerId"};
  EXPECT_EQ(rewriteQueryForKeys(T, Q, key("{customerId}"), key("{orderId}"))
                .Why,
            "it fans out over the hash buckets of customerId, which the new "
            "keys do not have");
}

} // namespace
} // namespace tablelint::schema
