// Mapping the logical workload onto one design: binding key and filter
// templates to logical properties, and finding each logical op's tables.
#include "replay/DesignPlan.h"

#include "core/Filter.h"
#include "core/FilterEval.h"
#include "core/schema/EntityTypes.h"
#include "replay/LogicalEntityView.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>
#include <vector>

namespace tablelint::replay {

namespace {

// The period, in ticks, over which a datetime placeholder renders the same
// text: a second, or a millisecond or a tick with fraction digits (fff,
// fffffff); 0 when it is not cached (ticks, no format, a function of the
// full value).
std::int64_t cachePeriodTicks(const schema::KeyPart &Part) {
  if (Part.Format.empty() || Part.Format == "ticks" || !Part.Functions.empty())
    return 0;
  return schema::fractionPeriodTicks(Part.DateFormat);
}

// Splits a filter template into literal text and placeholders, tracking
// whether each placeholder sits inside a quoted literal (its value is then
// escaped as a string). Returns an error message with the 0-based offset.
bool bindFilter(const std::string &Text, const EntityFamily &Family,
                const std::vector<schema::KeyPart> &FanOut, BoundTemplate &Out,
                std::string &Error, std::size_t &ErrorOffset,
                std::uint64_t Shards = 0) {
  bool InQuotes = false;
  std::string Literal;
  auto Flush = [&] {
    if (Literal.empty())
      return;
    BoundTemplate::Piece P;
    P.Part.Text = Literal;
    Out.Pieces.push_back(std::move(P));
    Literal.clear();
  };
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (C == '\'') {
      InQuotes = !InQuotes;
      Literal += C;
      continue;
    }
    if ((C == '{' || C == '}') && I + 1 < Text.size() && Text[I + 1] == C) {
      Literal += C;
      ++I;
      continue;
    }
    if (C != '{') {
      Literal += C;
      continue;
    }
    const std::size_t Close = Text.find('}', I);
    if (Close == std::string::npos) {
      Error = "unclosed '{' in the filter template";
      ErrorOffset = I;
      return false;
    }
    std::string PartError;
    std::optional<schema::KeyTemplate> T =
        schema::parseKeyTemplate(Text.substr(I, Close - I + 1), PartError);
    if (!T || T->Parts.size() != 1) {
      Error = "bad placeholder in the filter template: " + PartError;
      ErrorOffset = I;
      return false;
    }
    if (Shards && T->Parts[0].Text == schema::ShardPlaceholder) {
      // Every shard: a read of its own each, after the fan-out ones.
      Flush();
      BoundTemplate::Piece P;
      P.Part = T->Parts[0];
      P.InQuotes = InQuotes;
      P.Shards = Shards;
      P.FanOut = static_cast<int>(FanOut.size());
      Out.Pieces.push_back(std::move(P));
      I = Close;
      continue;
    }
    const int Prop = Family.propertyIndex(T->Parts[0].Text);
    if (Prop < 0) {
      Error = "placeholder '{" + T->Parts[0].Text +
              "}' names no property of the entities of table '" + Family.Table +
              "'";
      ErrorOffset = I + 1;
      return false;
    }
    Flush();
    BoundTemplate::Piece P;
    P.Part = T->Parts[0];
    P.Property = static_cast<std::uint32_t>(Prop);
    P.InQuotes = InQuotes;
    P.CacheTicks = cachePeriodTicks(P.Part);
    for (std::size_t F = 0; F < FanOut.size(); ++F)
      if (FanOut[F].Text == P.Part.Text && schema::hashBucketCount(P.Part))
        P.FanOut = static_cast<int>(F);
    if (P.FanOut >= 0)
      P.CacheTicks = 0;
    Out.Pieces.push_back(std::move(P));
    I = Close;
  }
  Flush();
  return true;
}

// Checks that the filter parses once its placeholders are values: each is
// replaced by the parser's placeholder byte. Offsets map back to the
// template text.
bool checkFilterSyntax(const std::string &Text, const BoundTemplate &T,
                       std::string &Error, std::size_t &ErrorOffset) {
  std::string Probe;
  std::vector<std::size_t> Origin;
  std::size_t Pos = 0;
  for (const BoundTemplate::Piece &P : T.Pieces) {
    if (P.Part.IsPlaceholder) {
      Pos = Text.find('{', Pos);
      Origin.push_back(Pos);
      Probe += UnknownValueMarker;
      Pos = Text.find('}', Pos) + 1;
      continue;
    }
    for (char C : P.Part.Text) {
      // Doubled braces were one character in the piece.
      if ((C == '{' || C == '}') &&
          Text.compare(Pos, 2, std::string(2, C)) == 0)
        ++Pos;
      Origin.push_back(Pos++);
      Probe += C;
    }
  }
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(Probe, Options);
  if (R)
    return true;
  Error = R.error().Message;
  ErrorOffset =
      R.error().Offset < Origin.size() ? Origin[R.error().Offset] : Text.size();
  return false;
}

// Where each query name and each write name is declared: (table, index in
// the table's queries or writes), in declaration order. Found in one pass,
// so planning a design of thousands of tables, or of one table with
// thousands of queries, does not search every declaration for every
// operation.
struct Declarations {
  using Place = std::pair<std::uint32_t, std::uint32_t>;
  std::unordered_map<std::string, std::vector<Place>> Queries, Writes;

  explicit Declarations(const schema::Schema &S) {
    for (std::size_t TI = 0; TI < S.Tables.size(); ++TI) {
      const schema::Table &T = S.Tables[TI];
      for (std::size_t I = 0; I < T.Queries.size(); ++I)
        Queries[T.Queries[I].Name].emplace_back(TI, I);
      for (std::size_t I = 0; I < T.Writes.size(); ++I)
        Writes[T.Writes[I].Name].emplace_back(TI, I);
    }
  }
  const std::vector<Place> &of(const std::string &Op, bool Query) const {
    static const std::vector<Place> None;
    const auto &Map = Query ? Queries : Writes;
    const auto It = Map.find(Op);
    return It == Map.end() ? None : It->second;
  }
};

// A table with a name template (a table per day or per tenant) is
// simulated as one table whose PartitionKeys carry the instance's name in
// front, separated by '~' (a character keys allow and table names do
// not): each instance's partitions stay apart, and a key of one tenant
// never meets another's.
schema::KeyTemplate instanceKey(const schema::Table &T,
                                const schema::KeyTemplate &Key) {
  if (!T.NameTemplate)
    return Key;
  schema::KeyTemplate Out = Key;
  Out.Text = T.Name + "~" + Key.Text;
  Out.Parts = T.NameTemplate->Parts;
  schema::KeyPart Separator;
  Separator.Text = "~";
  Out.Parts.push_back(Separator);
  Out.Parts.insert(Out.Parts.end(), Key.Parts.begin(), Key.Parts.end());
  return Out;
}

// A query of such a table reads one instance: every PartitionKey literal of
// its filter gets the instance's name in front, and the filter keeps to the
// instance's key range.
std::string instanceFilter(const schema::Table &T, const std::string &Filter) {
  if (!T.NameTemplate)
    return Filter;
  std::string Out;
  const std::string Key = "PartitionKey";
  std::size_t I = 0;
  while (I < Filter.size()) {
    const std::size_t At = Filter.find(Key, I);
    if (At == std::string::npos) {
      Out += Filter.substr(I);
      break;
    }
    // The literal after "PartitionKey <op> ".
    std::size_t J = At + Key.size();
    while (J < Filter.size() && Filter[J] == ' ')
      ++J;
    std::size_t Op = J;
    while (J < Filter.size() &&
           std::isalpha(static_cast<unsigned char>(Filter[J])))
      ++J;
    const bool IsOp = J - Op == 2;
    while (J < Filter.size() && Filter[J] == ' ')
      ++J;
    if (IsOp && J < Filter.size() && Filter[J] == '\'') {
      Out += Filter.substr(I, J + 1 - I) + T.Name + "~";
      I = J + 1;
    } else {
      Out += Filter.substr(I, At + Key.size() - I);
      I = At + Key.size();
    }
  }
  const std::string Range = "PartitionKey ge '" + T.Name +
                            "~' and PartitionKey lt '" + T.Name + "\x7f'";
  bool Blank = true;
  for (char C : Filter)
    Blank = Blank && C == ' ';
  return Blank ? Range : Range + " and (" + Out + ")";
}

// A query of a sharded table: where the shard's digits sit in its
// PartitionKeys (the loader keeps `{shard}` the key's last placeholder, so
// only literal text follows it), and one read per shard when its filter
// names `{shard}` (each read renders its own shard).
void shardReads(const schema::Table &T, QueryTarget &Q) {
  if (!T.Shards)
    return;
  Q.Shards = *T.Shards;
  Q.ShardDigits = std::to_string(*T.Shards - 1).size();
  Q.ShardTail = 0;
  for (auto It = T.PartitionKey.Parts.rbegin();
       It != T.PartitionKey.Parts.rend() && !It->IsPlaceholder; ++It)
    Q.ShardTail += It->Text.size();
  const std::string Named = std::string("{") + schema::ShardPlaceholder + "}";
  if (Q.Decl->Filter.find(Named) != std::string::npos)
    Q.FanOutBuckets.push_back(*T.Shards);
}

} // namespace

std::string filterAsSent(const std::string &Filter) {
  const std::string Head = "PartitionKey ge '";
  const std::size_t NameEnd = Filter.find("~' and PartitionKey lt '");
  if (Filter.compare(0, Head.size(), Head) != 0 ||
      NameEnd == std::string::npos)
    return Filter;
  const std::string Name = Filter.substr(Head.size(), NameEnd - Head.size());
  const std::string RangeEnd = Name + "\x7f'";
  const std::size_t Rest = Filter.find(RangeEnd, NameEnd);
  if (Rest == std::string::npos)
    return Filter;
  std::string Sent;
  const std::string Open = " and (";
  const std::size_t From = Rest + RangeEnd.size();
  if (Filter.compare(From, Open.size(), Open) == 0 && Filter.back() == ')') {
    const std::string Inner = Filter.substr(
        From + Open.size(), Filter.size() - From - Open.size() - 1);
    const std::string Prefix = Name + "~";
    for (std::size_t I = 0; I < Inner.size();) {
      if (Inner.compare(I, Prefix.size(), Prefix) == 0) {
        I += Prefix.size();
        continue;
      }
      Sent += Inner[I++];
    }
  }
  return (Sent.empty() ? std::string("none") : Sent) + " on table '" + Name +
         "'";
}

namespace {

// Text inside an OData string literal: each quote doubled.
void appendQuoted(std::string_view Text, std::string &Out) {
  for (char C : Text) {
    Out += C;
    if (C == '\'')
      Out += C;
  }
}

} // namespace

namespace {

// BoundTemplate::signature of a key template bound with these buckets and
// shards: the template's text (which its parts are parsed from) and both,
// fields apart by a byte no template or bucket value holds.
std::string keySignature(const schema::KeyTemplate &T,
                         const schema::KeyBuckets *Buckets,
                         std::uint64_t Shards) {
  std::string Out = T.Text;
  Out += '\x1f';
  Out += std::to_string(Shards);
  if (Buckets) {
    Out += '\x1f';
    Out += Buckets->By;
    Out += '\x1f';
    Out += std::to_string(Buckets->Default);
    for (const auto &[Value, Count] : Buckets->Heavy) {
      Out += '\x1f';
      Out += Value;
      Out += '\x1f';
      Out += std::to_string(Count);
    }
  }
  return Out;
}

} // namespace

bool BoundTemplate::bindKey(const schema::KeyTemplate &T,
                            const EntityFamily &Family, std::string &Missing,
                            const schema::KeyBuckets *Buckets,
                            std::uint64_t Shards) {
  Pieces.clear();
  Signature = keySignature(T, Buckets, Shards);
  for (const schema::KeyPart &Part : T.Parts) {
    Piece P;
    P.Part = Part;
    if (Shards && Part.IsPlaceholder && Part.Text == schema::ShardPlaceholder) {
      P.Shards = Shards;
    } else if (Part.IsPlaceholder) {
      const int Prop = Family.propertyIndex(Part.Text);
      if (Prop < 0) {
        Missing = Part.Text;
        return false;
      }
      P.Property = static_cast<std::uint32_t>(Prop);
      P.CacheTicks = cachePeriodTicks(Part);
    }
    Pieces.push_back(std::move(P));
  }
  return !Buckets || bindBuckets(*Buckets, T, Family, Missing);
}

bool BoundTemplate::bindBuckets(const schema::KeyBuckets &Buckets,
                                const schema::KeyTemplate &Key,
                                const EntityFamily &Family,
                                std::string &Missing) {
  const schema::KeyPart *Hashed = schema::bucketedPart(Key);
  if (!Hashed)
    return true;
  const auto ByPart = std::find_if(
      Key.Parts.begin(), Key.Parts.end(), [&](const schema::KeyPart &Part) {
        return Part.IsPlaceholder && Part.Text == Buckets.By;
      });
  const int By = Family.propertyIndex(Buckets.By);
  if (By < 0 || ByPart == Key.Parts.end()) {
    Missing = Buckets.By;
    return false;
  }
  for (Piece &P : Pieces) {
    if (!P.Part.IsPlaceholder || P.Part.Text != Hashed->Text ||
        !schema::hashBucketCount(P.Part))
      continue;
    P.Buckets = &Buckets;
    P.ByProperty = By;
    P.ByPart = *ByPart;
    P.Plain = P.Part;
    P.Plain.Functions.clear();
    P.Plain.Format.clear();
    P.CacheTicks = 0;
  }
  return true;
}

std::uint64_t BoundTemplate::bucketsFor(const Piece &P, const Workload &W,
                                        std::uint32_t Entity,
                                        EdmValue &Scratch) const {
  W.value(Entity, static_cast<std::uint32_t>(P.ByProperty), Scratch);
  return P.Buckets->countFor(schema::renderPlaceholder(P.ByPart, Scratch));
}

void BoundTemplate::render(const Workload &W, std::uint32_t Entity,
                           std::string &Out, EdmValue &Scratch,
                           const std::vector<std::uint64_t> *Buckets) const {
  Out.clear();
  for (const Piece &P : Pieces) {
    if (!P.Part.IsPlaceholder) {
      Out += P.Part.Text;
      continue;
    }
    if (P.Shards) {
      // The read's shard, or the write's: digits, nothing to escape.
      const std::uint64_t Shard =
          P.FanOut >= 0 && Buckets
              ? (*Buckets)[static_cast<std::size_t>(P.FanOut)] % P.Shards
              : shardOf(Entity, P.Shards);
      schema::appendHashBucket(Shard, P.Shards, Out);
      continue;
    }
    if (P.Buckets) {
      // Per-key buckets: the count of this entity's key, the number
      // rendered with the template's digits (nothing to escape).
      const std::uint64_t Count = bucketsFor(P, W, Entity, Scratch);
      std::uint64_t Bucket = 0;
      if (P.FanOut >= 0 && Buckets) {
        Bucket = (*Buckets)[static_cast<std::size_t>(P.FanOut)] % Count;
      } else {
        W.value(Entity, P.Property, Scratch);
        Bucket = schema::hashBucketOf(
            schema::renderPlaceholder(P.Plain, Scratch), Count);
      }
      schema::appendHashBucket(Bucket, schema::hashBucketCount(P.Part), Out);
      continue;
    }
    if (P.FanOut >= 0 && Buckets) {
      // Bucket texts are digits: nothing to escape.
      W.value(Entity, P.Property, Scratch);
      Out += schema::renderPlaceholder(
          P.Part, Scratch, (*Buckets)[static_cast<std::size_t>(P.FanOut)]);
      continue;
    }
    const PropertyDomain &Domain =
        W.Families[W.familyOf(Entity)].Properties[P.Property];
    const bool IsText =
        Domain.Type == EdmType::String || Domain.Type == EdmType::Guid;
    if (P.Part.Format.empty() && P.Part.Functions.empty() && !P.InQuotes &&
        IsText) {
      // The common case: the text appended without a copy.
      Domain.appendText(W.code(Entity, P.Property), Out);
      continue;
    }
    if (IsText && P.Part.Functions.size() == 1 &&
        P.Part.Functions[0].Fn == schema::KeyFunction::Hash) {
      // A hash bucket of a text value (bucketed keys): renderPlaceholder's
      // text (the value's own text hashed, the bucket's digits, nothing to
      // escape), without its copies. The value is appended to be hashed,
      // then replaced by its bucket.
      const std::size_t Start = Out.size();
      Domain.appendText(W.code(Entity, P.Property), Out);
      const std::uint64_t Buckets = P.Part.Functions[0].Arg;
      const std::uint64_t Bucket = schema::hashBucketOf(
          std::string_view(Out).substr(Start), Buckets);
      Out.resize(Start);
      schema::appendHashBucket(Bucket, Buckets, Out);
      continue;
    }
    W.value(Entity, P.Property, Scratch);
    const bool Cacheable = P.CacheTicks && Scratch.Type == EdmType::DateTime;
    if (Cacheable) {
      const std::int64_t Period = Scratch.Int / P.CacheTicks;
      if (Period != P.CachedPeriod) {
        // Rewritten in place: its buffer is reused.
        P.Cached.clear();
        schema::appendPlaceholder(P.Part, Scratch, P.Cached);
        P.CachedPeriod = Period;
      }
      if (!P.InQuotes) {
        Out += P.Cached;
        continue;
      }
      appendQuoted(P.Cached, Out);
      continue;
    }
    if (!P.InQuotes) {
      schema::appendPlaceholder(P.Part, Scratch, Out);
      continue;
    }
    Quoted.clear();
    schema::appendPlaceholder(P.Part, Scratch, Quoted);
    appendQuoted(Quoted, Out);
  }
}

std::uint64_t shardOf(std::uint32_t Entity, std::uint64_t Shards) {
  // splitmix64's finalizer: consecutive entities (one burst of clicks)
  // land on unrelated shards.
  std::uint64_t H = Entity + 0x9e3779b97f4a7c15ULL;
  H = (H ^ (H >> 30)) * 0xbf58476d1ce4e5b9ULL;
  H = (H ^ (H >> 27)) * 0x94d049bb133111ebULL;
  H ^= H >> 31;
  return H % Shards;
}

std::string_view unshardedPartitionKey(const QueryTarget &Q,
                                       std::string_view PartitionKey,
                                       std::string &Scratch) {
  const std::size_t Cut = Q.ShardDigits + Q.ShardTail;
  if (!Q.Shards || PartitionKey.size() < Cut)
    return PartitionKey;
  const std::size_t At = PartitionKey.size() - Cut;
  Scratch.assign(PartitionKey.substr(0, At));
  Scratch.append(PartitionKey.substr(At + Q.ShardDigits));
  return Scratch;
}

bool WriteTarget::reaches(const Workload &W, std::uint32_t Entity) const {
  if (!When)
    return true;
  LogicalEntityView View(W);
  return reaches(View, Entity);
}

bool WriteTarget::reaches(LogicalEntityView &View,
                          std::uint32_t Entity) const {
  if (!When)
    return true;
  View.reset(Entity);
  return evaluateFilter(*When, View);
}

std::uint64_t QueryTarget::reads() const {
  std::uint64_t N = 1;
  for (std::uint64_t B : FanOutBuckets)
    N *= B;
  return N;
}

namespace {

// The bucket count of each fan-out placeholder for an entity: the
// template's, or with per-key buckets, its key's.
std::vector<std::uint64_t> entityFanOut(const QueryTarget &Q, const Workload &W,
                                        std::uint32_t Entity,
                                        EdmValue &Scratch) {
  std::vector<std::uint64_t> Counts = Q.FanOutBuckets;
  for (const BoundTemplate::Piece &P : Q.Filter.Pieces)
    if (P.Buckets && P.FanOut >= 0)
      Counts[static_cast<std::size_t>(P.FanOut)] =
          Q.Filter.bucketsFor(P, W, Entity, Scratch);
  return Counts;
}

} // namespace

std::uint64_t QueryTarget::reads(const Workload &W,
                                 std::uint32_t Entity) const {
  const bool PerKey =
      std::any_of(Filter.Pieces.begin(), Filter.Pieces.end(),
                  [](const BoundTemplate::Piece &P) {
                    return P.Buckets && P.FanOut >= 0;
                  });
  if (!PerKey)
    return reads();
  EdmValue Scratch;
  std::uint64_t N = 1;
  for (std::uint64_t B : entityFanOut(*this, W, Entity, Scratch))
    N *= B;
  return N;
}

void QueryTarget::renderRead(const Workload &W, std::uint32_t Entity,
                             std::uint64_t Read, std::string &Out,
                             EdmValue &Scratch) const {
  if (FanOutBuckets.empty()) {
    Filter.render(W, Entity, Out, Scratch);
    return;
  }
  const std::vector<std::uint64_t> Counts =
      entityFanOut(*this, W, Entity, Scratch);
  std::vector<std::uint64_t> Buckets(Counts.size());
  for (std::size_t I = 0; I < Counts.size(); ++I) {
    Buckets[I] = Read % Counts[I];
    Read /= Counts[I];
  }
  Filter.render(W, Entity, Out, Scratch, &Buckets);
}

std::vector<ExistingPlacement> existingPlacements(const Workload &W,
                                                  const DesignPlan &Plan) {
  std::vector<ExistingPlacement> Out;
  std::vector<std::vector<bool>> Done(
      W.Families.size(), std::vector<bool>(Plan.Tables.size(), false));
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    const EntityFamily &F = W.Families[Op.Family];
    if (Op.IsQuery || F.ExistingCount == 0 ||
        (!createsEntity(Op.Kind) && !F.OnlyExisting))
      continue;
    for (const WriteTarget &T : Plan.Writes[OpI]) {
      if (Done[Op.Family][T.Table])
        continue;
      Done[Op.Family][T.Table] = true;
      Out.push_back({Op.Family, &T});
    }
  }
  return Out;
}

namespace {

// The period of a table per period kept for a retention: the longest
// period its name's datetime placeholders render (a month for
// `Audit{at:yyyyMM}`); 0 when it is no such table.
double dropPeriodSeconds(const schema::Table &T) {
  if (!T.NameTemplate || !T.RetentionSeconds || *T.RetentionSeconds <= 0)
    return 0;
  double Period = 0;
  for (const schema::KeyPart &Part : T.NameTemplate->Parts) {
    const schema::Property *P =
        Part.IsPlaceholder ? T.property(Part.Text) : nullptr;
    if (P && P->Type == EdmType::DateTime && P->Grows)
      Period = std::max(Period, schema::formatPeriodSeconds(Part));
  }
  return Period >= 1 ? Period : 0;
}

// Whether Design serves logical op OpI, which it does not declare, by
// dropping a table per period: the op is a retention purge of its family
// (or the query that finds what the purge deletes), and the table that
// Design inserts the family's entities into is a table per period with a
// retention.
bool servedByDrop(const Workload &W, const DesignPlan &Plan,
                  const Declarations &Declared, std::size_t OpI,
                  const std::vector<bool> &Purged) {
  const LogicalOp &Op = W.Ops[OpI];
  if (!Purged[Op.Family] ||
      (Op.IsQuery ? !Op.FindsByAge
                  : Op.Kind != schema::WriteKind::Delete || Op.Unit >= 0))
    return false;
  for (const LogicalOp &Creator : W.Ops)
    if (Creator.Family == Op.Family && !Creator.IsQuery &&
        createsEntity(Creator.Kind))
      for (const auto [TI, Index] : Declared.of(Creator.Name, false))
        if (Plan.Tables[TI].DropPeriodSeconds > 0)
          return true;
  return false;
}

} // namespace

DesignPlan planDesign(const Workload &W, const schema::Schema &Design,
                      const std::string &Label,
                      std::vector<InputError> &Errors) {
  DesignPlan Plan;
  Plan.Label = Label;
  Plan.Schema = &Design;
  for (const schema::Table &T : Design.Tables) {
    Plan.Tables.push_back({T.Name, T.Account, T.NameTemplate.has_value()});
    Plan.Tables.back().DropPeriodSeconds = dropPeriodSeconds(T);
    Plan.Tables.back().RetentionSeconds = T.RetentionSeconds.value_or(0);
  }
  Plan.Writes.resize(W.Ops.size());
  Plan.Queries.resize(W.Ops.size());
  Plan.ServedByDrop.assign(W.Ops.size(), false);
  const std::vector<bool> Purged = purgedFamilies(W);
  const Declarations Declared(Design);
  for (const schema::Table &T : Design.Tables) {
    for (const schema::Write &Wr : T.Writes)
      if (W.opIndex(Wr.Name) < 0)
        Plan.Unplayed.push_back("write '" + Wr.Name + "' of table '" + T.Name +
                                "'");
    for (const schema::Query &Q : T.Queries)
      if (W.opIndex(Q.Name) < 0)
        Plan.Unplayed.push_back("query '" + Q.Name + "' of table '" +
                                T.Name + "'");
  }
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    const EntityFamily &Family = W.Families[Op.Family];
    const std::vector<Declarations::Place> &Places =
        Declared.of(Op.Name, Op.IsQuery);
    if (Places.empty()) {
      if (servedByDrop(W, Plan, Declared, OpI, Purged))
        Plan.ServedByDrop[OpI] = true;
      else
        Plan.Missing.push_back(Op.Name);
      continue;
    }
    for (const auto [TI, Index] : Places) {
      const schema::Table &T = Design.Tables[TI];
      if (Op.IsQuery) {
        if (Plan.Queries[OpI])
          continue;
        const schema::Query &Q = T.Queries[Index];
        QueryTarget Target;
        Target.Table = static_cast<std::uint32_t>(TI);
        Target.Decl = &Q;
        Target.Client = Design.client(Q.Client);
        Target.ReadsAllForNewest =
            !Q.Newest.empty() &&
            !schema::newestFirstInKeyOrder(T.RowKey, Q.Newest);
        std::string Error;
        std::size_t Offset = 0;
        const std::vector<schema::KeyPart> FanOut = schema::fanOutParts(Q);
        for (const schema::KeyPart &P : FanOut)
          Target.FanOutBuckets.push_back(schema::hashBucketCount(P));
        shardReads(T, Target);
        const std::string Filter = instanceFilter(T, Q.Filter);
        std::string Missing;
        if (!bindFilter(Filter, Family, FanOut, Target.Filter, Error, Offset,
                        T.Shards.value_or(0)) ||
            !checkFilterSyntax(Filter, Target.Filter, Error, Offset) ||
            (T.Buckets && !Target.Filter.bindBuckets(
                              *T.Buckets, instanceKey(T, T.PartitionKey),
                              Family, Missing))) {
          if (!Missing.empty())
            Error = "per-key 'buckets' by '" + Missing +
                    "', which the entities of the query do not have";
          Errors.push_back(
              {Design.File, Q.FilterPos.Line,
               Q.FilterPos.Column + static_cast<unsigned>(Offset),
               "query '" + Q.Name + "' of table '" + T.Name + "': " + Error});
          continue;
        }
        Plan.Queries[OpI] = std::move(Target);
        continue;
      }
      const schema::Write &Wr = T.Writes[Index];
      WriteTarget Target;
      Target.Table = static_cast<std::uint32_t>(TI);
      Target.Decl = &Wr;
      Target.Client = Design.client(Wr.Client);
      std::string Missing;
      bool Ok = true;
      const schema::KeyTemplate Pk =
          instanceKey(T, schema::entityPartitionKey(T, Wr.EntityTypeName));
      const schema::KeyTemplate &Rk =
          schema::entityRowKey(T, Wr.EntityTypeName);
      Target.FanOut = fanOutSending(Pk, Wr);
      for (auto [Key, Bound] : {std::pair{&Pk, &Target.PartitionKey},
                                std::pair{&Rk, &Target.RowKey}}) {
        const schema::KeyBuckets *Buckets =
            Key == &Pk && T.Buckets ? &*T.Buckets : nullptr;
        if (Ok && !Bound->bindKey(*Key, Family, Missing, Buckets,
                                  T.Shards.value_or(0))) {
          Errors.push_back({Design.File, Key->Pos.Line, Key->Pos.Column,
                            "key template '" + Key->Text + "' of table '" +
                                T.Name + "' uses property '" + Missing +
                                "', which the entities of write '" + Op.Name +
                                "' (table '" + Family.Table +
                                "' of the current design) do not have"});
          Ok = false;
        }
      }
      for (const std::string &Name : Wr.Properties) {
        const int Prop = Family.propertyIndex(Name);
        if (Prop >= 0)
          Target.Sent.push_back(static_cast<std::uint32_t>(Prop));
      }
      // A table that declares only some of the entity's properties (an
      // index entity) stores only those.
      const std::vector<const schema::Property *> Declared =
          schema::entityProperties(T, Wr.EntityTypeName);
      if (Target.Sent.empty() && !Declared.empty() &&
          Declared.size() < Family.Properties.size())
        for (const schema::Property *P : Declared) {
          const int Prop = Family.propertyIndex(P->Name);
          if (Prop >= 0)
            Target.Sent.push_back(static_cast<std::uint32_t>(Prop));
        }
      if (!Wr.When.empty()) {
        FilterParseResult When = parseFilter(Wr.When);
        if (!When) {
          Errors.push_back(
              {Design.File, Wr.WhenPos.Line,
               Wr.WhenPos.Column + static_cast<unsigned>(When.error().Offset),
               "'when' of write '" + Wr.Name + "' of table '" + T.Name +
                   "' does not parse: " + When.error().Message});
          Ok = false;
        } else {
          Target.When = When.filter();
        }
      }
      if (Ok)
        Plan.Writes[OpI].push_back(std::move(Target));
    }
  }
  // A family no write names is stored where its queries read it (keys
  // with a property it lacks have no place for it); each family's
  // queries are found in one pass over the ops.
  Plan.Holdings.resize(W.Families.size());
  std::vector<bool> Written(W.Families.size());
  std::vector<std::vector<std::uint32_t>> QueriesOf(W.Families.size());
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    if (!Op.IsQuery)
      Written[Op.Family] = true;
    else if (Plan.Queries[OpI])
      QueriesOf[Op.Family].push_back(static_cast<std::uint32_t>(OpI));
  }
  for (std::uint32_t F = 0; F < W.Families.size(); ++F) {
    if (Written[F])
      continue;
    for (const std::uint32_t OpI : QueriesOf[F]) {
      const std::optional<QueryTarget> &Q = Plan.Queries[OpI];
      if (std::any_of(Plan.Holdings[F].begin(), Plan.Holdings[F].end(),
                      [&](const DesignPlan::Holding &H) {
                        return H.Table == Q->Table;
                      }))
        continue;
      const schema::Table &T = Design.Tables[Q->Table];
      DesignPlan::Holding H;
      H.Table = Q->Table;
      std::string Missing;
      if (H.PartitionKey.bindKey(
              instanceKey(T, schema::entityPartitionKey(
                                 T, Q->Decl->EntityTypeName)),
              W.Families[F], Missing, T.Buckets ? &*T.Buckets : nullptr,
              T.Shards.value_or(0)) &&
          H.RowKey.bindKey(schema::entityRowKey(T, Q->Decl->EntityTypeName),
                           W.Families[F], Missing))
        Plan.Holdings[F].push_back(std::move(H));
    }
  }
  return Plan;
}

} // namespace tablelint::replay
