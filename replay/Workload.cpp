// Workload generation: value domains, samplers for the declared
// distributions, Poisson arrivals with ramp-up, and the time-ordered walk
// that creates entities and picks the ones later operations refer to.
#include "replay/Workload.h"

#include "core/ServiceLimits.h"
#include "core/schema/EntityTypes.h"
#include "core/schema/PropertyGrowth.h"
#include "core/schema/TableSize.h"
#include "replay/FanOutWrite.h"
#include "replay/Random.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace tablelint::replay {

namespace {

constexpr std::int64_t TicksPerSecond = 10000000;
// Domain size when a distribution needs one and the schema gives none.
constexpr std::uint64_t DefaultDistinct = 1000;
// YCSB's Zipf exponent, used by "latest" to weigh recency.
constexpr double LatestZipfExponent = 0.99;

// Appends the generated value of a domain without a value list: its
// n-th string is "<property>-<n>", a GUID and a binary derived from n,
// padded to the declared bytes. Made afresh each time, straight into Out:
// it costs less than a cache of millions of strings, whose every look-up
// is a cache miss.
void appendGenerated(const PropertyDomain &D, std::uint64_t Index,
                     std::string &Out) {
  static const char Hex[] = "0123456789abcdef";
  const std::size_t Start = Out.size();
  switch (D.Type) {
  case EdmType::Guid: {
    std::uint64_t State = Index;
    const std::uint64_t A = splitMix64(State), B = splitMix64(State);
    char Buf[36];
    int Pos = 0;
    for (int I = 0; I < 32; ++I) {
      if (I == 8 || I == 12 || I == 16 || I == 20)
        Buf[Pos++] = '-';
      const std::uint64_t Word = I < 16 ? A : B;
      Buf[Pos++] = Hex[(Word >> (4 * (I % 16))) & 15];
    }
    Out.append(Buf, sizeof Buf);
    break;
  }
  case EdmType::Binary:
    for (int I = 0; I < 8; ++I)
      Out += static_cast<char>((Index >> (8 * I)) & 0xff);
    break;
  default: {
    char Digits[20];
    char *End = std::to_chars(Digits, Digits + sizeof Digits, Index).ptr;
    Out += D.Name;
    Out += '-';
    Out.append(Digits, End);
    break;
  }
  }
  const std::size_t Made = Out.size() - Start;
  if (D.Bytes > Made)
    Out.append(D.Bytes - Made, 'x');
}

// The code of the index-th value of a domain that has no value list.
std::uint64_t indexCode(const PropertyDomain &Domain, std::uint64_t Index,
                        std::int64_t StartTicks) {
  switch (Domain.Type) {
  case EdmType::Int32:
    return Index & 0x7fffffff;
  case EdmType::Double: {
    const double D = static_cast<double>(Index);
    std::uint64_t Bits;
    std::memcpy(&Bits, &D, sizeof Bits);
    return Bits;
  }
  case EdmType::Boolean:
    return Index & 1;
  case EdmType::DateTime:
    // Low 32 bits: unique-value bases (op << 40) must not overflow ticks
    // (a step above a second only for domains it keeps in range).
    return static_cast<std::uint64_t>(
        StartTicks + static_cast<std::int64_t>(Index & 0xffffffffULL) *
                         Domain.DateStepTicks);
  default:
    return Index & ~PropertyDomain::InternedBit;
  }
}

// Draws values of one property for one operation.
class ValueSampler {
public:
  ValueSampler(const PropertyDomain &D, std::uint64_t UniqueBase)
      : Domain(D), UniqueBase(UniqueBase) {
    const schema::Property *P = D.Decl;
    // A slowly changing value (`changes`): the value of the current period,
    // the next of the list (or a new one) when the period turns.
    if (P && P->ChangesEverySeconds) {
      Mode = Period;
      PeriodSeconds = *P->ChangesEverySeconds;
      return;
    }
    if (!D.ListCodes.empty()) {
      Mode = List;
      Alias = AliasTable(P && P->Weights.size() == D.ListCodes.size()
                             ? P->Weights
                             : std::vector<double>(D.ListCodes.size(), 1.0));
      return;
    }
    // grows, sequential, a datetime without a domain: the newest value
    // each time, as the schema checks read it (a counter does not wrap).
    if (P && schema::takesNewestValue(*P)) {
      Mode = D.Type == EdmType::DateTime ? Clock : Sequential;
      return;
    }
    const bool HasDistinct = P && P->Distinct;
    N = HasDistinct ? std::max<std::uint64_t>(*P->Distinct, 1)
                    : (D.Type == EdmType::Boolean ? 2 : DefaultDistinct);
    const schema::DistributionKind Kind =
        P ? P->Dist.Kind : schema::DistributionKind::Uniform;
    switch (Kind) {
    case schema::DistributionKind::Uniform:
      // No declared domain and no distribution: every value is new.
      Mode = HasDistinct || D.Type == EdmType::Boolean ||
                     (P && !P->Dist.Text.empty())
                 ? Uniform
                 : Unique;
      break;
    case schema::DistributionKind::Zipf:
      Mode = ZipfMode;
      Zipf = ZipfSampler(N, P->Dist.Param > 0 ? P->Dist.Param : 0.99);
      break;
    case schema::DistributionKind::Hotspot:
      Mode = Hotspot;
      break;
    case schema::DistributionKind::Latest:
      Mode = Latest;
      Zipf = ZipfSampler(N, LatestZipfExponent);
      break;
    case schema::DistributionKind::Sequential: // taken above
      Mode = Sequential;
      N = 0;
      break;
    }
  }

  std::uint64_t sample(Rng &R, double Time, std::int64_t StartTicks) {
    switch (Mode) {
    case List:
      return Domain.ListCodes[Alias.sample(R)];
    case Period: {
      // Periods counted from a base so that warm-start times before 0
      // stay positive.
      const auto I = static_cast<std::uint64_t>(
          PeriodBase + std::floor(Time / PeriodSeconds));
      return Domain.ListCodes.empty()
                 ? indexCode(Domain, I, StartTicks)
                 : Domain.ListCodes[I % Domain.ListCodes.size()];
    }
    case Clock:
      return static_cast<std::uint64_t>(
          StartTicks + static_cast<std::int64_t>(Time * TicksPerSecond));
    case Unique:
      return indexCode(Domain, UniqueBase + Counter++, StartTicks);
    case Sequential: {
      const std::uint64_t I = N ? Counter++ % N : Counter++;
      return indexCode(Domain, I, StartTicks);
    }
    case Uniform: {
      const std::uint64_t Drawn = R.below(N);
      if (!InTurn)
        return indexCode(Domain, Drawn, StartTicks);
      // In turn: the first draw places the cycle, the others follow it,
      // so that the op's other values stay those of its seed.
      if (Counter == 0)
        TurnOffset = Drawn;
      const std::uint64_t Position = Counter++ % N;
      const auto I = static_cast<std::uint64_t>(
          (static_cast<unsigned __int128>(TurnStep) * Position + TurnOffset) %
          N);
      return indexCode(Domain, I, StartTicks);
    }
    case ZipfMode:
      return indexCode(Domain, Zipf.sample(R) - 1, StartTicks);
    case Hotspot: {
      const schema::Distribution &Dist = Domain.Decl->Dist;
      const std::uint64_t Hot = std::clamp<std::uint64_t>(
          static_cast<std::uint64_t>(Dist.HotDataFraction *
                                     static_cast<double>(N)),
          1, N);
      const std::uint64_t I = R.uniform() < Dist.HotOpFraction || Hot == N
                                  ? R.below(Hot)
                                  : Hot + R.below(N - Hot);
      return indexCode(Domain, I, StartTicks);
    }
    case Latest: {
      // The newest value (a head that advances once per sample) is the
      // most likely; older ones follow Zipf weights by age.
      const std::uint64_t Age = Zipf.sample(R) - 1;
      const std::uint64_t Head = Counter++;
      return indexCode(Domain, (Head + N - Age % N) % N, StartTicks);
    }
    }
    return 0;
  }

  // Any value of the domain, each as likely: a fan-out row's value where
  // the declared distribution keeps giving values the execution's other
  // rows took (a zipf's first few followers).
  std::uint64_t sampleEvenly(Rng &R, double Time, std::int64_t StartTicks) {
    if (Mode == List)
      return Domain.ListCodes[R.below(Domain.ListCodes.size())];
    if (N > 0 && (Mode == Uniform || Mode == ZipfMode || Mode == Hotspot ||
                  Mode == Latest))
      return indexCode(Domain, R.below(N), StartTicks);
    return sample(R, Time, StartTicks);
  }

  // An insert of a series' next reading (its entity carries a clock
  // value): each identity of a uniform domain writes in turn, once per N
  // draws, in an order fixed by the seed, as a collector that samples
  // every host in its period does. Drawn independently, two readings of
  // one host would often share a second (one in ten at 20,000 hosts and
  // 4,000 readings/s), which the service answers with 409 where the real
  // collector writes one reading per period. Only for a declared
  // `distinct` (a value list or a boolean is no identity).
  void drawInTurn() {
    if (Mode != Uniform || !Domain.Decl || !Domain.Decl->Distinct ||
        Domain.Type == EdmType::Boolean || N < 2)
      return;
    InTurn = true;
    // A step coprime with N near N / phi visits every value once per
    // cycle, consecutive draws far apart in the domain.
    TurnStep = std::max<std::uint64_t>(
        1, static_cast<std::uint64_t>(static_cast<double>(N) * 0.6180339887));
    while (std::gcd(TurnStep, N) != 1)
      ++TurnStep;
  }

private:
  enum ModeKind {
    List,
    Period,
    Clock,
    Unique,
    Sequential,
    Uniform,
    ZipfMode,
    Hotspot,
    Latest
  } Mode = Uniform;
  const PropertyDomain &Domain;
  std::uint64_t UniqueBase = 0;
  std::uint64_t N = 0;
  std::uint64_t Counter = 0;
  bool InTurn = false;
  std::uint64_t TurnStep = 1, TurnOffset = 0;
  double PeriodSeconds = 0;
  static constexpr double PeriodBase = 1 << 20;
  ZipfSampler Zipf;
  AliasTable Alias;
};

// The number of values ValueSampler draws a property from, when fixed:
// none for a value that changes with time or counts up, or a fresh value
// each time.
std::optional<std::uint64_t> fixedValueCount(const PropertyDomain &D) {
  const schema::Property *P = D.Decl;
  if (P && P->ChangesEverySeconds)
    return std::nullopt;
  if (!D.ListCodes.empty())
    return D.ListCodes.size();
  if (P && schema::takesNewestValue(*P))
    return std::nullopt;
  if (P && P->Distinct)
    return std::max<std::uint64_t>(*P->Distinct, 1);
  if (D.Type == EdmType::Boolean)
    return 2;
  if (P && !P->Dist.Text.empty())
    return DefaultDistinct;
  return std::nullopt;
}

// Whether ValueSampler draws a fixed domain's values unevenly: a skewed
// distribution (zipf, hotspot, latest) or a value list of unequal weights.
bool drawnUnevenly(const PropertyDomain &D) {
  const schema::Property *P = D.Decl;
  if (!P || P->ChangesEverySeconds)
    return false;
  if (!D.ListCodes.empty())
    return P->Weights.size() == D.ListCodes.size() &&
           std::adjacent_find(P->Weights.begin(), P->Weights.end(),
                              std::not_equal_to<>()) != P->Weights.end();
  switch (P->Dist.Kind) {
  case schema::DistributionKind::Zipf:
  case schema::DistributionKind::Hotspot:
  case schema::DistributionKind::Latest:
    return true;
  default:
    return false;
  }
}

// The code of a fixed domain's Index-th value (as ValueSampler draws it).
std::uint64_t fixedValueCode(const PropertyDomain &D, std::uint64_t Index,
                             std::int64_t StartTicks) {
  return D.ListCodes.empty() ? indexCode(D, Index, StartTicks)
                             : D.ListCodes[Index];
}

// The key properties of a family and their value counts
// (EntityFamily::KeyValueCounts), or none when one has no fixed set.
std::vector<std::pair<std::uint32_t, std::uint64_t>>
keyValueCounts(const EntityFamily &F, const schema::Table &View) {
  std::vector<std::pair<std::uint32_t, std::uint64_t>> Counts;
  double Keys = 1;
  auto Add = [&](const schema::KeyTemplate &Key) {
    for (const std::string &Name : Key.properties()) {
      const int P = F.propertyIndex(Name);
      if (P < 0)
        return false;
      if (std::any_of(Counts.begin(), Counts.end(), [&](const auto &C) {
            return C.first == static_cast<std::uint32_t>(P);
          }))
        continue;
      const std::optional<std::uint64_t> N =
          fixedValueCount(F.Properties[static_cast<std::size_t>(P)]);
      if (!N)
        return false;
      Keys *= static_cast<double>(*N);
      Counts.push_back({static_cast<std::uint32_t>(P), *N});
    }
    return true;
  };
  const bool Fixed = (!View.NameTemplate || Add(*View.NameTemplate)) &&
                     Add(View.PartitionKey) && Add(View.RowKey);
  // A key space whose size fits 64 bits (warm start multiplies the
  // counts and takes positions in it).
  if (!Fixed || Counts.empty() || Keys > 0x1p62)
    Counts.clear();
  return Counts;
}

} // namespace

std::optional<EdmValue> parseValueText(EdmType Type, std::string_view Text) {
  auto ParseInt = [&](std::int64_t Min,
                      std::int64_t Max) -> std::optional<std::int64_t> {
    if (Text.empty())
      return std::nullopt;
    std::size_t I = Text[0] == '-' ? 1 : 0;
    if (I == Text.size() || Text.size() > 20)
      return std::nullopt;
    __int128 V = 0;
    for (; I < Text.size(); ++I) {
      if (Text[I] < '0' || Text[I] > '9')
        return std::nullopt;
      V = V * 10 + (Text[I] - '0');
    }
    if (Text[0] == '-')
      V = -V;
    if (V < Min || V > Max)
      return std::nullopt;
    return static_cast<std::int64_t>(V);
  };
  switch (Type) {
  case EdmType::String:
    return EdmValue::string(std::string(Text));
  case EdmType::Int32:
    if (auto V = ParseInt(INT32_MIN, INT32_MAX))
      return EdmValue::int32(static_cast<std::int32_t>(*V));
    return std::nullopt;
  case EdmType::Int64:
    if (auto V = ParseInt(INT64_MIN, INT64_MAX))
      return EdmValue::int64(*V);
    return std::nullopt;
  case EdmType::Double: {
    const std::string S(Text);
    char *End = nullptr;
    const double D = std::strtod(S.c_str(), &End);
    if (S.empty() || End != S.c_str() + S.size())
      return std::nullopt;
    return EdmValue::real(D);
  }
  case EdmType::Boolean:
    if (Text == "true" || Text == "false")
      return EdmValue::boolean(Text == "true");
    return std::nullopt;
  case EdmType::DateTime:
    if (auto Ticks = parseDateTimeTicks(Text))
      return EdmValue::dateTimeTicks(*Ticks);
    return std::nullopt;
  case EdmType::Guid:
    if (auto G = canonicalGuid(Text))
      return EdmValue::guid(*G);
    return std::nullopt;
  case EdmType::Binary: {
    if (Text.size() % 2)
      return std::nullopt;
    std::string Bytes;
    for (std::size_t I = 0; I < Text.size(); I += 2) {
      int Byte = 0;
      for (char C : Text.substr(I, 2)) {
        const int Digit = C >= '0' && C <= '9'   ? C - '0'
                          : C >= 'a' && C <= 'f' ? C - 'a' + 10
                          : C >= 'A' && C <= 'F' ? C - 'A' + 10
                                                 : -1;
        if (Digit < 0)
          return std::nullopt;
        Byte = Byte * 16 + Digit;
      }
      Bytes += static_cast<char>(Byte);
    }
    return EdmValue::binary(std::move(Bytes));
  }
  }
  return std::nullopt;
}

void PropertyDomain::appendText(std::uint64_t Code, std::string &Out) const {
  if (Code & InternedBit)
    Out += Interned[Code & ~InternedBit];
  else
    appendGenerated(*this, Code, Out);
}

void PropertyDomain::materialize(std::uint64_t Code, EdmValue &Out) const {
  Out.Type = Type;
  switch (Type) {
  case EdmType::String:
  case EdmType::Guid:
  case EdmType::Binary:
    Out.Text.clear();
    appendText(Code, Out.Text);
    return;
  case EdmType::Int32:
    Out.Int = static_cast<std::int32_t>(Code);
    return;
  case EdmType::Int64:
  case EdmType::DateTime:
    Out.Int = static_cast<std::int64_t>(Code);
    return;
  case EdmType::Double:
    std::memcpy(&Out.Real, &Code, sizeof Code);
    return;
  case EdmType::Boolean:
    Out.Bool = Code != 0;
    return;
  }
}

std::uint64_t PropertyDomain::dataBytes(std::uint64_t Code) const {
  switch (Type) {
  case EdmType::String:
  case EdmType::Guid:
  case EdmType::Binary:
    break;
  default:
    return 0;
  }
  if (Code & InternedBit)
    return Interned[Code & ~InternedBit].size();
  // What appendGenerated() makes, without making it.
  std::uint64_t Chars;
  if (Type == EdmType::Guid) {
    Chars = 36;
  } else if (Type == EdmType::Binary) {
    Chars = 8;
  } else {
    std::uint64_t Digits = 1;
    for (std::uint64_t V = Code; V >= 10; V /= 10)
      ++Digits;
    Chars = Name.size() + 1 + Digits;
  }
  return std::max(Chars, Bytes);
}

std::uint64_t PropertyDomain::billingBytes(std::uint64_t Code) const {
  switch (Type) {
  case EdmType::String:
    return 2 * dataBytes(Code) + limits::StringValueOverheadBytes;
  case EdmType::Binary:
    return dataBytes(Code) + limits::BinaryValueOverheadBytes;
  case EdmType::Int32:
    return limits::Int32ValueBytes;
  case EdmType::Int64:
    return limits::Int64ValueBytes;
  case EdmType::Double:
    return limits::DoubleValueBytes;
  case EdmType::DateTime:
    return limits::DateTimeValueBytes;
  case EdmType::Guid:
    return limits::GuidValueBytes;
  case EdmType::Boolean:
    return limits::BooleanValueBytes;
  }
  return 0;
}

std::uint64_t PropertyDomain::codeOf(const EdmValue &Value) {
  switch (Type) {
  case EdmType::String:
  case EdmType::Guid:
  case EdmType::Binary: {
    auto [It, New] = InternIndex.try_emplace(
        Value.Text, static_cast<std::uint32_t>(Interned.size()));
    if (New)
      Interned.push_back(Value.Text);
    return InternedBit | It->second;
  }
  case EdmType::Int32:
    return static_cast<std::uint32_t>(Value.Int);
  case EdmType::Int64:
  case EdmType::DateTime:
    return static_cast<std::uint64_t>(Value.Int);
  case EdmType::Double: {
    std::uint64_t Bits;
    std::memcpy(&Bits, &Value.Real, sizeof Bits);
    return Bits;
  }
  case EdmType::Boolean:
    return Value.Bool ? 1 : 0;
  }
  return 0;
}

std::vector<std::uint64_t>
PropertyDomain::stringCodesOf(std::string_view Text) const {
  std::vector<std::uint64_t> Codes;
  if (Type != EdmType::String)
    return Codes;
  if (const auto Found = InternIndex.find(std::string(Text));
      Found != InternIndex.end())
    Codes.push_back(InternedBit | Found->second);
  // A generated value is "<property>-<n>" padded with 'x' (appendGenerated):
  // the digits after the dash name the one code that could spell Text,
  // which is kept only if it does.
  if (Text.size() <= Name.size() + 1 || Text.compare(0, Name.size(), Name) ||
      Text[Name.size()] != '-')
    return Codes;
  std::uint64_t Index = 0;
  const char *Digits = Text.data() + Name.size() + 1;
  const auto [End, Error] =
      std::from_chars(Digits, Text.data() + Text.size(), Index);
  if (Error != std::errc() || End == Digits || (Index & InternedBit))
    return Codes;
  std::string Made;
  appendGenerated(*this, Index, Made);
  if (Made == Text)
    Codes.push_back(Index);
  return Codes;
}

int EntityFamily::propertyIndex(std::string_view Name) const {
  for (std::size_t I = 0; I < Properties.size(); ++I)
    if (Properties[I].Name == Name)
      return static_cast<int>(I);
  return -1;
}

std::uint32_t Workload::addEntity(std::uint32_t Family) {
  return Codes.add(Family, static_cast<std::uint32_t>(
                               Families[Family].Properties.size()));
}

std::uint64_t Workload::sampledWeight(std::uint32_t Entity) const {
  for (const EntityFamily &F : Families)
    if (Entity >= F.FirstExisting && Entity - F.FirstExisting < F.ExistingCount)
      return F.ExistingWeight;
  return 1;
}

bool Workload::foundOutsideSample(std::uint32_t Entity) const {
  if (deletesAgedOut(Entity))
    return true;
  const EntityFamily &F = Families[familyOf(Entity)];
  if (F.ExistingWeight <= 1 || F.KeySpaceHeld <= 0)
    return false;
  const double Held = F.KeySpaceHeld; // at most 1
  const double Sampled = 1 / static_cast<double>(F.ExistingWeight);
  const double Chance = Held * (1 - Sampled) / (1 - Held * Sampled);
  std::uint64_t State = 0x70726f6265ULL ^ (std::uint64_t{Entity} << 20);
  return static_cast<double>(splitMix64(State) >> 11) * 0x1.0p-53 < Chance;
}

int Workload::opIndex(std::string_view Name) const {
  const auto It = OpByName.find(std::string(Name));
  return It == OpByName.end() ? -1 : static_cast<int>(It->second);
}

void Workload::addOp(LogicalOp Op) {
  OpByName.emplace(Op.Name, static_cast<std::uint32_t>(Ops.size()));
  Ops.push_back(std::move(Op));
}

namespace {

// A declared transaction whose writes all share one partition key template
// becomes a unit: its writes are generated together (see LogicalOp::Unit).
void bindUnit(Workload &W, const schema::Table &T,
              const schema::Transaction &Tx) {
  std::vector<std::uint32_t> Ops;
  std::vector<const schema::Write *> Decls;
  std::string Key;
  for (const std::string &Name : Tx.Writes) {
    const schema::Write *Decl = nullptr;
    for (const schema::Write &Wr : T.Writes)
      if (Wr.Name == Name)
        Decl = &Wr;
    const int Op = W.opIndex(Name);
    if (!Decl || Op < 0)
      return;
    const LogicalOp &L = W.Ops[static_cast<std::size_t>(Op)];
    const std::string &OpKey =
        schema::entityPartitionKey(T, Decl->EntityTypeName).Text;
    if (L.IsQuery || L.Unit >= 0 || W.Families[L.Family].Table != T.Name ||
        (!Ops.empty() && OpKey != Key))
      return;
    Key = OpKey;
    if (std::find(Ops.begin(), Ops.end(), static_cast<std::uint32_t>(Op)) ==
        Ops.end()) {
      Ops.push_back(static_cast<std::uint32_t>(Op));
      Decls.push_back(Decl);
    }
  }
  if (Ops.size() < 2)
    return;
  LogicalOp &Leader = W.Ops[Ops[0]];
  const EntityFamily &LeaderFamily = W.Families[Leader.Family];
  std::string Error;
  const std::optional<schema::KeyTemplate> Template =
      schema::parseKeyTemplate(Key, Error);
  Leader.Unit = static_cast<int>(Ops[0]);
  for (std::size_t I = 1; I < Ops.size(); ++I) {
    LogicalOp &Follower = W.Ops[Ops[I]];
    Follower.Unit = static_cast<int>(Ops[0]);
    Leader.Followers.push_back(Ops[I]);
    if (!Template)
      continue;
    const std::vector<std::string> Shared = Template->properties();
    for (const std::string &Name : Shared) {
      const int F = W.Families[Follower.Family].propertyIndex(Name);
      const int L = LeaderFamily.propertyIndex(Name);
      if (F >= 0 && L >= 0)
        Follower.FromLeader.emplace_back(static_cast<std::uint32_t>(F),
                                         static_cast<std::uint32_t>(L));
    }
    const std::vector<std::string> Row =
        schema::entityRowKey(T, Decls[I]->EntityTypeName).properties();
    Follower.KeyFromLeader =
        std::all_of(Row.begin(), Row.end(), [&](const std::string &Name) {
          return std::find(Shared.begin(), Shared.end(), Name) !=
                 Shared.end();
        });
  }
}

// Ticks between the values of a datetime domain (PropertyDomain::
// DateStepTicks): the coarsest date unit T's key templates render P with,
// a month as 31 days and a year as 366 (so that consecutive values never
// share one), when its `distinct` values then stay within a thousand
// years; else a second.
std::int64_t dateStepTicks(const schema::Table &T, const schema::Property &P) {
  double Seconds = 1;
  auto Note = [&](const schema::KeyTemplate &Key) {
    for (const schema::KeyPart &Part : Key.Parts)
      if (Part.IsPlaceholder && Part.Text == P.Name && !Part.Format.empty() &&
          Part.Format != "ticks")
        Seconds = std::max(Seconds, schema::formatPeriodSeconds(Part));
  };
  if (T.NameTemplate)
    Note(*T.NameTemplate);
  Note(T.PartitionKey);
  Note(T.RowKey);
  for (const schema::EntityType &Type : T.EntityTypes) {
    if (Type.PartitionKey)
      Note(*Type.PartitionKey);
    Note(Type.RowKey);
  }
  if (Seconds >= 365 * 86400.0)
    Seconds = 366 * 86400.0;
  else if (Seconds >= 30 * 86400.0)
    Seconds = 31 * 86400.0;
  const double Values = static_cast<double>(P.Distinct.value_or(1));
  if (Values * Seconds > 1000 * 366 * 86400.0)
    Seconds = 1;
  return static_cast<std::int64_t>(Seconds) * TicksPerSecond;
}

} // namespace

Workload buildWorkloadModel(const schema::Schema &Current,
                            std::vector<InputError> &Errors) {
  Workload W;
  // How many tables declare each write name: one that several declare is
  // mirrored, and only its home table binds it.
  std::unordered_map<std::string, unsigned> Declarations;
  for (const schema::Table &T : Current.Tables)
    for (const schema::Write &Wr : T.Writes)
      ++Declarations[Wr.Name];
  // An event names its op in 16 bits (WorkloadEvent): a schema declaring
  // more queries and writes is refused at the first that does not fit.
  bool OpsFull = false;
  auto RoomForOp = [&](const schema::SourcePos &At) {
    if (W.Ops.size() < MaxOps)
      return true;
    if (!OpsFull)
      Errors.push_back({Current.File, At.Line, At.Column,
                        "the replay models at most " + std::to_string(MaxOps) +
                            " queries and writes; this one and those "
                            "after it are beyond that"});
    OpsFull = true;
    return false;
  };
  for (const schema::Table &T : Current.Tables) {
    // One family per entity type: its writes create entities of that
    // type; a query's placeholders take values of the type it names.
    const std::size_t Types = std::max<std::size_t>(1, T.EntityTypes.size());
    // Each type's keys are in its view (the table itself for one type).
    const std::vector<schema::Table> Views =
        T.EntityTypes.empty() ? std::vector<schema::Table>()
                              : schema::entityTypeViews(T);
    for (std::size_t Type = 0; Type < Types; ++Type) {
      const schema::Table &View = Views.empty() ? T : Views[Type];
      const std::string TypeName =
          T.EntityTypes.empty() ? std::string() : T.EntityTypes[Type].Name;
      const auto FamilyIndex = static_cast<std::uint32_t>(W.Families.size());
      EntityFamily Family;
      Family.Table = T.Name;
      Family.EntityType = TypeName;
      Family.DeclaredEntities = T.EntityTypes.empty()
                                    ? T.Entities.value_or(0)
                                    : T.EntityTypes[Type].Entities.value_or(0);
      Family.RetentionSeconds = T.RetentionSeconds.value_or(0);
      // Logical entities of this type created per second (each write's
      // `when` is applied per design table by the plan, not to the family).
      double Creates = 0;
      for (const schema::Write &Wr : T.Writes)
        if (createsEntity(Wr.Op) &&
            schema::entityTypeIndex(T, Wr.EntityTypeName) ==
                static_cast<int>(Type))
          Creates += Wr.Frequency.PerSecond;
      if (!T.EntityTypes.empty() && T.EntityTypes[Type].Entities) {
        Family.ModelledEntities =
            static_cast<double>(*T.EntityTypes[Type].Entities);
      } else {
        const schema::ModelledTableSize Size =
            schema::modelledTableSize(View, Creates);
        Family.ModelledEntities = Size.Known ? Size.Entities : 0;
        Family.ModelledKeyBound = Size.KeyBound;
      }
      // The keys its templates can form over its retention (a day without
      // one: the keys of a table without dates do not depend on it).
      if (const std::optional<double> Keys = schema::keySpaceOver(
              View,
              Family.RetentionSeconds > 0 ? Family.RetentionSeconds : 86400.0);
          Keys && *Keys >= 1)
        Family.KeySpaceHeld =
            std::min(1.0, Family.ModelledEntities / *Keys);
      for (const schema::Property *P : schema::entityProperties(T, TypeName)) {
        PropertyDomain D;
        D.Name = P->Name;
        D.Type = P->Type;
        D.Bytes = P->Bytes.value_or(0);
        D.Decl = P;
        if (P->Type == EdmType::DateTime)
          D.DateStepTicks = dateStepTicks(T, *P);
        for (const std::string &Text : P->Values) {
          std::optional<EdmValue> V = parseValueText(P->Type, Text);
          if (!V) {
            Errors.push_back({Current.File, P->Pos.Line, P->Pos.Column,
                              "value '" + Text + "' of property '" + P->Name +
                                  "' is not of type " +
                                  std::string(edmShortName(P->Type))});
            continue;
          }
          D.ListCodes.push_back(D.codeOf(*V));
        }
        Family.Properties.push_back(std::move(D));
      }
      Family.KeyValueCounts = keyValueCounts(Family, View);
      W.Families.push_back(std::move(Family));
      for (const schema::Write &Wr : T.Writes) {
        if (schema::entityTypeIndex(T, Wr.EntityTypeName) !=
            static_cast<int>(Type))
          continue;
        // A write mirrored into several tables writes its home's entities:
        // only its home binds it, and an insert of it here is noted.
        if (Declarations[Wr.Name] > 1) {
          const schema::Table *Home =
              schema::writeHomeTable(Current, Wr.Name);
          if (Home && Home != &T) {
            if (createsEntity(Wr.Op))
              W.Families[FamilyIndex].MirroredCreates.push_back(Wr.Name);
            continue;
          }
        }
        if (W.opIndex(Wr.Name) >= 0 || !RoomForOp(Wr.Pos))
          continue;
        LogicalOp Op;
        Op.Name = Wr.Name;
        Op.Kind = Wr.Op;
        Op.Family = FamilyIndex;
        Op.PerSecond = Wr.Frequency.PerSecond;
        // Entities inserted together share the properties of their
        // partition key (an order's lines its shop and order id).
        if (createsEntity(Wr.Op) && !Wr.FanOut.empty()) {
          bindFanOut(Op, W.Families[FamilyIndex], Wr);
        } else if (createsEntity(Wr.Op) && Wr.EntitiesPerWrite > 1) {
          Op.EntitiesPerExecution = Wr.EntitiesPerWrite;
          for (const std::string &Name :
               schema::entityPartitionKey(T, TypeName).properties()) {
            const int P = W.Families[FamilyIndex].propertyIndex(Name);
            if (P >= 0 && std::find(Op.SharedProperties.begin(),
                                    Op.SharedProperties.end(),
                                    static_cast<std::uint32_t>(P)) ==
                              Op.SharedProperties.end())
              Op.SharedProperties.push_back(static_cast<std::uint32_t>(P));
          }
        }
        W.addOp(std::move(Op));
      }
      for (const schema::Query &Q : T.Queries) {
        if (schema::entityTypeIndex(T, Q.EntityTypeName) !=
                static_cast<int>(Type) ||
            W.opIndex(Q.Name) >= 0 || !RoomForOp(Q.Pos))
          continue;
        LogicalOp Op;
        Op.Name = Q.Name;
        Op.IsQuery = true;
        Op.Family = FamilyIndex;
        Op.PerSecond = Q.Frequency.PerSecond;
        const std::vector<std::string> Cut = schema::cutoffProperties(View, Q);
        Op.FindsByAge = !Cut.empty();
        if (Q.CutoffAgoSeconds) {
          Op.CutoffAgoSeconds = *Q.CutoffAgoSeconds;
          for (const std::string &Name : Cut)
            if (const int P = W.Families[FamilyIndex].propertyIndex(Name);
                P >= 0)
              Op.CutoffProperties.push_back(static_cast<std::uint32_t>(P));
        }
        W.addOp(std::move(Op));
      }
    }
    for (const schema::Transaction &Tx : T.Transactions)
      bindUnit(W, T, Tx);
  }
  return W;
}

namespace {

// The real entities each existing entity of a family stands for: 1 when
// the replay holds them all, else the least weight that keeps the sample
// within MaxExistingEntities.
std::uint64_t existingWeight(const EntityFamily &F,
                             const WorkloadOptions &Options) {
  const double Most = static_cast<double>(
      std::max<std::uint64_t>(Options.MaxExistingEntities, 1));
  // Capped where a weight times an entity's bytes still fits 64 bits.
  return F.ModelledEntities <= Most
             ? 1
             : static_cast<std::uint64_t>(
                   std::min(std::ceil(F.ModelledEntities / Most), 1e12));
}

} // namespace

std::uint64_t existingToHold(const EntityFamily &F,
                             const WorkloadOptions &Options) {
  if (F.ModelledEntities < 1)
    return 0;
  return static_cast<std::uint64_t>(std::llround(
      F.ModelledEntities / static_cast<double>(existingWeight(F, Options))));
}

namespace {

// A hash of the codes of a family's key properties (KeyValueCounts, in its
// order; CodeOf gives a property's code: an entity's, or one drawn): one
// key, one hash, for warm start's distinct keys and for picks by key.
constexpr std::uint64_t KeyHashSeed = 0x9E3779B97F4A7C15ull;
inline std::uint64_t mixKeyCode(std::uint64_t H, std::uint64_t Code) {
  return (H ^ Code) * 0xBF58476D1CE4E5B9ull + (H >> 29);
}
template <typename CodeFn>
std::uint64_t keyCodesHash(const EntityFamily &F, CodeFn CodeOf) {
  std::uint64_t H = KeyHashSeed;
  for (const auto &PC : F.KeyValueCounts)
    H = mixKeyCode(H, CodeOf(PC.first));
  return H;
}

// Whether a property of the family's fixed-set key is drawn unevenly (a
// weighted warehouse, a zipf tenant).
bool keyDrawnUnevenly(const EntityFamily &F) {
  return std::any_of(
      F.KeyValueCounts.begin(), F.KeyValueCounts.end(),
      [&](const auto &PC) { return drawnUnevenly(F.Properties[PC.first]); });
}

// The entities an update, merge or delete of a unit (a follower that does
// not create its entity) may address: the live entities of its family
// whose key properties (FromLeader) hold the leader's values, found by a
// hash of those values. Deleted entities are marked dead and dropped
// lazily, here and from their family's pool.
//
// It also indexes, by key, the entities of a family whose key properties
// all take fixed sets of values, one of them drawn unevenly (a counter row
// per tenant, the tenants zipf): such a table holds one entity per key, so
// a uniform pick among its entities would spread its updates, merges,
// deletes and reads evenly over the keys, hiding the hot tenant's row.
// There an operation draws its key by the declared distributions and
// addresses the entity under it (pickByKey).
class UnitTargets {
public:
  explicit UnitTargets(const Workload &W)
      : W(W), Indexed(W.Families.size()), ByKey(W.Families.size()),
        Uneven(W.Families.size()) {
    for (std::uint32_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
      const LogicalOp &Op = W.Ops[OpI];
      if (Op.Unit >= 0 && Op.Unit != static_cast<int>(OpI) &&
          !createsEntity(Op.Kind)) {
        Indexed[Op.Family] = true;
        Followers.push_back({OpI, {}});
      }
    }
    for (std::uint32_t F = 0; F < W.Families.size(); ++F) {
      const EntityFamily &Family = W.Families[F];
      if (keyDrawnUnevenly(Family)) {
        Indexed[F] = true;
        ByKey[F].emplace();
        // A sample addressed as the table (one entity standing for the
        // real one of each key): it holds one key in ExistingWeight, so an
        // exact key drawn as declared is seldom held. Its entities are
        // found by the values of the unevenly drawn key properties alone
        // (the hot warehouse), one of them picked uniformly: the skew of
        // the operations stays the declared one.
        if (Family.SampleAddressed && Family.ExistingWeight > 1)
          for (const auto &PC : Family.KeyValueCounts)
            if (drawnUnevenly(Family.Properties[PC.first]))
              Uneven[F].push_back(PC.first);
      }
    }
  }

  bool indexed(std::uint32_t Family) const { return Indexed[Family]; }
  bool keyed(std::uint32_t Family) const {
    return ByKey[Family].has_value();
  }

  void add(std::uint32_t Entity) {
    const std::uint32_t Family = W.familyOf(Entity);
    for (auto &[OpI, Buckets] : Followers)
      if (W.Ops[OpI].Family == Family)
        Buckets[hash(Entity, OpI, false)].push_back(Entity);
    if (!Uneven[Family].empty()) {
      (*ByKey[Family])[unevenHash(Family, [&](std::uint32_t P) {
        return W.code(Entity, P);
      })].push_back(Entity);
    } else if (ByKey[Family]) {
      // A key written again (an upsert) holds the newest few of its
      // entities: any live one addresses the key's one row.
      std::vector<std::uint32_t> &Held =
          (*ByKey[Family])[keyCodesHash(
              W.Families[Family],
              [&](std::uint32_t P) { return W.code(Entity, P); })];
      if (Held.size() < MostPerKey)
        Held.push_back(Entity);
      else
        Held[Entity % MostPerKey] = Entity;
    }
  }

  // An entity of a keyed family under a key drawn by Draw (a property's
  // value code), that Usable accepts: drawn again a few times when the key
  // holds none (fewer entities than keys), none after that.
  template <typename DrawFn, typename UsableFn>
  std::optional<std::uint32_t> pickByKey(std::uint32_t Family, DrawFn Draw,
                                         Rng &R, UsableFn Usable) {
    auto &Keys = *ByKey[Family];
    if (!Uneven[Family].empty()) {
      // Never deleted (a sample addressed as the table has no deletes).
      for (int Attempt = 0; Attempt < 8; ++Attempt) {
        auto B = Keys.find(unevenHash(Family, Draw));
        if (B == Keys.end())
          continue;
        for (int Pick = 0; Pick < 4; ++Pick) {
          const std::uint32_t E = B->second[R.below(B->second.size())];
          if (Usable(E))
            return E;
        }
      }
      return std::nullopt;
    }
    for (int Attempt = 0; Attempt < 8; ++Attempt) {
      auto B = Keys.find(keyCodesHash(W.Families[Family], Draw));
      if (B == Keys.end())
        continue;
      std::vector<std::uint32_t> &Held = B->second;
      Candidates.clear();
      for (std::size_t K = 0; K < Held.size();) {
        if (dead(Held[K])) {
          Held[K] = Held.back();
          Held.pop_back();
          continue;
        }
        if (Usable(Held[K]))
          Candidates.push_back(Held[K]);
        ++K;
      }
      if (!Candidates.empty())
        return Candidates[R.below(Candidates.size())];
    }
    return std::nullopt;
  }

  void remove(std::uint32_t Entity) {
    if (Dead.size() <= Entity)
      Dead.resize(std::max<std::size_t>(Entity + 1, 2 * Dead.size()), 0);
    Dead[Entity] = 1;
  }

  // An entity for follower OpI under the leader's key, none of Rows
  // unless the key is all the leader's (KeyFromLeader).
  std::optional<std::uint32_t> pick(std::uint32_t OpI, std::uint32_t Leader,
                                    const std::vector<std::uint32_t> &Rows,
                                    Rng &R) {
    auto F = std::find_if(Followers.begin(), Followers.end(),
                          [&](const auto &X) { return X.first == OpI; });
    if (F == Followers.end())
      return std::nullopt;
    auto B = F->second.find(hash(Leader, OpI, true));
    if (B == F->second.end())
      return std::nullopt;
    std::vector<std::uint32_t> &Bucket = B->second;
    Candidates.clear();
    for (std::size_t I = 0; I < Bucket.size();) {
      const std::uint32_t E = Bucket[I];
      if (dead(E)) {
        Bucket[I] = Bucket.back();
        Bucket.pop_back();
        continue;
      }
      if (sameKey(E, Leader, OpI) &&
          (W.Ops[OpI].KeyFromLeader ||
           std::find(Rows.begin(), Rows.end(), E) == Rows.end()))
        Candidates.push_back(E);
      ++I;
    }
    if (Candidates.empty())
      return std::nullopt;
    return Candidates[R.below(Candidates.size())];
  }

  // An index into Pool for an operation of Family, or none: a uniform
  // pick as everywhere, skipping (and dropping) the dead of an indexed
  // family.
  std::optional<std::uint64_t> pickFromPool(std::uint32_t Family,
                                            std::vector<std::uint32_t> &Pool,
                                            Rng &R) {
    while (!Pool.empty()) {
      const std::uint64_t At = R.below(Pool.size());
      if (!Indexed[Family] || !dead(Pool[At]))
        return At;
      Pool[At] = Pool.back();
      Pool.pop_back();
    }
    return std::nullopt;
  }

private:
  bool dead(std::uint32_t E) const { return E < Dead.size() && Dead[E]; }

  // A hash of the codes of Family's unevenly drawn key properties (Uneven).
  template <typename CodeFn>
  std::uint64_t unevenHash(std::uint32_t Family, CodeFn CodeOf) const {
    std::uint64_t H = KeyHashSeed;
    for (std::uint32_t P : Uneven[Family])
      H = mixKeyCode(H, CodeOf(P));
    return H;
  }

  // The follower's key values: of the leader (FromLeader's second), or of
  // an entity of the follower's family (its first).
  std::uint64_t hash(std::uint32_t Entity, std::uint32_t OpI,
                     bool OfLeader) const {
    std::uint64_t H = 0x9E3779B97F4A7C15ull;
    for (auto [Mine, Leaders] : W.Ops[OpI].FromLeader)
      H = (H ^ W.code(Entity, OfLeader ? Leaders : Mine)) *
          0xBF58476D1CE4E5B9ull;
    return H;
  }
  bool sameKey(std::uint32_t E, std::uint32_t Leader,
               std::uint32_t OpI) const {
    for (auto [Mine, Leaders] : W.Ops[OpI].FromLeader)
      if (W.code(E, Mine) != W.code(Leader, Leaders))
        return false;
    return true;
  }

  const Workload &W;
  std::vector<bool> Indexed; // by family
  std::vector<std::pair<std::uint32_t,
                        std::unordered_map<std::uint64_t,
                                           std::vector<std::uint32_t>>>>
      Followers;
  std::vector<char> Dead; // by entity
  std::vector<std::uint32_t> Candidates;
  // Keyed families' entities by key (pickByKey); empty for the others.
  static constexpr std::size_t MostPerKey = 4;
  std::vector<std::optional<
      std::unordered_map<std::uint64_t, std::vector<std::uint32_t>>>>
      ByKey;
  // By family: the key properties a sample addressed as the table is
  // found by (pickByKey), or none.
  std::vector<std::vector<std::uint32_t>> Uneven;
};

// Gives an existing entity the key at Position of its family's key space
// (KeyValueCounts, the first property varying fastest).
void giveKey(Workload &W, std::uint32_t Entity, const EntityFamily &F,
             std::uint64_t Position, std::int64_t StartTicks) {
  for (const auto &[P, Count] : F.KeyValueCounts) {
    W.setCode(Entity, P,
              fixedValueCode(F.Properties[P], Position % Count, StartTicks));
    Position /= Count;
  }
}

// The entities of the workload, drawn in time order so later operations
// find earlier entities: the existing ones (warmStart), then the entity
// each event writes or reads (addressEvents), dropping the events with
// nothing to address.
class EntityGenerator {
public:
  EntityGenerator(Workload &W, const WorkloadOptions &Options)
      : W(W), Options(Options), Samplers(W.Ops.size()),
        Live(W.Families.size()), NewKeyValues(W.Families.size(), 0) {
    makeSamplers();
  }

  // Reserves for every insert and existing entity (one each); other
  // operations create at most one each (a query's miss), grown for.
  void reserveEntities();
  // The existing entities of every family, over the time before 0.
  void warmStart();
  // Before the first event: the pools and counters addressing keeps.
  void startAddressing();
  // The entity of the next event in time order (created, for an insert);
  // false: the event has none and is dropped.
  bool address(WorkloadEvent &Ev);

private:
  // One random stream and one value sampler per property for each op.
  void makeSamplers();
  // A new entity of OpI's family, its values drawn by OpI's samplers.
  std::uint32_t fresh(std::uint32_t OpI, double Time);
  // Gives inserted entity E a new key where its table holds every key.
  void newKey(std::uint32_t E, const LogicalOp &Op);
  // The op whose values the existing entities of family F take (-1: none),
  // and the rate at which the run creates F's entities.
  int creatorOf(std::uint32_t F, double &InsertRate, bool &OnlyExisting) const;
  // The existing entities of family F, if it holds any.
  void warmStartFamily(std::uint32_t F);
  // Draws N existing entities of family F with Creator's values over the
  // Span seconds before 0.
  void drawExisting(std::uint32_t F, std::uint64_t N, std::uint32_t Maker,
                    double Span, bool Addressable);
  // Event handlers: each returns whether the event is kept, its entity set.
  bool addressFollower(WorkloadEvent &Ev);
  bool create(WorkloadEvent &Ev);
  void fanOutRow(const WorkloadEvent &Ev);
  bool purgeAgedOut(WorkloadEvent &Ev);
  bool sweepAtCutoff(WorkloadEvent &Ev);
  bool addressExisting(WorkloadEvent &Ev);
  // The entity of the unit's leader being generated.
  void lead(std::uint32_t Entity) {
    UnitLeader = Entity;
    UnitLive = true;
    UnitRows.assign(1, Entity);
  }

  Workload &W;
  const WorkloadOptions &Options;
  std::vector<Rng> OpRng;
  std::vector<std::vector<ValueSampler>> Samplers;
  // The entities of each family that exist at the current point of the
  // walk (order does not matter: picks are uniform).
  std::vector<std::vector<std::uint32_t>> Live;
  // When each entity created during the run was written (by id; the
  // existing ones are old).
  std::vector<double> Born;
  // Per family, the new key values inserts have taken (newKey).
  std::vector<std::uint64_t> NewKeyValues;
  std::optional<UnitTargets> Targets;
  std::vector<bool> Purged;
  // The last event kept (an execution's entities are adjacent events).
  std::optional<WorkloadEvent> LastKept;
  // The first entity of the group being generated, and how many are in it;
  // the entity of the unit's leader being generated, whether it could be
  // (an update with nothing to address drops its execution), and the
  // entities its execution addresses so far (one row once a transaction).
  std::uint32_t GroupFirst = 0, GroupSize = 0, UnitLeader = 0;
  bool UnitLive = false;
  std::vector<std::uint32_t> UnitRows;
  // The fanned-out values the rows of the group have taken.
  FanOutRows FanOut;
};

void EntityGenerator::makeSamplers() {
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    OpRng.emplace_back(streamSeed(Options.Seed, "values:" + W.Ops[OpI].Name));
    const LogicalOp &Op = W.Ops[OpI];
    const EntityFamily &F = W.Families[Op.Family];
    for (const PropertyDomain &D : F.Properties)
      Samplers[OpI].emplace_back(D, static_cast<std::uint64_t>(OpI) << 40);
    // An insert of readings in a series (a clock value): its identities
    // write in turn (ValueSampler::drawInTurn).
    const bool Series =
        !Op.IsQuery && Op.Kind == schema::WriteKind::Insert &&
        std::any_of(F.Properties.begin(), F.Properties.end(),
                    [](const PropertyDomain &D) {
                      return D.Type == EdmType::DateTime && D.Decl &&
                             !D.Decl->ChangesEverySeconds &&
                             schema::takesNewestValue(*D.Decl);
                    });
    if (Series)
      for (ValueSampler &S : Samplers[OpI])
        S.drawInTurn();
  }
}

// An insert into a table whose existing entities already hold every key
// its fixed sets of values form (3 million profiles over 3 million player
// ids) can only mean a new key: drawn from the sets, every insert would
// fail with 409 on the service, and in the replay in the share of keys
// its sample holds (1 in 12), a figure of the sample, not of the design.
// There a property's count is read as the values it has now: the insert
// brings a new one (a sign-up, a new player id) in the largest set that
// is not a value list, a boolean or a value taken from its transaction's
// leader; the others are drawn as declared. A table with keys to spare
// draws its inserts' keys as declared (a device table filling up meets
// its devices again: 409); reads that pick written entities then keep
// the declared skew of the keys. Keys made only of value lists stay as
// drawn.
void EntityGenerator::newKey(std::uint32_t E, const LogicalOp &Op) {
  const EntityFamily &F = W.Families[Op.Family];
  if (F.KeySpaceHeld < FullKeySpace)
    return;
  std::optional<std::pair<std::uint32_t, std::uint64_t>> Largest;
  for (const auto &[P, Count] : F.KeyValueCounts) {
    const PropertyDomain &D = F.Properties[P];
    const bool FromLeader = std::any_of(
        Op.FromLeader.begin(), Op.FromLeader.end(),
        [&, P = P](const auto &Pair) { return Pair.first == P; });
    if (!D.ListCodes.empty() || D.Type == EdmType::Boolean || FromLeader ||
        (D.Decl && D.Decl->ChangesEverySeconds))
      continue;
    if (!Largest || Count > Largest->second)
      Largest = {P, Count};
  }
  if (Largest)
    W.setCode(E, Largest->first,
              indexCode(F.Properties[Largest->first],
                        Largest->second + NewKeyValues[Op.Family]++,
                        Options.StartTicks));
}

std::uint32_t EntityGenerator::fresh(std::uint32_t OpI, double Time) {
  const LogicalOp &Op = W.Ops[OpI];
  const std::uint32_t E = W.addEntity(Op.Family);
  if (Time > 0) {
    if (Born.size() <= E)
      Born.resize(std::max<std::size_t>(E + 1, 2 * Born.size()), -1);
    Born[E] = Time;
  }
  for (std::uint32_t P = 0; P < Samplers[OpI].size(); ++P)
    W.setCode(E, P,
              Samplers[OpI][P].sample(OpRng[OpI], Time, Options.StartTicks));
  return E;
}

void EntityGenerator::reserveEntities() {
  std::size_t Entities = ArrivalStream::expected(W, Options, /*Creates=*/true);
  if (!Options.Cold)
    for (const EntityFamily &F : W.Families)
      Entities += existingToHold(F, Options);
  W.reserveEntities(Entities);
}

// Warm start: the existing entities, drawn by the family's first creating
// write (so a counter continues after them), over the time before 0.
void EntityGenerator::warmStart() {
  W.SampledEnd = 0;
  for (std::uint32_t F = 0; F < W.Families.size(); ++F)
    warmStartFamily(F);
}

int EntityGenerator::creatorOf(std::uint32_t F, double &InsertRate,
                               bool &OnlyExisting) const {
  int Creator = -1;
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI)
    if (W.Ops[OpI].Family == F && !W.Ops[OpI].IsQuery &&
        createsEntity(W.Ops[OpI].Kind)) {
      if (Creator < 0)
        Creator = static_cast<int>(OpI);
      InsertRate += W.Ops[OpI].PerSecond;
    }
  if (Creator >= 0)
    return Creator;
  // A table the run only updates, merges or deletes (stock levels,
  // profiles): its first write's values say what its entities look
  // like, and its writes' keys where they are stored.
  for (std::size_t OpI = 0; OpI < W.Ops.size() && Creator < 0; ++OpI)
    if (W.Ops[OpI].Family == F && !W.Ops[OpI].IsQuery)
      Creator = static_cast<int>(OpI);
  // A table that is only read (a one-row config table read on every
  // request): its first query's values, stored where the queries read
  // it (DesignPlan::Holdings).
  for (std::size_t OpI = 0; OpI < W.Ops.size() && Creator < 0; ++OpI)
    if (W.Ops[OpI].Family == F)
      Creator = static_cast<int>(OpI);
  OnlyExisting = Creator >= 0;
  return Creator;
}

void EntityGenerator::warmStartFamily(std::uint32_t F) {
  EntityFamily &Family = W.Families[F];
  Family.FirstExisting = static_cast<std::uint32_t>(W.entityCount());
  Family.ExistingCount = 0;
  Family.ExistingWeight = 1;
  Family.OnlyExisting = false;
  Family.SampleAddressed = false;
  const std::uint64_t N = Options.Cold ? 0 : existingToHold(Family, Options);
  if (N == 0)
    return;
  double InsertRate = 0;
  bool OnlyExisting = false;
  const int Creator = creatorOf(F, InsertRate, OnlyExisting);
  if (Creator < 0)
    return;
  Family.OnlyExisting = OnlyExisting;
  const double Modelled = std::max(Family.ModelledEntities, 1.0);
  const double Span = Family.RetentionSeconds > 0 ? Family.RetentionSeconds
                      : InsertRate > 0 ? Modelled / InsertRate
                                       : 86400.0;
  // A sample when the modelled table is larger than the replay holds.
  // The run addresses a sample's entities only where no operation
  // creates any (a table it only updates and reads: the balances of the
  // accounts): an update or merge writes the one real entity of its
  // key, and a point read reads it, whatever the sampled entity stands
  // for in scans. Not where one deletes: a deleted sampled entity would
  // take its weight out of the scans.
  const std::uint64_t Weight = existingWeight(Family, Options);
  const bool Deletes =
      std::any_of(W.Ops.begin(), W.Ops.end(), [&](const LogicalOp &Op) {
        return Op.Family == F && !Op.IsQuery &&
               Op.Kind == schema::WriteKind::Delete;
      });
  Family.SampleAddressed = Weight > 1 && Family.OnlyExisting && !Deletes;
  const bool Addressable = Weight == 1 || Family.SampleAddressed;
  if (Addressable)
    Live[F].reserve(N);
  drawExisting(F, N, static_cast<std::uint32_t>(Creator), Span, Addressable);
  Family.ExistingCount = static_cast<std::uint32_t>(N);
  if (Weight > 1) {
    Family.ExistingWeight = Weight;
    W.SampledEnd = Family.FirstExisting + Family.ExistingCount;
  }
}

void EntityGenerator::drawExisting(std::uint32_t F, std::uint64_t N,
                                   std::uint32_t Maker, double Span,
                                   bool Addressable) {
  EntityFamily &Family = W.Families[F];
  // Distinct keys where every key is a fixed set's (KeyValueCounts): as
  // many entities as keys hold every key once; fewer are drawn as any
  // value, a key drawn again drawn anew: by its distribution a few times
  // (a skewed key keeps its skew), then uniformly, which finds the keys
  // of the cold tail that a skewed draw seldom reaches.
  std::uint64_t KeySpace = 1;
  for (const auto &[P, Count] : Family.KeyValueCounts)
    KeySpace *= Count;
  std::unordered_set<std::uint64_t> Taken;
  // A sample of a table that holds every key of a skewed key (stock per
  // warehouse and product, the warehouses weighted): the real table has
  // one entity per key however the operations favour some, so the
  // sample is uniform over the keys. Drawn by the distribution, the hot
  // warehouse would hold more than its share of the sample, its scans
  // would count too many entities and its reads by key (pickByKey) would
  // find an entity more often than the cold ones', loading it beyond its
  // declared share.
  const bool SpreadSample =
      Family.KeySpaceHeld >= FullKeySpace && keyDrawnUnevenly(Family);
  auto KeyOf = [&](std::uint32_t E) {
    return keyCodesHash(Family, [&](std::uint32_t P) { return W.code(E, P); });
  };
  for (std::uint64_t I = 0; I < N; ++I) {
    const double Time =
        -Span + Span * static_cast<double>(I) / static_cast<double>(N);
    const std::uint32_t E = fresh(Maker, Time);
    if (!Family.KeyValueCounts.empty() && N >= KeySpace)
      giveKey(W, E, Family, I % KeySpace, Options.StartTicks);
    else if (SpreadSample)
      for (int Draw = 0;
           Draw == 0 || (!Taken.insert(KeyOf(E)).second && Draw < 32); ++Draw)
        giveKey(W, E, Family, OpRng[Maker].below(KeySpace),
                Options.StartTicks);
    else if (!Family.KeyValueCounts.empty())
      for (int Draw = 0; !Taken.insert(KeyOf(E)).second && Draw < 32; ++Draw)
        for (const auto &[P, Count] : Family.KeyValueCounts)
          W.setCode(E, P,
                    Draw < 4 ? Samplers[Maker][P].sample(OpRng[Maker], Time,
                                                         Options.StartTicks)
                             : fixedValueCode(Family.Properties[P],
                                              OpRng[Maker].below(Count),
                                              Options.StartTicks));
    if (Addressable)
      Live[F].push_back(E);
  }
}

void EntityGenerator::startAddressing() {
  // A unit's update, merge or delete addresses an entity under its
  // leader's key: those of its family, by the codes of the key's
  // properties (UnitTargets). Families with such followers drop deleted
  // entities from their pool lazily (Dead), so the pool and the index
  // agree.
  Targets.emplace(W);
  for (std::uint32_t F = 0; F < W.Families.size(); ++F)
    if (Targets->indexed(F))
      for (std::uint32_t E : Live[F])
        Targets->add(E);
  for (LogicalOp &Op : W.Ops)
    Op.Unaddressed = Op.FoundOutsideSample = Op.MissingOutsideSample =
        Op.AgedOut = 0;
  W.OutsideSampleTargets.clear();
  W.AgedOutTargets.clear();
  Purged = purgedFamilies(W);
  LastKept.reset();
}

bool EntityGenerator::address(WorkloadEvent &Ev) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  const bool Leads = Op.Unit == static_cast<int>(Ev.Op);
  const bool Follows = Op.Unit >= 0 && !Leads;
  if (Follows && !UnitLive)
    return false; // its leader had nothing to address
  bool Keep;
  if (Follows && !createsEntity(Op.Kind))
    Keep = addressFollower(Ev);
  else if (!Op.IsQuery && createsEntity(Op.Kind))
    Keep = create(Ev);
  else if (!Op.IsQuery && Op.Kind == schema::WriteKind::Delete &&
           Op.Unit < 0 && Purged[Op.Family])
    Keep = purgeAgedOut(Ev);
  else if (Op.IsQuery && !Op.CutoffProperties.empty())
    Keep = sweepAtCutoff(Ev);
  else
    Keep = addressExisting(Ev);
  if (Keep)
    LastKept = Ev;
  return Keep;
}

// A unit's update, merge or delete: an entity under its leader's key.
bool EntityGenerator::addressFollower(WorkloadEvent &Ev) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  const std::optional<std::uint32_t> Target =
      Targets->pick(Ev.Op, UnitLeader, UnitRows, OpRng[Ev.Op]);
  const EntityFamily &Family = W.Families[Op.Family];
  if (!Target && Family.ExistingWeight > 1 && Family.KeySpaceHeld > 0) {
    // A sampled table whose sample holds nothing under the leader's
    // key: the real table holds an entity there with the chance a
    // point read of a key the sample does not hold finds one. Either
    // way the transaction is sent, as the service would get it: with
    // the entity, its write is one entity written that the store does
    // not keep; without, the service answers 404 to the transaction.
    Ev.Entity = fresh(Ev.Op, Ev.Time);
    for (auto [Mine, Leaders] : Op.FromLeader)
      W.setCode(Ev.Entity, Mine, W.code(UnitLeader, Leaders));
    W.OutsideSampleTargets.push_back(Ev.Entity);
    if (W.foundOutsideSample(Ev.Entity))
      ++W.Ops[Ev.Op].FoundOutsideSample;
    else
      ++W.Ops[Ev.Op].MissingOutsideSample;
    UnitRows.push_back(Ev.Entity);
    return true;
  }
  if (!Target) {
    ++W.Ops[Ev.Op].Unaddressed;
    return false; // nothing of its kind under the leader's key yet
  }
  Ev.Entity = *Target;
  UnitRows.push_back(*Target);
  if (Op.Kind == schema::WriteKind::Delete)
    Targets->remove(*Target);
  return true;
}

// An insert or upsert: a new entity, sharing its group's and its leader's
// values where it is part of one.
bool EntityGenerator::create(WorkloadEvent &Ev) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  const bool Leads = Op.Unit == static_cast<int>(Ev.Op);
  const bool Follows = Op.Unit >= 0 && !Leads;
  Ev.Entity = fresh(Ev.Op, Ev.Time);
  if (Op.Kind == schema::WriteKind::Insert)
    newKey(Ev.Entity, Op);
  if (Leads) {
    lead(Ev.Entity);
  } else if (Follows) {
    for (auto [Mine, Leaders] : Op.FromLeader)
      W.setCode(Ev.Entity, Mine, W.code(UnitLeader, Leaders));
    UnitRows.push_back(Ev.Entity);
  }
  if (Op.EntitiesPerExecution > 1) {
    const bool Continues = GroupSize > 0 &&
                           GroupSize < Op.EntitiesPerExecution && LastKept &&
                           LastKept->Op == Ev.Op && LastKept->Time == Ev.Time;
    if (Continues) {
      for (std::uint32_t P : Op.SharedProperties)
        W.setCode(Ev.Entity, P, W.code(GroupFirst, P));
      ++GroupSize;
    } else {
      GroupFirst = Ev.Entity;
      GroupSize = 1;
      FanOut.startExecution();
    }
    if (!Op.FannedOut.empty())
      fanOutRow(Ev);
  }
  Live[Op.Family].push_back(Ev.Entity);
  if (Targets->indexed(Op.Family))
    Targets->add(Ev.Entity);
  return true;
}

// A row of a fan-out execution takes fanned-out values no other row of it
// took: drawn again by their distribution a few times, then evenly over
// the domain (a zipf's first followers are drawn again and again). A
// domain smaller than the execution keeps a repeat: the service answers it
// with 409 (or 400 in a batch), as it would the real write.
void EntityGenerator::fanOutRow(const WorkloadEvent &Ev) {
  constexpr unsigned ByDistribution = 8, Tries = 32;
  const LogicalOp &Op = W.Ops[Ev.Op];
  for (unsigned Try = 0;; ++Try) {
    std::uint64_t Combined = 0;
    for (std::uint32_t P : Op.FannedOut)
      Combined = (Combined ^ W.code(Ev.Entity, P)) * 0x9e3779b97f4a7c15ULL;
    if (FanOut.take(Combined) || Try == Tries)
      return;
    for (std::uint32_t P : Op.FannedOut) {
      ValueSampler &S = Samplers[Ev.Op][P];
      W.setCode(
          Ev.Entity, P,
          Try < ByDistribution
              ? S.sample(OpRng[Ev.Op], Ev.Time, Options.StartTicks)
              : S.sampleEvenly(OpRng[Ev.Op], Ev.Time, Options.StartTicks));
    }
  }
}

// A retention purge deletes what has aged out: an entity written just
// past the retention before now.
bool EntityGenerator::purgeAgedOut(WorkloadEvent &Ev) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  Ev.Entity =
      fresh(Ev.Op, Ev.Time - W.Families[Op.Family].RetentionSeconds - 1);
  W.AgedOutTargets.push_back(Ev.Entity);
  ++W.Ops[Ev.Op].AgedOut;
  return true;
}

// A sweep of what has fallen due (`cutoff: now - 1d`): its cut-off is the
// clock when it is sent, the cut-off's duration earlier, not the time of
// an entity it picks anywhere in the table (which made it read everything
// before that time, in every design). Its other values are drawn afresh.
bool EntityGenerator::sweepAtCutoff(WorkloadEvent &Ev) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  Ev.Entity = fresh(Ev.Op, Ev.Time);
  const auto Cutoff = static_cast<std::uint64_t>(
      Options.StartTicks +
      static_cast<std::int64_t>((Ev.Time - Op.CutoffAgoSeconds) *
                                TicksPerSecond));
  for (const std::uint32_t P : Op.CutoffProperties)
    W.setCode(Ev.Entity, P, Cutoff);
  return true;
}

// A read, update, merge or delete of an existing entity: by key where its
// family is keyed, else a uniform pick among the live ones.
bool EntityGenerator::addressExisting(WorkloadEvent &Ev) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  std::vector<std::uint32_t> &Pool = Live[Op.Family];
  const bool Leads = Op.Unit == static_cast<int>(Ev.Op);
  // A write addresses an entity old enough to be known: drawn again a
  // few times, and when every draw is too young (the first seconds of a
  // new table), it has nothing to address yet.
  auto Young = [&](std::uint32_t E) {
    return !Op.IsQuery && E < Born.size() &&
           Born[E] > Ev.Time - Options.AddressableAfterSeconds;
  };
  std::optional<std::uint32_t> ByKey;
  if (Targets->keyed(Op.Family))
    ByKey = Targets->pickByKey(
        Op.Family,
        [&](std::uint32_t P) {
          return Samplers[Ev.Op][P].sample(OpRng[Ev.Op], Ev.Time,
                                           Options.StartTicks);
        },
        OpRng[Ev.Op], [&](std::uint32_t E) { return !Young(E); });
  if (ByKey) {
    // Its key drawn as declared: the entity under it (deleted, it
    // leaves the pool lazily).
    Ev.Entity = *ByKey;
    if (!Op.IsQuery && Op.Kind == schema::WriteKind::Delete)
      Targets->remove(Ev.Entity);
    if (Leads)
      lead(Ev.Entity);
  } else if (std::optional<std::uint64_t> At =
                 Targets->pickFromPool(Op.Family, Pool, OpRng[Ev.Op])) {
    for (int Draw = 0; At && Young(Pool[*At]) && Draw < 8; ++Draw)
      At = Targets->pickFromPool(Op.Family, Pool, OpRng[Ev.Op]);
    if (!At || Young(Pool[*At])) {
      if (Leads)
        UnitLive = false;
      ++W.Ops[Ev.Op].Unaddressed;
      return false;
    }
    Ev.Entity = Pool[*At];
    if (!Op.IsQuery && Op.Kind == schema::WriteKind::Delete) {
      Pool[*At] = Pool.back(); // gone for later operations
      Pool.pop_back();
      if (Targets->indexed(Op.Family))
        Targets->remove(Ev.Entity);
    }
    if (Leads)
      lead(Ev.Entity);
  } else if (Leads) {
    UnitLive = false; // an update with nothing to address, and its unit
    ++W.Ops[Ev.Op].Unaddressed;
    return false;
  } else if (Op.IsQuery) {
    // Nothing written yet: the query's values drawn afresh (a miss).
    Ev.Entity = fresh(Ev.Op, Ev.Time);
    W.AfreshQueryEntities.push_back(Ev.Entity);
  } else {
    ++W.Ops[Ev.Op].Unaddressed;
    return false; // an update, merge or delete with nothing to address
  }
  return true;
}

} // namespace

std::vector<bool> purgedFamilies(const Workload &W) {
  std::vector<double> Inserted(W.Families.size(), 0),
      Deleted(W.Families.size(), 0);
  for (const LogicalOp &Op : W.Ops) {
    if (Op.IsQuery)
      continue;
    const double Entities = Op.PerSecond * Op.EntitiesPerExecution;
    if (createsEntity(Op.Kind))
      Inserted[Op.Family] += Entities;
    else if (Op.Kind == schema::WriteKind::Delete)
      Deleted[Op.Family] += Entities;
  }
  std::vector<bool> Purged(W.Families.size(), false);
  for (std::uint32_t F = 0; F < W.Families.size(); ++F)
    Purged[F] = W.Families[F].RetentionSeconds > 0 && Inserted[F] > 0 &&
                Deleted[F] >= schema::PurgeShareOfInserts * Inserted[F];
  return Purged;
}

ArrivalStream::ArrivalStream(const Workload &W, const WorkloadOptions &Options)
    : W(W), Options(Options), Rank(W.Ops.size()) {
  // At one time, a unit's followers come right after their leader.
  std::uint32_t Next = 0;
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    if (Op.Unit >= 0 && Op.Unit != static_cast<int>(OpI))
      continue;
    Rank[OpI] = Next++;
    for (std::uint32_t F : Op.Followers)
      Rank[F] = Next++;
  }
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    // A unit's followers arrive with its leader.
    if (Op.PerSecond <= 0 || (Op.Unit >= 0 && Op.Unit != static_cast<int>(OpI)))
      continue;
    OpArrivals A;
    A.Op = static_cast<std::uint16_t>(OpI);
    A.R = Rng(streamSeed(Options.Seed, "arrivals:" + Op.Name));
    // The rate counts entities: executions of N entities arrive N times
    // less often, their N events at the same time (one group).
    A.Mean = Op.EntitiesPerExecution / Op.PerSecond;
    A.Next = A.R.exponential(A.Mean);
    // An op too rare to arrive in the run (a verify run's once-a-minute
    // query) runs once, halfway through, when asked for.
    A.Once = Options.EveryOpAtLeastOnce && !arrivesInRun(A);
    Ops.push_back(A);
  }
}

bool ArrivalStream::thinned(OpArrivals &A) const {
  return Options.RampUpSeconds > 0 && A.Next < Options.RampUpSeconds &&
         A.R.uniform() * Options.RampUpSeconds >= A.Next;
}

bool ArrivalStream::arrivesInRun(OpArrivals A) const {
  for (; A.Next < Options.DurationSeconds; A.Next += A.R.exponential(A.Mean))
    if (!thinned(A))
      return true;
  return false;
}

void ArrivalStream::execute(std::uint16_t OpI, double T,
                            std::vector<WorkloadEvent> &Out) const {
  const LogicalOp &Op = W.Ops[OpI];
  for (std::uint32_t K = 0; K < Op.EntitiesPerExecution; ++K)
    Out.push_back({T, OpI, 0});
  for (std::uint32_t F : Op.Followers)
    for (std::uint32_t K = 0; K < W.Ops[F].EntitiesPerExecution; ++K)
      Out.push_back({T, static_cast<std::uint16_t>(F), 0});
}

bool ArrivalStream::next(double Until, std::vector<WorkloadEvent> &Out) {
  const double End = std::min(Until, Options.DurationSeconds);
  const std::size_t Start = Out.size();
  const double Halfway = Options.DurationSeconds / 2;
  for (OpArrivals &A : Ops) {
    // Arrivals at the full rate, thinned to rate * t / ramp-up while
    // ramping.
    for (; A.Next < End; A.Next += A.R.exponential(A.Mean))
      if (!thinned(A))
        execute(A.Op, A.Next, Out);
    if (A.Once && Halfway < End) {
      execute(A.Op, Halfway, Out);
      A.Once = false;
    }
  }
  std::sort(Out.begin() + static_cast<std::ptrdiff_t>(Start), Out.end(),
            [&](const WorkloadEvent &X, const WorkloadEvent &Y) {
              return X.Time < Y.Time ||
                     (X.Time == Y.Time && Rank[X.Op] < Rank[Y.Op]);
            });
  Done = std::max(Done, End);
  return Done < Options.DurationSeconds;
}

std::size_t ArrivalStream::expected(const Workload &W,
                                    const WorkloadOptions &Options,
                                    bool Creates) {
  double Expected = 0;
  for (const LogicalOp &Op : W.Ops)
    if (!Creates || (!Op.IsQuery && createsEntity(Op.Kind)))
      Expected += std::max(0.0, Op.PerSecond) * Options.DurationSeconds;
  return static_cast<std::size_t>(
      std::min(Expected + 6 * std::sqrt(Expected) + 16, 4.2e9));
}

// Arrivals, then the entity of each, a window at a time.
struct EventStream::Generation {
  Generation(Workload &W, const WorkloadOptions &Options)
      : Arrivals(W, Options), Entities(W, Options) {}
  ArrivalStream Arrivals;
  EntityGenerator Entities;
  std::vector<WorkloadEvent> Window;
};

EventStream::EventStream(Workload &W, const WorkloadOptions &Options) {
  W.DurationSeconds = Options.DurationSeconds;
  W.StartTicks = Options.StartTicks;
  W.AddressableAfterSeconds = Options.AddressableAfterSeconds;
  Impl = std::make_unique<Generation>(W, Options);
  Impl->Entities.reserveEntities();
  Impl->Entities.warmStart();
  Impl->Entities.startAddressing();
}

EventStream::~EventStream() = default;

bool EventStream::next(double Until, std::vector<WorkloadEvent> &Out) {
  Impl->Window.clear();
  const bool More = Impl->Arrivals.next(Until, Impl->Window);
  for (WorkloadEvent Ev : Impl->Window)
    if (Impl->Entities.address(Ev))
      Out.push_back(Ev);
  return More;
}

// The events of the run and their entities: the existing entities, then
// the run's arrivals a window at a time, each with the entity it
// addresses.
void generateEvents(Workload &W, const WorkloadOptions &Options) {
  W.Events.clear();
  W.Events.reserve(ArrivalStream::expected(W, Options));
  EventStream Stream(W, Options);
  for (double Until = EventStream::WindowSeconds;
       Stream.next(Until, W.Events); Until += EventStream::WindowSeconds) {
  }
}

} // namespace tablelint::replay
