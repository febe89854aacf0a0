// Key templates (parse and render) and the schema model's lookups.
#include "core/schema/Schema.h"

#include "core/Filter.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string_view>

namespace tablelint::schema {

namespace {

bool isNameChar(char C) {
  return (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') ||
         (C >= '0' && C <= '9') || C == '_';
}

std::string column(unsigned Offset) {
  return "column " + std::to_string(Offset + 1);
}

// Parses "|fn[:arg]" items after a placeholder's name and format.
bool parseFunctions(std::string_view Spec, unsigned Offset, KeyPart &Part,
                    std::string &Error) {
  std::size_t Pos = 0;
  while (Pos < Spec.size()) {
    // Spec[Pos] == '|'
    std::size_t End = Spec.find('|', Pos + 1);
    if (End == std::string_view::npos)
      End = Spec.size();
    std::string_view Item = Spec.substr(Pos + 1, End - Pos - 1);
    std::string_view Name = Item.substr(0, Item.find(':'));
    std::string_view Arg;
    if (Item.find(':') != std::string_view::npos)
      Arg = Item.substr(Item.find(':') + 1);
    KeyFunction Fn;
    if (Name == "hash")
      Fn.Fn = KeyFunction::Hash;
    else if (Name == "pad")
      Fn.Fn = KeyFunction::Pad;
    else if (Name == "reverse")
      Fn.Fn = KeyFunction::Reverse;
    else {
      Error = "unknown key function '" + std::string(Name) +
              "' (expected hash:N, pad:N or reverse) at " +
              column(Offset + static_cast<unsigned>(Pos) + 1);
      return false;
    }
    if (Fn.Fn == KeyFunction::Reverse) {
      if (!Arg.empty()) {
        Error = "'reverse' takes no argument at " +
                column(Offset + static_cast<unsigned>(Pos) + 1);
        return false;
      }
    } else {
      std::uint64_t N = 0;
      bool Ok = !Arg.empty() && Arg.size() <= 9;
      for (char C : Arg) {
        if (C < '0' || C > '9')
          Ok = false;
        else
          N = N * 10 + static_cast<std::uint64_t>(C - '0');
      }
      if (!Ok || N == 0) {
        Error = "'" + std::string(Name) +
                "' needs a positive integer argument, e.g. " +
                std::string(Name) + ":16, at " +
                column(Offset + static_cast<unsigned>(Pos) + 1);
        return false;
      }
      Fn.Arg = N;
    }
    Part.Functions.push_back(Fn);
    Pos = End;
  }
  return true;
}

std::string padLeft(std::string S, std::size_t Width, char Fill = '0') {
  if (S.size() < Width)
    S.insert(0, Width - S.size(), Fill);
  return S;
}

// FNV-1a, 64 bit: stable across platforms and runs.
std::uint64_t stableHash(std::string_view Text) {
  std::uint64_t H = 1469598103934665603ULL;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 1099511628211ULL;
  }
  return H;
}

// Tokens: Format read as a date format (KeyPart::DateFormat); a part built
// by hand without them has its format read here.
std::string formatDateTime(std::int64_t Ticks, const std::string &Format,
                           const DateTokens &Tokens) {
  if (Format.empty())
    return formatDateTimeTicks(Ticks);
  if (Format == "ticks")
    return padLeft(std::to_string(Ticks), 19);
  std::string Out;
  Out.reserve(Format.size() + 8);
  appendDateTime(Ticks, Tokens.empty() ? tokenizeDateFormat(Format) : Tokens,
                 Out);
  return Out;
}

std::string defaultRendering(const EdmValue &Value, const std::string &Format,
                             const DateTokens &DateFormat = {}) {
  switch (Value.Type) {
  case EdmType::String:
  case EdmType::Guid:
    return Value.Text;
  case EdmType::Binary: {
    static const char Hex[] = "0123456789abcdef";
    std::string Out;
    for (unsigned char C : Value.Text) {
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
    return Out;
  }
  case EdmType::Int32:
  case EdmType::Int64: {
    std::string S = std::to_string(Value.Int);
    if (Format.size() > 1 && (Format[0] == 'D' || Format[0] == 'd')) {
      const std::size_t Width =
          static_cast<std::size_t>(std::strtoul(Format.c_str() + 1, nullptr, 10));
      if (Value.Int < 0)
        return "-" + padLeft(S.substr(1), Width);
      return padLeft(S, Width);
    }
    return S;
  }
  case EdmType::Double: {
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%.17g", Value.Real);
    return Buf;
  }
  case EdmType::Boolean:
    return Value.Bool ? "true" : "false";
  case EdmType::DateTime:
    return formatDateTime(Value.Int, Format, DateFormat);
  }
  return Value.Text;
}

} // namespace

std::optional<KeyTemplate> parseKeyTemplate(const std::string &Text,
                                            std::string &Error) {
  KeyTemplate T;
  T.Text = Text;
  std::size_t I = 0;
  std::string Literal;
  unsigned LiteralStart = 0;
  auto FlushLiteral = [&] {
    if (Literal.empty())
      return;
    KeyPart P;
    P.Text = Literal;
    P.Offset = LiteralStart;
    T.Parts.push_back(std::move(P));
    Literal.clear();
  };
  while (I < Text.size()) {
    const char C = Text[I];
    if (C == '}') {
      // "}}" is a literal brace; a lone '}' is an error.
      if (I + 1 < Text.size() && Text[I + 1] == '}') {
        if (Literal.empty())
          LiteralStart = static_cast<unsigned>(I);
        Literal += '}';
        I += 2;
        continue;
      }
      Error = "unmatched '}' at " + column(static_cast<unsigned>(I));
      return std::nullopt;
    }
    if (C != '{') {
      if (Literal.empty())
        LiteralStart = static_cast<unsigned>(I);
      Literal += C;
      ++I;
      continue;
    }
    if (I + 1 < Text.size() && Text[I + 1] == '{') {
      if (Literal.empty())
        LiteralStart = static_cast<unsigned>(I);
      Literal += '{';
      I += 2;
      continue;
    }
    const std::size_t Close = Text.find('}', I);
    if (Close == std::string::npos) {
      Error = "unclosed '{' at " + column(static_cast<unsigned>(I));
      return std::nullopt;
    }
    FlushLiteral();
    const std::string_view Body(Text.data() + I + 1, Close - I - 1);
    KeyPart P;
    P.IsPlaceholder = true;
    P.Offset = static_cast<unsigned>(I);
    std::size_t N = 0;
    while (N < Body.size() && isNameChar(Body[N]))
      ++N;
    if (N == 0) {
      Error = "expected a property name after '{' at " +
              column(static_cast<unsigned>(I + 1));
      return std::nullopt;
    }
    P.Text = std::string(Body.substr(0, N));
    std::string_view Rest = Body.substr(N);
    if (!Rest.empty() && Rest[0] == ':') {
      const std::size_t Bar = Rest.find('|');
      P.Format = std::string(Rest.substr(1, Bar == std::string_view::npos
                                                ? std::string_view::npos
                                                : Bar - 1));
      if (P.Format.empty()) {
        Error = "empty format after ':' at " +
                column(static_cast<unsigned>(I + 1 + N));
        return std::nullopt;
      }
      if (P.Format != "ticks")
        P.DateFormat = tokenizeDateFormat(P.Format);
      Rest = Bar == std::string_view::npos ? std::string_view()
                                           : Rest.substr(Bar);
    }
    if (!Rest.empty()) {
      if (Rest[0] != '|') {
        Error = "unexpected '" + std::string(1, Rest[0]) +
                "' in placeholder (expected ':format' or '|function') at " +
                column(static_cast<unsigned>(I + 1 + N));
        return std::nullopt;
      }
      if (!parseFunctions(Rest, static_cast<unsigned>(Close - Rest.size()), P,
                          Error))
        return std::nullopt;
    }
    T.Parts.push_back(std::move(P));
    I = Close + 1;
  }
  FlushLiteral();
  return T;
}

std::string renderPlaceholder(const KeyPart &Part, const EdmValue &Value,
                              std::optional<std::uint64_t> FixedBucket) {
  if (!Part.IsPlaceholder)
    return Part.Text;
  const EdmValue &V = Value;
  std::string Out;
  bool Rendered = false;
  for (const KeyFunction &Fn : Part.Functions) {
    switch (Fn.Fn) {
    case KeyFunction::Reverse:
      if (V.Type == EdmType::DateTime || V.Type == EdmType::Int64 ||
          V.Type == EdmType::Int32) {
        // DateTime.MaxValue.Ticks, the usual "reverse ticks" base.
        constexpr std::int64_t MaxTicks = 3155378975999999999LL;
        const std::int64_t Base =
            V.Type == EdmType::Int32 ? 2147483647LL
                                     : (V.Type == EdmType::Int64
                                            ? 9223372036854775807LL
                                            : MaxTicks);
        Out = padLeft(std::to_string(Base - V.Int), 19);
        Rendered = true;
      }
      break;
    case KeyFunction::Hash: {
      const std::string Basis =
          Rendered ? Out : defaultRendering(V, std::string());
      const std::uint64_t Bucket = FixedBucket ? *FixedBucket % Fn.Arg
                                               : hashBucketOf(Basis, Fn.Arg);
      std::string Text;
      appendHashBucket(Bucket, Fn.Arg, Text);
      Out = std::move(Text);
      Rendered = true;
      break;
    }
    case KeyFunction::Pad:
      if (!Rendered)
        Out = defaultRendering(V, Part.Format, Part.DateFormat);
      Out = padLeft(Out, static_cast<std::size_t>(Fn.Arg));
      Rendered = true;
      break;
    }
  }
  if (!Rendered)
    Out = defaultRendering(V, Part.Format, Part.DateFormat);
  return Out;
}

void appendPlaceholder(const KeyPart &Part, const EdmValue &Value,
                       std::string &Out) {
  // The cases below render as defaultRendering does, written in place.
  if (Part.IsPlaceholder && Part.Functions.empty()) {
    switch (Value.Type) {
    case EdmType::String:
    case EdmType::Guid:
      Out += Value.Text;
      return;
    case EdmType::DateTime:
      if (!Part.Format.empty() && Part.Format != "ticks") {
        if (Part.DateFormat.empty())
          appendDateTime(Value.Int, tokenizeDateFormat(Part.Format), Out);
        else
          appendDateTime(Value.Int, Part.DateFormat, Out);
        return;
      }
      break;
    default:
      break;
    }
  }
  Out += renderPlaceholder(Part, Value);
}

void appendHashBucket(std::uint64_t Bucket, std::uint64_t Buckets,
                      std::string &Out) {
  // Digits of Bucket, then zeros in front up to the width of Buckets - 1.
  char Digits[20];
  int N = 0;
  do {
    Digits[N++] = static_cast<char>('0' + Bucket % 10);
    Bucket /= 10;
  } while (Bucket);
  int Width = 0;
  std::uint64_t Largest = Buckets - 1;
  do {
    ++Width;
    Largest /= 10;
  } while (Largest);
  if (Width > N)
    Out.append(static_cast<std::size_t>(Width - N), '0');
  while (N)
    Out += Digits[--N];
}

std::uint64_t hashBucketOf(std::string_view Text, std::uint64_t Buckets) {
  return stableHash(Text) % Buckets;
}

std::uint64_t hashBucketCount(const KeyPart &Part) {
  for (const KeyFunction &Fn : Part.Functions)
    if (Fn.Fn == KeyFunction::Hash)
      return Fn.Arg;
  return 0;
}

void declareShards(Table &T, std::uint64_t Shards, SourcePos Pos) {
  T.Shards = Shards;
  T.ShardsPos = Pos;
  Property P;
  P.Name = ShardPlaceholder;
  P.Type = EdmType::Int32;
  P.Distinct = Shards;
  P.Path = T.Path + ".properties[" + P.Name + "]";
  P.Pos = Pos;
  T.Properties.push_back(std::move(P));
}

std::uint64_t KeyBuckets::countFor(std::string_view Value) const {
  for (const auto &[Text, Count] : Heavy)
    if (Text == Value)
      return Count;
  return Default;
}

std::uint64_t KeyBuckets::most() const {
  std::uint64_t Most = Default;
  for (const auto &Entry : Heavy)
    Most = std::max(Most, Entry.second);
  return Most;
}

const KeyPart *bucketedPart(const KeyTemplate &Key) {
  const KeyPart *Found = nullptr;
  for (const KeyPart &Part : Key.Parts) {
    if (!Part.IsPlaceholder || !hashBucketCount(Part))
      continue;
    if (Found)
      return nullptr;
    Found = &Part;
  }
  return Found;
}

std::vector<KeyPart> fanOutParts(const Query &Q) {
  std::vector<KeyPart> Out;
  if (Q.FanOut.empty())
    return Out;
  std::string Error;
  const std::optional<KeyTemplate> T = parseKeyTemplate(Q.Filter, Error);
  if (!T)
    return Out;
  for (const KeyPart &P : T->Parts)
    if (P.IsPlaceholder && hashBucketCount(P) > 0 &&
        std::find(Q.FanOut.begin(), Q.FanOut.end(), P.Text) !=
            Q.FanOut.end() &&
        std::none_of(Out.begin(), Out.end(),
                     [&](const KeyPart &O) { return O.Text == P.Text; }))
      Out.push_back(P); // one enumeration per property
  return Out;
}

bool newestFirstInKeyOrder(const KeyTemplate &RowKey,
                           const std::string &Property) {
  for (const KeyPart &P : RowKey.Parts) {
    if (!P.IsPlaceholder)
      continue; // a literal prefix sorts every entity alike
    return P.Text == Property &&
           std::any_of(P.Functions.begin(), P.Functions.end(),
                       [](const KeyFunction &F) {
                         return F.Fn == KeyFunction::Reverse;
                       });
  }
  return false;
}

std::optional<std::int64_t> keyOrderStep(const KeyTemplate &RowKey,
                                         const std::string &Property,
                                         int PinnedUnits) {
  for (const KeyPart &P : RowKey.Parts) {
    if (!P.IsPlaceholder)
      continue; // a literal prefix sorts every entity alike
    if (P.Text != Property)
      return std::nullopt;
    if (P.Functions.size() == 1 && P.Functions[0].Fn == KeyFunction::Reverse)
      return 1;
    if (!P.Functions.empty())
      return std::nullopt;
    const std::string &F = P.Format;
    if (F.empty() || F == "ticks")
      return 1;
    if ((F[0] == 'D' || F[0] == 'd') && F.size() > 1 &&
        std::all_of(F.begin() + 1, F.end(), [](char C) {
          return std::isdigit(static_cast<unsigned char>(C)) != 0;
        }))
      return 1;
    const std::optional<std::int64_t> Step =
        chronologicalStep(P.DateFormat, PinnedUnits);
    if (!Step || *Step == 0)
      return std::nullopt;
    return Step;
  }
  return std::nullopt;
}

int pinnedDateUnits(const Table &T, const std::string &Property) {
  int Units = 0;
  auto Scan = [&](const KeyTemplate &K) {
    for (const KeyPart &P : K.Parts)
      if (P.IsPlaceholder && P.Text == Property && P.Functions.empty())
        Units = std::max(Units, chronologicalUnits(P.DateFormat));
  };
  Scan(T.PartitionKey);
  if (T.NameTemplate)
    Scan(*T.NameTemplate);
  return Units;
}

std::uint64_t fanOutReads(const Query &Q) {
  std::uint64_t Reads = 1;
  constexpr std::uint64_t Saturated = 1ULL << 32;
  for (const KeyPart &P : fanOutParts(Q))
    Reads = std::min(Saturated, Reads * std::min(Saturated, hashBucketCount(P)));
  return Reads;
}

bool KeyTemplate::isConstant() const {
  for (const KeyPart &P : Parts)
    if (P.IsPlaceholder)
      return false;
  return true;
}

std::vector<std::string> KeyTemplate::properties() const {
  std::vector<std::string> Out;
  for (const KeyPart &P : Parts)
    if (P.IsPlaceholder)
      Out.push_back(P.Text);
  return Out;
}

bool purgesAtRetention(const Table &T) {
  if (!T.RetentionSeconds || *T.RetentionSeconds <= 0)
    return false;
  double Inserts = 0, Deletes = 0;
  for (const Write &W : T.Writes)
    if (createsEntity(W.Op))
      Inserts += W.Frequency.PerSecond;
    else if (W.Op == WriteKind::Delete)
      Deletes += W.Frequency.PerSecond;
  return Inserts > 0 && Deletes >= PurgeShareOfInserts * Inserts;
}

std::vector<std::string> cutoffProperties(const Table &T, const Query &Q) {
  std::string Problem;
  const std::optional<KeyTemplate> K = parseKeyTemplate(Q.Filter, Problem);
  if (!K)
    return {};
  // Each placeholder becomes the parser's unknown-value byte; At[i] is the
  // placeholder that byte i of the substituted text stands for (null for
  // a byte of literal text).
  std::string Substituted;
  std::vector<const KeyPart *> At;
  for (const KeyPart &P : K->Parts) {
    if (P.IsPlaceholder) {
      Substituted += UnknownValueMarker;
      At.push_back(&P);
      continue;
    }
    Substituted += P.Text;
    At.resize(Substituted.size(), nullptr);
  }
  FilterParseOptions Parse;
  Parse.Placeholder = UnknownValueMarker;
  const FilterParseResult R = parseFilter(Substituted, Parse);
  if (!R)
    return {};
  std::vector<std::string> Out;
  for (const FilterNode &N : R.filter().Nodes) {
    const Property *P = T.property(N.Property);
    if (N.Kind != FilterNodeKind::Compare ||
        (N.Op != CompareOp::Lt && N.Op != CompareOp::Le) || !P ||
        P->Type != EdmType::DateTime || N.Literal.Known)
      continue;
    // The literal holds exactly one placeholder, and it names P.
    const KeyPart *Only = nullptr;
    unsigned Placeholders = 0;
    for (std::uint32_t I = N.Literal.Offset;
         I < N.Literal.Offset + N.Literal.Length && I < At.size(); ++I)
      if (At[I]) {
        Only = At[I];
        ++Placeholders;
      }
    if (Placeholders == 1 && Only->Text == P->Name && Only->Format.empty() &&
        Only->Functions.empty() &&
        std::find(Out.begin(), Out.end(), P->Name) == Out.end())
      Out.push_back(P->Name);
  }
  return Out;
}

const Property *Table::property(const std::string &PropName) const {
  for (const Property &P : Properties)
    if (P.Name == PropName)
      return &P;
  return nullptr;
}

const Write *Table::write(const std::string &WriteName) const {
  for (const Write &W : Writes)
    if (W.Name == WriteName)
      return &W;
  return nullptr;
}

const Account *Schema::account(const std::string &AccountName) const {
  for (const Account &A : Accounts)
    if (A.Name == AccountName)
      return &A;
  return nullptr;
}

const Client *Schema::client(const std::string &ClientName) const {
  for (const Client &C : Clients)
    if (C.Name == ClientName)
      return &C;
  return nullptr;
}

const Table *Schema::table(const std::string &TableName) const {
  for (const Table &T : Tables)
    if (T.Name == TableName)
      return &T;
  return nullptr;
}

double formatPeriodSeconds(const KeyPart &Part) {
  if (Part.Format.empty() || Part.Format == "ticks")
    return 1e-7;
  return finestUnitSeconds(Part.DateFormat.empty()
                               ? tokenizeDateFormat(Part.Format)
                               : Part.DateFormat);
}

} // namespace tablelint::schema
