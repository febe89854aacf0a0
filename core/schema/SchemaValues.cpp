// Parsing and canonical printing of the schema's value languages.
#include "core/schema/SchemaValues.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tablelint::schema {

namespace {

struct Unit {
  std::string_view Name;
  double Factor;
};

// A decimal number at the start of Text: [-]digits[.digits]. Returns the
// number of bytes read (0 when there is no number).
std::size_t readDecimal(std::string_view Text, double &Value) {
  std::size_t I = 0;
  if (I < Text.size() && Text[I] == '-')
    ++I;
  const std::size_t DigitsStart = I;
  while (I < Text.size() && Text[I] >= '0' && Text[I] <= '9')
    ++I;
  bool Any = I > DigitsStart;
  if (I < Text.size() && Text[I] == '.') {
    ++I;
    const std::size_t FractionStart = I;
    while (I < Text.size() && Text[I] >= '0' && Text[I] <= '9')
      ++I;
    Any = Any || I > FractionStart;
  }
  if (!Any || I > 40)
    return 0;
  Value = std::strtod(std::string(Text.substr(0, I)).c_str(), nullptr);
  return I;
}

// "<number><unit>" with one of Units; the unit must match exactly.
std::optional<double> parseWithUnit(std::string_view Text,
                                    std::initializer_list<Unit> Units,
                                    double &Number,
                                    std::string_view &UnitName) {
  const std::size_t N = readDecimal(Text, Number);
  if (N == 0)
    return std::nullopt;
  std::string_view Rest = Text.substr(N);
  while (!Rest.empty() && Rest.front() == ' ')
    Rest.remove_prefix(1);
  for (const Unit &U : Units)
    if (Rest == U.Name) {
      UnitName = U.Name;
      return Number * U.Factor;
    }
  return std::nullopt;
}

double multiplier(char Suffix) {
  switch (Suffix) {
  case 'k':
  case 'K':
    return 1e3;
  case 'M':
    return 1e6;
  case 'G':
    return 1e9;
  default:
    return 0;
  }
}

template <typename E> struct Keyword {
  std::string_view Name;
  E Value;
};

constexpr Keyword<ClientKind> ClientKinds[] = {{"service", ClientKind::Service},
                                               {"browser", ClientKind::Browser},
                                               {"mobile", ClientKind::Mobile}};
constexpr Keyword<AuthKind> AuthKinds[] = {{"token", AuthKind::Token},
                                           {"sas", AuthKind::Sas},
                                           {"shared-key", AuthKind::SharedKey}};
constexpr Keyword<RetryPolicyKind> RetryPolicies[] = {
    {"none", RetryPolicyKind::None},
    {"exponential", RetryPolicyKind::Exponential},
    {"linear", RetryPolicyKind::Linear},
    {"constant", RetryPolicyKind::Constant},
    {"immediate", RetryPolicyKind::Immediate}};
constexpr Keyword<PayloadFormat> PayloadFormats[] = {
    {"json-nometadata", PayloadFormat::JsonNoMetadata},
    {"json-minimalmetadata", PayloadFormat::JsonMinimalMetadata},
    {"json-fullmetadata", PayloadFormat::JsonFullMetadata},
    {"atom", PayloadFormat::AtomPub}};
constexpr Keyword<WriteKind> WriteKinds[] = {
    {"insert", WriteKind::Insert},
    {"update", WriteKind::Update},
    {"merge", WriteKind::Merge},
    {"insert-or-replace", WriteKind::InsertOrReplace},
    {"insert-or-merge", WriteKind::InsertOrMerge},
    {"delete", WriteKind::Delete}};

template <typename E, std::size_t N>
std::string_view nameOf(const Keyword<E> (&Table)[N], E Value) {
  for (const Keyword<E> &K : Table)
    if (K.Value == Value)
      return K.Name;
  return Table[0].Name;
}

template <typename E, std::size_t N>
std::optional<E> valueOf(const Keyword<E> (&Table)[N], std::string_view Name) {
  for (const Keyword<E> &K : Table)
    if (K.Name == Name)
      return K.Value;
  return std::nullopt;
}

// The arguments of "name(a, b)"; false when the parentheses are malformed.
bool splitCall(std::string_view Text, std::string_view &Name,
               std::vector<std::string_view> &Args) {
  const std::size_t Open = Text.find('(');
  Name = Text.substr(0, Open);
  Args.clear();
  if (Open == std::string_view::npos)
    return true;
  if (Text.back() != ')')
    return false;
  std::string_view Inner = Text.substr(Open + 1, Text.size() - Open - 2);
  while (true) {
    const std::size_t Comma = Inner.find(',');
    std::string_view Arg = Inner.substr(0, Comma);
    while (!Arg.empty() && Arg.front() == ' ')
      Arg.remove_prefix(1);
    while (!Arg.empty() && Arg.back() == ' ')
      Arg.remove_suffix(1);
    Args.push_back(Arg);
    if (Comma == std::string_view::npos)
      return true;
    Inner.remove_prefix(Comma + 1);
  }
}

template <typename E, std::size_t N>
std::string choicesOf(const Keyword<E> (&Table)[N]) {
  std::string Out;
  for (const Keyword<E> &K : Table)
    Out += (Out.empty() ? "" : ", ") + std::string(K.Name);
  return Out;
}

} // namespace

std::optional<double> parseNumber(std::string_view Text, std::string &Error) {
  double V = 0;
  if (readDecimal(Text, V) != Text.size() || Text.empty()) {
    Error = "expected a number, got '" + std::string(Text) + "'";
    return std::nullopt;
  }
  if (V < 0) {
    Error = "expected a non-negative number, got '" + std::string(Text) + "'";
    return std::nullopt;
  }
  return V;
}

std::optional<std::uint64_t> parseCount(std::string_view Text,
                                        std::string &Error) {
  double V = 0;
  const std::size_t N = readDecimal(Text, V);
  double Scale = 1;
  if (N + 1 == Text.size())
    Scale = multiplier(Text.back());
  if (N == 0 || V < 0 || Scale == 0 ||
      (N != Text.size() && N + 1 != Text.size())) {
    Error = "expected a whole number like 50000 or 2M, got '" +
            std::string(Text) + "'";
    return std::nullopt;
  }
  const double Value = V * Scale;
  if (Value > 1e18) {
    // A whole number all the same: say what is wrong with it.
    Error = "'" + std::string(Text) +
            "' is too large: tablelint accepts whole numbers up to 1e18 (a "
            "typo?)";
    return std::nullopt;
  }
  if (Value != std::floor(Value)) {
    Error = "expected a whole number like 50000 or 2M, got '" +
            std::string(Text) + "'";
    return std::nullopt;
  }
  return static_cast<std::uint64_t>(Value);
}

bool isUnknownRate(const Rate &R) {
  return R.PerSecond == 0 && R.Text == UnknownRateText;
}

std::optional<double> parseRatePerSecond(std::string_view Text,
                                         std::string &Error) {
  const std::string Expected =
      "expected a rate like 6000/s, 20/min, 1.5k/h or 2M/day, got '" +
      std::string(Text) + "'";
  const std::size_t Slash = Text.find('/');
  if (Slash == std::string_view::npos) {
    Error = Expected;
    return std::nullopt;
  }
  std::string_view Count = Text.substr(0, Slash);
  while (!Count.empty() && Count.back() == ' ')
    Count.remove_suffix(1);
  double V = 0;
  const std::size_t N = readDecimal(Count, V);
  double Scale = 1;
  if (N + 1 == Count.size())
    Scale = multiplier(Count.back());
  else if (N != Count.size())
    Scale = 0;
  std::string_view Per = Text.substr(Slash + 1);
  while (!Per.empty() && Per.front() == ' ')
    Per.remove_prefix(1);
  double Seconds = 0;
  if (Per == "s" || Per == "sec" || Per == "second")
    Seconds = 1;
  else if (Per == "min" || Per == "minute")
    Seconds = 60;
  else if (Per == "h" || Per == "hour")
    Seconds = 3600;
  else if (Per == "d" || Per == "day")
    Seconds = 86400;
  if (N == 0 || Scale == 0 || Seconds == 0) {
    Error = Expected;
    return std::nullopt;
  }
  if (V < 0) {
    Error = "a rate cannot be negative, got '" + std::string(Text) + "'";
    return std::nullopt;
  }
  return V * Scale / Seconds;
}

std::optional<double> parseDurationSeconds(std::string_view Text,
                                           std::string &Error) {
  double Number = 0;
  std::string_view UnitName;
  std::optional<double> V = parseWithUnit(
      Text, {{"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}, {"d", 86400}},
      Number, UnitName);
  if (!V) {
    Error = "expected a duration like 800ms, 60s, 5m, 2h or 90d, got '" +
            std::string(Text) + "'";
    return std::nullopt;
  }
  if (*V < 0) {
    Error = "a duration cannot be negative, got '" + std::string(Text) + "'";
    return std::nullopt;
  }
  if (*V > MaxDurationSeconds) {
    Error = "a duration is at most " + formatDuration(MaxDurationSeconds) +
            " (100 years), got '" + std::string(Text) + "'";
    return std::nullopt;
  }
  return V;
}

std::optional<double> parseBandwidthBitsPerSecond(std::string_view Text,
                                                  std::string &Error) {
  double Number = 0;
  std::string_view UnitName;
  std::optional<double> V = parseWithUnit(
      Text,
      {{"bps", 1}, {"kbps", 1e3}, {"Kbps", 1e3}, {"Mbps", 1e6}, {"Gbps", 1e9}},
      Number, UnitName);
  if (!V || *V <= 0) {
    Error = "expected a positive bandwidth like 100Mbps or 1Gbps, got '" +
            std::string(Text) + "'";
    return std::nullopt;
  }
  return V;
}

std::optional<Distribution> parseDistribution(std::string_view Text,
                                              std::string &Error) {
  Distribution D;
  D.Text = std::string(Text);
  std::string_view Name;
  std::vector<std::string_view> Args;
  const std::string Expected =
      "expected a distribution: uniform, zipf(s), hotspot(data, ops), latest "
      "or sequential, got '" +
      std::string(Text) + "'";
  if (Text.empty() || !splitCall(Text, Name, Args)) {
    Error = Expected;
    // A comma ends a plain value inside { }: "hotspot(0.2" is what is left.
    if (Text.find(')') == std::string_view::npos &&
        Text.find('(') != std::string_view::npos)
      Error += "; inside { } quote it: \"hotspot(0.2, 0.8)\"";
    return std::nullopt;
  }
  auto Arg = [&](std::size_t I, double &Out) {
    std::string Ignored;
    std::optional<double> V = parseNumber(Args[I], Ignored);
    if (V)
      Out = *V;
    return V.has_value();
  };
  if ((Name == "uniform" || Name == "latest" || Name == "sequential") &&
      Args.empty()) {
    D.Kind = Name == "uniform"  ? DistributionKind::Uniform
             : Name == "latest" ? DistributionKind::Latest
                                : DistributionKind::Sequential;
    return D;
  }
  if (Name == "zipf") {
    D.Kind = DistributionKind::Zipf;
    // YCSB's constant: the skew most published workloads use.
    D.Param = 0.99;
    if (Args.empty())
      return D;
    if (Args.size() == 1 && Arg(0, D.Param) && D.Param > 0 && D.Param <= 10)
      return D;
    Error = "zipf takes one exponent s with 0 < s <= 10, as in zipf(0.99), "
            "got '" +
            std::string(Text) + "'";
    return std::nullopt;
  }
  if (Name == "hotspot") {
    D.Kind = DistributionKind::Hotspot;
    if (Args.empty())
      return D;
    if (Args.size() == 2 && Arg(0, D.HotDataFraction) &&
        Arg(1, D.HotOpFraction) && D.HotDataFraction > 0 &&
        D.HotDataFraction < 1 && D.HotOpFraction > 0 && D.HotOpFraction < 1)
      return D;
    Error = "hotspot takes two fractions between 0 and 1 (hot data, its share "
            "of uses), as in hotspot(0.2, 0.8), got '" +
            std::string(Text) + "'";
    return std::nullopt;
  }
  Error = Expected;
  return std::nullopt;
}

std::string formatNumber(double Value) {
  // The shortest %g that reads back to the same double.
  char Buf[64];
  for (int Precision = 6; Precision <= 17; ++Precision) {
    std::snprintf(Buf, sizeof Buf, "%.*g", Precision, Value);
    if (std::strtod(Buf, nullptr) == Value)
      break;
  }
  std::string S = Buf;
  // The schema's number grammar has no exponents: print those in full.
  if (S.find('e') != std::string::npos) {
    std::snprintf(Buf, sizeof Buf, "%.17f", Value);
    S = Buf;
    if (S.find('.') != std::string::npos) {
      while (S.back() == '0')
        S.pop_back();
      if (S.back() == '.')
        S.pop_back();
    }
  }
  return S;
}

std::string formatDuration(double Seconds) {
  // The largest unit that shows the value exactly.
  const Unit Units[] = {{"d", 86400}, {"h", 3600}, {"m", 60}, {"s", 1}};
  for (const Unit &U : Units) {
    const double N = Seconds / U.Factor;
    if (Seconds > 0 && N >= 1 && N == std::floor(N))
      return formatNumber(N) + std::string(U.Name);
  }
  const double Ms = Seconds * 1000;
  if (Ms == std::floor(Ms))
    return formatNumber(Ms) + "ms";
  return formatNumber(Seconds) + "s";
}

std::string formatBandwidth(double BitsPerSecond) {
  const Unit Units[] = {{"Gbps", 1e9}, {"Mbps", 1e6}, {"kbps", 1e3}};
  for (const Unit &U : Units) {
    const double N = BitsPerSecond / U.Factor;
    if (N >= 1 && N * U.Factor == BitsPerSecond)
      return formatNumber(N) + std::string(U.Name);
  }
  return formatNumber(BitsPerSecond) + "bps";
}

std::string formatRate(double PerSecond) {
  // Per second unless a longer period gives a whole number and the per
  // second figure would not.
  if (PerSecond == std::floor(PerSecond))
    return formatNumber(PerSecond) + "/s";
  const Unit Periods[] = {{"min", 60}, {"h", 3600}, {"day", 86400}};
  for (const Unit &U : Periods) {
    const double N = PerSecond * U.Factor;
    if (N == std::floor(N) && N / U.Factor == PerSecond)
      return formatNumber(N) + "/" + std::string(U.Name);
  }
  return formatNumber(PerSecond) + "/s";
}

std::string formatDistribution(const Distribution &D) {
  switch (D.Kind) {
  case DistributionKind::Uniform:
    return "uniform";
  case DistributionKind::Zipf:
    return "zipf(" + formatNumber(D.Param) + ")";
  case DistributionKind::Hotspot:
    return "hotspot(" + formatNumber(D.HotDataFraction) + ", " +
           formatNumber(D.HotOpFraction) + ")";
  case DistributionKind::Latest:
    return "latest";
  case DistributionKind::Sequential:
    return "sequential";
  }
  return "uniform";
}

std::string_view clientKindName(ClientKind K) { return nameOf(ClientKinds, K); }
std::string_view authKindName(AuthKind K) { return nameOf(AuthKinds, K); }
std::string_view retryPolicyName(RetryPolicyKind K) {
  return nameOf(RetryPolicies, K);
}
std::string_view payloadFormatName(PayloadFormat F) {
  return nameOf(PayloadFormats, F);
}
std::string_view writeKindName(WriteKind K) { return nameOf(WriteKinds, K); }

std::string clientKindChoices() { return choicesOf(ClientKinds); }
std::string authKindChoices() { return choicesOf(AuthKinds); }
std::string retryPolicyChoices() { return choicesOf(RetryPolicies); }
std::string payloadFormatChoices() { return choicesOf(PayloadFormats); }
std::string writeKindChoices() { return choicesOf(WriteKinds); }

std::optional<ClientKind> parseClientKind(std::string_view Text) {
  return valueOf(ClientKinds, Text);
}
std::optional<AuthKind> parseAuthKind(std::string_view Text) {
  return valueOf(AuthKinds, Text);
}
std::optional<RetryPolicyKind> parseRetryPolicy(std::string_view Text) {
  return valueOf(RetryPolicies, Text);
}
std::optional<PayloadFormat> parsePayloadFormat(std::string_view Text) {
  return valueOf(PayloadFormats, Text);
}
std::optional<WriteKind> parseWriteKind(std::string_view Text) {
  return valueOf(WriteKinds, Text);
}

} // namespace tablelint::schema
