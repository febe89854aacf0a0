// The schema loader: hostile-input guards, strict reading of every section,
// cross-reference checks, then comments (notes and suppressions).
#include "core/schema/SchemaLoader.h"

#include "core/Filter.h"
#include "core/InputFile.h"
#include "core/NameHint.h"
#include "core/ServiceLimits.h"
#include "core/YamlGuard.h"
#include "core/YamlReader.h"
#include "core/schema/EntityTypes.h"
#include "core/schema/SchemaComments.h"
#include "core/schema/SchemaValues.h"
#include "core/schema/YamlLines.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace tablelint::schema {

namespace {

// Above this many entities (operations) per second a rate is a typo: the
// whole Table service in a region does not serve it to one schema.
constexpr double AbsurdRatePerSecond = 1e9;

SourcePos posOf(const YAML::Node &N) {
  SourcePos P;
  if (N.IsDefined() && N.Mark().line >= 0) {
    P.Line = static_cast<unsigned>(N.Mark().line) + 1;
    P.Column = static_cast<unsigned>(N.Mark().column) + 1;
  }
  return P;
}

// parseKeyTemplate ends its messages with " at column N" (1-based, inside
// the template): removes that and returns the 0-based offset, so the error
// can point at the column inside the YAML value instead.
std::size_t takeColumn(std::string &Problem) {
  const std::string Marker = " at column ";
  const std::size_t At = Problem.rfind(Marker);
  if (At == std::string::npos)
    return 0;
  const std::size_t Column =
      std::strtoul(Problem.c_str() + At + Marker.size(), nullptr, 10);
  Problem.erase(At);
  return Column ? Column - 1 : 0;
}

InputFileLimit schemaFileLimit(const SchemaLoadOptions &Options) {
  return {Options.MaxFileBytes, "schema files"};
}

bool isInteger(EdmType T) { return T == EdmType::Int32 || T == EdmType::Int64; }

// A placeholder's format and functions must fit its property's type, or the
// key renders differently from what the template says (a date format on a
// string is printed as the plain string).
std::optional<std::string> placeholderTypeProblem(const KeyPart &P,
                                                  const Property &Prop) {
  const std::string Type(edmShortName(Prop.Type));
  const std::string Name = "'{" + P.Text + ":" + P.Format + "}'";
  if (!P.Format.empty()) {
    if (isInteger(Prop.Type)) {
      const bool Digits =
          P.Format.size() > 1 && P.Format.size() < 4 &&
          (P.Format[0] == 'D' || P.Format[0] == 'd') &&
          P.Format.find_first_not_of("0123456789", 1) == std::string::npos;
      if (!Digits)
        return Name + ": an integer format is D<n> (zero-padded to n " +
               "digits), as in {" + P.Text + ":D10}";
    } else if (Prop.Type != EdmType::DateTime) {
      return Name + ": formats apply to datetime and integer properties; '" +
             P.Text + "' is " + Type;
    }
  }
  for (const KeyFunction &F : P.Functions)
    if (F.Fn == KeyFunction::Reverse && Prop.Type != EdmType::DateTime &&
        !isInteger(Prop.Type))
      return "'reverse' in '{" + P.Text +
             "|reverse}' applies to datetime and integer properties; '" +
             P.Text + "' is " + Type;
  return std::nullopt;
}

bool isSystemProperty(std::string_view Name) {
  return Name == "PartitionKey" || Name == "RowKey" || Name == "Timestamp";
}

// The names of a list of elements, for did-you-mean hints.
template <typename T>
std::vector<std::string> namesOf(const std::vector<T> &V) {
  std::vector<std::string> Out;
  for (const T &E : V)
    Out.push_back(E.Name);
  return Out;
}

// Finds the first element named Name, or nullptr.
template <typename T>
const T *findNamed(const std::vector<T> &V, const std::string &Name) {
  for (const T &E : V)
    if (E.Name == Name)
      return &E;
  return nullptr;
}

class Loader {
public:
  Loader(const std::vector<YamlLine> &Lines, const std::string &File,
         const SchemaLoadOptions &Options, Schema &S,
         std::vector<InputError> &Errors)
      : Lines(Lines), File(File), Options(Options), S(S), Errors(Errors) {}

  void load(const YAML::Node &Root);

private:
  // --- reporting
  void error(const YAML::Node &At, std::string Message) {
    Errors.push_back(errorAt(File, At, std::move(Message)));
  }
  void errorAtPos(SourcePos P, std::string Message) {
    Errors.push_back({File, P.Line, P.Column, std::move(Message)});
  }
  // The position of byte Offset inside the string value of node At.
  SourcePos insideScalar(const YAML::Node &At, std::size_t Offset) const;

  // --- typed values (nullopt when absent or wrong; wrong is reported)
  std::optional<std::string> scalar(YamlMap &M, std::string_view Key,
                                    bool Required = false);
  std::optional<std::uint64_t> count(YamlMap &M, std::string_view Key,
                                     bool Required = false);
  std::optional<double> number(YamlMap &M, std::string_view Key);
  std::optional<double> duration(YamlMap &M, std::string_view Key);
  std::optional<bool> boolean(YamlMap &M, std::string_view Key);
  std::optional<Rate> rate(YamlMap &M, std::string_view Key);
  template <typename E>
  std::optional<E> keyword(YamlMap &M, std::string_view Key,
                           std::optional<E> (*Parse)(std::string_view),
                           const std::string &Choices, bool Required = false);
  // A list of names, each at its own position.
  std::vector<std::pair<std::string, SourcePos>>
  names(YamlMap &M, std::string_view Key, bool Required = false);
  // Calls Read for each item of the sequence under Key.
  template <typename Fn>
  void forEachItem(YamlMap &M, std::string_view Key, const char *What, Fn Read);

  // --- sections
  void loadAccount(const YAML::Node &N, std::size_t Index);
  void loadClient(const YAML::Node &N, std::size_t Index);
  void loadRetry(YamlMap &Parent, Client &C);
  void loadTable(const YAML::Node &N, std::size_t Index);
  void loadProperty(Table &T, const YAML::Node &Key, const YAML::Node &Value);
  void loadProperties(Table &T, YamlMap &M);
  void loadNameTemplate(Table &T, YamlMap &M);
  void loadKeyBuckets(Table &T, YamlMap &M);
  void loadShards(Table &T, YamlMap &M);
  void checkShardKeys(const Table &T, YamlMap &M);
  std::optional<std::uint64_t> bucketCount(const YAML::Node &V,
                                           const std::string &What,
                                           std::uint64_t Most);
  void loadEntityType(Table &T, const YAML::Node &N, std::size_t Index);
  // The properties a write or query of T sees: those of the entity type it
  // names (reported when unknown or missing); T itself for one type.
  const Table &scopeOf(const Table &T, YamlMap &M, std::string &TypeName,
                       const std::string &Subject, bool Required);
  void loadWrite(Table &T, const YAML::Node &N, std::size_t Index);
  void loadQuery(Table &T, const YAML::Node &N, std::size_t Index);
  void loadCutoff(const Table &T, Query &Q, const std::string &Text,
                  const YAML::Node &At);
  void loadTransaction(Table &T, const YAML::Node &N, std::size_t Index);

  // --- checks that tie the file together
  std::string elementName(YamlMap &M, const std::string &Section,
                          std::size_t Index, std::string &Path);
  template <typename T>
  void checkUnique(const std::vector<T> &V, const std::string &What);
  void checkValues(Property &P, const YAML::Node &ValuesNode,
                   const YAML::Node &WeightsNode);
  std::optional<KeyTemplate> keyTemplate(YamlMap &M, std::string_view Key,
                                         const Table &T, bool Required = true);
  void checkPlaceholders(const KeyTemplate &K, const YAML::Node &At,
                         const Table &T, const std::string &Where);
  void checkFilter(const Table &T, const Query &Q, const YAML::Node &At);
  void checkWhen(const Table &T, const Write &W, const YAML::Node &At);
  void checkFanOut(const Table &T, const Query &Q,
                   const std::vector<std::pair<std::string, SourcePos>> &Names);
  void checkWriteFanOut(
      const Table &T, const Table &Scope, const Write &W,
      const std::vector<std::pair<std::string, SourcePos>> &Names);
  bool propertiesKnown(const Table &T) const {
    return !(Options.Fragment && T.Properties.empty());
  }
  void checkPropertyNames(
      const Table &T,
      const std::vector<std::pair<std::string, SourcePos>> &Names,
      const std::string &Subject, const std::string &Verb);
  void checkReferences();
  void checkMirroredWrites();

  struct Reference {
    std::string Kind; // "account" | "client"
    std::string Name;
    SourcePos Pos;
    std::string Subject; // "table 'T'", "query 'q'"
  };

  const std::vector<YamlLine> &Lines;
  const std::string &File;
  const SchemaLoadOptions &Options;
  Schema &S;
  std::vector<InputError> &Errors;
  std::vector<Reference> References;
  // The table being loaded seen per entity type: its shared properties and
  // the type's own (empty for a table without entityTypes).
  std::vector<Table> TypeScopes;
};

SourcePos Loader::insideScalar(const YAML::Node &At, std::size_t Offset) const {
  SourcePos P = posOf(At);
  if (P.Line == 0)
    return P;
  std::tie(P.Line, P.Column) =
      positionInScalar(Lines, P.Line, P.Column - 1, Offset);
  return P;
}

std::optional<std::string> Loader::scalar(YamlMap &M, std::string_view Key,
                                          bool Required) {
  return M.string(Key, Required);
}

std::optional<std::uint64_t> Loader::count(YamlMap &M, std::string_view Key,
                                           bool Required) {
  YAML::Node V = M.get(Key, Required);
  if (!V.IsDefined())
    return std::nullopt;
  std::string Problem;
  std::optional<std::uint64_t> N;
  if (V.IsScalar())
    N = parseCount(V.Scalar(), Problem);
  else
    Problem = "expected a whole number like 50000 or 2M";
  if (!N)
    error(V, "'" + std::string(Key) + "': " + Problem);
  return N;
}

std::optional<double> Loader::number(YamlMap &M, std::string_view Key) {
  YAML::Node V = M.get(Key, false);
  if (!V.IsDefined())
    return std::nullopt;
  std::string Problem = "expected a number";
  std::optional<double> N;
  if (V.IsScalar())
    N = parseNumber(V.Scalar(), Problem);
  if (!N)
    error(V, "'" + std::string(Key) + "': " + Problem);
  return N;
}

std::optional<double> Loader::duration(YamlMap &M, std::string_view Key) {
  YAML::Node V = M.get(Key, false);
  if (!V.IsDefined())
    return std::nullopt;
  std::string Problem = "expected a duration like 800ms, 60s, 5m, 2h or 90d";
  std::optional<double> D;
  if (V.IsScalar())
    D = parseDurationSeconds(V.Scalar(), Problem);
  if (!D)
    error(V, "'" + std::string(Key) + "': " + Problem);
  return D;
}

std::optional<bool> Loader::boolean(YamlMap &M, std::string_view Key) {
  YAML::Node V = M.get(Key, false);
  if (!V.IsDefined())
    return std::nullopt;
  if (V.IsScalar() && (V.Scalar() == "true" || V.Scalar() == "false"))
    return V.Scalar() == "true";
  error(V, "'" + std::string(Key) + "' must be true or false");
  return std::nullopt;
}

std::optional<Rate> Loader::rate(YamlMap &M, std::string_view Key) {
  YAML::Node V = M.get(Key, true);
  if (!V.IsDefined())
    return std::nullopt;
  // A drafted schema's rate not filled in yet (`schema init`): declared,
  // unknown, counted as no load.
  if (V.IsScalar() && V.Scalar() == UnknownRateText)
    return Rate{0, std::string(UnknownRateText), posOf(V)};
  std::string Problem = "expected a rate like 6000/s, 20/min, 1.5k/h or 2M/day";
  std::optional<double> PerSecond;
  if (V.IsScalar())
    PerSecond = parseRatePerSecond(V.Scalar(), Problem);
  if (!PerSecond) {
    error(V, "'" + std::string(Key) + "': " + Problem);
    return std::nullopt;
  }
  if (*PerSecond == 0) {
    error(V, "'" + std::string(Key) +
                 "' is zero; remove the access pattern if it never runs");
    return std::nullopt;
  }
  if (*PerSecond > AbsurdRatePerSecond) {
    error(V, "'" + std::string(Key) + "' " + V.Scalar() + " is " +
                 formatNumber(*PerSecond) +
                 " per second; tablelint accepts at "
                 "most " +
                 formatRate(AbsurdRatePerSecond) + " (a typo?)");
    return std::nullopt;
  }
  Rate R;
  R.PerSecond = *PerSecond;
  R.Text = V.Scalar();
  R.Pos = posOf(V);
  return R;
}

namespace {

// What a keyword written in another tool's or SDK's words is called here
// ("upsert" is one of two ops), for the error that rejects it.
std::string keywordHint(std::string_view Key, std::string_view Value) {
  struct Hint {
    std::string_view Key, Value, Text;
  };
  static constexpr Hint Hints[] = {
      {"op", "upsert",
       "an upsert is insert-or-replace (UpsertEntity, or "
       "UpdateOrInsertEntity, in Replace mode) or insert-or-merge (in Merge "
       "mode)"},
      {"op", "replace", "a replace of an existing entity is update"},
      {"op", "add", "adding an entity is insert"},
      {"op", "create", "creating an entity is insert"},
      {"op", "remove", "removing an entity is delete"},
      {"policy", "fixed", "a fixed delay between retries is constant"},
      {"policy", "exponential-backoff", "backoff that doubles is exponential"},
      {"policy", "no-retry", "no retries is none"},
  };
  for (const Hint &H : Hints)
    if (H.Key == Key && H.Value == Value)
      return std::string(": ") + std::string(H.Text);
  return "";
}

} // namespace

template <typename E>
std::optional<E> Loader::keyword(YamlMap &M, std::string_view Key,
                                 std::optional<E> (*Parse)(std::string_view),
                                 const std::string &Choices, bool Required) {
  YAML::Node V = M.get(Key, Required);
  if (!V.IsDefined())
    return std::nullopt;
  std::optional<E> Value;
  if (V.IsScalar())
    Value = Parse(V.Scalar());
  if (!Value)
    error(V, "'" + std::string(Key) + "' must be one of " + Choices +
                 (V.IsScalar() ? ", got '" + V.Scalar() + "'" +
                                     keywordHint(Key, V.Scalar())
                               : std::string()));
  return Value;
}

std::vector<std::pair<std::string, SourcePos>>
Loader::names(YamlMap &M, std::string_view Key, bool Required) {
  std::vector<std::pair<std::string, SourcePos>> Out;
  YAML::Node V = M.get(Key, Required);
  if (!V.IsDefined())
    return Out;
  if (!V.IsSequence()) {
    error(V, "'" + std::string(Key) + "' must be a list of names");
    return Out;
  }
  for (const auto &Item : V) {
    if (!Item.IsScalar() || Item.Scalar().empty()) {
      error(Item, "'" + std::string(Key) + "' must be a list of names");
      continue;
    }
    Out.emplace_back(Item.Scalar(), posOf(Item));
  }
  return Out;
}

template <typename Fn>
void Loader::forEachItem(YamlMap &M, std::string_view Key, const char *What,
                         Fn Read) {
  YAML::Node V = M.get(Key, false);
  if (!V.IsDefined() || V.IsNull())
    return;
  if (!V.IsSequence()) {
    error(V, "'" + std::string(Key) + "' must be a list of " + What);
    return;
  }
  std::size_t Index = 0;
  for (const auto &Item : V)
    Read(Item, Index++);
}

std::string Loader::elementName(YamlMap &M, const std::string &Section,
                                std::size_t Index, std::string &Path) {
  std::optional<std::string> Name = scalar(M, "name", true);
  // An element without a name still gets a path, by position.
  Path = Section + "[" + (Name ? *Name : "#" + std::to_string(Index + 1)) + "]";
  return Name.value_or(std::string());
}

template <typename T>
void Loader::checkUnique(const std::vector<T> &V, const std::string &What) {
  // The first declaration of each name: one pass, not a search of the
  // earlier ones for each (a schema may declare tens of thousands).
  std::unordered_map<std::string_view, std::size_t> First;
  First.reserve(V.size());
  for (std::size_t I = 0; I < V.size(); ++I) {
    if (V[I].Name.empty())
      continue;
    const auto [It, New] = First.emplace(V[I].Name, I);
    if (!New)
      errorAtPos(V[I].Pos, "duplicate " + What + " name '" + V[I].Name +
                               "' (first declared at line " +
                               std::to_string(V[It->second].Pos.Line) + ")");
  }
}

void Loader::load(const YAML::Node &Root) {
  if (!Root.IsDefined() || Root.IsNull()) {
    Errors.push_back({File, 0, 0,
                      "empty schema: expected a mapping with 'version' and "
                      "'tables'"});
    return;
  }
  YamlMap Top(Root, File, Errors, "schema");
  if (!Top.valid())
    return;
  YAML::Node Version = Top.get("version", !Options.Fragment);
  if (Version.IsDefined()) {
    if (!Version.IsScalar() || Version.Scalar() != "1")
      error(Version, "unsupported schema version '" +
                         (Version.IsScalar() ? Version.Scalar() : "") +
                         "'; this tablelint reads version " +
                         std::to_string(CurrentSchemaVersion));
  }
  forEachItem(Top, "accounts", "accounts",
              [&](const YAML::Node &N, std::size_t I) { loadAccount(N, I); });
  forEachItem(Top, "clients", "clients",
              [&](const YAML::Node &N, std::size_t I) { loadClient(N, I); });
  forEachItem(Top, "tables", "tables",
              [&](const YAML::Node &N, std::size_t I) { loadTable(N, I); });
  Top.finish();
  checkUnique(S.Accounts, "account");
  checkUnique(S.Clients, "client");
  checkUnique(S.Tables, "table");
  checkReferences();
  checkMirroredWrites();
}

void Loader::loadAccount(const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "account");
  Account A;
  A.Pos = posOf(N);
  A.Name = elementName(M, "accounts", Index, A.Path);
  A.Region = scalar(M, "region").value_or("");
  A.Subscription = scalar(M, "subscription").value_or("");
  YAML::Node Targets = M.get("targets", false);
  if (Targets.IsDefined()) {
    YamlMap TM(Targets, File, Errors, "account targets");
    A.EntitiesPerSecond = number(TM, "entitiesPerSecond");
    A.IngressGbps = number(TM, "ingressGbps");
    A.EgressGbps = number(TM, "egressGbps");
    TM.finish();
  }
  M.finish();
  S.Accounts.push_back(std::move(A));
}

void Loader::loadClient(const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "client");
  Client C;
  C.Pos = posOf(N);
  C.Name = elementName(M, "clients", Index, C.Path);
  C.Kind = keyword(M, "kind", parseClientKind, clientKindChoices())
               .value_or(ClientKind::Service);
  C.Region = scalar(M, "region").value_or("");
  C.Auth = keyword(M, "auth", parseAuthKind, authKindChoices())
               .value_or(AuthKind::Token);
  YAML::Node Bandwidth = M.get("bandwidth", false);
  if (Bandwidth.IsDefined()) {
    std::string Problem = "expected a bandwidth like 100Mbps or 1Gbps";
    if (Bandwidth.IsScalar())
      C.BandwidthBitsPerSecond =
          parseBandwidthBitsPerSecond(Bandwidth.Scalar(), Problem);
    if (!C.BandwidthBitsPerSecond)
      error(Bandwidth, "'bandwidth': " + Problem);
  }
  if (std::optional<std::uint64_t> Max = count(M, "maxConcurrency")) {
    if (*Max == 0 || *Max > 1'000'000)
      error(M.get("maxConcurrency", false),
            "'maxConcurrency' must be between 1 and 1000000; leave it out "
            "for no limit");
    else
      C.MaxConcurrency = static_cast<unsigned>(*Max);
  }
  loadRetry(M, C);
  C.Payload = keyword(M, "payload", parsePayloadFormat, payloadFormatChoices())
                  .value_or(PayloadFormat::JsonMinimalMetadata);
  M.finish();
  S.Clients.push_back(std::move(C));
}

void Loader::loadRetry(YamlMap &Parent, Client &C) {
  YAML::Node N = Parent.get("retry", false);
  if (!N.IsDefined())
    return;
  YamlMap M(N, File, Errors, "retry policy");
  RetrySpec &R = C.Retry;
  R.Pos = posOf(N);
  for (const auto &KV : Parent.node())
    if (KV.first.IsScalar() && KV.first.Scalar() == "retry")
      R.Pos = posOf(KV.first);
  R.Policy = keyword(M, "policy", parseRetryPolicy, retryPolicyChoices())
                 .value_or(RetryPolicyKind::Exponential);
  if (R.Policy == RetryPolicyKind::None)
    R.MaxRetries = 0;
  R.BaseDelaySeconds = duration(M, "baseDelay").value_or(R.BaseDelaySeconds);
  R.MaxDelaySeconds = duration(M, "maxDelay").value_or(R.MaxDelaySeconds);
  if (std::optional<std::uint64_t> Max = count(M, "maxRetries")) {
    if (*Max > 1000)
      error(M.get("maxRetries", false), "'maxRetries' must be at most 1000");
    else
      R.MaxRetries = static_cast<unsigned>(*Max);
  }
  R.Jitter = boolean(M, "jitter").value_or(R.Jitter);
  for (const auto &[Code, Pos] : names(M, "retryOn")) {
    std::string Problem;
    std::optional<std::uint64_t> Status = parseCount(Code, Problem);
    if (!Status || *Status < 100 || *Status > 599 ||
        Code.find_first_not_of("0123456789") != std::string::npos)
      errorAtPos(Pos, "'retryOn': expected HTTP status codes (100-599), got '" +
                          Code + "'");
    else
      R.RetryOn.push_back(static_cast<int>(*Status));
  }
  M.finish();
}

std::optional<KeyTemplate> Loader::keyTemplate(YamlMap &M, std::string_view Key,
                                               const Table &T, bool Required) {
  std::optional<std::string> Text = scalar(M, Key, Required);
  if (!Text)
    return std::nullopt;
  const YAML::Node At = M.get(Key, false);
  std::string Problem;
  std::optional<KeyTemplate> K = parseKeyTemplate(*Text, Problem);
  if (!K) {
    const std::size_t Offset = takeColumn(Problem);
    errorAtPos(insideScalar(At, Offset), "'" + std::string(Key) +
                                             "' of table '" + T.Name +
                                             "': " + Problem);
    return std::nullopt;
  }
  K->Pos = posOf(At);
  checkPlaceholders(*K, At, T, "'" + std::string(Key) + "'");
  return K;
}

void Loader::checkPlaceholders(const KeyTemplate &K, const YAML::Node &At,
                               const Table &T, const std::string &Where) {
  if (!propertiesKnown(T))
    return;
  for (const KeyPart &P : K.Parts) {
    if (!P.IsPlaceholder)
      continue;
    const Property *Prop = T.property(P.Text);
    if (!Prop) {
      errorAtPos(insideScalar(At, P.Offset),
                 Where + ": placeholder '{" + P.Text +
                     "}' names no property of table '" + T.Name + "'" +
                     didYouMean(P.Text, namesOf(T.Properties)));
      continue;
    }
    if (std::optional<std::string> Problem = placeholderTypeProblem(P, *Prop))
      errorAtPos(insideScalar(At, P.Offset), Where + ": " + *Problem);
  }
}

void Loader::checkFilter(const Table &T, const Query &Q, const YAML::Node &At) {
  const std::string Where = "filter of query '" + Q.Name + "'";
  std::string Problem;
  std::optional<KeyTemplate> K = parseKeyTemplate(Q.Filter, Problem);
  if (!K) {
    const std::size_t Offset = takeColumn(Problem);
    errorAtPos(insideScalar(At, Offset), Where + ": " + Problem);
    return;
  }
  checkPlaceholders(*K, At, T, Where);
  // Each placeholder becomes the filter engine's unknown-value byte, so the
  // real parser checks the rest; RawOffset maps each byte of the substituted
  // text back to the template.
  std::string Substituted;
  std::vector<std::size_t> RawOffset;
  for (const KeyPart &P : K->Parts) {
    if (P.IsPlaceholder) {
      Substituted += UnknownValueMarker;
      RawOffset.push_back(P.Offset);
      continue;
    }
    std::size_t Raw = P.Offset;
    for (char C : P.Text) {
      Substituted += C;
      RawOffset.push_back(Raw);
      // "{{" and "}}" are one brace in the text.
      Raw += (C == '{' || C == '}') ? 2 : 1;
    }
  }
  FilterParseOptions Parse;
  Parse.Placeholder = UnknownValueMarker;
  auto ToRaw = [&](std::size_t Offset) {
    return Offset < RawOffset.size() ? RawOffset[Offset] : Q.Filter.size();
  };
  FilterParseResult R = parseFilter(Substituted, Parse);
  if (!R) {
    errorAtPos(insideScalar(At, ToRaw(R.error().Offset)),
               Where + " does not parse: " + R.error().Message);
    return;
  }
  // A property the table does not declare matches no entity: the service
  // treats a missing property as not equal to anything.
  if (!propertiesKnown(T))
    return;
  std::set<std::string> Reported;
  for (const FilterNode &N : R.filter().Nodes) {
    if ((N.Kind != FilterNodeKind::Compare &&
         N.Kind != FilterNodeKind::BoolProperty) ||
        isSystemProperty(N.Property) || T.property(N.Property) ||
        !Reported.insert(N.Property).second)
      continue;
    errorAtPos(insideScalar(At, ToRaw(N.PropertyOffset)),
               Where + " compares '" + N.Property +
                   "', which is not a property of table '" + T.Name + "'" +
                   didYouMean(N.Property, namesOf(T.Properties)));
  }
}

// A write's `when`: a $filter on the entity's own properties, without
// placeholders (it decides per entity whether the write reaches the table).
void Loader::checkWhen(const Table &T, const Write &W, const YAML::Node &At) {
  const std::string Where = "'when' of write '" + W.Name + "'";
  FilterParseResult R = parseFilter(W.When);
  if (!R) {
    errorAtPos(insideScalar(At, R.error().Offset),
               Where + " does not parse: " + R.error().Message);
    return;
  }
  if (!propertiesKnown(T))
    return;
  for (const FilterNode &N : R.filter().Nodes) {
    if (N.Kind != FilterNodeKind::Compare &&
        N.Kind != FilterNodeKind::BoolProperty)
      continue;
    if (N.Property == "PartitionKey" || N.Property == "RowKey" ||
        N.Property == "Timestamp")
      errorAtPos(insideScalar(At, N.PropertyOffset),
                 Where + " compares '" + N.Property +
                     "': it decides on the entity's own properties, before "
                     "any key exists");
    else if (!T.property(N.Property))
      errorAtPos(insideScalar(At, N.PropertyOffset),
                 Where + " compares '" + N.Property +
                     "', which is not a property of table '" + T.Name + "'" +
                     didYouMean(N.Property, namesOf(T.Properties)));
  }
}

// Each `fanOut` property must appear in the filter as a hash bucket: that
// is the value the reader does not know and enumerates.
void Loader::checkFanOut(
    const Table &T, const Query &Q,
    const std::vector<std::pair<std::string, SourcePos>> &Names) {
  checkPropertyNames(T, Names, "query '" + Q.Name + "'", "fans out over");
  const std::vector<KeyPart> Parts = fanOutParts(Q);
  for (const auto &Named : Names) {
    const std::string &Name = Named.first;
    const SourcePos Pos = Named.second;
    if (!T.property(Name) && propertiesKnown(T))
      continue; // reported above
    if (std::none_of(Parts.begin(), Parts.end(),
                     [&](const KeyPart &P) { return P.Text == Name; }))
      errorAtPos(Pos, "query '" + Q.Name + "' fans out over '" + Name +
                          "', but its filter has no hash bucket of it "
                          "(write '{" +
                          Name + "|hash:N}' where the bucket goes)");
  }
  if (fanOutReads(Q) > 4096)
    errorAtPos(Q.FanOutPos, "query '" + Q.Name + "' fans out into " +
                                std::to_string(fanOutReads(Q)) +
                                " reads per execution (at most 4096)");
}

// Each property a write fans out over must be in one of its entity type's
// keys: entities of one execution that differ in nothing a key holds would
// be one entity, written over and over. With fanOut, entitiesPerWrite
// counts the rows of one execution, one per fanned-out value (a post's
// followers), which share the rest of the key, not the PartitionKey
// itself when it holds the fanned-out property.
void Loader::checkWriteFanOut(
    const Table &T, const Table &Scope, const Write &W,
    const std::vector<std::pair<std::string, SourcePos>> &Names) {
  const std::string Subject = "write '" + W.Name + "'";
  checkPropertyNames(Scope, Names, Subject, "fans out over");
  const KeyTemplate &PK = entityPartitionKey(T, W.EntityTypeName);
  const KeyTemplate &RK = entityRowKey(T, W.EntityTypeName);
  auto Holds = [](const KeyTemplate &K, const std::string &Name) {
    return std::any_of(K.Parts.begin(), K.Parts.end(), [&](const KeyPart &P) {
      return P.IsPlaceholder && P.Text == Name;
    });
  };
  for (const auto &[Name, Pos] : Names) {
    if (!Scope.property(Name) && propertiesKnown(Scope))
      continue; // reported above
    if (!Holds(PK, Name) && !Holds(RK, Name))
      errorAtPos(Pos, Subject + " fans out over '" + Name +
                          "', which neither key of its entities holds: the "
                          "entities of one execution would be one entity "
                          "(put '{" + Name + "}' in the RowKey or "
                          "PartitionKey)");
  }
}

void Loader::checkPropertyNames(
    const Table &T, const std::vector<std::pair<std::string, SourcePos>> &Names,
    const std::string &Subject, const std::string &Verb) {
  if (!propertiesKnown(T))
    return;
  for (const auto &[Name, Pos] : Names)
    if (!T.property(Name) && !isSystemProperty(Name))
      errorAtPos(Pos, Subject + " " + Verb + " '" + Name +
                          "', which is not a property of table '" + T.Name +
                          "'" + didYouMean(Name, namesOf(T.Properties)));
}

void Loader::loadTable(const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "table");
  Table T;
  T.Pos = posOf(N);
  T.Name = elementName(M, "tables", Index, T.Path);
  if (std::optional<std::string> Account =
          scalar(M, "account", !Options.Fragment)) {
    T.Account = *Account;
    References.push_back({"account", T.Account, posOf(M.get("account", false)),
                          "table '" + T.Name + "'"});
  }
  // Properties first: key templates, writes and queries refer to them.
  loadProperties(T, M);
  loadNameTemplate(T, M);
  TypeScopes.clear();
  forEachItem(
      M, "entityTypes", "entity types",
      [&](const YAML::Node &E, std::size_t I) { loadEntityType(T, E, I); });
  const bool Typed = M.get("entityTypes", false).IsDefined();
  if (Typed && T.EntityTypes.empty() && !Options.Fragment)
    error(M.get("entityTypes", false),
          "'entityTypes' must list at least one entity type");
  checkUnique(T.EntityTypes, "entity type");
  if (!Typed) {
    loadShards(T, M);
    if (std::optional<KeyTemplate> K = keyTemplate(M, "partitionKey", T))
      T.PartitionKey = std::move(*K);
    if (std::optional<KeyTemplate> K = keyTemplate(M, "rowKey", T))
      T.RowKey = std::move(*K);
    loadKeyBuckets(T, M);
    checkShardKeys(T, M);
  } else {
    for (const char *Key : {"buckets", "shards"})
      if (YAML::Node B = M.get(Key, false); B.IsDefined())
        error(B, "table '" + T.Name + "' declares 'entityTypes': '" + Key +
                     "' applies to a table with one PartitionKey template");
    // The table's PartitionKey is every type's that declares none: its
    // placeholders must be properties of each of them.
    bool AllOwn = !T.EntityTypes.empty();
    for (const EntityType &Type : T.EntityTypes)
      AllOwn = AllOwn && Type.PartitionKey.has_value();
    const YAML::Node At = M.get("partitionKey", false);
    std::optional<std::string> Text = scalar(M, "partitionKey", !AllOwn);
    std::string Problem;
    std::optional<KeyTemplate> K;
    if (Text && !(K = parseKeyTemplate(*Text, Problem))) {
      const std::size_t Offset = takeColumn(Problem);
      errorAtPos(insideScalar(At, Offset),
                 "'partitionKey' of table '" + T.Name + "': " + Problem);
    }
    if (K) {
      K->Pos = posOf(At);
      for (std::size_t I = 0; I < T.EntityTypes.size(); ++I)
        if (!T.EntityTypes[I].PartitionKey)
          checkPlaceholders(*K, At, TypeScopes[I],
                            "'partitionKey' (entity type '" +
                                T.EntityTypes[I].Name + "')");
      T.PartitionKey = std::move(*K);
    }
    if (YAML::Node Row = M.get("rowKey", false); Row.IsDefined())
      error(Row, "table '" + T.Name +
                     "' declares 'entityTypes': each entity type has its own "
                     "'rowKey'");
  }
  forEachItem(M, "writes", "writes",
              [&](const YAML::Node &W, std::size_t I) { loadWrite(T, W, I); });
  forEachItem(M, "queries", "queries",
              [&](const YAML::Node &Q, std::size_t I) { loadQuery(T, Q, I); });
  forEachItem(
      M, "transactions", "transactions",
      [&](const YAML::Node &X, std::size_t I) { loadTransaction(T, X, I); });
  T.Entities = count(M, "entities");
  if (T.Entities && Typed) {
    error(M.get("entities", false),
          "table '" + T.Name +
              "' declares 'entityTypes': declare 'entities' on each entity "
              "type");
    T.Entities.reset();
  }
  T.RetentionSeconds = duration(M, "retention");
  if (T.RetentionSeconds && *T.RetentionSeconds == 0) {
    error(M.get("retention", false),
          "'retention' is zero; leave it out when entities are kept forever");
    T.RetentionSeconds.reset();
  }
  M.finish();
  checkUnique(T.Writes, "write");
  checkUnique(T.Queries, "query");
  checkUnique(T.Transactions, "transaction");
  TypeScopes.clear();
  S.Tables.push_back(std::move(T));
}

// One bucket count of `buckets`: a power of two from 1 to 4096, at most the
// template's hash:N (whose digits every bucket number is rendered with).
std::optional<std::uint64_t> Loader::bucketCount(const YAML::Node &V,
                                                 const std::string &What,
                                                 std::uint64_t Most) {
  std::string Problem = "expected a whole number";
  std::optional<std::uint64_t> N;
  if (V.IsScalar())
    N = parseCount(V.Scalar(), Problem);
  if (!N) {
    error(V, What + ": " + Problem);
    return std::nullopt;
  }
  if (*N == 0 || (*N & (*N - 1)) != 0 || *N > 4096) {
    error(V, What + ": " + std::to_string(*N) +
                 " buckets; expected a power of two from 1 to 4096");
    return std::nullopt;
  }
  if (Most && *N > Most) {
    error(V, What + ": " + std::to_string(*N) +
                 " buckets is more than the partition key's hash:" +
                 std::to_string(Most) + " renders");
    return std::nullopt;
  }
  return N;
}

// `buckets: {by: tenantId, default: 1, heavy: {tenantId-0: 16}}`: per-key
// bucket counts of the PartitionKey's one hash placeholder, picked by the
// value of another placeholder of the key.
void Loader::loadKeyBuckets(Table &T, YamlMap &Parent) {
  const YAML::Node N = Parent.get("buckets", false);
  if (!N.IsDefined())
    return;
  if (!N.IsMap()) {
    error(N, "'buckets' must be a mapping like {by: tenantId, default: 1, "
             "heavy: {tenantId-0: 16}}");
    return;
  }
  YamlMap M(N, File, Errors, "buckets");
  KeyBuckets B;
  B.Pos = posOf(N);
  const KeyPart *Hashed = bucketedPart(T.PartitionKey);
  const std::uint64_t Most = Hashed ? hashBucketCount(*Hashed) : 0;
  if (!Hashed && !T.PartitionKey.Parts.empty())
    error(N, "'buckets' of table '" + T.Name +
                 "': the partition key '" + T.PartitionKey.Text +
                 "' needs exactly one placeholder with a hash function "
                 "('{eventId|hash:16}') for the buckets to count");
  if (Hashed && (Hashed->Functions.size() != 1 || !Hashed->Format.empty()))
    error(N, "'buckets' of table '" + T.Name + "': the hashed placeholder "
                 "of '" + Hashed->Text + "' may carry only hash:N (no format, "
                 "no other function)");
  const YAML::Node By = M.get("by", false);
  if (std::optional<std::string> Name = scalar(M, "by", true)) {
    B.By = *Name;
    const bool InKey = std::any_of(
        T.PartitionKey.Parts.begin(), T.PartitionKey.Parts.end(),
        [&](const KeyPart &P) {
          return P.IsPlaceholder && P.Text == B.By && P.Functions.empty();
        });
    if (!InKey)
      error(By, "'by' of 'buckets' names '" + B.By +
                    "', which is not a placeholder without functions of the "
                    "partition key '" + T.PartitionKey.Text + "'");
  }
  if (YAML::Node D = M.get("default", false); D.IsDefined())
    B.Default = bucketCount(D, "'default' of 'buckets'", Most).value_or(1);
  const YAML::Node Heavy = M.get("heavy", true);
  if (Heavy.IsDefined() && (!Heavy.IsMap() || Heavy.size() == 0))
    error(Heavy, "'heavy' of 'buckets' must map each heavy value to its "
                 "bucket count, like {tenantId-0: 16}");
  else if (Heavy.IsDefined())
    for (const auto &KV : Heavy) {
      const std::string Value = KV.first.IsScalar() ? KV.first.Scalar() : "";
      if (std::any_of(B.Heavy.begin(), B.Heavy.end(),
                      [&](const auto &E) { return E.first == Value; }))
        error(KV.first, "'heavy' of 'buckets' lists '" + Value + "' twice");
      else if (std::optional<std::uint64_t> Count = bucketCount(
                   KV.second, "'heavy' value '" + Value + "'", Most))
        B.Heavy.emplace_back(Value, *Count);
    }
  M.finish();
  T.Buckets = std::move(B);
}

// `shards: 16`: a sharded counter or append key. Read before the key
// templates, which name the shard as `{shard}` (declareShards).
void Loader::loadShards(Table &T, YamlMap &M) {
  const YAML::Node N = M.get("shards", false);
  if (!N.IsDefined())
    return;
  std::string Problem = "expected a whole number";
  std::optional<std::uint64_t> Count;
  if (N.IsScalar())
    Count = parseCount(N.Scalar(), Problem);
  if (!Count) {
    error(N, "'shards' of table '" + T.Name + "': " + Problem);
    return;
  }
  if (*Count < 2 || *Count > 4096) {
    error(N, "'shards' of table '" + T.Name + "': " + std::to_string(*Count) +
                 " shards; expected 2 to 4096 (each read of a key reads "
                 "every shard)");
    return;
  }
  if (const Property *Own = T.property(ShardPlaceholder)) {
    errorAtPos(Own->Pos, "table '" + T.Name + "' declares 'shards', whose "
                         "shard number the keys name '{shard}': rename the "
                         "property 'shard'");
    return;
  }
  declareShards(T, *Count, posOf(N));
}

// The shard is the PartitionKey's last placeholder, whole: the shards of
// one key then sort together and differ by PartitionKey, so each has a
// partition's throughput (shards that differed by RowKey would share one
// partition, whose target they were meant to spread).
void Loader::checkShardKeys(const Table &T, YamlMap &M) {
  if (!T.Shards)
    return;
  const YAML::Node At = M.get("shards", false);
  const KeyPart *Last = nullptr;
  unsigned Uses = 0;
  for (const KeyPart &P : T.PartitionKey.Parts)
    if (P.IsPlaceholder) {
      Last = &P;
      Uses += P.Text == ShardPlaceholder;
    }
  for (const KeyPart &P : T.RowKey.Parts)
    if (P.IsPlaceholder && P.Text == ShardPlaceholder)
      errorAtPos(insideScalar(M.get("rowKey", false), P.Offset),
                 "'rowKey' of table '" + T.Name + "': '{shard}' belongs in "
                 "the partition key: shards that differ by RowKey share one "
                 "partition, whose throughput they were meant to spread");
  if (T.PartitionKey.Parts.empty())
    return;
  if (Uses != 1 || !Last || Last->Text != ShardPlaceholder ||
      !Last->Format.empty() || !Last->Functions.empty())
    error(At, "'shards' of table '" + T.Name + "': the partition key '" +
                  T.PartitionKey.Text + "' must end its placeholders with "
                  "one '{shard}', without format or function, like "
                  "'{code}_{shard}'");
  if (T.Buckets)
    error(At, "table '" + T.Name + "' declares both 'shards' and 'buckets': "
                  "choose one way to spread its keys");
}

// A name with placeholders is a table per period or per tenant: its
// placeholders name the table's (shared) properties.
void Loader::loadNameTemplate(Table &T, YamlMap &M) {
  if (T.Name.find('{') == std::string::npos &&
      T.Name.find('}') == std::string::npos)
    return;
  const YAML::Node At = M.get("name", false);
  std::string Problem;
  std::optional<KeyTemplate> K = parseKeyTemplate(T.Name, Problem);
  if (!K) {
    const std::size_t Offset = takeColumn(Problem);
    errorAtPos(insideScalar(At, Offset),
               "name template of table '" + T.Name + "': " + Problem);
    return;
  }
  K->Pos = posOf(At);
  if (K->isConstant())
    return; // only doubled braces: reported by invalid-name
  checkPlaceholders(*K, At, T, "name template");
  T.NameTemplate = std::move(*K);
}

void Loader::loadProperties(Table &T, YamlMap &M) {
  YAML::Node Props = M.get("properties", false);
  if (!Props.IsDefined() || Props.IsNull())
    return;
  if (!Props.IsMap()) {
    error(Props, "'properties' must be a mapping from property name to "
                 "its description");
    return;
  }
  for (const auto &KV : Props)
    loadProperty(T, KV.first, KV.second);
}

void Loader::loadEntityType(Table &T, const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "entity type");
  EntityType Type;
  Type.Pos = posOf(N);
  Type.Name = elementName(M, T.Path + ".entityTypes", Index, Type.Path);
  // Its scope: the table's shared properties, then its own (a property
  // declared both ways is one property too many).
  Table Own;
  Own.Name = T.Name;
  Own.Path = Type.Path;
  loadProperties(Own, M);
  Table Scope;
  Scope.Name = T.Name;
  Scope.Path = Type.Path;
  Scope.Properties = T.Properties;
  for (Property &P : Own.Properties) {
    if (T.property(P.Name)) {
      errorAtPos(P.Pos, "entity type '" + Type.Name + "' declares property '" +
                            P.Name +
                            "', which the table already declares for every "
                            "type");
      continue;
    }
    Scope.Properties.push_back(P);
    Type.Properties.push_back(std::move(P));
  }
  if (std::optional<KeyTemplate> K =
          keyTemplate(M, "partitionKey", Scope, false))
    Type.PartitionKey = std::move(*K);
  if (std::optional<KeyTemplate> K = keyTemplate(M, "rowKey", Scope))
    Type.RowKey = std::move(*K);
  Type.Entities = count(M, "entities");
  M.finish();
  TypeScopes.push_back(std::move(Scope));
  T.EntityTypes.push_back(std::move(Type));
}

const Table &Loader::scopeOf(const Table &T, YamlMap &M, std::string &TypeName,
                             const std::string &Subject, bool Required) {
  if (std::optional<std::string> Name = scalar(M, "entityType"))
    TypeName = *Name;
  const YAML::Node At = M.get("entityType", false);
  if (T.EntityTypes.empty()) {
    if (!TypeName.empty())
      error(At, Subject + " names entity type '" + TypeName + "', but table '" +
                    T.Name + "' declares no 'entityTypes'");
    TypeName.clear();
    return T;
  }
  const int Index = entityTypeIndex(T, TypeName);
  if (Index < 0) {
    std::vector<std::string> Names;
    for (const EntityType &E : T.EntityTypes)
      Names.push_back(E.Name);
    error(At, Subject + " names entity type '" + TypeName + "', which table '" +
                  T.Name + "' does not declare" + didYouMean(TypeName, Names));
    TypeName.clear();
    return TypeScopes.front();
  }
  if (TypeName.empty() && Required && T.EntityTypes.size() > 1)
    errorAtPos(posOf(M.node()),
               Subject + " of table '" + T.Name +
                   "', which declares several entity types, must say which "
                   "one it writes ('entityType')");
  return TypeScopes[static_cast<std::size_t>(Index)];
}

void Loader::loadProperty(Table &T, const YAML::Node &Key,
                          const YAML::Node &Value) {
  Property P;
  P.Name = Key.IsScalar() ? Key.Scalar() : std::string();
  P.Pos = posOf(Key);
  P.Path = T.Path + ".properties[" + P.Name + "]";
  if (P.Name.empty()) {
    error(Key, "a property name must be a non-empty string");
    return;
  }
  YamlMap M(Value, File, Errors, "property '" + P.Name + "'");
  if (!M.valid()) {
    T.Properties.push_back(std::move(P));
    return;
  }
  YAML::Node Type = M.get("type", true);
  if (Type.IsDefined()) {
    std::optional<EdmType> E =
        Type.IsScalar() ? parseEdmType(Type.Scalar()) : std::nullopt;
    if (E)
      P.Type = *E;
    else
      error(Type, "'type' must be one of string, int32, int64, double, "
                  "boolean, datetime, guid, binary" +
                      (Type.IsScalar() ? ", got '" + Type.Scalar() + "'"
                                       : std::string()));
  }
  P.Distinct = count(M, "distinct");
  if (P.Distinct && *P.Distinct == 0) {
    error(M.get("distinct", false), "'distinct' must be at least 1");
    P.Distinct.reset();
  }
  YAML::Node Dist = M.get("distribution", false);
  if (Dist.IsDefined()) {
    std::string Problem = "expected a distribution";
    std::optional<Distribution> D;
    if (Dist.IsScalar())
      D = parseDistribution(Dist.Scalar(), Problem);
    if (D)
      P.Dist = *D;
    else
      error(Dist, "'distribution': " + Problem);
  }
  const YAML::Node ValuesNode = M.get("values", false);
  const YAML::Node WeightsNode = M.get("weights", false);
  checkValues(P, ValuesNode, WeightsNode);
  P.Bytes = count(M, "bytes");
  if (P.Bytes && P.Type != EdmType::String && P.Type != EdmType::Binary) {
    error(M.get("bytes", false),
          "'bytes' applies to string and binary properties; '" + P.Name +
              "' is " + std::string(edmShortName(P.Type)) +
              ", whose size is fixed");
    P.Bytes.reset();
  }
  P.Grows = boolean(M, "grows").value_or(false);
  P.ChangesEverySeconds = duration(M, "changes");
  if (P.ChangesEverySeconds && *P.ChangesEverySeconds <= 0) {
    error(M.get("changes", false),
          "'changes' must be a positive period (a new value every 90d)");
    P.ChangesEverySeconds.reset();
  }
  if (P.ChangesEverySeconds && P.Type == EdmType::DateTime)
    error(M.get("changes", false),
          "'changes' is for values that are not dates ('" + P.Name +
              "' is a datetime: format it in the key, e.g. "
              "'{" +
              P.Name + ":yyyyMM}')");
  M.finish();
  // A second declaration is a duplicate key, reported by DocumentGuard.
  if (!T.property(P.Name))
    T.Properties.push_back(std::move(P));
}

// Whether Text is a valid value of Type, as a value list writes it.
bool valueHasType(const std::string &Text, EdmType Type) {
  std::string Ignored;
  switch (Type) {
  case EdmType::String:
  case EdmType::Binary:
    return true;
  case EdmType::Int32:
  case EdmType::Int64:
    return !Text.empty() &&
           Text.find_first_not_of("0123456789", Text[0] == '-' ? 1 : 0) ==
               std::string::npos &&
           Text.size() < (Type == EdmType::Int32 ? 11u : 20u);
  case EdmType::Double:
    return Text.find_first_not_of("-0123456789.") == std::string::npos &&
           !Text.empty();
  case EdmType::Boolean:
    return Text == "true" || Text == "false";
  case EdmType::DateTime:
    return parseDateTimeTicks(Text).has_value();
  case EdmType::Guid:
    return canonicalGuid(Text).has_value();
  }
  return false;
}

void Loader::checkValues(Property &P, const YAML::Node &ValuesNode,
                         const YAML::Node &WeightsNode) {
  if (ValuesNode.IsDefined()) {
    if (!ValuesNode.IsSequence() || ValuesNode.size() == 0) {
      error(ValuesNode, "'values' must be a non-empty list");
    } else {
      for (const auto &Item : ValuesNode) {
        if (!Item.IsScalar()) {
          error(Item, "'values' must be a list of scalar values");
          continue;
        }
        if (!valueHasType(Item.Scalar(), P.Type))
          error(Item, "value '" + Item.Scalar() + "' is not of type " +
                          std::string(edmShortName(P.Type)) +
                          ", the type of '" + P.Name + "'");
        P.Values.push_back(Item.Scalar());
      }
      if (P.Distinct && *P.Distinct != P.Values.size())
        error(ValuesNode, "'values' lists " + std::to_string(P.Values.size()) +
                              " values but 'distinct' says " +
                              std::to_string(*P.Distinct));
    }
  }
  if (!WeightsNode.IsDefined())
    return;
  if (!ValuesNode.IsDefined()) {
    error(WeightsNode, "'weights' needs 'values': one weight per value");
    return;
  }
  if (!WeightsNode.IsSequence()) {
    error(WeightsNode, "'weights' must be a list of numbers");
    return;
  }
  std::vector<double> Weights;
  double Sum = 0;
  for (const auto &Item : WeightsNode) {
    std::string Problem = "expected a number";
    std::optional<double> W =
        Item.IsScalar() ? parseNumber(Item.Scalar(), Problem) : std::nullopt;
    if (!W) {
      error(Item, "'weights': " + Problem);
      return;
    }
    Weights.push_back(*W);
    Sum += *W;
  }
  if (Weights.size() != P.Values.size()) {
    error(WeightsNode, "'weights' has " + std::to_string(Weights.size()) +
                           " numbers for " + std::to_string(P.Values.size()) +
                           " values");
    return;
  }
  if (Sum < 0.99 || Sum > 1.01) {
    // Rounded: 0.1 + 0.7 adds up to 0.7999999999999999 in doubles.
    error(WeightsNode, "'weights' add up to " +
                           formatNumber(std::round(Sum * 1e9) / 1e9) +
                           "; they are shares and must add up to 1");
    return;
  }
  P.Weights = std::move(Weights);
}

void Loader::loadWrite(Table &T, const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "write");
  Write W;
  W.Pos = posOf(N);
  W.Name = elementName(M, T.Path + ".writes", Index, W.Path);
  W.Op = keyword(M, "op", parseWriteKind, writeKindChoices(), true)
             .value_or(WriteKind::Insert);
  if (std::optional<Rate> R = rate(M, "rate"))
    W.Frequency = *R;
  // Any batch size is kept: 0 or 500 is the invalid-batch rule's finding.
  if (std::optional<std::uint64_t> Batch = count(M, "batch")) {
    W.BatchSize =
        static_cast<unsigned>(std::min<std::uint64_t>(*Batch, 1u << 30));
    W.BatchPos = posOf(M.get("batch", false));
  }
  if (std::optional<std::uint64_t> Together = count(M, "entitiesPerWrite")) {
    if (*Together == 0 || *Together > limits::MaxBatchOperations * 100)
      error(M.get("entitiesPerWrite", false),
            "'entitiesPerWrite' must be between 1 and " +
                std::to_string(limits::MaxBatchOperations * 100));
    else
      W.EntitiesPerWrite = static_cast<unsigned>(*Together);
  }
  if (std::optional<std::string> C = scalar(M, "client")) {
    W.Client = *C;
    References.push_back({"client", W.Client, posOf(M.get("client", false)),
                          "write '" + W.Name + "'"});
  }
  const Table &Scope =
      scopeOf(T, M, W.EntityTypeName, "write '" + W.Name + "'", true);
  const auto Props = names(M, "properties");
  for (const auto &P : Props)
    W.Properties.push_back(P.first);
  checkPropertyNames(Scope, Props, "write '" + W.Name + "'", "writes");
  const auto FanOut = names(M, "fanOut");
  for (const auto &P : FanOut)
    W.FanOut.push_back(P.first);
  if (!FanOut.empty()) {
    W.FanOutPos = posOf(M.get("fanOut", false));
    checkWriteFanOut(T, Scope, W, FanOut);
  }
  if (std::optional<std::string> When = scalar(M, "when")) {
    W.When = *When;
    const YAML::Node At = M.get("when", false);
    W.WhenPos = posOf(At);
    checkWhen(Scope, W, At);
  }
  M.finish();
  T.Writes.push_back(std::move(W));
}

void Loader::loadQuery(Table &T, const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "query");
  Query Q;
  Q.Pos = posOf(N);
  Q.Name = elementName(M, T.Path + ".queries", Index, Q.Path);
  const Table &Scope =
      scopeOf(T, M, Q.EntityTypeName, "query '" + Q.Name + "'", false);
  if (std::optional<std::string> F = scalar(M, "filter")) {
    Q.Filter = *F;
    const YAML::Node At = M.get("filter", false);
    Q.FilterPos = posOf(At);
    checkFilter(Scope, Q, At);
  }
  Q.HasSelect = M.get("select", false).IsDefined();
  const auto Select = names(M, "select");
  for (const auto &P : Select)
    Q.Select.push_back(P.first);
  checkPropertyNames(Scope, Select, "query '" + Q.Name + "'", "selects");
  const auto Uses = names(M, "uses");
  for (const auto &P : Uses)
    Q.Uses.push_back(P.first);
  checkPropertyNames(Scope, Uses, "query '" + Q.Name + "'", "uses");
  if (std::optional<Rate> R = rate(M, "rate"))
    Q.Frequency = *R;
  Q.ExpectedRows = count(M, "expectedRows");
  if (N.IsMap())
    for (const auto &KV : N)
      if (KV.first.IsScalar() && KV.first.Scalar() == "expectedRows")
        Q.ExpectedRowsPos = posOf(KV.first);
  Q.Top = count(M, "top");
  if (Q.Top && *Q.Top == 0) {
    error(M.get("top", false), "'top' must be at least 1");
    Q.Top.reset();
  }
  const auto FanOut = names(M, "fanOut");
  for (const auto &P : FanOut)
    Q.FanOut.push_back(P.first);
  if (!FanOut.empty()) {
    Q.FanOutPos = posOf(M.get("fanOut", false));
    checkFanOut(Scope, Q, FanOut);
  }
  if (std::optional<std::string> N = scalar(M, "newest")) {
    Q.Newest = *N;
    const YAML::Node At = M.get("newest", false);
    Q.NewestPos = posOf(At);
    const Property *Prop = Scope.property(Q.Newest);
    // Only a value that grows orders entities by recency.
    if (!Prop && propertiesKnown(Scope))
      error(At, "query '" + Q.Name + "': 'newest' names no property of "
                "table '" + T.Name + "'" +
                    didYouMean(Q.Newest, namesOf(Scope.Properties)));
    else if (Prop && (!Prop->Grows || (Prop->Type != EdmType::DateTime &&
                                       !isInteger(Prop->Type))))
      error(At, "query '" + Q.Name + "': 'newest' needs a datetime or "
                "integer property declared 'grows: true'; '" + Q.Newest +
                    "' is not one");
    if (!Q.Top)
      error(At, "query '" + Q.Name + "': 'newest' needs 'top' (how many of "
                "the newest entities the caller reads)");
  }
  if (std::optional<std::string> C = scalar(M, "cutoff"))
    loadCutoff(Scope, Q, *C, M.get("cutoff", false));
  if (std::optional<std::string> C = scalar(M, "client")) {
    Q.Client = *C;
    References.push_back({"client", Q.Client, posOf(M.get("client", false)),
                          "query '" + Q.Name + "'"});
  }
  M.finish();
  T.Queries.push_back(std::move(Q));
}

// A sweep's `cutoff`: "now" or "now - DURATION", the time the query is
// sent or that long before it; its filter must bound a datetime by its
// own placeholder, the value the cut-off sets.
void Loader::loadCutoff(const Table &T, Query &Q, const std::string &Text,
                        const YAML::Node &At) {
  const std::string Where = "query '" + Q.Name + "': 'cutoff'";
  std::string_view Rest = Text;
  auto Skip = [&] {
    while (!Rest.empty() && Rest.front() == ' ')
      Rest.remove_prefix(1);
  };
  Skip();
  std::optional<double> Ago;
  if (Rest.substr(0, 3) == "now") {
    Rest.remove_prefix(3);
    Skip();
    if (Rest.empty()) {
      Ago = 0;
    } else if (Rest.front() == '-') {
      Rest.remove_prefix(1);
      Skip();
      std::string Problem;
      Ago = parseDurationSeconds(Rest, Problem);
    }
  }
  if (!Ago) {
    error(At, Where + " must be 'now' or 'now - DURATION' (`now - 1d`: a "
                      "day before the query runs), not '" +
                  Text + "'");
    return;
  }
  Q.CutoffAgoSeconds = *Ago;
  Q.CutoffPos = posOf(At);
  if (!Q.Filter.empty() && !cutoffProperties(T, Q).empty())
    return;
  error(At, Where + " needs a filter that compares a datetime property with "
                    "lt or le to its own placeholder (`finishedAt lt "
                    "datetime'{finishedAt}'`): that placeholder is what the "
                    "cut-off sets");
  Q.CutoffAgoSeconds.reset();
}

void Loader::loadTransaction(Table &T, const YAML::Node &N, std::size_t Index) {
  YamlMap M(N, File, Errors, "transaction");
  Transaction X;
  X.Pos = posOf(N);
  X.Name = elementName(M, T.Path + ".transactions", Index, X.Path);
  for (const auto &[Name, Pos] : names(M, "writes", true)) {
    X.Writes.push_back(Name);
    if (findNamed(T.Writes, Name))
      continue;
    std::string Elsewhere;
    for (const Table &Other : S.Tables)
      if (findNamed(Other.Writes, Name))
        Elsewhere = "; it is a write of table '" + Other.Name +
                    "', and a transaction cannot span tables";
    errorAtPos(Pos, "transaction '" + X.Name + "' names write '" + Name +
                        "', which table '" + T.Name + "' does not declare" +
                        (Elsewhere.empty() ? didYouMean(Name, namesOf(T.Writes))
                                           : Elsewhere));
  }
  M.finish();
  T.Transactions.push_back(std::move(X));
}

void Loader::checkReferences() {
  const std::vector<std::string> Accounts = namesOf(S.Accounts);
  const std::vector<std::string> Clients = namesOf(S.Clients);
  for (const Reference &R : References) {
    const bool IsAccount = R.Kind == "account";
    const std::vector<std::string> &Declared = IsAccount ? Accounts : Clients;
    if (Options.Fragment && Declared.empty())
      continue;
    if (std::find(Declared.begin(), Declared.end(), R.Name) != Declared.end())
      continue;
    errorAtPos(R.Pos, R.Subject + " refers to " + R.Kind + " '" + R.Name +
                          "', which is not declared under '" +
                          (IsAccount ? "accounts" : "clients") + "'" +
                          didYouMean(R.Name, Declared));
  }
}

// A write name in several tables is one logical write mirrored into each
// (an index table kept by the same write): the replay and `suggest` match
// operations by name. So its declarations share one op, and one of them
// has every property the declaring tables' keys use. Two writes that only
// share a name (a like that merges a counter and inserts a row) would
// otherwise replay as one, differently by table order.
void Loader::checkMirroredWrites() {
  if (!Errors.empty())
    return; // the keys and types are what these checks read
  // Each name's declarations, in table order: one pass, not a search of
  // every table per write (schemas hold thousands of tables).
  std::map<std::string, std::vector<std::pair<const Table *, const Write *>>>
      ByName;
  std::vector<const std::string *> Order; // names by first declaration
  for (const Table &T : S.Tables)
    for (const Write &W : T.Writes) {
      if (W.Name.empty())
        continue;
      auto &Uses = ByName[W.Name];
      if (Uses.empty())
        Order.push_back(&W.Name);
      Uses.emplace_back(&T, &W);
    }
  for (const std::string *Name : Order) {
    const auto &Uses = ByName[*Name];
    if (Uses.size() < 2)
      continue;
    const auto [First, W] = Uses.front();
    bool OpsAgree = true;
    for (const auto &[Other, OW] : Uses) {
      if (Other == First || OW->Op == W->Op)
        continue;
      errorAtPos(OW->Pos,
                 "write '" + *Name + "' is " +
                     std::string(writeKindName(OW->Op)) + " here and " +
                     std::string(writeKindName(W->Op)) + " in table '" +
                     First->Name + "' (line " + std::to_string(W->Pos.Line) +
                     "): a write name declared in several tables is one "
                     "logical write mirrored into each (an index table), so "
                     "it has one op; give these writes their own names");
      OpsAgree = false;
    }
    // A fragment may leave its properties out.
    if (!OpsAgree || Options.Fragment || writeHomeTable(S, *Name))
      continue;
    std::string List;
    for (const std::string &Missing :
         mirroredKeyPropertiesMissing(S, *Name, *First))
      List += (List.empty() ? "'" : ", '") + Missing + "'";
    errorAtPos(W->Pos,
               "write '" + *Name + "' is declared in several tables, and "
               "none of them has every property their keys use (table '" +
                   First->Name + "' lacks " + List +
                   "): a write name declared in several tables is one "
                   "logical write mirrored into each, whose entities carry "
                   "the properties of every table it writes; declare them "
                   "in one of its tables or give these writes their own "
                   "names");
  }
}

} // namespace

SchemaLoad loadSchemaText(std::string_view Text, const std::string &FileName,
                          const SchemaLoadOptions &Options) {
  SchemaLoad Result;
  Result.Value.File = FileName;
  std::vector<InputError> &Errors = Result.Errors;
  if (Text.size() > Options.MaxFileBytes) {
    Errors.push_back(
        {FileName, 0, 0,
         fileTooLargeMessage(Text.size(), schemaFileLimit(Options))});
    return Result;
  }
  // yaml-cpp recurses once per nesting level: measure before handing it
  // the text.
  const std::vector<YamlLine> Lines = scanYamlLines(Text);
  const YamlGuardLimits Limits{Options.MaxDepth, Options.MaxNodes};
  if (std::optional<InputError> Deep =
          findDeepYamlNesting(FileName, Lines, Limits.MaxDepth)) {
    Errors.push_back(std::move(*Deep));
    return Result;
  }
  std::optional<YAML::Node> Root =
      parseYaml(FileName, std::string(Text), Errors);
  if (!Root || !checkYamlDocument(*Root, FileName, Limits, Errors))
    return Result;
  Loader L(Lines, FileName, Options, Result.Value, Errors);
  L.load(*Root);
  attachComments(Lines, Result.Value, Errors);
  // By position; errors at the same position keep the order they were
  // found in (std::stable_sort's buffer is deprecated in this libstdc++).
  std::vector<std::size_t> Order(Errors.size());
  for (std::size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return std::tie(Errors[A].Line, Errors[A].Column, A) <
           std::tie(Errors[B].Line, Errors[B].Column, B);
  });
  std::vector<InputError> Sorted;
  for (std::size_t I : Order) {
    if (Sorted.size() == Options.MaxErrors) {
      Sorted.push_back({FileName, 0, 0,
                        std::to_string(Order.size() - Options.MaxErrors) +
                            " more errors not shown"});
      break;
    }
    Sorted.push_back(std::move(Errors[I]));
  }
  Errors = std::move(Sorted);
  return Result;
}

std::optional<std::string> readSchemaFile(const std::string &Path,
                                          const SchemaLoadOptions &Options,
                                          std::vector<InputError> &Errors) {
  std::string Problem;
  std::optional<std::string> Text =
      readInputFile(Path, schemaFileLimit(Options), Problem);
  if (!Text)
    Errors.push_back({Path, 0, 0, "cannot read the file: " + Problem});
  return Text;
}

SchemaLoad loadSchemaFile(const std::string &Path,
                          const SchemaLoadOptions &Options) {
  SchemaLoad Result;
  Result.Value.File = Path;
  const std::optional<std::string> Text =
      readSchemaFile(Path, Options, Result.Errors);
  if (!Text)
    return Result;
  return loadSchemaText(*Text, Path, Options);
}

namespace {

// The key of a top-level "key: value" line ("" when the line is no such
// pair): the name before the first ':' that ends the key.
std::string_view topLevelKey(std::string_view Line) {
  const std::size_t Colon = Line.find(':');
  if (Colon == std::string_view::npos || Colon == 0)
    return {};
  if (Colon + 1 < Line.size() && Line[Colon + 1] != ' ' && Line[Colon + 1] != '\t')
    return {};
  const std::string_view Key = Line.substr(0, Colon);
  if (Key.find_first_of(" \t\"'{[") != std::string_view::npos)
    return {};
  return Key;
}

} // namespace

bool looksLikeSchema(std::string_view Text) {
  // The schema format's top-level keys. A file is taken for a schema when
  // two of its top-level keys are schema keys, one spelt right and the
  // other spelt right or a typo away (`verison:` beside `tables:`): the
  // loader then says what is wrong, with a did-you-mean, instead of the
  // file being passed over as "not a schema". One key alone (a compose
  // file's `version:`) is not enough.
  static const std::vector<std::string> Keys = {"version", "accounts",
                                                "clients", "tables"};
  std::set<std::string_view> Exact, Near;
  for (const YamlLine &L : scanYamlLines(Text)) {
    if (L.Indent != 0 || L.Blank || L.CommentOnly || L.InBlockScalar ||
        L.InFlowOrQuote || !L.Entries.empty())
      continue;
    const std::string_view Key = topLevelKey(L.Text);
    if (Key.empty())
      continue;
    if (std::find(Keys.begin(), Keys.end(), Key) != Keys.end())
      Exact.insert(Key);
    else if (closestName(Key, Keys))
      Near.insert(Key);
  }
  return !Exact.empty() && Exact.size() + Near.size() >= 2;
}

} // namespace tablelint::schema
