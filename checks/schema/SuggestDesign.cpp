// The design remedies of `tablelint suggest`, applied to a copy of the
// schema in a fixed order: clients, index tables, series, partition keys,
// batching, projections.
#include "checks/schema/SuggestDesign.h"

#include "checks/schema/LogTailRemedy.h"
#include "checks/schema/SchemaContext.h"
#include "core/RetrySchedule.h"
#include "core/ServiceLimits.h"
#include "core/Text.h"
#include "core/schema/SchemaValues.h"
#include "core/schema/Suppressions.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
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
  // The rules of the findings on Path or on an element under it (its
  // writes, queries, properties), among Rules and in their order.
  std::vector<std::string>
  rulesUnder(const std::string &Path,
             const std::vector<std::string> &Rules) const {
    std::vector<std::string> Out;
    for (const std::string &Rule : Rules) {
      const std::string Prefix = key(Rule, Path);
      for (const std::string &K : Keys)
        if (K.compare(0, Prefix.size(), Prefix) == 0 &&
            (K.size() == Prefix.size() || K[Prefix.size()] == '.')) {
          Out.push_back(Rule);
          break;
        }
    }
    return Out;
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
            const RemedyFilter &Allow, SuggestResult &R)
      : Current(Current), Options(Options), Allow(Allow),
        Found(Current, Options), R(R) {}

  void run() {
    R.Design = Current;
    for (Client &C : R.Design.Clients)
      fixClient(C);
    // Index tables are appended; remedies below work on the tables as
    // they were declared.
    const std::size_t Declared = R.Design.Tables.size();
    for (std::size_t I = 0; I < Declared; ++I)
      if (!declineTable(R.Design.Tables[I]))
        addIndexTables(I);
    for (std::size_t I = 0; I < Declared; ++I) {
      Table &T = R.Design.Tables[I];
      if (kept(T))
        continue;
      foldSeries(T);
      reverseForNewest(T);
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
      // Part of the index remedy: its subject is the moved query.
      Subject = IndexSubjects[I - Declared];
      bucketPartitionKey(R.Design.Tables[I], IndexFindings);
      batchWrites(R.Design.Tables[I], IndexFindings);
    }
  }

private:
  // Tables with several entity types are kept as they are: the types
  // share their keys, so a remedy for one type's load would move the
  // others' too. Their findings stay as advice. A table per period or
  // tenant (a name template) is one design for all its instances: its
  // keys, batches, projections and index tables (one per instance) are
  // remedied as any table's, in every instance alike.
  static bool kept(const Table &T) { return !T.EntityTypes.empty(); }
  bool declineTable(const Table &T) {
    if (!kept(T))
      return false;
    // Said only when a finding there has a remedy that is not made: the
    // table's own remedies (keys, log tail, series, batches, projections,
    // an index table).
    const std::vector<std::string> Left = Found.rulesUnder(
        T.Path, {"data-series-entity", "denormalize-for-query",
                 "hot-partition", "missing-projection", "partition-key-design",
                 "partition-scan", "time-based-partition-key",
                 "unbatched-writes"});
    if (Left.empty())
      return true;
    std::string Rules;
    for (const std::string &Rule : Left)
      Rules += (Rules.empty() ? "" : ", ") + Rule;
    R.Advice.push_back({Left.front(), T.Path,
                        "not redesigned: table '" + T.Name + "' declares " +
                            std::to_string(T.EntityTypes.size()) +
                            " entity types; suggest keeps tables with "
                            "several entity types as they are (act by hand "
                            "on its findings: " +
                            Rules + ")",
                        T.Path});
    return true;
  }

  // Whether the remedy of Rule may change the current design's element
  // at Path; sets it as the subject of the changes that follow.
  bool allowed(const char *Rule, const std::string &Path) {
    Subject = Path;
    return !Allow || Allow(Rule, Path);
  }

  void change(const char *Rule, const std::string &Path, std::string &Note,
              const std::string &Text) {
    addNote(Note, Text);
    R.Changes.push_back({Rule, Path, Text, Subject});
  }

  // ------------------------------------------------------------ clients

  void fixClient(Client &C) {
    RetrySpec &Retry = C.Retry;
    const bool Backoff = Found.has("retry-without-backoff", C.Path) &&
                         allowed("retry-without-backoff", C.Path);
    const bool NonRetryable = Found.has("retry-non-retryable", C.Path) &&
                              allowed("retry-non-retryable", C.Path);
    if (Backoff) {
      Subject = C.Path;
      const double Base = limits::ChecklistBackoffSeconds.front();
      const double Max = limits::ChecklistBackoffSeconds.back();
      const std::string Was = std::string(retryPolicyName(Retry.Policy));
      Retry.Policy = RetryPolicyKind::Exponential;
      Retry.BaseDelaySeconds = Base;
      Retry.MaxDelaySeconds = Max;
      Retry.Jitter = true;
      // The checklist's schedule gives up after its last step: a client
      // that kept retrying 10 or 20 times under the new delays would hold
      // each failing request for minutes.
      std::string Cap;
      const unsigned Steps = static_cast<unsigned>(
          limits::ChecklistBackoffSeconds.size());
      if (Retry.MaxRetries > Steps) {
        const double Waited = retry::totalDelaySeconds(Retry);
        Cap = ", giving up after " + std::to_string(Steps) +
              " retries as the checklist's schedule does (" +
              std::to_string(Retry.MaxRetries) +
              " retries under the new delays would wait " +
              formatDuration(Waited) + " per failing request)";
        Retry.MaxRetries = Steps;
      }
      change("retry-without-backoff", C.Path, C.Note,
             "exponential backoff with jitter (" + formatDuration(Base) +
                 " doubling to " + formatDuration(Max) + ") instead of the " +
                 Was + " policy" + Cap + ", for retry-without-backoff");
    }
    if (NonRetryable) {
      Subject = C.Path;
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
    if (Found.has("shared-key-in-client", C.Path) &&
        allowed("shared-key-in-client", C.Path)) {
      C.Auth = AuthKind::Sas;
      change("shared-key-in-client", C.Path, C.Note,
             "short-lived SAS instead of the account key, for "
             "shared-key-in-client");
    }
    if (Found.has("atompub-payload", C.Path) &&
        allowed("atompub-payload", C.Path)) {
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

  // The name template of an index of a table per period or tenant: its
  // own with By ("ByTargetId") added, unique among the design's templates
  // as uniqueTableName makes plain names unique.
  std::string indexNameTemplate(const KeyTemplate &Source,
                                const std::string &By) {
    std::string Suffix;
    for (char C : By)
      if (std::isalnum(static_cast<unsigned char>(C)))
        Suffix += C;
    std::string Candidate = Source.Text + Suffix;
    for (unsigned N = 2; R.Design.table(Candidate); ++N)
      Candidate = Source.Text + Suffix + std::to_string(N);
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

  // A write that can give a stored entity another value of Name: an
  // update or upsert that writes it (a merge naming other properties
  // cannot). Null when none.
  static const Write *changesProperty(const Table &T, const std::string &Name) {
    for (const Write &W : T.Writes) {
      if (W.Op == WriteKind::Insert || W.Op == WriteKind::Delete)
        continue;
      if (W.Properties.empty() ||
          std::find(W.Properties.begin(), W.Properties.end(), Name) !=
              W.Properties.end())
        return &W;
    }
    return nullptr;
  }

  // The properties an index entity for Q must carry; empty: all (the
  // query neither selects nor declares what it uses).
  static std::vector<std::string> indexProperties(const Table &Source,
                                                  const Query &Q,
                                                  const Filter &F) {
    if (!Q.HasSelect && Q.Uses.empty())
      return {};
    std::vector<std::string> Keep = Source.PartitionKey.properties();
    const std::vector<std::string> Instance =
        Source.NameTemplate ? Source.NameTemplate->properties()
                            : std::vector<std::string>();
    for (const std::vector<std::string> &More :
         {Source.RowKey.properties(), Instance, F.properties(), Q.Select,
          Q.Uses})
      Keep.insert(Keep.end(), More.begin(), More.end());
    // What "latest N" orders by (the index's RowKey may lead with it).
    if (!Q.Newest.empty())
      Keep.push_back(Q.Newest);
    return Keep;
  }

  // The PartitionKey text an index keyed by P holds for a filter literal
  // compared with P, as a key renders P (core/schema key templates):
  // 'text' and typed literals (guid'..', datetime'..', X'..') by their
  // content, a constant GUID in lower case, integers and booleans as
  // written (without Int64's L). None for a constant double, whose key
  // text (17 significant digits) is not the literal's.
  static std::optional<std::string> keyTextOfLiteral(std::string Lit,
                                                     const Property &P) {
    const std::size_t Quote = Lit.find('\'');
    if (Quote != std::string::npos && Lit.size() >= Quote + 2 &&
        Lit.back() == '\'' &&
        std::all_of(Lit.begin(), Lit.begin() + static_cast<long>(Quote),
                    [](char C) {
                      return std::isalpha(static_cast<unsigned char>(C));
                    })) {
      std::string Inner = Lit.substr(Quote + 1, Lit.size() - Quote - 2);
      if (P.Type == EdmType::Guid && Inner.find('{') == std::string::npos)
        for (char &C : Inner)
          C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
      return Inner;
    }
    if (Lit.find('{') != std::string::npos)
      return Lit; // a placeholder: rendered alike in the key and the filter
    if (P.Type == EdmType::Double)
      return std::nullopt;
    if (P.Type == EdmType::Int64 && !Lit.empty() &&
        (Lit.back() == 'L' || Lit.back() == 'l'))
      Lit.pop_back();
    return Lit;
  }

  // The index entities' properties: the source's, in its order, that
  // Keep names (all of them when Keep is empty).
  static std::vector<Property> indexEntityProperties(
      const Table &Source, const std::vector<std::string> &Keep,
      const std::string &IdxPath) {
    std::vector<Property> Out;
    for (const Property &Src : Source.Properties) {
      if (!Keep.empty() &&
          std::find(Keep.begin(), Keep.end(), Src.Name) == Keep.end())
        continue;
      Property P = Src;
      P.Path = IdxPath + ".properties[" + P.Name + "]";
      P.Note.clear();
      Out.push_back(std::move(P));
    }
    return Out;
  }

  // The source's writes mirrored into the index Idx (its properties set):
  // a merge sends only the properties the index holds, and none when it
  // holds none of them; a sparse index's writes reach it only for When.
  static std::vector<Write> mirroredWrites(const Table &Source,
                                           const Table &Idx,
                                           const std::string &When) {
    std::vector<Write> Out;
    for (Write W : Source.Writes) {
      if (!W.Properties.empty()) {
        std::vector<std::string> Sent;
        for (const std::string &N : W.Properties)
          if (Idx.property(N))
            Sent.push_back(N);
        if (Sent.empty())
          continue; // a merge of properties the index does not hold
        W.Properties = Sent;
      }
      W.Path = Idx.Path + ".writes[" + W.Name + "]";
      W.Note = "mirrors '" + W.Name + "' of " + Source.Name;
      if (!When.empty()) {
        W.When = When;
        W.Note += ", only for entities with " + When;
      }
      Out.push_back(W);
    }
    return Out;
  }

  void addIndexTables(std::size_t Index) {
    const Table &Source = Current.Tables[Index];
    std::vector<std::string> Moved;
    // The index tables this source got, by what keys them (the looked-up
    // property, and a sparse index's condition): a second query by the
    // same property reads the same index, written once per entity.
    struct IndexOf {
      std::size_t Table = 0;          // in R.Design.Tables
      std::vector<std::string> Keep; // what its queries need (empty: all)
    };
    std::map<std::string, IndexOf> IndexBy;
    for (const Query &Q : Source.Queries) {
      if (!Found.has("denormalize-for-query", Q.Path) ||
          !allowed("denormalize-for-query", Q.Path))
        continue;
      const QueryAnalysis A = analyzeQuery(Source, Q);
      // Keyed by the looked-up property, and by the other properties
      // whose values the query passes (a tenant beside an account).
      const std::vector<const Property *> Keys =
          lookupKeyProperties(Source, A);
      if (Keys.empty())
        continue;
      const Property *Key = Keys.front();
      std::vector<std::string> Names;
      std::string KeyPlaceholders, By = "By";
      for (const Property *P : Keys) {
        Names.push_back(P->Name);
        KeyPlaceholders +=
            (KeyPlaceholders.empty() ? "{" : "_{") + P->Name + "}";
        By += std::string(1, static_cast<char>(std::toupper(
                                 static_cast<unsigned char>(P->Name[0])))) +
              P->Name.substr(1);
      }
      const std::string KeyNames = quotedListWithAnd(Names);
      const Write *Changes = nullptr;
      for (const Property *P : Keys)
        if (!Changes)
          if ((Changes = changesProperty(Source, P->Name)))
            Key = P;
      if (Changes) {
        R.Advice.push_back(
            {"denormalize-for-query", Q.Path,
             "no index table by " + KeyNames + ": write '" + Changes->Name +
                 "' (" + std::string(writeKindName(Changes->Op)) +
                 ") can change '" + Key->Name +
                 "' of a stored entity, and its index row under the old "
                 "value would stay; an index needs the old index entity "
                 "deleted in the same unit of work (the eventually "
                 "consistent transactions pattern)",
             Q.Path});
        continue;
      }
      // The filter on the index: the key's equality becomes the partition
      // key; the other conditions stay.
      const Filter &F = *A.Filter.Parsed;
      std::string KeyLiteral, KeyEquality, Rest;
      std::vector<std::string> KeyTexts(Keys.size());
      bool Unkeyable = false;
      for (const std::uint32_t I : F.conjuncts()) {
        const FilterNode &N = F.node(I);
        const std::string Span =
            templateSpan(A.Filter, Q.Filter, N.Offset, N.Length);
        const auto K = std::find_if(
            Keys.begin(), Keys.end(),
            [&](const Property *P) { return P->Name == N.Property; });
        const std::size_t At = static_cast<std::size_t>(K - Keys.begin());
        if (K != Keys.end() && KeyTexts[At].empty() &&
            N.Kind == FilterNodeKind::Compare && N.Op == CompareOp::Eq) {
          std::string Lit = templateSpan(A.Filter, Q.Filter, N.Literal.Offset,
                                         N.Literal.Length);
          std::optional<std::string> Text = keyTextOfLiteral(Lit, **K);
          if (!Text || Text->empty()) {
            Unkeyable = true; // the key cannot spell this value
            break;
          }
          KeyTexts[At] = *Text;
          if (At == 0)
            KeyEquality = Span;
          continue;
        }
        Rest +=
            " and " + (N.Kind == FilterNodeKind::Or ? "(" + Span + ")" : Span);
      }
      if (Unkeyable ||
          std::any_of(KeyTexts.begin(), KeyTexts.end(),
                      [](const std::string &T) { return T.empty(); }))
        continue;
      for (const std::string &T : KeyTexts)
        KeyLiteral += (KeyLiteral.empty() ? "" : "_") + T;
      // A constant key value makes a sparse index: rows only for the
      // entities the query asks for.
      const bool Sparse = KeyLiteral.find('{') == std::string::npos;
      const std::string IndexKey =
          KeyPlaceholders + (Sparse ? "\n" + KeyEquality : std::string());
      // The query as it reads index Idx: its key equality becomes the
      // PartitionKey's, the other conditions stay; and, with its change
      // noted, moved there.
      auto MovedTo = [&](const Table &Idx) {
        Query M = Q;
        M.Filter = "PartitionKey eq '" + KeyLiteral + "'" + Rest;
        M.Path = Idx.Path + ".queries[" + Q.Name + "]";
        M.FilterPos = {};
        return M;
      };
      auto Move = [&](Table &Idx, Query M) {
        addNote(M.Note,
                "moved from " + Source.Name + " (denormalize-for-query)");
        Idx.Queries.push_back(std::move(M));
        Moved.push_back(Q.Name);
      };
      // A "latest N" read (`newest`, `top`, no RowKey condition of its
      // own): the index puts the newest first, as the log tail does, so
      // `top` ends each read instead of every execution reading the whole
      // index partition to keep the last N.
      const Property *NewestProp =
          !Q.Newest.empty() && Q.Top && !boundsRowKey(Q)
              ? Source.property(Q.Newest)
              : nullptr;
      const bool NewestLead =
          NewestProp && (NewestProp->Type == EdmType::DateTime ||
                         NewestProp->Type == EdmType::Int32 ||
                         NewestProp->Type == EdmType::Int64);
      // Another query joins an index whose order serves it: one that
      // reads the first N in key order (`top`) keeps reading them in the
      // order the index was made for.
      auto Serves = [&](const Table &Idx) {
        const bool Reversed =
            !Idx.RowKey.Parts.empty() && Idx.RowKey.Parts[0].IsPlaceholder &&
            std::any_of(Idx.RowKey.Parts[0].Functions.begin(),
                        Idx.RowKey.Parts[0].Functions.end(),
                        [](const KeyFunction &Fn) {
                          return Fn.Fn == KeyFunction::Reverse;
                        });
        if (!Q.Top)
          return true;
        return Reversed ? NewestLead && newestFirstInKeyOrder(Idx.RowKey,
                                                              Q.Newest)
                        : !NewestLead;
      };
      if (const auto Same = IndexBy.find(IndexKey);
          Same != IndexBy.end() &&
          Serves(R.Design.Tables[Same->second.Table])) {
        // Served by the index an earlier query of the table got.
        Table &Idx = R.Design.Tables[Same->second.Table];
        std::vector<std::string> &Keep = Same->second.Keep;
        const std::vector<std::string> More = indexProperties(Source, Q, F);
        if (Keep.empty() || More.empty())
          Keep.clear();
        else
          for (const std::string &N : More)
            if (std::find(Keep.begin(), Keep.end(), N) == Keep.end())
              Keep.push_back(N);
        Idx.Properties = indexEntityProperties(Source, Keep, Idx.Path);
        Idx.Writes = mirroredWrites(Source, Idx, Sparse ? KeyEquality : "");
        Query Moved1 = MovedTo(Idx);
        const std::string Why =
            "queries[" + Q.Name + "] (denormalize-for-query): " +
            formatFigure(Q.Frequency.PerSecond) + " lookups/s by " +
            KeyNames + " read the index table " + Idx.Name +
            " that another query by " + KeyNames +
            " reads, instead of scanning " + Source.Name +
            ": one index, written once per entity";
        change("denormalize-for-query", Moved1.Path, Moved1.Note, Why);
        Move(Idx, std::move(Moved1));
        continue;
      }
      Table Idx;
      Idx.Account = Source.Account;
      std::string Error;
      // Of a table per period or tenant, an index per instance, named by
      // the same values: the query reads the index of the instance it
      // read, so it returns what it did, and the index goes with its
      // instance (one Delete Table).
      if (Source.NameTemplate) {
        Idx.Name = indexNameTemplate(*Source.NameTemplate, By);
        Idx.NameTemplate = parseKeyTemplate(Idx.Name, Error);
        if (!Idx.NameTemplate)
          continue;
      } else {
        Idx.Name = uniqueTableName(Source.Name + By);
      }
      Idx.Path = "tables[" + Idx.Name + "]";
      // Keyed by the looked-up property; the source's keys keep each
      // entity's row unique.
      // A property name that is no identifier (an invalid-name finding)
      // cannot be a placeholder: no index then.
      // A "latest N" index leads with the newest property reversed; the
      // source's PartitionKey is left out when it is made of that property
      // alone (a day of it: the time already orders and separates them).
      std::string RowKeyText =
          Source.PartitionKey.Text + "_" + Source.RowKey.Text;
      if (NewestLead) {
        const std::vector<std::string> PkProps =
            Source.PartitionKey.properties();
        const bool PkIsNewest =
            !PkProps.empty() &&
            std::all_of(PkProps.begin(), PkProps.end(),
                        [&](const std::string &N) { return N == Q.Newest; });
        RowKeyText = "{" + Q.Newest + "|reverse}_" +
                     (PkIsNewest ? Source.RowKey.Text : RowKeyText);
      }
      std::optional<KeyTemplate> Pk =
          parseKeyTemplate(KeyPlaceholders, Error);
      std::optional<KeyTemplate> Rk = parseKeyTemplate(RowKeyText, Error);
      if (!Pk || !Rk)
        continue;
      Idx.PartitionKey = *Pk;
      Idx.RowKey = *Rk;
      // Index entities carry only what the query needs: the keys' and the
      // filter's properties and those it selects or uses (all of them when
      // it says neither).
      const std::vector<std::string> Keep = indexProperties(Source, Q, F);
      Idx.Properties = indexEntityProperties(Source, Keep, Idx.Path);
      Idx.Writes = mirroredWrites(Source, Idx, Sparse ? KeyEquality : "");
      Idx.Entities.reset();
      if (Source.Entities)
        Idx.Entities = static_cast<std::uint64_t>(std::llround(
            static_cast<double>(*Source.Entities) *
            (Sparse && !Idx.Writes.empty()
                 ? writeShare(Idx, Idx.Writes.front())
                 : 1.0)));
      Idx.RetentionSeconds = Source.RetentionSeconds;
      Query Moved1 = MovedTo(Idx);
      std::string Why =
          "index table for queries[" + Q.Name +
          "] (denormalize-for-query): " + formatFigure(Q.Frequency.PerSecond) +
          " lookups/s by " + KeyNames +
          " read one partition instead of "
          "scanning " +
          Source.Name;
      if (Sparse)
        Why += "; sparse: rows only for " + KeyEquality;
      if (Source.NameTemplate)
        Why += "; one index per instance of " + Source.Name +
               ", named by the same values: created and deleted with it";
      if (Idx.Properties.size() < Source.Properties.size())
        Why += "; index entities carry " +
               std::to_string(Idx.Properties.size()) + " of " +
               std::to_string(Source.Properties.size()) + " properties";
      Why += "; the writes keep it eventually consistent (a failed "
             "mirror write must be retried)";
      change("denormalize-for-query", Idx.Path, Idx.Note, Why);
      Move(Idx, std::move(Moved1));
      IndexBy[IndexKey] = {R.Design.Tables.size(), Keep};
      R.Design.Tables.push_back(std::move(Idx));
      IndexSubjects.push_back(Q.Path);
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
    if (T.Queries.empty() || !allowed("data-series-entity", T.Path))
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

  // Properties the RowKey renders whole (a placeholder without format or
  // function): equal RowKeys mean equal values of these.
  static std::vector<std::string> exactRowKeyProperties(const Table &T) {
    std::vector<std::string> Out;
    for (const KeyPart &P : T.RowKey.Parts)
      if (P.IsPlaceholder && P.Format.empty() && P.Functions.empty())
        Out.push_back(P.Text);
    return Out;
  }

  // The most buckets a suggested key gets: every fan-out read reads each.
  static constexpr unsigned MaxBuckets = 4096;

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
  // Whether a query's filter names property By (it can then pin the
  // bucket of By instead of fanning out).
  static bool namesProperty(const Query &Q, const std::string &By) {
    return Q.Filter.find("{" + By + "}") != std::string::npos ||
           Q.Filter.find("{" + By + ":") != std::string::npos ||
           Q.Filter.find("{" + By + "|") != std::string::npos;
  }

  // A "latest N" read of the busiest partition and its load there: a
  // fan-out reads N rows of every bucket, so this load does not split.
  struct TopRead {
    const Query *Q = nullptr;
    double Load = 0;
  };
  // "'top-100' (top 100, 5000 entities/s) reads", or several "... read".
  static std::string topReadsText(const std::vector<TopRead> &Reads) {
    std::string Out;
    for (std::size_t I = 0; I < Reads.size(); ++I) {
      if (I)
        Out += I + 1 == Reads.size() ? " and " : ", ";
      Out += "'" + Reads[I].Q->Name + "' (top " +
             std::to_string(Reads[I].Q->Top.value_or(0)) + ", " +
             formatFigure(Reads[I].Load) + " entities/s)";
    }
    return Out + (Reads.size() > 1 ? " read" : " reads");
  }

  // Closest: of every bucketing tried, the one whose busiest partition is
  // least loaded (set when none gets under the target: why no remedy).
  std::optional<BucketChoice>
  chooseBuckets(const Table &T, double Load, bool Prefix, const KeyPart *Lead,
                const std::vector<TopRead> &TopReads,
                std::optional<BucketChoice> &Closest) const {
    const KeyShare Before = keyShare(T, T.PartitionKey);
    const double Scale = Lead ? 1.0 : (Before.Top > 0 ? 1.0 / Before.Top : 0);
    const double Goal = Options.PartitionEntitiesPerSecond * BucketTargetShare;
    const std::vector<std::string> InKey = T.PartitionKey.properties();
    const std::vector<std::string> InRow = T.RowKey.properties();
    const std::vector<std::string> Exact = exactRowKeyProperties(T);
    std::optional<BucketChoice> Best, Fallback;
    int BestScore = -1;
    for (unsigned Buckets =
             bucketCountFor(Load, Options.PartitionEntitiesPerSecond);
         Buckets <= MaxBuckets; Buckets *= 2) {
      for (const Property &P : T.Properties) {
        // Only a property the RowKey holds whole: rows that share both keys
        // then share the bucket, so no two rows that were one become two
        // (an insert that failed, an upsert that replaced, stay so).
        if (std::find(Exact.begin(), Exact.end(), P.Name) == Exact.end())
          continue;
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
        // The busiest partition's share after, relative to before; reads
        // that will fan out stay whole on every bucket.
        double Whole = 0;
        for (const TopRead &TR : TopReads)
          if (IsLead || !namesProperty(*TR.Q, P.Name))
            Whole += TR.Load;
        const double Split = std::max(0.0, Load - Whole);
        const double PerPartition =
            Whole + (Lead ? Split * After.Top / std::max(Before.Top, 1e-12)
                          : Split * Scale * After.Top);
        if (!Closest || PerPartition < Closest->PerPartition - 1e-9)
          Closest = BucketChoice{P.Name, Buckets, *K, PerPartition};
        if (PerPartition > Goal) {
          // Short of the aim but under the target: the fewest buckets
          // that get there (every bucket more is one more read of each
          // fan-out query).
          if (PerPartition < Options.PartitionEntitiesPerSecond &&
              (!Fallback || (Fallback->Buckets == Buckets &&
                             PerPartition < Fallback->PerPartition)))
            Fallback = BucketChoice{P.Name, Buckets, *K, PerPartition};
          continue;
        }
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
    return Best ? Best : Fallback;
  }

  void bucketPartitionKey(Table &T, const FindingIndex &F) {
    const char *Rule = nullptr;
    if (F.has("time-based-partition-key", T.Path))
      Rule = "time-based-partition-key";
    else if (F.has("hot-partition", T.Path))
      Rule = "hot-partition";
    else if (F.has("partition-key-design", T.Path))
      Rule = "partition-key-design";
    // An index table's bucket belongs to its index remedy (Subject set).
    const bool IsIndex = !Current.table(T.Name);
    if (!Rule || (!IsIndex && !allowed(Rule, T.Path)))
      return;
    const KeyShare Share = keyShare(T, T.PartitionKey);
    // The load to split: the busiest partition's, or for a leading time
    // key all writes (they share the newest range).
    double Load = 0, Writes = 0;
    for (const Write &W : T.Writes) {
      Writes += W.Frequency.PerSecond;
      Load += writeLoad(T, W).HottestPartitionEntitiesPerSecond.value_or(0);
    }
    // What the writes put on the busiest partition: its share of them (a
    // skewed key's busiest value), or all of them on a leading time key.
    double BusiestWrites = Load;
    std::vector<TopRead> TopReads;
    std::vector<TopRead> Reads; // every read of the busiest partition
    // The part of it that lists whole partitions (isWholePartitionListing).
    double Listings = 0;
    std::string Listed;
    for (const Query &Q : T.Queries) {
      const QueryAnalysis A = analyzeQuery(T, Q);
      if (!A.Filter.PinnedPartition)
        continue;
      const double L = A.Load.HottestPartitionEntitiesPerSecond.value_or(0);
      Load += L;
      if (L > 0)
        Reads.push_back({&Q, L});
      if (Q.Top)
        TopReads.push_back({&Q, L});
      if (L > 0 && isWholePartitionListing(Q, A)) {
        Listings += L;
        Listed += (Listed.empty() ? "'" : ", '") + Q.Name + "' (" +
                  formatFigure(L) + "/s)";
      }
    }
    const KeyPart *Lead = leadingSequentialPart(T.PartitionKey, Share);
    if (Lead) {
      Load = std::max(Load, Writes);
      BusiestWrites = std::max(BusiestWrites, Writes);
    }
    // Most of the load from listings of whole partitions: a bucket would
    // send each listing to every bucket (512 requests for a tenant of 5
    // users); page or cache them instead.
    if (!Lead && 2 * Listings > Load) {
      R.Advice.push_back(
          {Rule, T.Path,
           "not bucketed: most of the busiest partition's " +
               formatFigure(Load) + " entities/s are listings of the whole "
               "partition (" + Listed +
               "), which a bucket would turn into one request per bucket "
               "each: read a page at a time (`top` with the continuation of "
               "the last page), or cache the listing; a bucket then spreads "
               "what is left",
           T.Path});
      return;
    }
    // A bucket goes before a time-based or constant key, after other keys;
    // decided on the key as it was, before it is replaced below (the
    // queries' pinned keys are rewritten the same way).
    const bool Prefix = Lead || T.PartitionKey.isConstant();
    std::optional<BucketChoice> Closest;
    const std::optional<BucketChoice> Choice =
        chooseBuckets(T, Load, Prefix, Lead, TopReads, Closest);
    if (!Choice && !Closest &&
        bucketCountFor(Load, Options.PartitionEntitiesPerSecond) > MaxBuckets) {
      // Past any bucket count: say what loads the partition and what to
      // bound instead (a day's partition read whole by a nightly job).
      std::string What;
      for (const TopRead &Read : Reads)
        What += (What.empty() ? "" : ", ") + ("'" + Read.Q->Name + "' ") +
                formatFigure(Read.Load) + "/s";
      if (BusiestWrites > 0)
        What += (What.empty() ? "" : ", ") + std::string("writes ") +
                formatFigure(BusiestWrites) + "/s";
      R.Advice.push_back(
          {Rule, T.Path,
           "not bucketed: the busiest partition takes " + formatFigure(Load) +
               " entities/s (" + What + "); under the " +
               formatFigure(Options.PartitionEntitiesPerSecond) +
               "/s target that needs more than the " +
               std::to_string(MaxBuckets) +
               " buckets suggest tries, and a read of a whole partition "
               "would fan out over every one of them: bound what the reads "
               "scan (a RowKey range, top, or an entity the writes keep up "
               "to date with what they read), then a bucket spreads the "
               "writes",
           T.Path});
      return;
    }
    if (!Choice) {
      // Say why: a bucket spreads the values of a property, never the load
      // of one value (a hot SKU, a hot counter). A top read that is most of
      // the load and filters a scan of the partition (the next 32 pending
      // jobs of a queue, 1 row in 20 kept) is narrowed, not cached: a
      // cached "next pending" hands every worker the same jobs.
      // Only one read can be more than half of the load.
      std::string Narrow;
      for (const TopRead &TR : TopReads)
        if (2 * TR.Load > Load) {
          Narrow = scanLoadRemedy(T, *TR.Q, analyzeQuery(T, *TR.Q), TR.Load);
          break;
        }
      if (Closest && Closest->PerPartition >= Options.PartitionEntitiesPerSecond)
        R.Advice.push_back(
            {Rule, T.Path,
             "not bucketed: with " + std::to_string(Closest->Buckets) +
                 " buckets of '" + Closest->Property +
                 "' the busiest partition still takes " +
                 formatFigure(Closest->PerPartition) + " of " +
                 formatFigure(Load) + " entities/s, over the " +
                 formatFigure(Options.PartitionEntitiesPerSecond) +
                 "/s target: " +
                 (!Narrow.empty() ? Narrow
                  : TopReads.empty()
                      ? "the busiest '" + Closest->Property +
                            "' value alone is that hot, and no key splits "
                            "one value; key by '" +
                            Closest->Property +
                            "' to spread the others, and cache the hot "
                            "entity's reads or shard its writes (sum the "
                            "shards on read)"
                      : topReadsText(TopReads) +
                            " every bucket, so buckets do not split " +
                            (TopReads.size() > 1 ? "their" : "its") +
                            " load: cache " +
                            (TopReads.size() > 1 ? "their results"
                                                 : "its result") +
                            " (fewer reads a second), and a bucket then "
                            "spreads the rest"),
             T.Path});
      return;
    }
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
          !(!LeadName.empty() && By == LeadName) && namesProperty(Q, By);
      Q.Filter.replace(
          At, From.size(),
          "PartitionKey eq '" +
              (Prefix ? Bucket + "_" + Pinned : Pinned + "_" + Bucket) + "'");
      Q.FilterPos = {};
      if (!KnowsBucket) {
        // The reader cannot know the bucket: it reads every one, merges in
        // RowKey order and applies top after the merge (fanOut).
        Q.FanOut.push_back(By);
        addNote(Q.Note,
                "fans out over the " + std::to_string(Buckets) +
                    " buckets of '" + By + "' (" + Rule + "): " +
                    std::to_string(Buckets) +
                    " reads per execution, merged in RowKey order" +
                    (Q.Top ? ", top " + std::to_string(*Q.Top) +
                                 " after the merge"
                           : std::string()) +
                    "; " +
                    formatFigure(Q.Frequency.PerSecond *
                                 static_cast<double>(Buckets)) +
                    " partition reads/s");
      }
    }
    change(Rule, T.Path, T.Note,
           "bucketed partition key for " + std::string(Rule) + ": " +
               formatFigure(Load) + " entities/s over " +
               std::to_string(Buckets) + " buckets of '" + Choice->Property +
               "' = " + formatFigure(Choice->PerPartition) +
               "/s on the busiest partition (" +
               formatPercent(Choice->PerPartition /
                             Options.PartitionEntitiesPerSecond) +
               " of the " + formatFigure(Options.PartitionEntitiesPerSecond) +
               "/s target; aim: at most " + formatPercent(BucketTargetShare) +
               ")");
  }

  // ------------------------------------------------------------ batching

  // An entity group transaction is atomic: pairing writes the workload
  // does not declare as one unit of work would let one failed row fail
  // the others (and a row written twice fails all of them with 400).
  // Batching is therefore advice, never an edit, until the schema says
  // which entities are written together.
  void batchWrites(Table &T, const FindingIndex &F) {
    for (const Write &W : T.Writes) {
      if (!F.has("unbatched-writes", W.Path))
        continue;
      const OperationLoad L = writeLoad(T, W);
      R.Advice.push_back(
          {"unbatched-writes", W.Path,
           "not batched: " + formatFigure(L.Rate) + " writes/s of '" + W.Name +
               "' (" +
               formatFigure(L.HottestPartitionEntitiesPerSecond.value_or(0)) +
               "/s to the busiest partition) could share entity group "
               "transactions only where the entities are written together "
               "as one unit of work; declare those writes in the table's "
               "'transactions' (or a write's 'entitiesPerWrite') and batch "
               "them there",
           W.Path});
    }
  }

  // ------------------------------------------------------------ log tail

  void reverseForNewest(Table &T) {
    const std::optional<LogTailPlan> Plan = planLogTail(T);
    if (!Plan)
      return;
    if (!Plan->Blocker.empty()) {
      R.Advice.push_back({"partition-scan", T.Path,
                          Plan->Why + " (not applied: " + Plan->Blocker + ")",
                          T.Path});
      return;
    }
    if (!allowed("partition-scan", T.Path))
      return;
    std::string Error;
    std::optional<KeyTemplate> Key = parseKeyTemplate(Plan->RowKey, Error);
    if (!Key)
      return;
    Key->Pos = T.RowKey.Pos;
    T.RowKey = std::move(*Key);
    change("partition-scan", T.Path, T.Note, Plan->Why);
  }

  // --------------------------------------------------------- projections

  void addProjections(Table &T) {
    for (Query &Q : T.Queries) {
      if (!Found.has("missing-projection", Q.Path) || Q.Uses.empty() ||
          !allowed("missing-projection", Q.Path))
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
  const RemedyFilter &Allow;
  FindingIndex Found;
  SuggestResult &R;
  std::string Subject; // of the remedy being applied
  std::vector<std::string> IndexSubjects; // per index table added
};

} // namespace

SuggestResult suggestDesign(const Schema &Current,
                            const SchemaCheckOptions &Options,
                            const RemedyFilter &Allow) {
  SuggestResult R;
  Suggester(Current, Options, Allow, R).run();
  Schema Marks = R.Design;
  for (Finding &F : runSchemaChecks(R.Design, Options))
    if (!isSuppressed(Marks, F.RuleId, F.Anchor))
      R.Remaining.push_back(std::move(F));
  return R;
}

} // namespace tablelint::schema
