// A sparse index table for lookups by a non-key property: keyed by the
// looked-up property (and the others whose values the query passes), rows
// only for the queried value when it is a constant, only the properties
// the query needs; the source's writes mirrored under the same names, the
// query moved there under its name. A "latest N" read gets its index with
// the newest first. A scan of one partition filtered on a non-key property
// (one employee's events inside a tenant's partition) gets an index keyed
// by the partition's key and that property, its rows in the source's
// RowKey order. Advice instead when a write can change the key's value
// of a stored entity (its old index row would stay).
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/IndexMirror.h"
#include "checks/schema/LogTailRemedy.h"
#include "checks/schema/SchemaContext.h"
#include "core/Text.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>

namespace tablelint::schema {

namespace {

// The index tables one source table got, by what keys them (the looked-up
// property, and a sparse index's condition): a second query by the same
// property reads the same index, written once per entity.
struct IndexOf {
  std::size_t Table = 0;         // in R.Design.Tables
  std::vector<std::string> Keep; // what its queries need (empty: all)
};

struct SourceIndexes {
  const Table &Source;
  std::map<std::string, IndexOf> IndexBy;
  std::vector<std::string> Moved; // names of the queries moved to an index
};

// One query's lookup, as an index table would serve it.
struct Lookup {
  Lookup(const Query &Q, QueryAnalysis A) : Q(Q), A(std::move(A)) {}
  const Query &Q;
  QueryAnalysis A;
  std::vector<const Property *> Keys; // the index's PartitionKey properties
  std::string KeyPlaceholders;        // "{tenantId}_{actorId}"
  std::string By = "By";              // "ByTenantIdActorId"
  std::string KeyNames;               // "'tenantId' and 'actorId'"
  std::string KeyLiteral;             // the index PartitionKey the query pins
  std::string KeyEquality;            // the filter's condition on the first key
  std::string Rest;                   // the other conditions, " and ..." each
  bool Sparse = false;     // a constant key: rows only for that value
  bool NewestLead = false; // a "latest N" read: the newest first
  std::string IndexKey;    // what keys the index among the source's
  // A scan of one partition filtered on a non-key property: the partition
  // the query pins, as its filter spells it ("{tenantId}"); the index is
  // keyed by the source's PartitionKey and the property. Empty for a
  // lookup over the whole table.
  std::string Within;
};

// The template text of a parsed-filter span [Offset, Offset+Length).
std::string templateSpan(const QueryFilter &QF, const std::string &Text,
                         std::uint32_t Offset, std::uint32_t Length) {
  return QF.templateText(Text, Offset, Length);
}

// The properties an index entity for Q must carry; empty: all (the query
// neither selects nor declares what it uses).
std::vector<std::string> indexProperties(const Table &Source, const Query &Q,
                                         const Filter &F) {
  if (!Q.HasSelect && Q.Uses.empty())
    return {};
  std::vector<std::string> Keep = Source.PartitionKey.properties();
  const std::vector<std::string> Instance =
      Source.NameTemplate ? Source.NameTemplate->properties()
                          : std::vector<std::string>();
  for (const std::vector<std::string> &More :
       {Source.RowKey.properties(), Instance, F.properties(), Q.Select, Q.Uses})
    Keep.insert(Keep.end(), More.begin(), More.end());
  // What "latest N" orders by (the index's RowKey may lead with it).
  if (!Q.Newest.empty())
    Keep.push_back(Q.Newest);
  return Keep;
}

// The PartitionKey text an index keyed by P holds for a filter literal
// compared with P, as a key renders P (core/schema key templates): 'text'
// and typed literals (guid'..', datetime'..', X'..') by their content, a
// constant GUID in lower case, integers and booleans as written (without
// Int64's L). None for a constant double, whose key text (17 significant
// digits) is not the literal's.
std::optional<std::string> keyTextOfLiteral(std::string Lit,
                                            const Property &P) {
  const std::size_t Quote = Lit.find('\'');
  if (Quote != std::string::npos && Lit.size() >= Quote + 2 &&
      Lit.back() == '\'' &&
      std::all_of(
          Lit.begin(), Lit.begin() + static_cast<long>(Quote),
          [](char C) { return std::isalpha(static_cast<unsigned char>(C)); })) {
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

// The name template of an index of a table per period or tenant: its own
// with By ("ByTargetId") added, unique among the design's templates as
// uniqueTableName makes plain names unique.
std::string indexNameTemplate(const Schema &Design, const KeyTemplate &Source,
                              const std::string &By) {
  std::string Suffix;
  for (char C : By)
    if (std::isalnum(static_cast<unsigned char>(C)))
      Suffix += C;
  std::string Candidate = Source.Text + Suffix;
  for (unsigned N = 2; Design.table(Candidate); ++N)
    Candidate = Source.Text + Suffix + std::to_string(N);
  return Candidate;
}

class IndexTables : public Remedy {
public:
  const char *id() const override { return "index-tables"; }
  std::vector<std::string> rules() const override {
    return {"denormalize-for-query"};
  }

  void addTables(RemedyContext &Ctx, std::size_t Index) const override {
    SourceIndexes S{Ctx.Current.Tables[Index], {}, {}};
    for (const Query &Q : S.Source.Queries) {
      if (!Ctx.found().has("denormalize-for-query", Q.Path) ||
          !Ctx.allowed("denormalize-for-query", Q.Path))
        continue;
      std::optional<Lookup> L = lookup(Ctx, S.Source, Q);
      if (!L)
        continue;
      if (const auto Same = S.IndexBy.find(L->IndexKey);
          Same != S.IndexBy.end() &&
          serves(Ctx.R.Design.Tables[Same->second.Table], *L))
        joinIndex(Ctx, S, Same->second, *L);
      else
        createIndex(Ctx, S, *L);
    }
    removeMoved(Ctx.R.Design.Tables[Index], S.Moved);
  }

private:
  // Q's lookup as an index would serve it; none when no index fits (no
  // key property, a key a write changes: advice then, or a key value the
  // index key cannot spell).
  static std::optional<Lookup> lookup(RemedyContext &Ctx, const Table &Source,
                                      const Query &Q) {
    Lookup L(Q, analyzeQuery(Source, Q));
    // Keyed by the looked-up property, and by the other properties whose
    // values the query passes (a tenant beside an account); or, for a
    // partition lookup, by the source's PartitionKey and the property.
    L.Keys = lookupKeyProperties(Source, L.A);
    if (L.Keys.empty() && !partitionLookup(Ctx, Source, L))
      return std::nullopt;
    nameKeys(L);
    if (!L.Within.empty())
      L.KeyPlaceholders = Source.PartitionKey.Text + "_" + L.KeyPlaceholders;
    if (adviseChangingKey(Ctx, Source, L))
      return std::nullopt;
    if (!splitFilter(L))
      return std::nullopt;
    // A constant key value makes a sparse index: rows only for the
    // entities the query asks for.
    L.Sparse = L.KeyLiteral.find('{') == std::string::npos;
    L.IndexKey = (L.Within.empty() ? "" : "partition\n") + L.KeyPlaceholders +
                 (L.Sparse ? "\n" + L.KeyEquality : std::string());
    L.NewestLead = leadsWithNewest(Source, Q);
    return L;
  }

  // A scan of the partition the query pins, looking entities up by a
  // non-key property (denormalize-for-query's partition lookup): keyed by
  // that property within the partition.
  static bool partitionLookup(const RemedyContext &Ctx, const Table &Source,
                              Lookup &L) {
    const Property *P =
        partitionLookupProperty(Source, L.A, Ctx.Options.MaxScannedPerReturned);
    if (!P || !L.A.Filter.PinnedPartition)
      return false;
    L.Keys = {P};
    L.Within = L.A.Filter.PinnedPartition->Text;
    return true;
  }

  static void nameKeys(Lookup &L) {
    std::vector<std::string> Names;
    for (const Property *P : L.Keys) {
      Names.push_back(P->Name);
      L.KeyPlaceholders +=
          (L.KeyPlaceholders.empty() ? "{" : "_{") + P->Name + "}";
      L.By += std::string(1, static_cast<char>(std::toupper(
                                 static_cast<unsigned char>(P->Name[0])))) +
              P->Name.substr(1);
    }
    L.KeyNames = quotedListWithAnd(Names);
  }

  // A write that can change a key property of a stored entity would leave
  // its index row under the old value: advice, no index.
  static bool adviseChangingKey(RemedyContext &Ctx, const Table &Source,
                                const Lookup &L) {
    const Property *Key = L.Keys.front();
    const Write *Changes = nullptr;
    for (const Property *P : L.Keys)
      if (!Changes)
        if ((Changes = changesProperty(Source, P->Name)))
          Key = P;
    if (!Changes)
      return false;
    Ctx.R.Advice.push_back(
        {"denormalize-for-query", L.Q.Path,
         "no index table by " + L.KeyNames + ": write '" + Changes->Name +
             "' (" + std::string(writeKindName(Changes->Op)) +
             ") can change '" + Key->Name +
             "' of a stored entity, and its index row under the old value "
             "would stay; an index needs the old index entity deleted in the "
             "same unit of work (the eventually consistent transactions "
             "pattern)",
         L.Q.Path});
    return true;
  }

  // The filter on the index: the keys' equalities become its PartitionKey
  // (KeyLiteral), the other conditions stay (Rest). False when a key has
  // no equality or a value the key cannot spell.
  static bool splitFilter(Lookup &L) {
    const Filter &F = *L.A.Filter.Parsed;
    const std::string &Text = L.Q.Filter;
    std::vector<std::string> KeyTexts(L.Keys.size());
    for (const std::uint32_t I : F.conjuncts()) {
      const FilterNode &N = F.node(I);
      const std::string Span =
          templateSpan(L.A.Filter, Text, N.Offset, N.Length);
      // The partition the query pins is the index key's first part.
      if (!L.Within.empty() && N.Kind == FilterNodeKind::Compare &&
          N.Op == CompareOp::Eq && N.Property == "PartitionKey")
        continue;
      const auto K =
          std::find_if(L.Keys.begin(), L.Keys.end(), [&](const Property *P) {
            return P->Name == N.Property;
          });
      const std::size_t At = static_cast<std::size_t>(K - L.Keys.begin());
      if (K != L.Keys.end() && KeyTexts[At].empty() &&
          N.Kind == FilterNodeKind::Compare && N.Op == CompareOp::Eq) {
        std::string Lit =
            templateSpan(L.A.Filter, Text, N.Literal.Offset, N.Literal.Length);
        std::optional<std::string> KeyText = keyTextOfLiteral(Lit, **K);
        if (!KeyText || KeyText->empty())
          return false; // the key cannot spell this value
        KeyTexts[At] = *KeyText;
        if (At == 0)
          L.KeyEquality = Span;
        continue;
      }
      L.Rest +=
          " and " + (N.Kind == FilterNodeKind::Or ? "(" + Span + ")" : Span);
    }
    if (std::any_of(KeyTexts.begin(), KeyTexts.end(),
                    [](const std::string &T) { return T.empty(); }))
      return false;
    L.KeyLiteral = L.Within;
    for (const std::string &T : KeyTexts)
      L.KeyLiteral += (L.KeyLiteral.empty() ? "" : "_") + T;
    return true;
  }

  // A "latest N" read (`newest`, `top`, no RowKey condition of its own)
  // of a time or number: the index puts the newest first, as the log tail
  // does, so `top` ends each read instead of every execution reading the
  // whole index partition to keep the last N.
  static bool leadsWithNewest(const Table &Source, const Query &Q) {
    const Property *NewestProp = !Q.Newest.empty() && Q.Top && !boundsRowKey(Q)
                                     ? Source.property(Q.Newest)
                                     : nullptr;
    return NewestProp && (NewestProp->Type == EdmType::DateTime ||
                          NewestProp->Type == EdmType::Int32 ||
                          NewestProp->Type == EdmType::Int64);
  }

  // Whether a query joins an index whose order serves it: one that reads
  // the first N in key order (`top`) keeps reading them in the order the
  // index was made for.
  static bool serves(const Table &Idx, const Lookup &L) {
    const bool Reversed = !Idx.RowKey.Parts.empty() &&
                          Idx.RowKey.Parts[0].IsPlaceholder &&
                          std::any_of(Idx.RowKey.Parts[0].Functions.begin(),
                                      Idx.RowKey.Parts[0].Functions.end(),
                                      [](const KeyFunction &Fn) {
                                        return Fn.Fn == KeyFunction::Reverse;
                                      });
    if (!L.Q.Top)
      return true;
    return Reversed
               ? L.NewestLead && newestFirstInKeyOrder(Idx.RowKey, L.Q.Newest)
               : !L.NewestLead;
  }

  // The query as it reads index Idx: its key equality becomes the
  // PartitionKey's, the other conditions stay.
  static Query movedQuery(const Lookup &L, const Table &Idx) {
    Query M = L.Q;
    M.Filter = "PartitionKey eq '" + L.KeyLiteral + "'" + L.Rest;
    M.Path = Idx.Path + ".queries[" + L.Q.Name + "]";
    M.FilterPos = {};
    return M;
  }

  // With its change noted, moved there.
  static void move(SourceIndexes &S, Table &Idx, Query M) {
    addNote(M.Note, "moved from " + S.Source.Name + " (denormalize-for-query)");
    S.Moved.push_back(M.Name);
    Idx.Queries.push_back(std::move(M));
  }

  // Served by the index an earlier query of the table got: it carries
  // what this one needs too.
  static void joinIndex(RemedyContext &Ctx, SourceIndexes &S, IndexOf &Of,
                        const Lookup &L) {
    Table &Idx = Ctx.R.Design.Tables[Of.Table];
    const std::vector<std::string> More =
        indexProperties(S.Source, L.Q, *L.A.Filter.Parsed);
    if (Of.Keep.empty() || More.empty())
      Of.Keep.clear();
    else
      for (const std::string &N : More)
        if (std::find(Of.Keep.begin(), Of.Keep.end(), N) == Of.Keep.end())
          Of.Keep.push_back(N);
    Idx.Properties = indexEntityProperties(S.Source, Of.Keep, Idx.Path);
    Idx.Writes = mirroredWrites(S.Source, Idx, L.Sparse ? L.KeyEquality : "");
    Query M = movedQuery(L, Idx);
    const std::string Why =
        "queries[" + L.Q.Name +
        "] (denormalize-for-query): " + formatFigure(L.Q.Frequency.PerSecond) +
        " lookups/s by " + L.KeyNames + " read the index table " + Idx.Name +
        " that another query by " + L.KeyNames +
        " reads, instead of scanning " + S.Source.Name +
        ": one index, written once per entity";
    Ctx.change("denormalize-for-query", M.Path, M.Note, Why);
    move(S, Idx, std::move(M));
  }

  // A table lookup's index is keyed by the looked-up property; the
  // source's keys keep each entity's row unique. A "latest N" index leads
  // with the newest property reversed; the source's PartitionKey is left
  // out when it is made of that property alone (a day of it: the time
  // already orders and separates them).
  static std::string tableLookupRowKey(const Table &Source, const Lookup &L) {
    const std::string Both =
        Source.PartitionKey.Text + "_" + Source.RowKey.Text;
    if (!L.NewestLead)
      return Both;
    const std::vector<std::string> PkProps = Source.PartitionKey.properties();
    const bool PkIsNewest =
        !PkProps.empty() &&
        std::all_of(PkProps.begin(), PkProps.end(),
                    [&](const std::string &N) { return N == L.Q.Newest; });
    return "{" + L.Q.Newest + "|reverse}_" +
           (PkIsNewest ? Source.RowKey.Text : Both);
  }

  // A partition lookup's index keeps the source's RowKey: the index key
  // holds the partition's, so it keeps each row unique, and the rows come
  // in the order the query read them. A "latest N" read of an oldest-first
  // RowKey gets the newest first.
  static std::string partitionLookupRowKey(const Table &Source,
                                           const Lookup &L) {
    if (L.NewestLead && !newestFirstInKeyOrder(Source.RowKey, L.Q.Newest))
      return "{" + L.Q.Newest + "|reverse}_" + Source.RowKey.Text;
    return Source.RowKey.Text;
  }

  // False when a key does not parse (a property name that is no
  // identifier, an invalid-name finding, is no placeholder).
  static bool setIndexKeys(const Table &Source, const Lookup &L, Table &Idx) {
    const std::string RowKeyText = L.Within.empty()
                                       ? tableLookupRowKey(Source, L)
                                       : partitionLookupRowKey(Source, L);
    std::string Error;
    std::optional<KeyTemplate> Pk = parseKeyTemplate(L.KeyPlaceholders, Error);
    std::optional<KeyTemplate> Rk = parseKeyTemplate(RowKeyText, Error);
    if (!Pk || !Rk)
      return false;
    Idx.PartitionKey = *Pk;
    Idx.RowKey = *Rk;
    return true;
  }

  // Index entities carry only what the query needs (the keys' and the
  // filter's properties and those it selects or uses; all of them when it
  // says neither), and as many of them as the writes that reach it make.
  static void fillIndex(const Table &Source, const Lookup &L, Table &Idx,
                        const std::vector<std::string> &Keep) {
    Idx.Properties = indexEntityProperties(Source, Keep, Idx.Path);
    Idx.Writes = mirroredWrites(Source, Idx, L.Sparse ? L.KeyEquality : "");
    Idx.Entities.reset();
    if (Source.Entities)
      Idx.Entities = static_cast<std::uint64_t>(std::llround(
          static_cast<double>(*Source.Entities) *
          (L.Sparse && !Idx.Writes.empty() ? writeShare(Idx, Idx.Writes.front())
                                           : 1.0)));
    Idx.RetentionSeconds = Source.RetentionSeconds;
  }

  // What an index of Source holds, for its Note: one table per instance
  // of a table per period or tenant, fewer properties than the source.
  static std::string indexHolds(const Table &Source, const Table &Idx) {
    std::string Out;
    if (Source.NameTemplate)
      Out += "; one index per instance of " + Source.Name +
             ", named by the same values: created and deleted with it";
    if (Idx.Properties.size() < Source.Properties.size())
      Out += "; index entities carry " + std::to_string(Idx.Properties.size()) +
             " of " + std::to_string(Source.Properties.size()) + " properties";
    return Out;
  }

  // What a partition lookup's index costs and what it saves: each
  // execution reads one index partition instead of the source's, every
  // write that reaches the index is written twice, and the two writes,
  // in two tables, are no transaction.
  static std::string partitionIndexWhy(const Table &Source, const Lookup &L,
                                       const Table &Idx) {
    double Mirrored = 0;
    for (const Write &W : Idx.Writes)
      Mirrored += W.Frequency.PerSecond;
    std::string Why =
        "index table for queries[" + L.Q.Name +
        "] (denormalize-for-query): " + formatFigure(L.Q.Frequency.PerSecond) +
        " lookups/s by " + L.KeyNames + " inside partition '" + L.Within +
        "' read index partition '" + L.KeyLiteral +
        "' instead of scanning about " + formatFigure(L.A.Scanned.value_or(0)) +
        " entities of " + Source.Name + " to return about " +
        formatFigure(L.A.Returned.value_or(0)) + ", in the same RowKey order";
    Why += indexHolds(Source, Idx);
    Why += "; the trade-off: " + formatFigure(Mirrored) +
           " more entity writes/s (each write is mirrored into the index), "
           "and the two writes are in two tables, so no transaction holds "
           "them: write the entity, then its index entity, and retry a "
           "failed index write from a queue (the eventually consistent "
           "transactions pattern); until it lands a lookup can miss that "
           "entity";
    return Why;
  }

  // The Note of a new index table: which query, what it reads now, and
  // what the index holds.
  static std::string indexWhy(const Table &Source, const Lookup &L,
                              const Table &Idx) {
    if (!L.Within.empty())
      return partitionIndexWhy(Source, L, Idx);
    std::string Why =
        "index table for queries[" + L.Q.Name +
        "] (denormalize-for-query): " + formatFigure(L.Q.Frequency.PerSecond) +
        " lookups/s by " + L.KeyNames +
        " read one partition instead of scanning " + Source.Name;
    if (L.Sparse)
      Why += "; sparse: rows only for " + L.KeyEquality;
    Why += indexHolds(Source, Idx);
    Why += "; the writes keep it eventually consistent (a failed mirror "
           "write must be retried)";
    return Why;
  }

  static void createIndex(RemedyContext &Ctx, SourceIndexes &S,
                          const Lookup &L) {
    const Table &Source = S.Source;
    Table Idx;
    Idx.Account = Source.Account;
    // Of a table per period or tenant, an index per instance, named by
    // the same values: the query reads the index of the instance it read,
    // so it returns what it did, and the index goes with its instance
    // (one Delete Table).
    if (Source.NameTemplate) {
      std::string Error;
      Idx.Name = indexNameTemplate(Ctx.R.Design, *Source.NameTemplate, L.By);
      Idx.NameTemplate = parseKeyTemplate(Idx.Name, Error);
      if (!Idx.NameTemplate)
        return;
    } else {
      Idx.Name = Ctx.uniqueTableName(Source.Name + L.By);
    }
    Idx.Path = "tables[" + Idx.Name + "]";
    if (!setIndexKeys(Source, L, Idx))
      return;
    const std::vector<std::string> Keep =
        indexProperties(Source, L.Q, *L.A.Filter.Parsed);
    fillIndex(Source, L, Idx, Keep);
    Query M = movedQuery(L, Idx);
    Ctx.change("denormalize-for-query", Idx.Path, Idx.Note,
               indexWhy(Source, L, Idx));
    move(S, Idx, std::move(M));
    S.IndexBy[L.IndexKey] = {Ctx.R.Design.Tables.size(), Keep};
    Ctx.R.Design.Tables.push_back(std::move(Idx));
    Ctx.AddedSubjects.push_back(L.Q.Path);
  }

  // The source keeps the queries no index took.
  static void removeMoved(Table &T, const std::vector<std::string> &Moved) {
    if (Moved.empty())
      return;
    std::vector<Query> &Queries = T.Queries;
    Queries.erase(std::remove_if(Queries.begin(), Queries.end(),
                                 [&](const Query &Q) {
                                   return std::find(Moved.begin(), Moved.end(),
                                                    Q.Name) != Moved.end();
                                 }),
                  Queries.end());
  }
};

} // namespace

std::unique_ptr<Remedy> makeIndexTables() {
  return std::make_unique<IndexTables>();
}

} // namespace tablelint::schema
