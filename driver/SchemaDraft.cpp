// Drafting a schema from the code's facts (see the header), as named
// steps: tables and their keys from the writes, queries fitted to those
// keys, properties from every template and filter, clients from the retry
// policies, the account, and TODO notes for what only the team knows.
#include "driver/SchemaDraft.h"

#include "core/Filter.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <regex>

namespace tablelint {

namespace {

using namespace schema;
using code::CodePlace;
using code::CodeQueryFact;
using code::CodeRetryFact;
using code::CodeTemplate;
using code::CodeWriteFact;
using code::TemplatePlaceholder;

const char *const RateTodo =
    "TODO rate: how often it runs in production, e.g. 20/s or 5/min "
    "(docs/schema.md#value-syntax); the code cannot know it";
const char *const TableTodo =
    "TODO entities (count) and retention (duration): what the table holds; "
    "without them the checks size it from the rates";
const char *const PropertyTodo =
    "TODO distinct, distribution, values/weights, bytes: how the values "
    "spread (docs/schema.md#properties); the code shows only the type";

// "DayTemperatures" -> "day-temperatures".
std::string kebabName(const std::string &Identifier) {
  std::string Out;
  for (std::size_t I = 0; I < Identifier.size(); ++I) {
    const unsigned char C = static_cast<unsigned char>(Identifier[I]);
    if (!std::isalnum(C)) {
      if (!Out.empty() && Out.back() != '-')
        Out += '-';
      continue;
    }
    if (std::isupper(C) && I > 0 && !Out.empty() && Out.back() != '-' &&
        std::islower(static_cast<unsigned char>(Identifier[I - 1])))
      Out += '-';
    Out += static_cast<char>(std::tolower(C));
  }
  while (!Out.empty() && Out.back() == '-')
    Out.pop_back();
  return Out;
}

// The first name of Base, Base-2, ... that Taken does not hold.
template <typename Element>
std::string uniqueName(const std::string &Base,
                       const std::vector<Element> &Taken) {
  const std::string Stem = Base.empty() ? "access" : Base;
  for (unsigned N = 1;; ++N) {
    const std::string Name = N == 1 ? Stem : Stem + "-" + std::to_string(N);
    if (std::none_of(Taken.begin(), Taken.end(),
                     [&](const Element &E) { return E.Name == Name; }))
      return Name;
  }
}

// A role map's write kind ("upsert-merge") as the schema's operation.
std::optional<WriteKind> writeKindOf(const std::string &Kind) {
  if (Kind == "replace")
    return WriteKind::Update;
  if (Kind == "upsert" || Kind == "upsert-replace")
    return WriteKind::InsertOrReplace;
  if (Kind == "upsert-merge")
    return WriteKind::InsertOrMerge;
  return parseWriteKind(Kind);
}

bool isSystemProperty(const std::string &Name) {
  return Name == "PartitionKey" || Name == "RowKey" || Name == "Timestamp";
}

// The text of the placeholder of a parsed template at Part ("{t:HH}").
std::string placeholderText(const KeyTemplate &K, const KeyPart &Part) {
  const std::size_t End = K.Text.find('}', Part.Offset);
  return K.Text.substr(Part.Offset, End - Part.Offset + 1);
}

// A key value of a filter fitted to the table's key template: a whole
// placeholder compared for equality is the key itself; otherwise the
// value's placeholders take the names of the template's placeholders at
// the same place, as far as the literal text between them agrees.
std::string fittedKeyValue(const std::string &Value, bool Equality,
                           const KeyTemplate &Key) {
  std::string Error;
  std::optional<KeyTemplate> V = parseKeyTemplate(Value, Error);
  if (!V || V->Parts.empty() || Key.Parts.empty())
    return Value;
  if (Equality && V->Parts.size() == 1 && V->Parts[0].IsPlaceholder)
    return Key.Text;
  std::string Out;
  std::size_t I = 0;
  for (; I < V->Parts.size() && I < Key.Parts.size(); ++I) {
    const KeyPart &A = V->Parts[I];
    const KeyPart &B = Key.Parts[I];
    if (A.IsPlaceholder != B.IsPlaceholder)
      break;
    if (!A.IsPlaceholder && A.Text != B.Text &&
        !(I + 1 == V->Parts.size() && B.Text.rfind(A.Text, 0) == 0))
      break;
    Out += A.IsPlaceholder ? placeholderText(Key, B)
                           : Value.substr(A.Offset, I + 1 < V->Parts.size()
                                                        ? V->Parts[I + 1].Offset -
                                                              A.Offset
                                                        : std::string::npos);
  }
  if (I < V->Parts.size())
    Out += Value.substr(V->Parts[I].Offset);
  return Out;
}

// The filter with each key comparison fitted to the table's keys.
std::string fittedFilter(const std::string &Filter, const Table &T) {
  static const std::regex KeyComparison(
      R"((PartitionKey|RowKey) (eq|ne|gt|ge|lt|le) '([^']*)')");
  std::string Out;
  auto Begin = std::sregex_iterator(Filter.begin(), Filter.end(), KeyComparison);
  std::size_t Last = 0;
  for (auto It = Begin; It != std::sregex_iterator(); ++It) {
    const std::smatch &M = *It;
    const KeyTemplate &Key =
        M[1] == "PartitionKey" ? T.PartitionKey : T.RowKey;
    Out += Filter.substr(Last, M.position(0) - Last);
    Out += M[1].str() + " " + M[2].str() + " '" +
           fittedKeyValue(M[3].str(), M[2] == "eq", Key) + "'";
    Last = M.position(0) + M.length(0);
  }
  return Out + Filter.substr(Last);
}

class Drafter {
public:
  explicit Drafter(std::string Root) : Root(std::move(Root)) {}

  void add(const code::SchemaFacts &F);
  Schema finish();

private:
  std::string shown(const CodePlace &P) const;
  Table *table(const CodeTemplate &Name, const CodePlace &At);
  void setKeys(Table &T, const CodeWriteFact &W, std::string &Note);
  void addWrite(const CodeWriteFact &F);
  void addQuery(const CodeQueryFact &F);
  void keysFromQueries(Table &T);
  void declare(Table &T, const TemplatePlaceholder &P);
  void declareTemplates(Table &T);
  void declareCompared(Table &T, const Query &Q);
  void declareRead(Table &T, const Query &Q);
  void addClients();
  void addAccount();
  void unplaced(const std::string &What, const CodePlace &At);

  std::string Root;
  std::vector<CodeWriteFact> Writes;
  std::vector<CodeQueryFact> Queries;
  std::vector<CodeRetryFact> Retries;
  std::vector<std::string> Accounts;
  // The placeholders of each table's templates, by table name.
  std::map<std::string, std::vector<TemplatePlaceholder>> Placeholders;
  Schema S;
};

std::string Drafter::shown(const CodePlace &P) const {
  std::error_code EC;
  std::string File = P.File;
  if (!Root.empty()) {
    const std::filesystem::path Rel =
        std::filesystem::path(P.File).lexically_relative(Root);
    if (!Rel.empty() && Rel.native().rfind("..", 0) != 0)
      File = Rel.string();
  }
  return "from " + File + ":" + std::to_string(P.Line);
}

void Drafter::add(const code::SchemaFacts &F) {
  Writes.insert(Writes.end(), F.Writes.begin(), F.Writes.end());
  Queries.insert(Queries.end(), F.Queries.begin(), F.Queries.end());
  Retries.insert(Retries.end(), F.Retries.begin(), F.Retries.end());
  for (const std::string &A : F.Accounts)
    if (std::find(Accounts.begin(), Accounts.end(), A) == Accounts.end())
      Accounts.push_back(A);
}

void Drafter::unplaced(const std::string &What, const CodePlace &At) {
  S.Header.push_back("not placed: " + What + " " + shown(At) +
                     " (its table is not known from the code)");
}

// The table of that name (a name template when the code builds it),
// created on first use; null when the code does not say.
Table *Drafter::table(const CodeTemplate &Name, const CodePlace &At) {
  if (Name.Text.empty())
    return nullptr;
  for (Table &T : S.Tables)
    if (T.Name == Name.Text)
      return &T;
  Table T;
  T.Name = Name.Text;
  T.Path = "tables[" + T.Name + "]";
  T.Note = shown(At) + "\n" + TableTodo;
  auto &Known = Placeholders[T.Name];
  Known.insert(Known.end(), Name.Placeholders.begin(), Name.Placeholders.end());
  S.Tables.push_back(std::move(T));
  return &S.Tables.back();
}

// The table's keys from the first write that builds them; a write that
// builds them differently says so in its note.
void Drafter::setKeys(Table &T, const CodeWriteFact &W, std::string &Note) {
  const auto Set = [&](KeyTemplate &Key, const std::optional<CodeTemplate> &C,
                       const char *Which) {
    if (!C || C->Text.empty())
      return;
    std::string Error;
    std::optional<KeyTemplate> Parsed = parseKeyTemplate(C->Text, Error);
    if (!Parsed)
      return;
    if (Key.Text.empty()) {
      Key = *Parsed;
      auto &Known = Placeholders[T.Name];
      Known.insert(Known.end(), C->Placeholders.begin(), C->Placeholders.end());
    } else if (Key.Text != Parsed->Text) {
      Note += "\nits " + std::string(Which) + " is built as \"" + C->Text +
              "\" here, not as the table's";
    }
  };
  Set(T.PartitionKey, W.PartitionKey, "partitionKey");
  Set(T.RowKey, W.RowKey, "rowKey");
}

void Drafter::addWrite(const CodeWriteFact &F) {
  std::optional<WriteKind> Kind = writeKindOf(F.Kind);
  Table *T = Kind ? table(F.Table, F.Place) : nullptr;
  if (!T) {
    unplaced("write (" + F.Kind + ")", F.Place);
    return;
  }
  Write W;
  W.Name = uniqueName(kebabName(F.Place.Function), T->Writes);
  W.Path = T->Path + ".writes[" + W.Name + "]";
  W.Op = *Kind;
  W.Frequency.Text = "TODO";
  W.Note = shown(F.Place);
  setKeys(*T, F, W.Note);
  if (F.Batched && F.BatchSize > 1)
    W.BatchSize = F.BatchSize;
  else if (F.Batched && F.BatchSize == 0)
    W.Note += "\nTODO batch: entities per transaction (the code adds them "
              "in a loop)";
  W.Note += std::string("\n") + RateTodo;
  T->Writes.push_back(std::move(W));
}

void Drafter::addQuery(const CodeQueryFact &F) {
  Table *T = table(F.Table, F.Place);
  if (!T) {
    unplaced(F.PointRead ? "point read" : "query", F.Place);
    return;
  }
  Query Q;
  Q.Name = uniqueName(kebabName(F.Place.Function), T->Queries);
  Q.Path = T->Path + ".queries[" + Q.Name + "]";
  Q.Frequency.Text = "TODO";
  Q.Note = shown(F.Place);
  if (F.Filter) {
    Q.Filter = F.Filter->Text;
    auto &Known = Placeholders[T->Name];
    Known.insert(Known.end(), F.Filter->Placeholders.begin(),
                 F.Filter->Placeholders.end());
  }
  Q.HasSelect = F.HasSelect;
  Q.Select = F.Select;
  Q.Top = F.Top;
  if (F.Uses)
    Q.Uses = *F.Uses;
  Q.Note += std::string("\n") + RateTodo;
  if (!F.PointRead && !F.Top)
    Q.Note += "\nTODO expectedRows: entities one execution returns";
  T->Queries.push_back(std::move(Q));
}

// A table no write builds keys for takes them from its queries'
// PartitionKey/RowKey equalities, or a placeholder and a TODO.
void Drafter::keysFromQueries(Table &T) {
  static const std::regex Equality(R"((PartitionKey|RowKey) eq '([^']*)')");
  for (const Query &Q : T.Queries) {
    for (auto It = std::sregex_iterator(Q.Filter.begin(), Q.Filter.end(),
                                        Equality);
         It != std::sregex_iterator(); ++It) {
      KeyTemplate &Key =
          (*It)[1] == "PartitionKey" ? T.PartitionKey : T.RowKey;
      std::string Error;
      if (Key.Text.empty())
        if (auto Parsed = parseKeyTemplate((*It)[2].str(), Error))
          Key = *Parsed;
    }
  }
  for (KeyTemplate *Key : {&T.PartitionKey, &T.RowKey}) {
    if (!Key->Text.empty())
      continue;
    const char *Name = Key == &T.PartitionKey ? "partitionKey" : "rowKey";
    std::string Error;
    *Key = *parseKeyTemplate("{" + std::string(Name) + "}", Error);
    Placeholders[T.Name].push_back({Name, EdmType::String, "", false});
    T.Note += "\nTODO " + std::string(Name) +
              ": the code builds it where tablelint cannot see; say how";
  }
}

void Drafter::declare(Table &T, const TemplatePlaceholder &P) {
  if (P.Name.empty() || isSystemProperty(P.Name) || T.property(P.Name))
    return;
  Property Prop;
  Prop.Name = P.Name;
  Prop.Type = P.Type;
  Prop.Grows = P.Clock;
  Prop.Path = T.Path + ".properties[" + P.Name + "]";
  T.Properties.push_back(std::move(Prop));
}

void Drafter::declareTemplates(Table &T) {
  std::vector<std::string> Used;
  std::string Error;
  if (std::optional<KeyTemplate> Name = parseKeyTemplate(T.Name, Error))
    Used = Name->properties();
  for (const KeyTemplate *K : {&T.PartitionKey, &T.RowKey})
    for (const std::string &P : K->properties())
      Used.push_back(P);
  for (const Query &Q : T.Queries) {
    // Placeholders of the filter: {name...} outside quotes' literal text.
    static const std::regex Placeholder(R"(\{([A-Za-z0-9_]+)[:|}])");
    for (auto It = std::sregex_iterator(Q.Filter.begin(), Q.Filter.end(),
                                        Placeholder);
         It != std::sregex_iterator(); ++It)
      Used.push_back((*It)[1].str());
  }
  for (const std::string &Name : Used) {
    const auto &Known = Placeholders[T.Name];
    auto It = std::find_if(Known.begin(), Known.end(),
                           [&](const TemplatePlaceholder &P) {
                             return P.Name == Name;
                           });
    declare(T, It != Known.end() ? *It
                                 : TemplatePlaceholder{Name, EdmType::String,
                                                       "", false});
  }
}

// Properties a filter compares, typed by the literal.
void Drafter::declareCompared(Table &T, const Query &Q) {
  std::string Substituted;
  static const std::regex Placeholder(R"(\{[^{}]*\})");
  Substituted = std::regex_replace(Q.Filter, Placeholder,
                                   std::string(1, UnknownValueMarker));
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  if (FilterParseResult R = parseFilter(Substituted, Options))
    for (const FilterNode &N : R.filter().Nodes)
      if (N.Kind == FilterNodeKind::Compare ||
          N.Kind == FilterNodeKind::BoolProperty)
        declare(T, {N.Property,
                    N.Kind == FilterNodeKind::BoolProperty ? EdmType::Boolean
                    : N.Literal.TypeKnown ? N.Literal.type()
                                          : EdmType::String,
                    "", false});
}

// Properties a query selects or reads, of a type the code does not say.
void Drafter::declareRead(Table &T, const Query &Q) {
  for (const auto *Names : {&Q.Select, &Q.Uses})
    for (const std::string &Name : *Names)
      if (!T.property(Name) && !isSystemProperty(Name)) {
        declare(T, {Name, EdmType::String, "", false});
        T.Properties.back().Note =
            "TODO type: read as text by the code; string until you say";
      }
}

void Drafter::addClients() {
  for (const CodeRetryFact &R : Retries) {
    std::optional<RetryPolicyKind> Kind = parseRetryPolicy(R.Policy);
    if (!Kind)
      continue;
    Client C;
    C.Name = uniqueName(kebabName(R.Place.Function), S.Clients);
    C.Path = "clients[" + C.Name + "]";
    C.Retry.Policy = *Kind;
    C.Retry.Pos.Line = 1; // declared: written even with default values
    if (R.DelayMs)
      C.Retry.BaseDelaySeconds = *R.DelayMs / 1000;
    if (R.MaxDelayMs)
      C.Retry.MaxDelaySeconds = *R.MaxDelayMs / 1000;
    if (R.MaxRetries)
      C.Retry.MaxRetries = *R.MaxRetries;
    if (*Kind == RetryPolicyKind::None)
      C.Retry.MaxRetries = 0;
    C.Note = shown(R.Place) + "\nTODO region, maxConcurrency, bandwidth: "
                              "where it runs and how much it sends at once";
    S.Clients.push_back(std::move(C));
  }
}

void Drafter::addAccount() {
  Account A;
  A.Name = Accounts.empty() ? "storage" : Accounts.front();
  A.Path = "accounts[" + A.Name + "]";
  A.Note = Accounts.empty()
               ? "TODO name: no account name in the code's connection "
                 "strings or endpoints"
               : "from the code's connection string or endpoint";
  A.Note += "\nTODO region: the account's Azure region (compared with the "
            "clients')";
  for (Table &T : S.Tables)
    T.Account = A.Name;
  S.Accounts.push_back(std::move(A));
}

Schema Drafter::finish() {
  S.Header = {"A schema drafted by `tablelint schema init` from the code.",
              "Fill in every TODO (docs/schema.md), then check it with "
              "`tablelint lint`."};
  for (const CodeWriteFact &W : Writes)
    addWrite(W);
  for (const CodeQueryFact &Q : Queries)
    addQuery(Q);
  for (Table &T : S.Tables) {
    keysFromQueries(T);
    for (Query &Q : T.Queries)
      Q.Filter = fittedFilter(Q.Filter, T);
    declareTemplates(T);
    for (const Query &Q : T.Queries)
      declareCompared(T, Q);
    for (const Query &Q : T.Queries)
      declareRead(T, Q);
    if (!T.Properties.empty())
      T.Note += std::string("\n") + PropertyTodo;
  }
  addClients();
  addAccount();
  return std::move(S);
}

} // namespace

Schema draftSchema(const std::vector<code::SchemaFacts> &Units,
                   const std::string &Root) {
  Drafter D(Root);
  for (const code::SchemaFacts &F : Units)
    D.add(F);
  return D.finish();
}

} // namespace tablelint
