// The load model: key shares, table and entity sizes, and the entities each
// write and query puts on the busiest partition and on the account.
#include "checks/schema/Load.h"

#include "core/JsonPayloadSize.h"
#include "core/ServiceLimits.h"
#include "core/schema/EntityTypes.h"
#include "core/schema/PropertyGrowth.h"
#include "core/schema/TableSize.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace tablelint::schema {

namespace {

bool isNameChar(char C) {
  return (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') ||
         (C >= '0' && C <= '9') || C == '_';
}

std::string quote(const std::string &Name) { return "'" + Name + "'"; }

// A date/time, growing or sequential property always takes its current
// value: every new entity lands on the newest key (the replay's workload
// generates it so: core/schema/PropertyGrowth.h).
bool isSequential(const Property &P) { return takesNewestValue(P); }

// The share of one property's busiest value, before any bucketing.
struct ValueShare {
  bool Known = false;
  bool Unique = false; // a new value per entity (guid without distinct)
  bool Skewed = false;
  double Top = 1;
  double Collision = 1; // sum of the squared shares of its values
  std::optional<double> Distinct;
  std::string Why;
};

ValueShare valueShare(const Property &P) {
  ValueShare S;
  const std::string Name = quote(P.Name);
  if (!P.Values.empty()) {
    S.Known = true;
    S.Distinct = static_cast<double>(P.Values.size());
    if (P.Weights.size() == P.Values.size()) {
      double Sum = 0, Max = 0;
      std::size_t MaxAt = 0;
      for (std::size_t I = 0; I < P.Weights.size(); ++I) {
        Sum += P.Weights[I];
        if (P.Weights[I] > Max) {
          Max = P.Weights[I];
          MaxAt = I;
        }
      }
      S.Top = Sum > 0 ? Max / Sum : 1.0 / P.Values.size();
      if (Sum > 0) {
        S.Collision = 0;
        for (double W : P.Weights)
          S.Collision += (W / Sum) * (W / Sum);
      } else {
        S.Collision = S.Top;
      }
      S.Skewed = true;
      S.Why = "weights give " + Name + " value '" + P.Values[MaxAt] + "' " +
              formatPercent(S.Top);
    } else {
      S.Top = S.Collision = 1.0 / P.Values.size();
      S.Why = std::to_string(P.Values.size()) + " listed " + Name + " values";
    }
    return S;
  }
  std::optional<std::uint64_t> N = P.Distinct;
  if (!N && P.Type == EdmType::Boolean)
    N = 2;
  if (!N) {
    if (P.Type == EdmType::Guid) {
      S.Known = S.Unique = true;
      S.Top = S.Collision = 0;
      S.Why = Name + " is a guid: one value per entity";
    }
    return S;
  }
  const double Count = static_cast<double>(std::max<std::uint64_t>(*N, 1));
  S.Known = true;
  S.Distinct = Count;
  const std::string Over =
      " over " + formatFigure(Count) + " " + Name + " values";
  switch (P.Dist.Kind) {
  case DistributionKind::Uniform:
  case DistributionKind::Sequential:
    S.Top = S.Collision = 1 / Count;
    S.Why = "uniform" + Over;
    break;
  case DistributionKind::Zipf:
  case DistributionKind::Latest: {
    // YCSB's "latest" is zipfian over recency.
    const double Skew =
        P.Dist.Kind == DistributionKind::Zipf ? P.Dist.Param : 0.99;
    S.Top = 1 / generalizedHarmonic(*N, Skew);
    S.Collision = generalizedHarmonic(*N, 2 * Skew) * S.Top * S.Top;
    S.Skewed = true;
    S.Why = (P.Dist.Text.empty() ? std::string("zipf") : P.Dist.Text) + Over +
            " puts " + formatPercent(S.Top) + " on the busiest";
    break;
  }
  case DistributionKind::Hotspot: {
    const double D = std::clamp(P.Dist.HotDataFraction, 1e-9, 1.0);
    const double O = std::clamp(P.Dist.HotOpFraction, 0.0, 1.0);
    const double Hot = O / (D * Count);
    const double Cold = D < 1 ? (1 - O) / ((1 - D) * Count) : 0;
    S.Top = std::min(1.0, std::max(Hot, Cold));
    S.Collision = std::min(1.0, O * Hot + (D < 1 ? (1 - O) * Cold : 0));
    S.Skewed = true;
    S.Why = (P.Dist.Text.empty() ? std::string("hotspot") : P.Dist.Text) +
            Over + " puts " + formatPercent(S.Top) + " on each hot value";
    break;
  }
  }
  return S;
}

} // namespace

double generalizedHarmonic(std::uint64_t N, double S) {
  // Up to a million pow() calls: every key share of a zipf property asks,
  // so the few distinct (N, s) pairs of a schema are computed once.
  thread_local std::map<std::pair<std::uint64_t, double>, double> Cache;
  const auto Key = std::make_pair(N, S);
  if (auto It = Cache.find(Key); It != Cache.end())
    return It->second;
  double H = 0;
  // Exact up to a million terms; beyond, the integral tail is within 1e-6.
  const std::uint64_t Exact = std::min<std::uint64_t>(N, 1000000);
  for (std::uint64_t K = 1; K <= Exact; ++K)
    H += std::pow(static_cast<double>(K), -S);
  if (N > Exact) {
    const double A = static_cast<double>(Exact) + 0.5;
    const double B = static_cast<double>(N) + 0.5;
    H += std::fabs(S - 1) < 1e-12
             ? std::log(B / A)
             : (std::pow(B, 1 - S) - std::pow(A, 1 - S)) / (1 - S);
  }
  Cache.emplace(Key, H);
  return H;
}

std::string formatFigure(double Value) {
  char Buf[64];
  // Past a million, digits stop being readable: "15.6 billion". Past a
  // thousand trillion (a table scan of a huge table at thousands a
  // second), a power of ten says it better than a word nobody reads.
  if (std::fabs(Value) >= 999.5e12) {
    std::snprintf(Buf, sizeof Buf, "%.3g", Value);
    return Buf;
  }
  if (std::fabs(Value) >= 999.5e9) {
    std::snprintf(Buf, sizeof Buf, "%.3g trillion", Value / 1e12);
    return Buf;
  }
  // (Each unit from where three digits of the one below would round up
  // to a thousand: 999.7 million is "1 billion", not "1e+03 million".)
  if (std::fabs(Value) >= 999.5e6) {
    std::snprintf(Buf, sizeof Buf, "%.3g billion", Value / 1e9);
    return Buf;
  }
  if (std::fabs(Value) >= 1e6) {
    std::snprintf(Buf, sizeof Buf, "%.3g million", Value / 1e6);
    return Buf;
  }
  if (std::fabs(Value) >= 100 || Value == std::floor(Value))
    std::snprintf(Buf, sizeof Buf, "%.0f", Value);
  else if (std::fabs(Value) >= 1)
    std::snprintf(Buf, sizeof Buf, "%.3g", Value);
  else
    std::snprintf(Buf, sizeof Buf, "%.2g", Value);
  return Buf;
}

std::string formatPercent(double Fraction) {
  char Buf[64];
  const double P = Fraction * 100;
  std::snprintf(Buf, sizeof Buf,
                P >= 10 || P == std::floor(P) ? "%.1f%%" : "%.2g%%", P);
  std::string S = Buf;
  if (S.size() > 3 && S.compare(S.size() - 3, 3, ".0%") == 0)
    S.erase(S.size() - 3, 2);
  return S;
}

namespace {

// The replay's value of index K of a generated string property: its name,
// '-', K. Nullopt for other texts.
std::optional<std::uint64_t> generatedIndex(const Property &P,
                                            const std::string &Value) {
  const std::string Head = P.Name + "-";
  if (P.Type != EdmType::String || Value.compare(0, Head.size(), Head) != 0 ||
      Value.size() == Head.size() || Value.size() > Head.size() + 18 ||
      Value.find_first_not_of("0123456789", Head.size()) != std::string::npos)
    return std::nullopt;
  return std::stoull(Value.substr(Head.size()));
}

// The share of the generated value of index K (K below Distinct).
std::optional<double> generatedShare(const Property &P, std::uint64_t K) {
  if (!P.Distinct || K >= *P.Distinct)
    return std::nullopt;
  const std::uint64_t N = std::max<std::uint64_t>(*P.Distinct, 1);
  switch (P.Dist.Kind) {
  case DistributionKind::Uniform:
    return 1.0 / static_cast<double>(N);
  case DistributionKind::Zipf: {
    const double Skew = P.Dist.Param > 0 ? P.Dist.Param : 0.99;
    return std::pow(static_cast<double>(K + 1), -Skew) /
           generalizedHarmonic(N, Skew);
  }
  case DistributionKind::Hotspot: {
    // As the replay draws: the first floor(data * N) values (at least
    // one) share the hot operations.
    const std::uint64_t Hot = std::clamp<std::uint64_t>(
        static_cast<std::uint64_t>(P.Dist.HotDataFraction *
                                   static_cast<double>(N)),
        1, N);
    const double O = std::clamp(P.Dist.HotOpFraction, 0.0, 1.0);
    if (Hot == N)
      return 1.0 / static_cast<double>(N);
    return K < Hot ? O / static_cast<double>(Hot)
                   : (1 - O) / static_cast<double>(N - Hot);
  }
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<double> valueShareOf(const Property &P,
                                   const std::string &Value) {
  if (!P.Values.empty()) {
    const auto It = std::find(P.Values.begin(), P.Values.end(), Value);
    if (It == P.Values.end())
      return 0.0;
    if (P.Weights.size() != P.Values.size())
      return 1.0 / static_cast<double>(P.Values.size());
    double Sum = 0;
    for (double W : P.Weights)
      Sum += W;
    return Sum > 0 ? P.Weights[static_cast<std::size_t>(It - P.Values.begin())] / Sum
                   : 0.0;
  }
  const std::optional<std::uint64_t> K = generatedIndex(P, Value);
  if (K)
    return generatedShare(P, *K).value_or(0);
  // A text the replay never generates is never picked.
  if (P.Type == EdmType::String && P.Distinct && generatedShare(P, 0))
    return 0.0;
  return std::nullopt;
}

std::optional<double>
busiestShareExcept(const Property &P, const std::vector<std::string> &Listed) {
  auto IsListed = [&](const std::string &V) {
    return std::find(Listed.begin(), Listed.end(), V) != Listed.end();
  };
  if (!P.Values.empty()) {
    double Most = 0;
    for (const std::string &V : P.Values)
      if (!IsListed(V))
        Most = std::max(Most, valueShareOf(P, V).value_or(0));
    return Most;
  }
  if (!P.Distinct || P.Type != EdmType::String)
    return std::nullopt;
  // Shares fall with the index: the first value not listed is the busiest.
  for (std::uint64_t K = 0; K < *P.Distinct; ++K)
    if (!IsListed(P.Name + "-" + std::to_string(K)))
      return generatedShare(P, K);
  return 0.0;
}

namespace {

// The busiest partition's share and the collision of property By under
// per-key buckets: each heavy value spread over its own count, the busiest
// of the others over the default. False when the shares are not known.
bool perKeyShare(const Property &By, const KeyBuckets &B, double &Top,
                 double &Collision, std::string &Why) {
  std::vector<std::string> Listed;
  double Most = 0, Sum2 = 0, Spread2 = 0;
  for (const auto &[Value, Count] : B.Heavy) {
    const std::optional<double> Share = valueShareOf(By, Value);
    if (!Share)
      return false;
    Listed.push_back(Value);
    const double C = static_cast<double>(Count);
    Most = std::max(Most, *Share / C);
    Sum2 += *Share * *Share;
    Spread2 += *Share * *Share / C;
  }
  const std::optional<double> Rest = busiestShareExcept(By, Listed);
  if (!Rest)
    return false;
  const double D = static_cast<double>(B.Default);
  Top = std::max(Most, *Rest / D);
  Collision = std::max(0.0, Collision - Sum2) / D + Spread2;
  Why = "per-key buckets of " + quote(By.Name) + ": " +
        std::to_string(B.Heavy.size()) + " heavy value" +
        (B.Heavy.size() > 1 ? "s" : "") + " over their own buckets, the rest in " +
        std::to_string(B.Default);
  return true;
}

} // namespace

std::string KeyShare::why() const {
  std::string Out;
  for (const std::string &R : Reasons)
    Out += (Out.empty() ? "" : "; ") + R;
  return Out;
}

namespace {
// How KeyShare::Reasons says that a time-based key part takes the clock
// (writeLoad rewrites it for a purge's deletes).
const std::string GoesToCurrentValue =
    "every operation goes to its current value";
} // namespace

KeyShare keyShare(const Table &T, const KeyTemplate &Key) {
  KeyShare Out;
  Out.Known = true;
  Out.Distinct = 1;
  if (Key.isConstant()) {
    Out.Reasons.push_back("constant key '" + Key.Text + "'");
    return Out;
  }
  // One entry per property: the finest of its occurrences decides.
  struct PropShare {
    double Top = 1;
    double Collision = 1;
    bool Sequential = false;
    bool Skewed = false;
    std::optional<double> Distinct;
    bool Unbounded = false;
    std::string Why;
  };
  std::map<std::string, PropShare> ByProperty;
  std::vector<std::string> Order;
  // Per-key buckets of the table's own PartitionKey: the hashed part
  // counts through the value of `by` (below).
  const KeyBuckets *PerKey =
      T.Buckets && Key.Text == T.PartitionKey.Text ? &*T.Buckets : nullptr;
  const KeyPart *Hashed = PerKey ? bucketedPart(Key) : nullptr;
  for (const KeyPart &Part : Key.Parts) {
    if (!Part.IsPlaceholder || (Hashed && Part.Text == Hashed->Text))
      continue;
    const Property *P = T.property(Part.Text);
    if (!P) {
      Out.Known = false;
      Out.Undeclared.push_back(Part.Text);
      continue;
    }
    const std::uint64_t Buckets = hashBucketCount(Part);
    PropShare S;
    if (isSequential(*P)) {
      if (Buckets) {
        S.Top = S.Collision = 1.0 / static_cast<double>(Buckets);
        S.Distinct = static_cast<double>(Buckets);
        S.Why = "'{" + P->Name + "|hash:" + std::to_string(Buckets) +
                "}' spreads the current " + quote(P->Name) + " over " +
                std::to_string(Buckets) + " buckets";
      } else {
        S.Sequential = true;
        S.Unbounded = true;
        S.Why = P->ChangesEverySeconds
                    ? quote(P->Name) + " changes only every " +
                          formatFigure(*P->ChangesEverySeconds / 86400) +
                          " days: " + GoesToCurrentValue
                    : quote(P->Name) + " is time-based or growing: " +
                          GoesToCurrentValue;
      }
    } else {
      const ValueShare V = valueShare(*P);
      if (!V.Known) {
        Out.Known = false;
        Out.Undeclared.push_back(Part.Text);
        continue;
      }
      S.Top = V.Top;
      S.Collision = V.Collision;
      S.Skewed = V.Skewed;
      S.Distinct = V.Distinct;
      S.Unbounded = V.Unique;
      S.Why = V.Why;
      // The partitions: each value's own, the heavy ones' several.
      if (Hashed && P->Name == PerKey->By &&
          perKeyShare(*P, *PerKey, S.Top, S.Collision, S.Why) && S.Distinct) {
        *S.Distinct *= static_cast<double>(PerKey->Default);
        for (const auto &Entry : PerKey->Heavy)
          *S.Distinct += static_cast<double>(Entry.second) -
                         static_cast<double>(PerKey->Default);
      }
      if (Buckets && (V.Unique || !V.Distinct ||
                      static_cast<double>(Buckets) < *V.Distinct)) {
        const double B = static_cast<double>(Buckets);
        // The busiest value stays whole in its bucket; the rest spread.
        S.Top = V.Skewed ? V.Top + (1 - V.Top) / B : 1 / B;
        // Two picks share a bucket when they pick the same value, or
        // different values the hash puts together (1 in B).
        S.Collision = V.Skewed ? V.Collision + (1 - V.Collision) / B : 1 / B;
        S.Distinct = B;
        S.Unbounded = false;
        S.Why += ", hashed into " + std::to_string(Buckets) + " buckets";
      }
    }
    auto It = ByProperty.find(P->Name);
    if (It == ByProperty.end()) {
      ByProperty.emplace(P->Name, S);
      Order.push_back(P->Name);
    } else if (S.Top < It->second.Top ||
               (It->second.Sequential && !S.Sequential)) {
      It->second = S;
    }
  }
  if (!Out.Known)
    return Out;
  Out.Top = 1;
  for (const std::string &Name : Order) {
    const PropShare &S = ByProperty[Name];
    Out.Top *= S.Top;
    Out.Collision *= S.Collision;
    Out.Skewed |= S.Skewed;
    if (S.Sequential) {
      Out.Sequential = true;
      Out.SequentialProperties.push_back(Name);
    }
    if (S.Unbounded || !S.Distinct || !Out.Distinct)
      Out.Distinct.reset();
    else
      *Out.Distinct *= *S.Distinct;
    Out.Reasons.push_back(S.Why);
  }
  return Out;
}

std::optional<double> rowsPerPartitionPerSecond(const Table &T) {
  // A property the partition key (or its table instance) holds whole
  // takes one value in the partition; a hashed or formatted one may take
  // several.
  std::set<std::string> Fixed;
  for (const KeyPart &Part : instancePartitionKey(T, T.PartitionKey).Parts)
    if (Part.IsPlaceholder && Part.Format.empty() && Part.Functions.empty())
      Fixed.insert(Part.Text);
  // One count per property: its finest rendering decides (a day and a
  // millisecond of the same time take the millisecond's values; a value
  // rendered whole and hashed takes all of its own).
  std::map<std::string, double> ByProperty;
  for (const KeyPart &Part : T.RowKey.Parts) {
    if (!Part.IsPlaceholder || Fixed.count(Part.Text))
      continue;
    const Property *P = T.property(Part.Text);
    if (!P)
      return std::nullopt;
    std::optional<double> Values;
    if (isSequential(*P)) {
      // The current value only: a period changes it at most this often.
      if (P->ChangesEverySeconds)
        Values = 1;
      else if (P->Type == EdmType::DateTime)
        Values = std::max(1.0, 1 / formatPeriodSeconds(Part));
    } else {
      const ValueShare V = valueShare(*P);
      if (V.Known && !V.Unique)
        Values = V.Distinct;
    }
    if (const std::uint64_t Buckets = hashBucketCount(Part))
      Values = std::min(Values.value_or(static_cast<double>(Buckets)),
                        static_cast<double>(Buckets));
    if (!Values)
      return std::nullopt; // unbounded or undeclared
    auto [It, New] = ByProperty.emplace(P->Name, *Values);
    if (!New)
      It->second = std::max(It->second, *Values);
  }
  double Rows = 1;
  for (const auto &[Name, Values] : ByProperty)
    Rows *= Values;
  return Rows;
}

KeyTemplate instancePartitionKey(const Table &T, const KeyTemplate &Key) {
  if (!T.NameTemplate)
    return Key;
  KeyTemplate Out = Key;
  Out.Parts.clear();
  for (const KeyPart &Part : T.NameTemplate->Parts)
    if (Part.IsPlaceholder)
      Out.Parts.push_back(Part);
  Out.Parts.insert(Out.Parts.end(), Key.Parts.begin(), Key.Parts.end());
  return Out;
}

namespace {

// A known literal as a value list writes it; nullopt for placeholders and
// types value lists do not hold.
std::optional<std::string> literalText(const FilterLiteral &L) {
  if (!L.Known)
    return std::nullopt;
  switch (L.Value.Type) {
  case EdmType::String:
    return L.Value.Text;
  case EdmType::Boolean:
    return std::string(L.Value.Bool ? "true" : "false");
  case EdmType::Int32:
  case EdmType::Int64:
    return std::to_string(L.Value.Int);
  default:
    return std::nullopt;
  }
}

bool sameValueText(const std::string &Declared, const std::string &Literal,
                   EdmType Type) {
  if (Type != EdmType::Boolean)
    return Declared == Literal;
  if (Declared.size() != Literal.size())
    return false;
  for (std::size_t I = 0; I < Declared.size(); ++I)
    if (std::tolower(static_cast<unsigned char>(Declared[I])) != Literal[I])
      return false;
  return true;
}

// The fraction of scanned entities a conjunction of equalities on non-key
// properties keeps, from the declared values/weights and distinct counts.
// AtMost: an upper bound instead, where a condition of an `and` has no
// known share (a time compared with a placeholder): it keeps at most
// everything, so the others' share bounds what the whole keeps (named in
// Why as not counted).
std::optional<double> selectivity(const Table &T, const Filter &F,
                                  std::uint32_t Index, std::string &Why,
                                  bool AtMost = false) {
  const FilterNode &N = F.node(Index);
  if (N.Kind == FilterNodeKind::And) {
    std::optional<double> L = selectivity(T, F, N.Left, Why, AtMost);
    std::optional<double> R = selectivity(T, F, N.Right, Why, AtMost);
    if (AtMost) {
      for (auto [Side, Node] : {std::pair{&L, N.Left}, std::pair{&R, N.Right}})
        if (!*Side && F.node(Node).Kind == FilterNodeKind::Compare) {
          *Side = 1.0;
          Why += (Why.empty() ? "" : ", ") + quote(F.node(Node).Property) +
                 " condition not counted";
        }
    }
    if (!L || !R)
      return std::nullopt;
    return *L * *R;
  }
  if (N.Kind != FilterNodeKind::Compare)
    return std::nullopt;
  if (N.Property == "PartitionKey" || N.Property == "RowKey")
    return 1.0; // the key predicates decide what is scanned, not kept
  if (N.Op != CompareOp::Eq)
    return std::nullopt;
  const Property *P = T.property(N.Property);
  if (!P)
    return std::nullopt;
  std::optional<double> S;
  bool Picked = false;
  if (!P->Values.empty()) {
    const bool Weighted = P->Weights.size() == P->Values.size();
    double Sum = 0;
    for (double W : P->Weights)
      Sum += W;
    if (std::optional<std::string> Text = literalText(N.Literal)) {
      // A known value: its declared weight (string, boolean and integer
      // values alike: `engineFault eq true` at 0.2% keeps 0.2%).
      S = 0.0;
      for (std::size_t I = 0; I < P->Values.size(); ++I)
        if (sameValueText(P->Values[I], *Text, N.Literal.Value.Type))
          S = Weighted && Sum > 0 ? P->Weights[I] / Sum
                                  : 1.0 / P->Values.size();
    } else if (Weighted && Sum > 0) {
      // A value picked by the same weights: sum of squares.
      double Sq = 0;
      for (double W : P->Weights)
        Sq += (W / Sum) * (W / Sum);
      S = Sq;
    } else {
      S = 1.0 / P->Values.size();
    }
  } else if (P->Distinct && *P->Distinct > 0) {
    S = 1.0 / static_cast<double>(*P->Distinct);
    // A value the reader picks as the writes do (a placeholder) under a
    // skewed distribution: a value read more often also holds more
    // entities, so on average the filter keeps the values' collision share
    // (the sum of their squared shares), as a read by the key would.
    const ValueShare V = valueShare(*P);
    if (!literalText(N.Literal) && V.Skewed && V.Collision > *S) {
      S = V.Collision;
      Picked = true;
    }
  } else if (P->Type == EdmType::Boolean) {
    S = 0.5;
  }
  if (S)
    Why += (Why.empty() ? "" : ", ") + quote(P->Name) + " matches " +
           formatPercent(*S) +
           (Picked ? " on average, its value picked as the writes pick it"
                   : "");
  return S;
}

} // namespace

bool conjunctPins(const Filter &F, std::uint32_t Node,
                  std::string_view Property) {
  const FilterNode &N = F.node(Node);
  if (N.Kind == FilterNodeKind::And)
    return conjunctPins(F, N.Left, Property) ||
           conjunctPins(F, N.Right, Property);
  return N.Kind == FilterNodeKind::Compare && N.Op == CompareOp::Eq &&
         N.Property == Property;
}

std::optional<double> nodeSelectivity(const Table &T, const Filter &F,
                                      std::uint32_t Node) {
  std::string Why;
  return selectivity(T, F, Node, Why);
}

double writeShare(const Table &T, const Write &W, std::string *Why) {
  if (W.When.empty())
    return 1;
  FilterParseResult R = parseFilter(W.When);
  std::string Reason;
  std::optional<double> S;
  if (R)
    S = selectivity(T, R.filter(), R.filter().Root, Reason);
  if (Why)
    *Why = S ? "only entities with " + W.When + " (" + Reason + ")"
             : "only entities with " + W.When + " (share unknown: all counted)";
  return S.value_or(1);
}

double insertRate(const Table &T) {
  double Rate = 0;
  for (const Write &W : T.Writes)
    if (createsEntity(W.Op))
      Rate += W.Frequency.PerSecond * writeShare(T, W);
  return Rate;
}

TableSize tableSize(const Table &T) {
  TableSize S;
  const double Inserts = T.Entities ? 0 : insertRate(T);
  const ModelledTableSize M = modelledTableSize(T, Inserts);
  if (!M.Known)
    return S;
  S.Known = true;
  S.Entities = M.Entities;
  S.Why = M.Declared
              ? "declared entities: " + formatFigure(S.Entities)
          : M.KeyBound
              ? formatFigure(Inserts) + " inserts/s kept for " +
                    formatFigure(*T.RetentionSeconds / 86400) +
                    " days, at most the " + formatFigure(S.Entities) +
                    " distinct keys the key templates form in that time (no "
                    "'entities' declared; writes to a key the table holds "
                    "add none)"
              : formatFigure(Inserts) + " inserts/s kept for " +
                    formatFigure(*T.RetentionSeconds / 86400) +
                    " days (no 'entities' declared: every insert assumed to "
                    "add one)";
  return S;
}

namespace {

// The partition of one value of a growing non-date property: the table's
// entities over its declared distinct values, or, without `distinct`, the
// whole table (nothing bounds how many entities share the current value).
PartitionSize growingValuePartitionSize(const Table &T, const Property &P,
                                        double Fraction,
                                        const std::string &Which) {
  PartitionSize Out;
  const TableSize Size = tableSize(T);
  if (!Size.Known)
    return Out;
  Out.Known = true;
  if (P.Distinct && *P.Distinct > 0) {
    Out.Entities = std::max(
        1.0, Size.Entities / static_cast<double>(*P.Distinct) * Fraction);
    Out.Why = Size.Why + " over " + formatFigure(static_cast<double>(*P.Distinct)) +
              " values of growing '" + P.Name + "'";
  } else {
    Out.Entities = std::max(1.0, Size.Entities * Fraction);
    Out.Why = Size.Why + ", all of them possibly under the current value of "
              "growing '" + P.Name +
              "' (declare its 'distinct' to say how many values it took)";
  }
  if (Fraction < 1)
    Out.Why += " x " + formatPercent(Fraction) + Which;
  return Out;
}

// The shortest period of the sequential placeholders of a key: how long
// the current key stays current. A date placeholder changes with its
// format, a slowly changing value with its declared `changes`; a growing
// value with neither (a counter, an id) has no period and is handed back in
// GrowingValue, when asked for, instead.
double currentKeyPeriod(const Table &T, const KeyTemplate &Key,
                        const KeyShare &Share,
                        const Property **GrowingValue = nullptr) {
  double Period = 0;
  for (const KeyPart &Part : Key.Parts)
    if (Part.IsPlaceholder &&
        std::find(Share.SequentialProperties.begin(),
                  Share.SequentialProperties.end(),
                  Part.Text) != Share.SequentialProperties.end()) {
      const Property *P = T.property(Part.Text);
      double Seconds = 1e-7;
      if (P && P->ChangesEverySeconds) {
        Seconds = *P->ChangesEverySeconds;
      } else if (P && P->Type == EdmType::DateTime) {
        Seconds = formatPeriodSeconds(Part);
      } else if (P && GrowingValue) {
        *GrowingValue = P;
        continue;
      }
      Period = Period == 0 ? Seconds : std::min(Period, Seconds);
    }
  if (T.RetentionSeconds)
    Period = std::min(Period, *T.RetentionSeconds);
  return Period;
}

} // namespace

TableSize instanceSize(const Table &T) {
  const TableSize Size = tableSize(T);
  if (!T.NameTemplate)
    return Size;
  const KeyShare Share = keyShare(T, *T.NameTemplate);
  if (!Share.Known)
    return Size;
  TableSize Out;
  if (Share.Sequential) {
    const double Inserts = insertRate(T);
    if (Inserts <= 0)
      return Out;
    const double Period = currentKeyPeriod(T, *T.NameTemplate, Share);
    Out.Known = true;
    Out.Entities = std::max(1.0, Inserts * Period * Share.Top);
    Out.Why = formatFigure(Inserts) + " inserts/s over one " +
              formatFigure(Period) + " s period of table '" + T.Name + "'";
    return Out;
  }
  if (!Size.Known)
    return Out;
  Out.Known = true;
  Out.Entities = std::max(1.0, Size.Entities * Share.Top);
  Out.Why = Size.Why + " x " + formatPercent(Share.Top) +
            " in the busiest instance of '" + T.Name + "' (" + Share.why() +
            ")";
  return Out;
}

namespace {

// The entities one partition key value can hold at most: the distinct full
// keys the templates form (over the retention, or, without one, a century:
// no bound where a date is in the RowKey) over the distinct partition
// keys. A property the PartitionKey holds whole takes one value under it;
// one it hashes into B buckets takes a B-th of its values in each (a hash
// spreads values evenly, however often each is used). nullopt when the key
// space is unbounded or unknown.
struct PartitionCapacity {
  double Entities = 0;
  double Keys = 0;       // distinct full keys
  double Partitions = 0; // distinct partition keys
};
std::optional<PartitionCapacity> partitionCapacity(const Table &T,
                                                   const KeyShare &Share) {
  if (!Share.Distinct || *Share.Distinct < 1)
    return std::nullopt;
  const double Horizon =
      T.RetentionSeconds ? *T.RetentionSeconds : 100 * 365.25 * 86400;
  const std::optional<double> Keys = keySpaceOver(T, Horizon);
  if (!Keys)
    return std::nullopt;
  PartitionCapacity C;
  C.Keys = *Keys;
  C.Partitions = *Share.Distinct;
  C.Entities = std::max(1.0, *Keys / *Share.Distinct);
  return C;
}

// A partition's entities: the busiest one (Expected false), or the one an
// operation that picks its key as the writes did reads on average (Expected
// true: a key picked more often also holds more, so the table times the
// keys' collision share, not over their count).
PartitionSize partitionSize(const Table &T, bool Expected) {
  PartitionSize Out;
  const KeyTemplate Key = instancePartitionKey(T, T.PartitionKey);
  const KeyShare Share = keyShare(T, Key);
  if (!Share.Known)
    return Out;
  const double Fraction = Expected ? Share.Collision : Share.Top;
  const std::string Which =
      Expected ? " expected in the partition an execution reads"
               : " on the busiest key";
  if (Share.Sequential) {
    // The current period's partition holds what was inserted during it.
    const Property *GrowingValue = nullptr;
    const double Period = currentKeyPeriod(T, Key, Share, &GrowingValue);
    // A growing integer (or string) has no period: how many entities share
    // one of its values follows from the table's size and its `distinct`.
    if (GrowingValue)
      return growingValuePartitionSize(T, *GrowingValue, Fraction, Which);
    const double Inserts = insertRate(T);
    if (Inserts <= 0)
      return Out;
    Out.Known = true;
    // The period holds at most the table's declared entities; the busiest
    // key's share is a share of what the period holds. Writes to a key the
    // partition holds add nothing (an upsert per player and season): at
    // most the RowKeys one partition can hold. The Why names the bound that
    // decides.
    const bool TableBound =
        T.Entities && static_cast<double>(*T.Entities) < Inserts * Period;
    const double PeriodEntities =
        TableBound ? std::max(1.0, static_cast<double>(*T.Entities))
                   : Inserts * Period;
    Out.Entities = std::max(1.0, PeriodEntities * Fraction);
    Out.Why = formatFigure(Inserts) + " inserts/s over one " +
              formatFigure(Period) + " s key period";
    Table Rows = T;
    Rows.PartitionKey = KeyTemplate();
    Rows.NameTemplate.reset();
    const std::optional<double> RowKeys = keySpaceOver(Rows, Period);
    const bool RowKeyBound = RowKeys && *RowKeys >= 1 && *RowKeys < Out.Entities;
    if (TableBound && !RowKeyBound)
      Out.Why += ", at most the table's declared " +
                 formatFigure(PeriodEntities) + " entities";
    if (Fraction < 1)
      Out.Why += " x " + formatPercent(Fraction) + Which;
    if (RowKeyBound) {
      Out.Entities = *RowKeys;
      Out.Why += ", at most the " + formatFigure(*RowKeys) +
                 " RowKeys one partition can hold";
    }
    return Out;
  }
  const TableSize Size = tableSize(T);
  if (!Size.Known)
    return Out;
  Out.Known = true;
  Out.Entities = std::max(1.0, Size.Entities * Fraction);
  if (Expected && !Share.Skewed && Share.Distinct)
    Out.Why = Size.Why + " over " + formatFigure(*Share.Distinct) +
              " partitions";
  else
    Out.Why = Size.Why + " x " + formatPercent(Fraction) +
              (Expected ? " expected in the partition an execution reads ("
                        : " in the busiest partition (") +
              Share.why() + ")";
  // The skew says how often operations pick a key; the entities under it
  // are those its keys can form. Where the full key is one entity per key
  // value (codes hashed into buckets), a partition holds its share of the
  // key space however often it is read.
  if (const std::optional<PartitionCapacity> C = partitionCapacity(T, Share);
      C && C->Entities < Out.Entities) {
    Out.Entities = C->Entities;
    Out.Why = Size.Why + ", at most the " + formatFigure(C->Entities) +
              " keys one partition can hold (" + formatFigure(C->Keys) +
              " distinct keys over " + formatFigure(C->Partitions) +
              " partition keys" +
              (Share.Skewed ? "; the skew (" + Share.why() +
                                  ") decides which partition operations "
                                  "pick, not how many entities it holds)"
                            : std::string(")"));
  }
  return Out;
}

} // namespace

PartitionSize busiestPartitionSize(const Table &T) {
  return partitionSize(T, false);
}

PartitionSize expectedPartitionRead(const Table &T) {
  return partitionSize(T, true);
}

// ------------------------------------------------------------ entity size

namespace {

struct ValueSize {
  double Billing = 0;
  bool Exact = true;
};

ValueSize valueSize(const Property &P) {
  ValueSize V;
  const double Bytes = P.Bytes ? static_cast<double>(*P.Bytes) : 0;
  switch (P.Type) {
  case EdmType::String:
    V.Billing = 2 * Bytes + limits::StringValueOverheadBytes;
    V.Exact = P.Bytes.has_value();
    break;
  case EdmType::Binary:
    V.Billing = Bytes + limits::BinaryValueOverheadBytes;
    V.Exact = P.Bytes.has_value();
    break;
  case EdmType::Int32:
    V.Billing = limits::Int32ValueBytes;
    break;
  case EdmType::Int64:
    V.Billing = limits::Int64ValueBytes;
    break;
  case EdmType::Double:
    V.Billing = limits::DoubleValueBytes;
    break;
  case EdmType::DateTime:
    V.Billing = limits::DateTimeValueBytes;
    break;
  case EdmType::Guid:
    V.Billing = limits::GuidValueBytes;
    break;
  case EdmType::Boolean:
    V.Billing = limits::BooleanValueBytes;
    break;
  }
  return V;
}

unsigned placeholderLength(const Property *P, const KeyPart &Part) {
  unsigned Len = 1;
  bool Hashed = false;
  for (const KeyFunction &Fn : Part.Functions) {
    if (Fn.Fn == KeyFunction::Hash) {
      Len = static_cast<unsigned>(std::to_string(Fn.Arg - 1).size());
      Hashed = true;
    } else if (Fn.Fn == KeyFunction::Reverse) {
      Len = 19;
      Hashed = true;
    } else {
      Len = std::max<unsigned>(Len, static_cast<unsigned>(Fn.Arg));
    }
  }
  if (Hashed || !P)
    return Len;
  switch (P->Type) {
  case EdmType::DateTime:
    if (Part.Format.empty())
      return 20; // 2024-01-01T00:00:00Z
    if (Part.Format == "ticks")
      return 19;
    return static_cast<unsigned>(renderedWidth(Part.DateFormat));
  case EdmType::Guid:
    return 36;
  case EdmType::String:
  case EdmType::Binary:
    return std::max<unsigned>(
        Len, P->Bytes ? static_cast<unsigned>(*P->Bytes) *
                            (P->Type == EdmType::Binary ? 2 : 1)
                      : 1);
  default:
    return Len;
  }
}

} // namespace

unsigned keyLengthLowerBound(const Table &T, const KeyTemplate &Key) {
  unsigned Len = 0;
  for (const KeyPart &Part : Key.Parts)
    Len += Part.IsPlaceholder ? placeholderLength(T.property(Part.Text), Part)
                              : static_cast<unsigned>(Part.Text.size());
  return Len;
}

EntitySize entitySize(const Table &T,
                      const std::vector<std::string> *Selected) {
  EntitySize S;
  S.PartitionKeyChars = keyLengthLowerBound(T, T.PartitionKey);
  S.RowKeyChars = keyLengthLowerBound(T, T.RowKey);
  S.BillingBytes =
      limits::EntityOverheadBytes + 2.0 * (S.PartitionKeyChars + S.RowKeyChars);
  S.PayloadBytes =
      payload::JsonKeysBytes + S.PartitionKeyChars + S.RowKeyChars;
  for (const Property &P : T.Properties) {
    if (Selected && std::find(Selected->begin(), Selected->end(), P.Name) ==
                        Selected->end())
      continue;
    const ValueSize V = valueSize(P);
    S.BillingBytes +=
        limits::PropertyOverheadBytes + 2.0 * P.Name.size() + V.Billing;
    S.PayloadBytes += payload::jsonPropertyBytes(
        P.Name.size(), P.Type, P.Bytes ? static_cast<double>(*P.Bytes) : 0);
    S.Exact &= V.Exact;
  }
  return S;
}

// ------------------------------------------------------------- queries

std::uint32_t QueryFilter::templateOffset(std::uint32_t ParsedOffset) const {
  if (TemplateOffset.empty())
    return ParsedOffset;
  if (ParsedOffset >= TemplateOffset.size())
    return TemplateOffset.back() + 1 +
           (ParsedOffset - static_cast<std::uint32_t>(TemplateOffset.size()));
  return TemplateOffset[ParsedOffset];
}

std::string QueryFilter::templateText(const std::string &Text,
                                      std::uint32_t Offset,
                                      std::uint32_t Length) const {
  const std::uint32_t Begin = templateOffset(Offset);
  std::uint32_t End = templateOffset(Offset + Length - 1);
  if (Text[End] == '{')
    End = static_cast<std::uint32_t>(Text.find('}', End));
  return Text.substr(Begin, End + 1 - Begin);
}

namespace {

// The quoted literal of a PartitionKey equality, as a key template.
std::optional<KeyTemplate> pinnedPartitionTemplate(const QueryFilter &QF,
                                                   const std::string &Text) {
  if (!QF.Parsed || QF.Scope.PartitionKeys.size() != 1)
    return std::nullopt;
  for (const FilterNode &N : QF.Parsed->Nodes) {
    if (N.Kind != FilterNodeKind::Compare || N.Property != "PartitionKey" ||
        N.Op != CompareOp::Eq || N.Literal.Length < 2)
      continue;
    const std::uint32_t Begin = QF.templateOffset(N.Literal.Offset) + 1;
    const std::uint32_t End =
        QF.templateOffset(N.Literal.Offset + N.Literal.Length - 1);
    if (Begin > End || End > Text.size() || Text[Begin - 1] != '\'')
      continue;
    std::string Inner;
    for (std::uint32_t I = Begin; I < End; ++I) {
      Inner += Text[I];
      if (Text[I] == '\'' && I + 1 < End && Text[I + 1] == '\'')
        ++I;
    }
    std::string Error;
    if (std::optional<KeyTemplate> K = parseKeyTemplate(Inner, Error))
      return K;
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

QueryFilter parseQueryFilter(const Query &Q) {
  QueryFilter Out;
  const std::string &Text = Q.Filter;
  std::size_t First = Text.find_first_not_of(" \t");
  if (First == std::string::npos) {
    Out.Scope.Class = QueryClass::TableScan;
    Out.Scope.Reason = "no filter";
    return Out;
  }
  Out.Empty = false;
  // Each placeholder becomes the parser's unknown-value marker.
  std::string Source;
  for (std::size_t I = 0; I < Text.size();) {
    if (Text[I] == '{' && I + 1 < Text.size() && isNameChar(Text[I + 1])) {
      const std::size_t Close = Text.find('}', I);
      if (Close != std::string::npos) {
        Source += UnknownValueMarker;
        Out.TemplateOffset.push_back(static_cast<std::uint32_t>(I));
        I = Close + 1;
        continue;
      }
    }
    Source += Text[I];
    Out.TemplateOffset.push_back(static_cast<std::uint32_t>(I));
    ++I;
  }
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(Source, Options);
  if (!R) {
    FilterError E = R.error();
    E.Offset = Out.templateOffset(static_cast<std::uint32_t>(E.Offset));
    Out.Error = E;
    return Out;
  }
  Out.Parsed = std::move(R.filter());
  Out.Scope = classifyFilter(*Out.Parsed);
  Out.PinnedPartition = pinnedPartitionTemplate(Out, Text);
  return Out;
}


OperationLoad writeLoad(const Table &T, const Write &W) {
  OperationLoad L;
  L.Name = W.Name;
  L.Path = W.Path;
  L.Pos = W.Pos;
  std::string Sparse;
  L.Rate = W.Frequency.PerSecond * writeShare(T, W, &Sparse);
  L.EntitiesPerExecution = 1;
  L.EntitiesWhy = "one entity per write";
  if (!Sparse.empty())
    L.EntitiesWhy += ", " + Sparse;
  L.Share = keyShare(T, instancePartitionKey(T, T.PartitionKey));
  L.AccountEntitiesPerSecond = L.Rate;
  L.AgedPartitions = W.Op == WriteKind::Delete && L.Share.Known &&
                     L.Share.Sequential && purgesAtRetention(T);
  if (L.AgedPartitions)
    for (std::string &Reason : L.Share.Reasons)
      if (const std::size_t At = Reason.find(GoesToCurrentValue);
          At != std::string::npos)
        Reason.replace(At, GoesToCurrentValue.size(),
                       "a purge deletes at its value of a retention ago");
  if (L.Share.Known) {
    L.HottestPartitionEntitiesPerSecond = L.Rate * L.Share.Top;
    L.Explain = formatFigure(L.Rate) + " writes/s of '" + W.Name + "'";
    if (L.Share.Top >= 1)
      L.Explain += ", all on one partition";
    else
      L.Explain +=
          " x " + formatPercent(L.Share.Top) + " on the busiest partition";
    L.Explain += " (" + L.Share.why() + ")";
  }
  return L;
}

namespace {

// A size of one entity type's view, and of every type a read of the same
// scope meets in a table with several: a table scan reads every type, a read
// of a partition every type that shares its partition key (the service reads
// whatever the partition holds). Own: the view's; Entities: all the types'.
struct TypesSize {
  bool Known = false;
  double Entities = 0;
  double Own = 0;
  std::string OwnWhy;
  std::size_t Types = 1;

  // Entities read per entity of this type.
  double spread() const { return Own > 0 ? Entities / Own : 1; }
  // "every entity of the partition (<why>)", or, over several types,
  // "every entity of the partition, of its 2 entity types (500 of this
  // one: <why>)".
  std::string explain(const std::string &What) const {
    if (Types < 2)
      return What + " (" + OwnWhy + ")";
    return What + ", of its " + std::to_string(Types) + " entity types (" +
           formatFigure(Own) + " of this one: " + OwnWhy + ")";
  }
};

// SizeOf(View) gives a TableSize or a PartitionSize. When another type's is
// unknown, only this one's is counted.
template <typename SizeOfView>
TypesSize typesSize(const Table &T, const Table *Declared,
                    bool SamePartitionKey, SizeOfView SizeOf) {
  TypesSize Out;
  const auto OwnSize = SizeOf(T);
  if (!OwnSize.Known)
    return Out;
  Out.Known = true;
  Out.Entities = Out.Own = OwnSize.Entities;
  Out.OwnWhy = OwnSize.Why;
  if (!Declared || Declared->EntityTypes.size() < 2 || Out.Own <= 0)
    return Out;
  double All = 0;
  std::size_t Types = 0;
  for (const Table &View : entityTypeViews(*Declared)) {
    if (SamePartitionKey && View.PartitionKey.Text != T.PartitionKey.Text)
      continue;
    const auto Size = SizeOf(View);
    if (!Size.Known)
      return Out;
    All += Size.Entities;
    ++Types;
  }
  if (Types > 1 && All > Out.Own) {
    Out.Entities = All;
    Out.Types = Types;
  }
  return Out;
}

// An average partition: the table over its distinct partition keys (the
// busiest of a skewed key would overstate most reads of one). What a
// declared expectedRows is held against: a typical read, not the mean over
// executions (expectedPartitionRead, what the account serves), which the
// hot keys of a skewed key dominate.
PartitionSize averagePartitionSize(const Table &T) {
  PartitionSize Out;
  const TableSize Whole = tableSize(T);
  const KeyShare Keys = keyShare(T, instancePartitionKey(T, T.PartitionKey));
  // A time-based key read at its current value (the day's partition, read
  // today): one period's inserts. Unless the table's deletes take entities
  // out as they come (a queue): then its size is not the inserts'. A purge
  // at the retention deletes what aged out long ago, not today's entities.
  if (Keys.Known && Keys.Sequential && !Keys.Distinct &&
      (purgesAtRetention(T) ||
       std::none_of(T.Writes.begin(), T.Writes.end(), [](const Write &W) {
         return W.Op == WriteKind::Delete;
       })))
    return busiestPartitionSize(T);
  if (!Whole.Known || !Keys.Known || !Keys.Distinct || *Keys.Distinct < 1)
    return Out;
  Out.Known = true;
  Out.Entities = Whole.Entities / *Keys.Distinct;
  Out.Why = Whole.Why + " over " + formatFigure(*Keys.Distinct) + " partitions";
  return Out;
}

} // namespace

std::string keyLiteralPrefix(const KeyTemplate &Key) {
  std::string Out;
  for (const KeyPart &Part : Key.Parts) {
    if (Part.IsPlaceholder)
      break;
    Out += Part.Text;
  }
  return Out;
}

namespace {

// Whether every string starting with Prefix sorts at or after the bound
// (Low) or before it (High).
bool prefixGroupWithin(const std::string &Prefix, const KeyBound &Bound,
                       bool Low) {
  const std::string &B =
      Bound.Key.Known ? Bound.Key.Value : Bound.Key.KnownPrefix;
  const std::size_t M = std::min(Prefix.size(), B.size());
  const int Cmp = Prefix.compare(0, M, B, 0, M);
  if (Low) {
    // The group's least string is the prefix itself.
    if (Bound.Key.Known)
      return Prefix > B || (Prefix == B && Bound.Inclusive);
    return Cmp > 0;
  }
  // The group has no greatest string: it is below the bound only where the
  // prefix already sorts below it.
  return Cmp < 0;
}

} // namespace

bool rowRangeHoldsPrefix(const QueryScope &Scope, const std::string &Prefix) {
  if (Prefix.empty() || (!Scope.RowLow && !Scope.RowHigh))
    return false;
  return (!Scope.RowLow || prefixGroupWithin(Prefix, *Scope.RowLow, true)) &&
         (!Scope.RowHigh || prefixGroupWithin(Prefix, *Scope.RowHigh, false));
}

QueryAnalysis analyzeQuery(const Table &T, const Query &Q,
                           const Table *Declared) {
  QueryAnalysis A;
  A.Filter = parseQueryFilter(Q);
  OperationLoad &L = A.Load;
  L.Name = Q.Name;
  L.Path = Q.Path;
  L.Pos = Q.Pos;
  L.IsWrite = false;
  L.Rate = Q.Frequency.PerSecond;
  if (A.Filter.Error)
    return A;
  const QueryScope &Scope = A.Filter.Scope;
  // A table scan of a table per day or per tenant reads one instance. A
  // table scan of a table with several entity types reads them all, a read
  // of a partition all those of its partition key; the filter matches among
  // this type's. Spread: entities read per entity of this type.
  const TypesSize Size = typesSize(T, Declared, false, instanceSize);
  // A RowKey range of constants that holds every RowKey of this type's
  // constant prefix ('msg_' to 'msh'): this type's whole share of the
  // partition, as a PartitionKey equality alone is the whole partition.
  // A partition scan bounded so (expired leases among the 'l_' rows) reads
  // that share alone, and filters it.
  const bool WholeTypeRange =
      (Scope.Class == QueryClass::RowRange ||
       Scope.Class == QueryClass::PartitionScan) &&
      !Scope.PartitionKeys.empty() &&
      rowRangeHoldsPrefix(Scope, keyLiteralPrefix(T.RowKey));
  const TypesSize Busiest =
      typesSize(T, WholeTypeRange ? nullptr : Declared, true,
                busiestPartitionSize);
  // A partition scan that picks its partition by the table's own key
  // template picks it as the writes filled them: the account serves the
  // expected partition per execution, the busiest partition the busiest.
  const bool PinsOwnKey = A.Filter.PinnedPartition &&
                          A.Filter.PinnedPartition->Text == T.PartitionKey.Text;
  const bool PicksAsWrites =
      Scope.Class == QueryClass::PartitionScan && PinsOwnKey;
  const TypesSize Expected =
      PicksAsWrites ? typesSize(T, WholeTypeRange ? nullptr : Declared, true,
                                expectedPartitionRead)
                    : TypesSize();
  double Spread = 1;
  // Matches: the average partition a PartitionKey equality alone returns.
  bool MatchesWholePartition = false;
  // The whole partition such a read returns, as the account serves it.
  std::optional<double> WholeForAccount;
  // The partition a PartitionKey equality alone reads on average when it
  // picks its key as the writes did (the collision share), and why.
  std::optional<double> ExpectedRead;
  std::string ExpectedReadWhy;
  switch (Scope.Class) {
  case QueryClass::TableScan:
    if (Size.Known) {
      A.Scanned = Size.Entities;
      A.ScannedWhy = Size.explain("every entity of the table");
      Spread = Size.spread();
    }
    break;
  case QueryClass::PartitionScan:
    // A RowKey range inside the partition (other than the whole of this
    // type's prefix) reads the rows inside it, which the declared sizes do
    // not tell: left unsized, as the same range without the non-key
    // condition is (a row range). Sized as the whole partition, a cursor
    // query ('RowKey lt '{eventTime|reverse}'' and a user) was a scan of
    // every row, and a bound below every key read none.
    if (Busiest.Known &&
        (WholeTypeRange || (!Scope.RowLow && !Scope.RowHigh))) {
      const std::string Rows =
          WholeTypeRange
              ? "every '" + keyLiteralPrefix(T.RowKey) + "' row of the partition"
              : std::string("every entity of the partition");
      A.Scanned = Busiest.Entities;
      A.ScannedWhy = Busiest.explain(Rows);
      Spread = Busiest.spread();
      if (Expected.Known && Expected.Entities < Busiest.Entities) {
        A.AccountScanned = Expected.Entities;
        A.AccountScannedWhy = Expected.explain(
            WholeTypeRange ? Rows + " it reads"
                           : std::string("every entity of the partition it "
                                         "reads"));
      }
    }
    break;
  case QueryClass::PartitionRange:
  case QueryClass::RowRange:
  case QueryClass::Point:
    break;
  }
  if (A.Scanned) {
    std::string Why;
    const std::optional<double> Keep =
        A.Filter.Parsed
            ? selectivity(T, *A.Filter.Parsed, A.Filter.Parsed->Root, Why)
            : std::optional<double>(1.0);
    if (Keep) {
      A.Matches = *A.Scanned / Spread * *Keep;
      A.MatchesWhy = A.ScannedWhy + (Why.empty() ? "" : " x " + Why);
    }
  } else if (Scope.Class == QueryClass::RowRange &&
             ((!Scope.RowLow && !Scope.RowHigh) || WholeTypeRange) &&
             !Scope.PartitionKeys.empty()) {
    // A PartitionKey equality alone returns its whole partition, every
    // type in it: an average one (the busiest of a skewed key would
    // overstate most executions). A range of this type's prefix returns
    // this type's entities of it.
    const Table *Types = WholeTypeRange ? nullptr : Declared;
    const TypesSize Whole = typesSize(T, Types, true, averagePartitionSize);
    if (Whole.Known) {
      // The account serves, per execution, the partition a read picking
      // its key as the writes did returns on average: more than the
      // average partition where the key is skewed.
      if (PinsOwnKey) {
        const TypesSize Mean = typesSize(T, Types, true, expectedPartitionRead);
        if (Mean.Known && Mean.Entities > Whole.Entities)
          WholeForAccount = Mean.Entities;
        if (Mean.Known) {
          ExpectedRead = Mean.Entities;
          ExpectedReadWhy =
              WholeTypeRange ? "every '" + keyLiteralPrefix(T.RowKey) +
                                   "' row of the partition it reads: " +
                                   Mean.OwnWhy
                             : Mean.explain("the partition it reads");
        }
      }
      A.Matches = Whole.Entities;
      A.MatchesWhy =
          WholeTypeRange
              ? "every '" + keyLiteralPrefix(T.RowKey) +
                    "' row of the partition: " + Whole.OwnWhy
          : Whole.Types > 1 ? Whole.explain("the whole partition")
                            : "the whole partition: " + Whole.OwnWhy;
      MatchesWholePartition = true;
    }
  }
  // Returned: the whole partition a PartitionKey equality matched (and
  // read), not rows of a range.
  bool WholePartition = false;
  // Returned rows: declared, or the point read's one, or the scanned
  // entities times what the non-key conditions keep.
  if (Q.ExpectedRows) {
    A.Returned = static_cast<double>(*Q.ExpectedRows);
    A.ReturnedWhy = "declared expectedRows";
  } else if (Scope.Class == QueryClass::Point) {
    A.Returned = 1;
    A.ReturnedWhy = "a point read";
  } else if (A.Scanned && A.Filter.Parsed) {
    std::string Why;
    if (std::optional<double> S =
            selectivity(T, *A.Filter.Parsed, A.Filter.Parsed->Root, Why)) {
      A.Returned = *A.Scanned / Spread * *S;
      A.ReturnedWhy = Why;
    } else if (std::string Bound;
               (S = selectivity(T, *A.Filter.Parsed, A.Filter.Parsed->Root,
                                Bound, true)) &&
               *S < 1) {
      A.ReturnedAtMost = *A.Scanned / Spread * *S;
      A.ReturnedAtMostWhy = Bound;
    }
  } else if (A.Matches && Scope.Class == QueryClass::RowRange &&
             keyShare(T, instancePartitionKey(T, T.PartitionKey))
                 .Sequential) {
    // A PartitionKey equality alone on a time-based key returns the whole
    // current partition (today's, read today): its load is on the key the
    // writes fill. (Reads of a partition of a stable key are left unsized:
    // they spread over its keys.)
    A.Returned = A.Matches;
    A.ReturnedWhy = A.MatchesWhy;
    WholePartition = true;
    // The account serves the current partition an execution picks on
    // average, not the busiest (a tenant's day of zipf-skewed tenants).
    if (ExpectedRead && *ExpectedRead < *A.Returned) {
      A.AccountScanned = *ExpectedRead;
      A.AccountScannedWhy = "every entity of the partition it reads";
    }
  } else if (A.Matches && MatchesWholePartition && Busiest.Known &&
             Busiest.Entities > *A.Matches && PinsOwnKey) {
    // A PartitionKey equality alone on a skewed key: its busiest partition
    // is read as often as the key is picked and holds the most, so the
    // partition's load is that of a partition scan (tenants zipf-skewed:
    // the biggest tenant's partition read at its share of the rate); the
    // account serves the expected partition (WholeForAccount).
    A.Returned = Busiest.Entities;
    A.ReturnedWhy = Busiest.explain(
        WholeTypeRange
            ? "every '" + keyLiteralPrefix(T.RowKey) + "' row of the partition"
            : std::string("every entity of the partition"));
    WholePartition = true;
    if (WholeForAccount && *WholeForAccount < Busiest.Entities) {
      A.AccountScanned = *WholeForAccount;
      A.AccountScannedWhy = "every entity of the partition it reads";
    }
  }
  // A RowKey equality keeps at most one entity per PartitionKey: a scan
  // that does not pin the PartitionKey (a lookup by RowKey alone) returns
  // at most as many entities as the table has partition keys, whatever it
  // scans to find them.
  if (A.Returned && A.Filter.Parsed &&
      (Scope.Class == QueryClass::TableScan ||
       Scope.Class == QueryClass::PartitionRange) &&
      conjunctPins(*A.Filter.Parsed, A.Filter.Parsed->Root, "RowKey")) {
    const KeyShare Keys = keyShare(T, instancePartitionKey(T, T.PartitionKey));
    if (Keys.Distinct && *Keys.Distinct < *A.Returned) {
      A.Returned = *Keys.Distinct;
      A.ReturnedWhy = "one entity per partition key with a RowKey "
                      "equality: " +
                      formatFigure(*Keys.Distinct) + " partition keys";
      A.ReturnedIsBound = true;
    }
  }
  if (Q.Top && A.Returned && *A.Returned > static_cast<double>(*Q.Top)) {
    A.Returned = static_cast<double>(*Q.Top);
    WholePartition = false;
  }
  // `top` sizes a query as expectedRows does: the reader asks for that many
  // and the service stops scanning once it has them (with or without a
  // declared expectedRows beside it).
  if (!Q.Newest.empty() && Q.Top && Scope.Class != QueryClass::Point &&
      Scope.Class != QueryClass::TableScan &&
      !newestFirstInKeyOrder(T.RowKey, Q.Newest)) {
    // Before `top` bounds the read: the partition scanned, or the whole
    // partition a PartitionKey equality matches.
    if (A.Scanned) {
      A.AllForNewest = A.Scanned;
      A.AllForNewestWhy = A.ScannedWhy;
      A.AccountAllForNewest = A.AccountScanned;
    } else if (A.Matches) {
      A.AllForNewest = A.Matches;
      A.AllForNewestWhy = A.MatchesWhy;
      A.AccountAllForNewest = WholeForAccount;
      // Each execution reads the whole partition it picks, and it picks as
      // the writes fill them: on a skewed key that is the expected
      // partition, larger than the average one (the figure the account
      // counts), not the average.
      if (ExpectedRead && *ExpectedRead > *A.Matches * 1.01) {
        A.AllForNewest = ExpectedRead;
        A.AllForNewestWhy = ExpectedReadWhy;
        A.AccountAllForNewest.reset();
      }
    } else if (Scope.Class == QueryClass::RowRange &&
               !Scope.PartitionKeys.empty() && Scope.RowHigh &&
               !Scope.RowHigh->Key.Known &&
               (!Scope.RowLow ||
                (Scope.RowLow->Key.Known &&
                 prefixGroupWithin(keyLiteralPrefix(T.RowKey), *Scope.RowLow,
                                   true))) &&
               keyOrderStep(T.RowKey, Q.Newest,
                            pinnedDateUnits(T, Q.Newest))) {
      // Scrolling back: the newest rows below a cursor ('RowKey lt
      // '{sentAt}''), on a key that sorts oldest first, are every row
      // older than the cursor: half of this type's rows of the partition
      // for a cursor drawn from them, as replay draws it.
      const TypesSize Whole =
          typesSize(T, nullptr, true, averagePartitionSize);
      if (Whole.Known) {
        A.AllForNewest = Whole.Entities / 2;
        A.AllForNewestWhy = "every row older than the cursor: half of the "
                            "partition's on average, " +
                            Whole.OwnWhy + " / 2";
      }
    }
  }
  // A table scan for the newest N on a RowKey that does not put the
  // newest first cannot stop at `top`: the newest match may be anywhere in
  // any partition, so it reads every entity and keeps the newest N (as
  // replay runs it: DesignPlan's ReadsAllForNewest). Unlike a partition
  // read, no RowKey order would fix that, so every rule sizes it whole.
  const bool ScanReadsAll = Scope.Class == QueryClass::TableScan &&
                            !Q.Newest.empty() && Q.Top && A.Scanned &&
                            !newestFirstInKeyOrder(T.RowKey, Q.Newest);
  if (ScanReadsAll)
    A.ScannedWhy += "; `top " + std::to_string(*Q.Top) +
                    "` cannot end the scan: the newest by '" + Q.Newest +
                    "' may be anywhere, RowKey '" + T.RowKey.Text +
                    "' does not sort it first";
  if (Q.Top && Scope.Class != QueryClass::Point &&
      A.Filter.Parsed) {
    const double Top = static_cast<double>(*Q.Top);
    std::string Why;
    const std::optional<double> Keep =
        selectivity(T, *A.Filter.Parsed, A.Filter.Parsed->Root, Why);
    if (!A.Returned) {
      A.Returned = Top;
      A.ReturnedWhy = "declared top " + formatFigure(Top);
    }
    if (Keep && *Keep > 0 && !ScanReadsAll &&
        (!A.Scanned || *A.Scanned > Top / *Keep * Spread)) {
      A.Scanned = Top / *Keep * Spread;
      A.ScannedWhy = "until top " + formatFigure(Top) + " rows are found" +
                     (*Keep < 1 ? " (" + Why + ")" : std::string());
    }
  }
  if (Scope.Class == QueryClass::Point ||
      (Scope.Class == QueryClass::RowRange && A.Returned)) {
    A.Scanned = A.Returned;
    A.ScannedWhy = Scope.Class == QueryClass::Point ? "a point read"
                   : WholePartition ? A.ReturnedWhy
                       : "the rows of the range";
  } else if (Scope.Class == QueryClass::PartitionRange && A.Returned &&
             !A.Scanned) {
    // A range of partitions (one resource's days) reads at least what it
    // returns: its declared expectedRows count on the account as a `top`
    // does, a lower bound (its non-key conditions may read more).
    A.Scanned = A.Returned;
    A.ScannedWhy = "at least the rows it returns (" + A.ReturnedWhy + ")";
  }
  if (!A.Scanned && MatchesWholePartition) {
    const double Whole = WholeForAccount.value_or(*A.Matches);
    A.WholePartitionReads =
        Q.Top ? std::min(Whole, static_cast<double>(*Q.Top)) : Whole;
  }
  // `top` (or expectedRows) may end every execution sooner than the
  // expected partition.
  if (A.AccountScanned && A.Scanned && *A.Scanned <= *A.AccountScanned) {
    A.AccountScanned.reset();
    A.AccountScannedWhy.clear();
  }
  L.EntitiesPerExecution = A.Scanned;
  L.EntitiesWhy = A.ScannedWhy;
  if (A.Scanned)
    L.AccountEntitiesPerSecond =
        L.Rate * A.AccountScanned.value_or(*A.Scanned);
  // Which partition each execution reads.
  if (Scope.Class == QueryClass::TableScan) {
    // Every execution reads every partition, the busiest included (no
    // more of it than the whole scan when `top` ends the scan early).
    L.Share.Known = true;
    L.Share.Top = 1;
    L.Share.Reasons.push_back("a table scan reads every partition");
    if (Busiest.Known)
      L.HottestPartitionEntitiesPerSecond =
          L.Rate * std::min(Busiest.Entities,
                            A.Scanned.value_or(Busiest.Entities));
  } else if (A.Filter.PinnedPartition) {
    L.Share = keyShare(T, instancePartitionKey(T, *A.Filter.PinnedPartition));
    if (L.Share.Known && A.Scanned)
      L.HottestPartitionEntitiesPerSecond = L.Rate * L.Share.Top * *A.Scanned;
  }
  // A fan-out reads every bucket per execution: N requests, and each
  // bucket partition gets every execution.
  const std::uint64_t Reads = fanOutReads(Q);
  if (Reads > 1) {
    const double N = static_cast<double>(Reads);
    if (L.AccountEntitiesPerSecond)
      *L.AccountEntitiesPerSecond *= N;
    // The busiest bucket partition gets every execution of the busiest
    // value of the rest of the key: its share without the fanned-out
    // buckets. The share of a bucket weighs the bucketed property's skew,
    // which decides where a write lands, not which buckets a fan-out
    // reads (all of them): times N it counted a skewed property's bucket
    // as read N times over (37.1% where 27.2% of the executions read it).
    std::optional<KeyShare> Rest;
    if (A.Filter.PinnedPartition) {
      KeyTemplate Key = instancePartitionKey(T, *A.Filter.PinnedPartition);
      const std::vector<KeyPart> Fanned = fanOutParts(Q);
      Key.Parts.erase(
          std::remove_if(Key.Parts.begin(), Key.Parts.end(),
                         [&](const KeyPart &P) {
                           return P.IsPlaceholder && hashBucketCount(P) &&
                                  std::any_of(Fanned.begin(), Fanned.end(),
                                              [&](const KeyPart &F) {
                                                return F.Text == P.Text;
                                              });
                         }),
          Key.Parts.end());
      if (Key.isConstant()) {
        Rest.emplace();
        Rest->Known = true;
        Rest->Top = 1;
      } else {
        Rest = keyShare(T, Key);
      }
    }
    if (Rest && Rest->Known) {
      L.Share = *Rest;
      L.Share.Reasons.push_back("fans out into " + std::to_string(Reads) +
                                " bucket reads per execution, one to each "
                                "bucket");
    } else {
      L.Share.Top = std::min(1.0, L.Share.Top * N);
      L.Share.Reasons.push_back("fans out into " + std::to_string(Reads) +
                                " bucket reads per execution");
    }
    if (L.Share.Known && A.Scanned)
      L.HottestPartitionEntitiesPerSecond = L.Rate * L.Share.Top * *A.Scanned;
  }
  if (L.HottestPartitionEntitiesPerSecond) {
    L.Explain = formatFigure(L.Rate) + " queries/s of '" + Q.Name + "'";
    if (Reads > 1)
      L.Explain += " (" + std::to_string(Reads) +
                   " bucket reads each, one to each bucket)";
    if (Scope.Class != QueryClass::TableScan)
      L.Explain += L.Share.Top >= 1 ? ", all on one partition"
                                    : " x " + formatPercent(L.Share.Top) +
                                          " on the busiest partition";
    if (Scope.Class == QueryClass::TableScan && A.Scanned &&
        *A.Scanned < Busiest.Entities)
      L.Explain += ", each reading at most " + formatFigure(*A.Scanned) +
                   " entities (" + A.ScannedWhy + ")";
    else if (Scope.Class == QueryClass::TableScan)
      L.Explain += ", each reading all " + formatFigure(Busiest.Entities) +
                   " entities " + Busiest.explain("of the busiest partition");
    else
      L.Explain += ", each reading " + formatFigure(*A.Scanned) +
                   (*A.Scanned == 1 ? " entity (" : " entities (") +
                   A.ScannedWhy + ")";
  }
  return A;
}

} // namespace tablelint::schema
