// The design remedies of `tablelint suggest`, applied to a copy of the
// schema in a fixed order: clients, index tables, series, partition keys,
// batching, projections.
#include "checks/schema/SuggestDesign.h"

#include "checks/schema/SchemaContext.h"
#include "core/ServiceLimits.h"
#include "core/schema/SchemaValues.h"
#include "core/schema/Suppressions.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <unordered_set>

namespace tablelint::schema {

namespace {

// The findings a remedy may answer: not suppressed, by rule and element.
class FindingIndex {
public:
  FindingIndex(const Schema &Current, const SchemaCheckOptions &Options) {
    Schema Marks = Current; // isSuppressed marks suppressions as used
    for (const Finding &F : runSchemaChecks(Current, Options))
      if (!isSuppressed(Marks, F.RuleId, F.Anchor))
        Keys.insert(key(F.RuleId, F.Anchor));
  }
  bool has(const std::string &Rule, const std::string &Path) const {
    return Keys.count(key(Rule, Path)) != 0;
  }

private:
  static std::string key(const std::string &Rule, const std::string &Path) {
    return Rule + '\n' + Path;
  }
  std::unordered_set<std::string> Keys;
};

void addNote(std::string &Note, const std::string &Text) {
  Note += (Note.empty() ? "" : "\n") + Text;
}

class Suggester {
public:
  Suggester(const Schema &Current, const SchemaCheckOptions &Options,
            SuggestResult &R)
      : Current(Current), Options(Options), Found(Current, Options), R(R) {}

  void run() {
    R.Design = Current;
    for (Client &C : R.Design.Clients)
      fixClient(C);
    // Index tables are appended; remedies below work on the tables as
    // they were declared.
    const std::size_t Declared = R.Design.Tables.size();
    for (std::size_t I = 0; I < Declared; ++I)
      addIndexTables(I);
    for (std::size_t I = 0; I < Declared; ++I) {
      Table &T = R.Design.Tables[I];
      foldSeries(T);
      bucketPartitionKey(T, Found);
      batchWrites(T, Found);
      addProjections(T);
    }
    if (R.Design.Tables.size() == Declared)
      return;
    // The index tables carry the writes they mirror: their own keys and
    // batching are judged like any table's.
    const FindingIndex IndexFindings(R.Design, Options);
    for (std::size_t I = Declared; I < R.Design.Tables.size(); ++I) {
      bucketPartitionKey(R.Design.Tables[I], IndexFindings);
      batchWrites(R.Design.Tables[I], IndexFindings);
    }
  }

private:
  void change(const char *Rule, const std::string &Path, std::string &Note,
              const std::string &Text) {
    addNote(Note, Text);
    R.Changes.push_back({Rule, Path, Text});
  }

  // ------------------------------------------------------------ clients

  void fixClient(Client &C) {
    RetrySpec &Retry = C.Retry;
    const bool Backoff = Found.has("retry-without-backoff", C.Path);
    const bool NonRetryable = Found.has("retry-non-retryable", C.Path);
    if (Backoff) {
      const double Base = limits::ChecklistBackoffSeconds.front();
      const double Max = limits::ChecklistBackoffSeconds.back();
      const std::string Was = std::string(retryPolicyName(Retry.Policy));
      Retry.Policy = RetryPolicyKind::Exponential;
      Retry.BaseDelaySeconds = Base;
      Retry.MaxDelaySeconds = Max;
      Retry.Jitter = true;
      change("retry-without-backoff", C.Path, C.Note,
             "exponential backoff with jitter (" + formatDuration(Base) +
                 " doubling to " + formatDuration(Max) + ") instead of the " +
                 Was + " policy, for retry-without-backoff");
    }
    if (NonRetryable) {
      std::string Dropped;
      std::vector<int> Kept;
      for (int Code : Retry.RetryOn) {
        if (std::find(limits::NonRetryableStatusCodes.begin(),
                      limits::NonRetryableStatusCodes.end(),
                      Code) != limits::NonRetryableStatusCodes.end())
          Dropped += (Dropped.empty() ? "" : ", ") + std::to_string(Code);
        else
          Kept.push_back(Code);
      }
      Retry.RetryOn = Kept;
      change("retry-non-retryable", C.Path, C.Note,
             "stopped retrying " + Dropped + ", for retry-non-retryable");
    }
    if (Found.has("shared-key-in-client", C.Path)) {
      C.Auth = AuthKind::Sas;
      change("shared-key-in-client", C.Path, C.Note,
             "short-lived SAS instead of the account key, for "
             "shared-key-in-client");
    }
    if (Found.has("atompub-payload", C.Path)) {
      const std::string Was = std::string(payloadFormatName(C.Payload));
      C.Payload = PayloadFormat::JsonNoMetadata;
      change("atompub-payload", C.Path, C.Note,
             "json-nometadata instead of " + Was + ", for atompub-payload");
    }
  }

  // ------------------------------------------------------- index tables

  std::string uniqueTableName(std::string Base) {
    std::string Name;
    for (char C : Base)
      if (std::isalnum(static_cast<unsigned char>(C)))
        Name += C;
    Name = Name.substr(0, limits::MaxTableNameLength - 4);
    std::string Candidate = Name;
    for (unsigned N = 2; R.Design.table(Candidate); ++N)
      Candidate = Name + std::to_string(N);
    return Candidate;
  }

  // The template text of a parsed-filter span [Offset, Offset+Length).
  static std::string templateSpan(const QueryFilter &QF,
                                  const std::string &Text, std::uint32_t Offset,
                                  std::uint32_t Length) {
    const std::uint32_t Begin = QF.templateOffset(Offset);
    std::uint32_t End = QF.templateOffset(Offset + Length - 1);
    if (Text[End] == '{')
      End = static_cast<std::uint32_t>(Text.find('}', End));
    return Text.substr(Begin, End + 1 - Begin);
  }

  void addIndexTables(std::size_t Index) {
    const Table &Source = Current.Tables[Index];
    std::vector<std::string> Moved;
    for (const Query &Q : Source.Queries) {
      if (!Found.has("denormalize-for-query", Q.Path))
        continue;
      const QueryAnalysis A = analyzeQuery(Source, Q);
      const Property *Key = lookupProperty(Source, A);
      if (!Key)
        continue;
      // The filter on the index: the key's equality becomes the partition
      // key; the other conditions stay.
      const Filter &F = *A.Filter.Parsed;
      std::string KeyLiteral, Rest;
      std::vector<std::uint32_t> Stack{F.Root};
      while (!Stack.empty()) {
        const FilterNode &N = F.node(Stack.back());
        Stack.pop_back();
        if (N.Kind == FilterNodeKind::And) {
          Stack.push_back(N.Right);
          Stack.push_back(N.Left);
          continue;
        }
        const std::string Span =
            templateSpan(A.Filter, Q.Filter, N.Offset, N.Length);
        if (KeyLiteral.empty() && N.Kind == FilterNodeKind::Compare &&
            N.Op == CompareOp::Eq && N.Property == Key->Name) {
          std::string Lit = templateSpan(A.Filter, Q.Filter, N.Literal.Offset,
                                         N.Literal.Length);
          if (Lit.size() >= 2 && Lit.front() == '\'' && Lit.back() == '\'')
            Lit = Lit.substr(1, Lit.size() - 2);
          KeyLiteral = Lit;
          continue;
        }
        Rest +=
            " and " + (N.Kind == FilterNodeKind::Or ? "(" + Span + ")" : Span);
      }
      Table Idx;
      Idx.Name = uniqueTableName(
          Source.Name + "By" +
          std::string(1, static_cast<char>(std::toupper(
                             static_cast<unsigned char>(Key->Name[0])))) +
          Key->Name.substr(1));
      Idx.Account = Source.Account;
      Idx.Path = "tables[" + Idx.Name + "]";
      std::string Error;
      // Keyed by the looked-up property; the source's keys keep each
      // entity's row unique.
      // A property name that is no identifier (an invalid-name finding)
      // cannot be a placeholder: no index then.
      std::optional<KeyTemplate> Pk =
          parseKeyTemplate("{" + Key->Name + "}", Error);
      std::optional<KeyTemplate> Rk = parseKeyTemplate(
          Source.PartitionKey.Text + "_" + Source.RowKey.Text, Error);
      if (!Pk || !Rk)
        continue;
      Idx.PartitionKey = *Pk;
      Idx.RowKey = *Rk;
      Idx.Properties = Source.Properties;
      for (Property &P : Idx.Properties) {
        P.Path = Idx.Path + ".properties[" + P.Name + "]";
        P.Note.clear();
      }
      for (Write W : Source.Writes) {
        W.Path = Idx.Path + ".writes[" + W.Name + "]";
        W.Note = "mirrors '" + W.Name + "' of " + Source.Name;
        Idx.Writes.push_back(W);
      }
      Idx.Entities = Source.Entities;
      Idx.RetentionSeconds = Source.RetentionSeconds;
      Query Moved1 = Q;
      Moved1.Filter = "PartitionKey eq '" + KeyLiteral + "'" + Rest;
      Moved1.Path = Idx.Path + ".queries[" + Q.Name + "]";
      Moved1.FilterPos = {};
      const std::string Why =
          "index table for queries[" + Q.Name +
          "] (denormalize-for-query): " + formatFigure(Q.Frequency.PerSecond) +
          " lookups/s by '" + Key->Name +
          "' read one partition instead of "
          "scanning " +
          Source.Name;
      change("denormalize-for-query", Idx.Path, Idx.Note, Why);
      addNote(Moved1.Note,
              "moved from " + Source.Name + " (denormalize-for-query)");
      Idx.Queries.push_back(std::move(Moved1));
      Moved.push_back(Q.Name);
      R.Design.Tables.push_back(std::move(Idx));
    }
    if (Moved.empty())
      return;
    std::vector<Query> &Queries = R.Design.Tables[Index].Queries;
    Queries.erase(std::remove_if(Queries.begin(), Queries.end(),
                                 [&](const Query &Q) {
                                   return std::find(Moved.begin(), Moved.end(),
                                                    Q.Name) != Moved.end();
                                 }),
                  Queries.end());
  }

  // ------------------------------------------------------------- series

  void foldSeries(Table &T) {
    // Folded only when every query of the table reads the same series:
    // other queries would need the per-point rows.
    if (T.Queries.empty())
      return;
    const KeyPart *Part = nullptr;
    std::uint64_t Points = 0;
    for (const Query &Q : T.Queries) {
      if (!Found.has("data-series-entity", Q.Path))
        return;
      const QueryAnalysis A = analyzeQuery(T, Q);
      const KeyPart *P = seriesPart(T, Q, A, Options.MinSeriesRows);
      if (!P || (Part && P->Text != Part->Text))
        return;
      Part = P;
      Points = std::max<std::uint64_t>(Points, *Q.ExpectedRows);
    }
    const std::string Time = Part->Text;
    const std::vector<std::string> Keys = T.PartitionKey.properties();
    // One series per partition key: the row key may hold nothing else.
    for (const std::string &P : T.RowKey.properties())
      if (P != Time && std::find(Keys.begin(), Keys.end(), P) == Keys.end())
        return;
    if (Keys.empty())
      return;
    std::vector<Property> Folded;
    std::vector<std::string> ValueNames;
    for (const Property &P : T.Properties) {
      if (P.Name == Time)
        continue;
      if (std::find(Keys.begin(), Keys.end(), P.Name) != Keys.end()) {
        Folded.push_back(P);
        continue;
      }
      ValueNames.push_back(P.Name);
      const unsigned Width =
          static_cast<unsigned>(std::to_string(Points - 1).size());
      for (std::uint64_t I = 0; I < Points; ++I) {
        Property Slot = P;
        std::string Index = std::to_string(I);
        Index.insert(0, Width - Index.size(), '0');
        Slot.Name = P.Name + Index;
        Slot.Path = T.Path + ".properties[" + Slot.Name + "]";
        Slot.Note.clear();
        Folded.push_back(Slot);
      }
    }
    auto Expand = [&](const std::vector<std::string> &Names) {
      std::vector<std::string> Out;
      for (const std::string &N : Names)
        for (const Property &P : Folded)
          if (P.Name == N ||
              (std::find(ValueNames.begin(), ValueNames.end(), N) !=
                   ValueNames.end() &&
               P.Name.compare(0, N.size(), N) == 0 &&
               P.Name.size() > N.size() &&
               std::isdigit(static_cast<unsigned char>(P.Name[N.size()]))))
            Out.push_back(P.Name);
      return Out;
    };
    T.Properties = Folded;
    std::string Error;
    const std::string SeriesKey = "series";
    T.RowKey = *parseKeyTemplate(SeriesKey, Error);
    for (Write &W : T.Writes) {
      W.Op = WriteKind::InsertOrMerge;
      W.Properties = Expand(W.Properties);
      addNote(W.Note, "merges the current point's property into the series "
                      "entity (data-series-entity)");
    }
    for (Query &Q : T.Queries) {
      std::string PinnedPk = "{" + Keys.front() + "}";
      // Keep the original partition literal.
      const QueryFilter QF = parseQueryFilter(Q);
      if (QF.PinnedPartition)
        PinnedPk = QF.PinnedPartition->Text;
      Q.Filter = "PartitionKey eq '" + PinnedPk + "' and RowKey eq '" +
                 SeriesKey + "'";
      Q.FilterPos = {};
      Q.ExpectedRows = 1;
      Q.Top.reset();
      Q.Select = Expand(Q.Select);
      Q.Uses = Expand(Q.Uses);
    }
    change("data-series-entity", T.Path, T.Note,
           "one entity per series for data-series-entity: " +
               std::to_string(Points) + " points of '" + Time +
               "' as properties, read with one point query instead of " +
               std::to_string(Points) + " rows");
  }

  // ----------------------------------------------------- partition keys

  // The new partition key with a bucket prefix (time-based or constant
  // keys) or suffix (hot or narrow keys) of property By.
  static std::string bucketedKey(const Table &T, const std::string &By,
                                 unsigned Buckets, bool Prefix) {
    const std::string Bucket =
        "{" + By + "|hash:" + std::to_string(Buckets) + "}";
    return Prefix ? Bucket + "_" + T.PartitionKey.Text
                  : T.PartitionKey.Text + "_" + Bucket;
  }

  struct BucketChoice {
    std::string Property;
    unsigned Buckets = 0;
    KeyTemplate Key;
    double PerPartition = 0;
  };

  // The bucketing that brings Load on the busiest partition under the
  // target with headroom: the fewest buckets, and among equals a property
  // the queries name (they can still pin one bucket), then one the row key
  // uses. The leading time property itself is the last resort.
  std::optional<BucketChoice> chooseBuckets(const Table &T, double Load,
                                            bool Prefix,
                                            const KeyPart *Lead) const {
    const KeyShare Before = keyShare(T, T.PartitionKey);
    const double Scale = Lead ? 1.0 : (Before.Top > 0 ? 1.0 / Before.Top : 0);
    const double Goal = Options.PartitionEntitiesPerSecond / 1.25;
    const std::vector<std::string> InKey = T.PartitionKey.properties();
    const std::vector<std::string> InRow = T.RowKey.properties();
    std::optional<BucketChoice> Best;
    int BestScore = -1;
    for (unsigned Buckets =
             bucketCountFor(Load, Options.PartitionEntitiesPerSecond);
         Buckets <= 4096; Buckets *= 2) {
      for (const Property &P : T.Properties) {
        const bool IsLead = Lead && P.Name == Lead->Text;
        if (!IsLead &&
            std::find(InKey.begin(), InKey.end(), P.Name) != InKey.end())
          continue;
        std::string Error;
        std::optional<KeyTemplate> K =
            parseKeyTemplate(bucketedKey(T, P.Name, Buckets, Prefix), Error);
        if (!K)
          continue;
        const KeyShare After = keyShare(T, *K);
        if (!After.Known || leadingSequentialPart(*K, After))
          continue;
        // The busiest partition's share after, relative to before.
        const double PerPartition =
            Lead ? Load * After.Top / std::max(Before.Top, 1e-12)
                 : Load * Scale * After.Top;
        if (PerPartition > Goal)
          continue;
        // Queries that name the property can still pin one bucket (not
        // so for the time itself: a day's rows spread over all buckets).
        int Score = IsLead ? 0 : 1;
        if (std::find(InRow.begin(), InRow.end(), P.Name) != InRow.end())
          Score += 2;
        for (const Query &Q : T.Queries)
          if (!IsLead && Q.Filter.find("{" + P.Name) != std::string::npos)
            Score += 4;
        // Fewest buckets first: a better property must score higher.
        if (Score > BestScore) {
          BestScore = Score;
          Best = BucketChoice{P.Name, Buckets, *K, PerPartition};
        }
      }
    }
    return Best;
  }

  void bucketPartitionKey(Table &T, const FindingIndex &F) {
    const char *Rule = nullptr;
    if (F.has("time-based-partition-key", T.Path))
      Rule = "time-based-partition-key";
    else if (F.has("hot-partition", T.Path))
      Rule = "hot-partition";
    else if (F.has("partition-key-design", T.Path))
      Rule = "partition-key-design";
    if (!Rule)
      return;
    const KeyShare Share = keyShare(T, T.PartitionKey);
    // The load to split: the busiest partition's, or for a leading time
    // key all writes (they share the newest range).
    double Load = 0, Writes = 0;
    for (const Write &W : T.Writes) {
      Writes += W.Frequency.PerSecond;
      Load += writeLoad(T, W).HottestPartitionEntitiesPerSecond.value_or(0);
    }
    for (const Query &Q : T.Queries) {
      const QueryAnalysis A = analyzeQuery(T, Q);
      if (A.Filter.PinnedPartition)
        Load += A.Load.HottestPartitionEntitiesPerSecond.value_or(0);
    }
    const KeyPart *Lead = leadingSequentialPart(T.PartitionKey, Share);
    if (Lead)
      Load = std::max(Load, Writes);
    // A bucket goes before a time-based or constant key, after other keys;
    // decided on the key as it was, before it is replaced below (the
    // queries' pinned keys are rewritten the same way).
    const bool Prefix = Lead || T.PartitionKey.isConstant();
    const std::optional<BucketChoice> Choice =
        chooseBuckets(T, Load, Prefix, Lead);
    if (!Choice)
      return;
    // Lead points into the key about to be replaced: keep its name.
    const std::string LeadName = Lead ? Lead->Text : std::string();
    const unsigned Buckets = Choice->Buckets;
    const SourcePos Pos = T.PartitionKey.Pos;
    T.PartitionKey = Choice->Key;
    T.PartitionKey.Pos = Pos;
    // Queries that pinned a partition pin its bucketed form; those that do
    // not know the bucket property read every bucket.
    for (Query &Q : T.Queries) {
      const QueryFilter QF = parseQueryFilter(Q);
      if (!QF.PinnedPartition)
        continue;
      const std::string Pinned = QF.PinnedPartition->Text;
      const std::string From = "PartitionKey eq '" + Pinned + "'";
      const std::size_t At = Q.Filter.find(From);
      if (At == std::string::npos)
        continue;
      const std::string &By = Choice->Property;
      const std::string Bucket =
          "{" + By + "|hash:" + std::to_string(Buckets) + "}";
      const bool KnowsBucket =
          !(!LeadName.empty() && By == LeadName) &&
          (Q.Filter.find("{" + By + "}") != std::string::npos ||
           Q.Filter.find("{" + By + ":") != std::string::npos ||
           Q.Filter.find("{" + By + "|") != std::string::npos);
      Q.Filter.replace(
          At, From.size(),
          "PartitionKey eq '" +
              (Prefix ? Bucket + "_" + Pinned : Pinned + "_" + Bucket) + "'");
      Q.FilterPos = {};
      if (!KnowsBucket) {
        const double Rate = Q.Frequency.PerSecond * Buckets;
        Q.Frequency.PerSecond = Rate;
        Q.Frequency.Text = formatRate(Rate);
        addNote(Q.Note, "reads all " + std::to_string(Buckets) + " buckets (" +
                            Rule + "): " + formatFigure(Rate) +
                            " partition reads/s");
      }
    }
    change(Rule, T.Path, T.Note,
           "bucketed partition key for " + std::string(Rule) + ": " +
               formatFigure(Load) + " entities/s over " +
               std::to_string(Buckets) + " buckets of '" + Choice->Property +
               "' = " + formatFigure(Choice->PerPartition) +
               "/s on the busiest partition (target " +
               formatFigure(Options.PartitionEntitiesPerSecond) + "/s)");
  }

  // ------------------------------------------------------------ batching

  void batchWrites(Table &T, const FindingIndex &F) {
    const EntitySize Size = entitySize(T);
    const double MaxBySize =
        std::floor((static_cast<double>(limits::MaxBatchPayloadBytes) - 1) /
                   std::max(Size.BillingBytes, 1.0));
    const unsigned Batch = static_cast<unsigned>(
        std::min<double>(limits::MaxBatchOperations, MaxBySize));
    if (Batch < 2)
      return;
    for (std::size_t I = 0; I < T.Writes.size(); ++I) {
      Write &W = T.Writes[I];
      if (!F.has("unbatched-writes", W.Path))
        continue;
      const OperationLoad L = writeLoad(T, W);
      W.BatchSize = Batch;
      change("unbatched-writes", W.Path, W.Note,
             "batches of " + std::to_string(Batch) + " for unbatched-writes: " +
                 formatFigure(L.Rate) + " writes/s, " +
                 formatFigure(L.HottestPartitionEntitiesPerSecond.value_or(0)) +
                 "/s to the busiest partition");
    }
  }

  // --------------------------------------------------------- projections

  void addProjections(Table &T) {
    for (Query &Q : T.Queries) {
      if (!Found.has("missing-projection", Q.Path) || Q.Uses.empty())
        continue;
      Q.Select = Q.Uses;
      Q.HasSelect = true;
      std::string Names;
      for (const std::string &N : Q.Uses)
        Names += (Names.empty() ? "" : ", ") + N;
      change("missing-projection", Q.Path, Q.Note,
             "select only " + Names + " for missing-projection");
    }
  }

  const Schema &Current;
  const SchemaCheckOptions &Options;
  FindingIndex Found;
  SuggestResult &R;
};

} // namespace

SuggestResult suggestDesign(const Schema &Current,
                            const SchemaCheckOptions &Options) {
  SuggestResult R;
  Suggester(Current, Options, R).run();
  Schema Marks = R.Design;
  for (Finding &F : runSchemaChecks(R.Design, Options))
    if (!isSuppressed(Marks, F.RuleId, F.Anchor))
      R.Remaining.push_back(std::move(F));
  return R;
}

} // namespace tablelint::schema
