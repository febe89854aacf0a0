// Runs the schema checks: builds the shared context (load model), runs each
// enabled rule, and orders the findings.
#include "checks/schema/SchemaChecks.h"

#include "checks/schema/Checks.h"
#include "checks/schema/RuleDefaults.h"
#include "checks/schema/SchemaContext.h"
#include "core/schema/EntityTypes.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tablelint::schema {

namespace {

// The catalog options the schema checks read, and the threshold each sets.
struct OptionField {
  const char *Rule;
  const char *Option;
  double SchemaCheckOptions::*Real = nullptr;
  unsigned SchemaCheckOptions::*Count = nullptr;
};

const OptionField OptionFields[] = {
    {"partition-throughput", "EntitiesPerSecond",
     &SchemaCheckOptions::PartitionEntitiesPerSecond, nullptr},
    {"account-throughput", "EntitiesPerSecond",
     &SchemaCheckOptions::AccountEntitiesPerSecond, nullptr},
    {"account-count", "MaxAccountsPerRegion", nullptr,
     &SchemaCheckOptions::MaxAccountsPerRegion},
    {"low-density-query", "MaxScannedPerReturned",
     &SchemaCheckOptions::MaxScannedPerReturned, nullptr},
    {"filter-too-complex", "MaxComparisons", nullptr,
     &SchemaCheckOptions::MaxComparisons},
    {"entity-limits", "KeyWarnCharacters", nullptr,
     &SchemaCheckOptions::KeyWarnCharacters},
};

} // namespace

bool applySchemaCheckOption(SchemaCheckOptions &O, std::string_view Rule,
                            std::string_view Option, std::string_view Value,
                            std::string &Error) {
  Error.clear();
  for (const OptionField &F : OptionFields) {
    if (Rule != F.Rule || Option != F.Option)
      continue;
    const std::string Text(Value);
    char *End = nullptr;
    const double V = std::strtod(Text.c_str(), &End);
    const bool Whole = V == std::floor(V) && V <= 4294967295.0;
    if (Text.empty() || *End != '\0' || !(V > 0) || !std::isfinite(V) ||
        (F.Count && !Whole)) {
      Error = std::string(Rule) + " option " + std::string(Option) +
              ": expected a positive " + (F.Count ? "whole " : "") +
              "number, got '" + Text + "'";
      return false;
    }
    if (F.Real)
      O.*F.Real = V;
    else
      O.*F.Count = static_cast<unsigned>(V);
    return true;
  }
  return false;
}

SchemaCheckOptions defaultSchemaCheckOptions() {
  SchemaCheckOptions O;
  std::string Error; // the catalog is validated when it loads
  for (const OptionField &F : OptionFields)
    if (std::optional<std::string> D = catalogOptionDefault(F.Rule, F.Option))
      applySchemaCheckOption(O, F.Rule, F.Option, *D, Error);
  return O;
}

void FindingSink::setRule(std::string_view RuleId) {
  Rule = std::string(RuleId);
  Default = static_cast<Severity>(std::min(catalogSeverityIndex(RuleId), 2u));
}

void FindingSink::report(const std::string &ElementPath, SourcePos Pos,
                         std::string Message) {
  report(ElementPath, Pos, std::move(Message), Default);
}

void FindingSink::report(const std::string &ElementPath, SourcePos Pos,
                         std::string Message, Severity Level) {
  Finding F;
  F.RuleId = Rule;
  F.Level = Level;
  F.Origin = FindingOrigin::Schema;
  F.File = S.File;
  F.Line = Pos.Line;
  F.Column = Pos.Column;
  F.Message = std::move(Message);
  F.Anchor = ElementPath;
  Out.push_back(std::move(F));
}

SchemaContext::SchemaContext(const Schema &S, const SchemaCheckOptions &Options,
                             std::string_view SourceText)
    : S(S), Options(Options) {
  if (!SourceText.empty())
    Lines = scanYamlLines(SourceText);
  Tables.reserve(S.Tables.size());
  for (const Table &Declared : S.Tables) {
    const std::size_t First = Tables.size();
    for (Table &View : entityTypeViews(Declared)) {
      const Table &T = Views.emplace_back(std::move(View));
      TableAnalysis A;
      A.T = &T;
      A.Declared = &Declared;
      A.Acct = S.account(T.Account);
      A.Size = tableSize(T);
      A.Entity = entitySize(T);
      A.PartitionShare = keyShare(T, instancePartitionKey(T, T.PartitionKey));
      for (const Write &W : T.Writes)
        A.Writes.push_back(writeLoad(T, W));
      for (const Query &Q : T.Queries)
        A.Queries.push_back(analyzeQuery(T, Q, &Declared));
      Tables.push_back(std::move(A));
    }
    // The load of a partition key shared by several entity types.
    for (std::size_t I = First; I < Tables.size(); ++I)
      for (const Write &W : Declared.Writes)
        for (std::size_t J = First; J < Tables.size(); ++J) {
          const TableAnalysis &Owner = Tables[J];
          const auto It =
              std::find_if(Owner.T->Writes.begin(), Owner.T->Writes.end(),
                           [&](const Write &X) { return X.Path == W.Path; });
          if (It != Owner.T->Writes.end() &&
              Owner.T->PartitionKey.Text == Tables[I].T->PartitionKey.Text)
            Tables[I].PartitionWrites.push_back(
                Owner.Writes[static_cast<std::size_t>(
                    It - Owner.T->Writes.begin())]);
        }
  }
}

SourcePos filterPosition(const SchemaContext &C, const Query &Q,
                         std::uint32_t TemplateOffset) {
  if (!Q.FilterPos.Line)
    return Q.Pos;
  SourcePos P = Q.FilterPos;
  if (C.Lines.empty()) {
    P.Column += TemplateOffset; // a plain value on one line
    return P;
  }
  std::tie(P.Line, P.Column) = positionInScalar(
      C.Lines, Q.FilterPos.Line, Q.FilterPos.Column - 1, TemplateOffset);
  return P;
}

unsigned bucketCountFor(double Rate, double Target) {
  // A partition run at its target throttles on every burst.
  const double Needed = std::ceil(Rate / (Target * BucketTargetShare));
  unsigned B = 2;
  while (B < Needed && B < (1u << 20))
    B *= 2;
  return B;
}

bool uniquePartitionPerEntity(const KeyShare &Share) {
  return Share.Known && !Share.Sequential && Share.Top == 0;
}

SourcePos retryPosition(const Client &Cl) {
  return Cl.Retry.Pos.Line ? Cl.Retry.Pos : Cl.Pos;
}

SourcePos partitionKeyPosition(const Table &T) {
  return T.PartitionKey.Pos.Line ? T.PartitionKey.Pos : T.Pos;
}

std::string scopeText(const QueryAnalysis &A) {
  return std::string(queryClassName(A.Filter.Scope.Class));
}

const std::vector<SchemaCheck> &schemaCheckRegistry() {
  static const std::vector<SchemaCheck> Checks = {
      {"account-count", checkAccountCount},
      {"account-throughput", checkAccountThroughput},
      {"partition-throughput", checkPartitionThroughput},
      {"client-bandwidth", checkClientBandwidth},
      {"region-mismatch", checkRegionMismatch},
      {"shared-key-in-client", checkSharedKeyInClient},
      {"unbatched-writes", checkUnbatchedWrites},
      {"invalid-batch", checkInvalidBatch},
      {"retry-without-backoff", checkRetryWithoutBackoff},
      {"retry-non-retryable", checkRetryNonRetryable},
      {"atompub-payload", checkAtomPubPayload},
      {"partition-key-design", checkPartitionKeyDesign},
      {"time-based-partition-key", checkTimeBasedPartitionKey},
      {"hot-partition", checkHotPartition},
      {"table-scan", checkTableScan},
      {"partition-scan", checkPartitionScan},
      {"low-density-query", checkLowDensityQuery},
      {"mixed-type-query", checkMixedTypeQuery},
      {"mutable-key", checkMutableKey},
      {"missing-projection", checkMissingProjection},
      {"denormalize-for-query", checkDenormalizeForQuery},
      {"data-series-entity", checkDataSeriesEntity},
      {"structured-data-in-blobs", checkStructuredDataInBlobs},
      {"retention-by-delete", checkRetentionByDelete},
      {"entity-limits", checkEntityLimits},
      {"invalid-name", checkInvalidName},
      {"filter-too-complex", checkFilterTooComplex},
      {"invalid-filter", checkInvalidFilter},
  };
  return Checks;
}

std::vector<Finding> runSchemaChecks(const Schema &S,
                                     const SchemaCheckOptions &Options,
                                     std::string_view SourceText) {
  std::vector<Finding> Out;
  const SchemaContext Context(S, Options, SourceText);
  FindingSink Sink(S, Out);
  for (const SchemaCheck &C : schemaCheckRegistry()) {
    if (Options.DisabledRules.count(C.RuleId))
      continue;
    Sink.setRule(C.RuleId);
    C.Run(Context, Sink);
  }
  std::sort(Out.begin(), Out.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.Line, A.Column, A.RuleId, A.Anchor, A.Message) <
           std::tie(B.Line, B.Column, B.RuleId, B.Anchor, B.Message);
  });
  // Entity types that share a partition key see the same table-level
  // finding once each.
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [](const Finding &A, const Finding &B) {
                          return std::tie(A.Line, A.Column, A.RuleId, A.Anchor,
                                          A.Message) ==
                                 std::tie(B.Line, B.Column, B.RuleId, B.Anchor,
                                          B.Message);
                        }),
            Out.end());
  return Out;
}

} // namespace tablelint::schema
