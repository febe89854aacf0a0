// The schema writer: load -> write -> load gives the same model for every
// good input; the YAML is canonical (a second write is identical) and keeps
// notes and suppressions. Also the value languages both sides share.
#include "core/schema/SchemaWriter.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaValues.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

namespace tablelint::schema {
namespace {

namespace fs = std::filesystem;

const fs::path GoodInputs = fs::path(TABLELINT_SOURCE_DIR) / "test-inputs" /
                            "schemas" / "loader" / "good";

// Every field of the model except source positions, one per line, so two
// models compare field by field and a difference names the field.
class ModelDump {
public:
  std::string str() const { return Out.str(); }

  template <typename T> void field(const std::string &Name, const T &Value) {
    Out << Prefix << Name << " = " << Value << "\n";
  }
  template <typename T>
  void field(const std::string &Name, const std::optional<T> &Value) {
    if (Value)
      field(Name, *Value);
    else
      field(Name, "(unset)");
  }
  template <typename T>
  void field(const std::string &Name, const std::vector<T> &Values) {
    std::ostringstream S;
    for (const T &V : Values)
      S << "[" << V << "]";
    field(Name, S.str());
  }
  void scope(const std::string &Path) { Prefix = Path + "."; }

  void schema(const Schema &S) {
    scope("schema");
    field("header", S.Header);
    field("version", S.Version);
    for (const Account &A : S.Accounts) {
      scope(A.Path);
      field("name", A.Name);
      field("region", A.Region);
      field("subscription", A.Subscription);
      field("entitiesPerSecond", A.EntitiesPerSecond);
      field("ingressGbps", A.IngressGbps);
      field("egressGbps", A.EgressGbps);
      field("note", A.Note);
    }
    for (const Client &C : S.Clients)
      client(C);
    for (const Table &T : S.Tables)
      table(T);
    for (const Suppression &Sup : S.Suppressions) {
      scope("suppression");
      field(Sup.RuleId + " on " + Sup.ElementPath, Sup.Reason);
    }
  }

private:
  void client(const Client &C) {
    scope(C.Path);
    field("name", C.Name);
    field("kind", clientKindName(C.Kind));
    field("region", C.Region);
    field("auth", authKindName(C.Auth));
    field("bandwidth", C.BandwidthBitsPerSecond);
    field("maxConcurrency", C.MaxConcurrency);
    field("payload", payloadFormatName(C.Payload));
    field("retry.policy", retryPolicyName(C.Retry.Policy));
    field("retry.baseDelay", C.Retry.BaseDelaySeconds);
    field("retry.maxDelay", C.Retry.MaxDelaySeconds);
    field("retry.maxRetries", C.Retry.MaxRetries);
    field("retry.jitter", C.Retry.Jitter);
    field("retry.retryOn", C.Retry.RetryOn);
    field("retry.declared", C.Retry.Pos.Line != 0);
    field("note", C.Note);
  }

  void properties(const std::vector<Property> &Properties) {
    for (const Property &P : Properties) {
      scope(P.Path);
      field("type", edmShortName(P.Type));
      field("distinct", P.Distinct);
      field("distribution", formatDistribution(P.Dist));
      field("values", P.Values);
      field("weights", P.Weights);
      field("bytes", P.Bytes);
      field("grows", P.Grows);
      field("changes", P.ChangesEverySeconds);
      field("note", P.Note);
    }
  }

  void table(const Table &T) {
    scope(T.Path);
    field("name", T.Name);
    field("account", T.Account);
    field("partitionKey", T.PartitionKey.Text);
    field("partitionKey.properties", T.PartitionKey.properties());
    if (T.Buckets) {
      field("buckets.by", T.Buckets->By);
      field("buckets.default", T.Buckets->Default);
      for (const auto &[Value, Count] : T.Buckets->Heavy)
        field("buckets.heavy." + Value, Count);
    }
    field("shards", T.Shards);
    field("rowKey", T.RowKey.Text);
    field("rowKey.properties", T.RowKey.properties());
    field("entities", T.Entities);
    field("retention", T.RetentionSeconds);
    field("note", T.Note);
    field("nameTemplate", T.NameTemplate ? T.NameTemplate->properties()
                                         : std::vector<std::string>());
    properties(T.Properties);
    for (const EntityType &E : T.EntityTypes) {
      scope(E.Path);
      field("partitionKey", E.PartitionKey ? E.PartitionKey->Text : "-");
      field("rowKey", E.RowKey.Text);
      field("rowKey.properties", E.RowKey.properties());
      field("entities", E.Entities);
      field("note", E.Note);
      properties(E.Properties);
    }
    for (const Write &W : T.Writes) {
      scope(W.Path);
      field("op", writeKindName(W.Op));
      field("rate", W.Frequency.PerSecond);
      field("rate.text", W.Frequency.Text);
      field("batch", W.BatchSize);
      field("entitiesPerWrite", W.EntitiesPerWrite);
      field("entityType", W.EntityTypeName);
      field("client", W.Client);
      field("properties", W.Properties);
      field("fanOut", W.FanOut);
      field("note", W.Note);
    }
    for (const Query &Q : T.Queries) {
      scope(Q.Path);
      field("filter", Q.Filter);
      field("select", Q.Select);
      field("hasSelect", Q.HasSelect);
      field("uses", Q.Uses);
      field("rate", Q.Frequency.PerSecond);
      field("rate.text", Q.Frequency.Text);
      field("expectedRows", Q.ExpectedRows);
      field("top", Q.Top);
      field("entityType", Q.EntityTypeName);
      field("client", Q.Client);
      field("note", Q.Note);
    }
    for (const Transaction &X : T.Transactions) {
      scope(X.Path);
      field("writes", X.Writes);
      field("note", X.Note);
    }
  }

  std::ostringstream Out;
  std::string Prefix;
};

std::string dump(const Schema &S) {
  ModelDump D;
  D.schema(S);
  return D.str();
}

TEST(SchemaWriter, RoundTripGivesTheSameModelForEveryGoodInput) {
  unsigned Files = 0;
  for (const auto &Entry : fs::directory_iterator(GoodInputs)) {
    const SchemaLoad First = loadSchemaFile(Entry.path().string());
    ASSERT_TRUE(First.ok()) << Entry.path();
    const std::string Yaml = writeSchemaYaml(First.Value);
    const SchemaLoad Second = loadSchemaText(Yaml, "written.yaml");
    ASSERT_TRUE(Second.ok()) << Entry.path() << ":\n"
                             << Second.Errors[0].str() << "\n"
                             << Yaml;
    EXPECT_EQ(dump(First.Value), dump(Second.Value)) << Entry.path();
    // Canonical: writing the reloaded model changes nothing.
    EXPECT_EQ(writeSchemaYaml(Second.Value), Yaml) << Entry.path();
    ++Files;
  }
  EXPECT_GE(Files, 3u);
}

TEST(SchemaWriter, WritesCanonicalYaml) {
  const SchemaLoad L = loadSchemaFile((GoodInputs / "telemetry.yaml").string());
  ASSERT_TRUE(L.ok());
  const std::string Expected =
      R"yaml(# yaml-language-server: $schema=../../../../docs/schema/tablelint-schema-v1.json
# Device telemetry: the example of docs/schema.md.
version: 1
accounts:
  - {name: telemetry, region: westeurope}
clients:
  - name: ingest
    kind: service
    region: westeurope
    auth: token
    maxConcurrency: 64
    retry: {policy: exponential}
tables:
  # Readings from 50,000 devices, one entity per reading.
  - name: DeviceReadings
    account: telemetry
    partitionKey: "{readingTime:yyyyMMdd}"
    rowKey: "{deviceId}_{readingTime:HHmmssfff}"
    properties:
      deviceId: {type: string, distinct: 50k, distribution: zipf(0.99)}
      readingTime: {type: datetime, grows: true}
      status: {type: string, values: [ok, warn, fail], weights: [0.97, 0.02, 0.01]}
      temperature: {type: double}
      payload: {type: binary, bytes: 800}
    writes:
      - {name: ingest-reading, client: ingest, op: insert, rate: 6000/s}
    queries:
      - name: device-day
        filter: "PartitionKey eq '{readingTime:yyyyMMdd}' and RowKey ge '{deviceId}_'"
        select: [temperature]
        rate: 20/s
      # tablelint: ignore[table-scan] the nightly report reads everything once a night anyway
      - {name: failing-devices, filter: "status eq 'fail'", rate: 2/s}
)yaml";
  EXPECT_EQ(writeSchemaYaml(L.Value), Expected);
}

TEST(SchemaWriter, BuiltModelsGetCanonicalSpellings) {
  // A model built in code (as `suggest` does) has no source texts.
  Schema S;
  Account A;
  A.Name = "main";
  A.Path = "accounts[main]";
  S.Accounts.push_back(A);
  Table T;
  T.Name = "Index";
  T.Path = "tables[Index]";
  T.Account = "main";
  T.Note = "index table for queries[by-email] (denormalize-for-query)";
  std::string Error;
  T.PartitionKey = *parseKeyTemplate("{email|hash:16}", Error);
  T.RowKey = *parseKeyTemplate("{email}", Error);
  Property P;
  P.Name = "email";
  P.Path = "tables[Index].properties[email]";
  P.Dist.Kind = DistributionKind::Hotspot;
  P.Dist.HotDataFraction = 0.05;
  P.Dist.HotOpFraction = 0.5;
  T.Properties.push_back(P);
  Write W;
  W.Name = "sign-up";
  W.Path = "tables[Index].writes[sign-up]";
  W.Frequency.PerSecond = 1.0 / 60;
  T.Writes.push_back(W);
  T.RetentionSeconds = 0.25;
  S.Tables.push_back(T);
  Suppression Sup;
  Sup.RuleId = "hot-partition";
  Sup.Reason = "sign-ups are rare";
  Sup.ElementPath = "tables[Index].writes[sign-up]";
  S.Suppressions.push_back(Sup);

  const std::string Yaml = writeSchemaYaml(S);
  const std::string Expected = R"yaml(version: 1
accounts:
  - {name: main}
tables:
  # index table for queries[by-email] (denormalize-for-query)
  - name: Index
    account: main
    partitionKey: "{email|hash:16}"
    rowKey: "{email}"
    properties:
      email: {type: string, distribution: "hotspot(0.05, 0.5)"}
    writes:
      # tablelint: ignore[hot-partition] sign-ups are rare
      - {name: sign-up, op: insert, rate: 1/min}
    retention: 250ms
)yaml";
  EXPECT_EQ(Yaml, Expected);
  const SchemaLoad Back = loadSchemaText(Yaml, "built.yaml");
  ASSERT_TRUE(Back.ok()) << Back.Errors[0].str();
  EXPECT_EQ(Back.Value.Tables[0].Note, T.Note);
  EXPECT_DOUBLE_EQ(Back.Value.Tables[0].Writes[0].Frequency.PerSecond,
                   1.0 / 60);
  ASSERT_EQ(Back.Value.Suppressions.size(), 1u);
  EXPECT_EQ(Back.Value.Suppressions[0].ElementPath, W.Path);
}

TEST(SchemaWriter, QuotesScalarsOnlyWhenNeeded) {
  EXPECT_EQ(yamlScalar("westeurope"), "westeurope");
  EXPECT_EQ(yamlScalar("zipf(0.99)"), "zipf(0.99)");
  EXPECT_EQ(yamlScalar("a, b"), "\"a, b\"");
  EXPECT_EQ(yamlScalar("key: value"), "\"key: value\"");
  EXPECT_EQ(yamlScalar("null"), "\"null\"");
  EXPECT_EQ(yamlScalar(""), "\"\"");
  EXPECT_EQ(yamlScalar("-1"), "\"-1\"");
  EXPECT_EQ(yamlScalar("say \"hi\"\n"), "\"say \\\"hi\\\"\\n\"");
}

// ------------------------------------------------------------ value syntax

TEST(SchemaValues, RatesNormaliseToPerSecond) {
  std::string Error;
  EXPECT_EQ(parseRatePerSecond("6000/s", Error), 6000);
  EXPECT_EQ(parseRatePerSecond("20/min", Error), 20.0 / 60);
  EXPECT_EQ(parseRatePerSecond("1.5k/h", Error), 1500.0 / 3600);
  EXPECT_EQ(parseRatePerSecond("2M/day", Error), 2e6 / 86400);
  EXPECT_EQ(parseRatePerSecond("0/s", Error), 0);
  EXPECT_FALSE(parseRatePerSecond("6000", Error));
  EXPECT_EQ(
      Error,
      "expected a rate like 6000/s, 20/min, 1.5k/h or 2M/day, got '6000'");
  EXPECT_FALSE(parseRatePerSecond("5x/s", Error));
  EXPECT_FALSE(parseRatePerSecond("-1/s", Error));
  EXPECT_EQ(Error, "a rate cannot be negative, got '-1/s'");
  for (double R : {6000.0, 20.0 / 60, 1500.0 / 3600, 2e6 / 86400, 0.5}) {
    const std::string Text = formatRate(R);
    EXPECT_EQ(parseRatePerSecond(Text, Error), R) << Text;
  }
  EXPECT_EQ(formatRate(20.0 / 60), "20/min");
  EXPECT_EQ(formatRate(1.0 / 86400), "1/day");
}

TEST(SchemaValues, DurationsAndBandwidths) {
  std::string Error;
  EXPECT_EQ(parseDurationSeconds("800ms", Error), 0.8);
  EXPECT_EQ(parseDurationSeconds("60s", Error), 60);
  EXPECT_EQ(parseDurationSeconds("5m", Error), 300);
  EXPECT_EQ(parseDurationSeconds("90d", Error), 90 * 86400);
  EXPECT_FALSE(parseDurationSeconds("60", Error));
  EXPECT_EQ(formatDuration(0.8), "800ms");
  EXPECT_EQ(formatDuration(60), "1m");
  EXPECT_EQ(formatDuration(90 * 86400), "90d");
  EXPECT_EQ(formatDuration(1.5), "1500ms");
  EXPECT_EQ(parseBandwidthBitsPerSecond("1Gbps", Error), 1e9);
  EXPECT_EQ(parseBandwidthBitsPerSecond("100Mbps", Error), 1e8);
  EXPECT_FALSE(parseBandwidthBitsPerSecond("1GB/s", Error));
  EXPECT_EQ(formatBandwidth(2.5e9), "2.5Gbps");
  EXPECT_EQ(parseCount("2M", Error), 2000000u);
  EXPECT_EQ(parseCount("1.5k", Error), 1500u);
  EXPECT_FALSE(parseCount("1.5", Error));
  EXPECT_EQ(Error, "expected a whole number like 50000 or 2M, got '1.5'");
  // A whole number past the limit is told as too large, not as no number.
  EXPECT_EQ(parseCount("1000000000000000000", Error), 1000000000000000000u);
  EXPECT_FALSE(parseCount("99999999999999999999999", Error));
  EXPECT_EQ(Error, "'99999999999999999999999' is too large: tablelint "
                   "accepts whole numbers up to 1e18 (a typo?)");
  EXPECT_FALSE(parseCount("2000000T", Error));
}

TEST(SchemaValues, Distributions) {
  std::string Error;
  EXPECT_EQ(parseDistribution("zipf", Error)->Param, 0.99);
  EXPECT_EQ(parseDistribution("zipf(1.2)", Error)->Param, 1.2);
  const std::optional<Distribution> H =
      parseDistribution("hotspot(0.2, 0.8)", Error);
  ASSERT_TRUE(H);
  EXPECT_EQ(H->HotDataFraction, 0.2);
  EXPECT_EQ(H->HotOpFraction, 0.8);
  EXPECT_EQ(parseDistribution("latest", Error)->Kind, DistributionKind::Latest);
  EXPECT_FALSE(parseDistribution("latest(3)", Error));
  EXPECT_FALSE(parseDistribution("hotspot(0.2", Error));
  EXPECT_NE(Error.find("inside { } quote it"), std::string::npos);
}

} // namespace
} // namespace tablelint::schema
