// Canonical YAML for a schema model.
#include "core/schema/SchemaWriter.h"

#include "core/AtomicFile.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace tablelint::schema {

namespace {

// Flow mappings longer than this are written in block style.
constexpr std::size_t MaxFlowLine = 100;

using Fields = std::vector<std::pair<std::string, std::string>>;

bool plainSafe(char C) {
  return (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '-' || C == '.' ||
         C == '/' || C == '(' || C == ')' || C == '+' || C == ' ';
}

std::string quoted(const std::string &Text) {
  std::string Out = "\"";
  for (char C : Text) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        static const char Hex[] = "0123456789abcdef";
        Out += "\\x";
        Out += Hex[(C >> 4) & 15];
        Out += Hex[C & 15];
      } else {
        Out += C;
      }
    }
  }
  return Out + "\"";
}

std::string list(const std::vector<std::string> &Items) {
  std::string Out = "[";
  for (const std::string &I : Items)
    Out += (Out.size() > 1 ? ", " : "") + yamlScalar(I);
  return Out + "]";
}

std::string flowMap(const Fields &F) {
  std::string Out = "{";
  for (const auto &[Key, Value] : F)
    Out += (Out.size() > 1 ? ", " : "") + Key + ": " + Value;
  return Out + "}";
}

// "2M", "40k", "1234": the count grammar's suffixes where they are exact.
std::string countText(std::uint64_t N) {
  if (N >= 1000000000 && N % 1000000000 == 0)
    return std::to_string(N / 1000000000) + "G";
  if (N >= 1000000 && N % 1000000 == 0)
    return std::to_string(N / 1000000) + "M";
  if (N >= 1000 && N % 1000 == 0)
    return std::to_string(N / 1000) + "k";
  return std::to_string(N);
}

std::string rateText(const Rate &R) {
  if (isUnknownRate(R))
    return R.Text;
  // Keep the user's spelling when it still says the same.
  std::string Ignored;
  std::optional<double> Parsed = parseRatePerSecond(R.Text, Ignored);
  if (!R.Text.empty() && Parsed && *Parsed == R.PerSecond)
    return yamlScalar(R.Text);
  return yamlScalar(formatRate(R.PerSecond));
}

std::string distributionText(const Distribution &D) {
  std::string Ignored;
  std::optional<Distribution> Parsed = parseDistribution(D.Text, Ignored);
  if (!D.Text.empty() && Parsed && Parsed->Kind == D.Kind &&
      Parsed->Param == D.Param &&
      Parsed->HotDataFraction == D.HotDataFraction &&
      Parsed->HotOpFraction == D.HotOpFraction)
    return yamlScalar(D.Text);
  return yamlScalar(formatDistribution(D));
}

class Writer {
public:
  explicit Writer(const Schema &S,
                  std::vector<std::size_t> *TableStarts = nullptr)
      : S(S), TableStarts(TableStarts) {}

  std::string run() {
    if (!TableStarts) // the editor's print has no header
      for (const std::string &Line : S.Header)
        Out += commentLine("", Line);
    Out += "version: " + std::to_string(S.Version) + "\n";
    if (!S.Accounts.empty()) {
      Out += "accounts:\n";
      for (const Account &A : S.Accounts)
        item("  ", A.Path, A.Note, accountFields(A));
    }
    if (!S.Clients.empty()) {
      Out += "clients:\n";
      for (const Client &C : S.Clients)
        item("  ", C.Path, C.Note, clientFields(C));
    }
    if (!S.Tables.empty()) {
      Out += "tables:\n";
      for (const Table &T : S.Tables) {
        if (TableStarts)
          TableStarts->push_back(Out.size());
        table(T);
      }
    }
    return Out;
  }

private:
  static std::string commentLine(const std::string &Indent,
                                 const std::string &Text) {
    return Indent + (Text.empty() ? "#" : "# " + Text) + "\n";
  }

  // The note and the suppressions of an element, above it.
  void comments(const std::string &Indent, const std::string &Path,
                const std::string &Note) {
    if (!Note.empty()) {
      std::size_t Start = 0;
      while (true) {
        const std::size_t End = Note.find('\n', Start);
        Out += commentLine(Indent, Note.substr(Start, End - Start));
        if (End == std::string::npos)
          break;
        Start = End + 1;
      }
    }
    for (const Suppression &Sup : S.Suppressions)
      if (Sup.ElementPath == Path)
        Out += Indent + "# tablelint: ignore[" + Sup.RuleId + "] " +
               Sup.Reason + "\n";
  }

  // A sequence item: "- {k: v, ...}" or, when too long, block style.
  void item(const std::string &Indent, const std::string &Path,
            const std::string &Note, const Fields &F) {
    comments(Indent, Path, Note);
    const std::string Flow = Indent + "- " + flowMap(F);
    if (Flow.size() <= MaxFlowLine) {
      Out += Flow + "\n";
      return;
    }
    bool First = true;
    for (const auto &[Key, Value] : F) {
      Out += Indent + (First ? "- " : "  ") + Key + ": " + Value + "\n";
      First = false;
    }
  }

  // A mapping entry "name: {k: v, ...}" or, when too long, block style.
  void entry(const std::string &Indent, const std::string &Name,
             const std::string &Path, const std::string &Note,
             const Fields &F) {
    comments(Indent, Path, Note);
    const std::string Flow = Indent + yamlScalar(Name) + ": " + flowMap(F);
    if (Flow.size() <= MaxFlowLine) {
      Out += Flow + "\n";
      return;
    }
    Out += Indent + yamlScalar(Name) + ":\n";
    for (const auto &[Key, Value] : F)
      Out += Indent + "  " + Key + ": " + Value + "\n";
  }

  static Fields accountFields(const Account &A) {
    Fields F = {{"name", yamlScalar(A.Name)}};
    if (!A.Region.empty())
      F.emplace_back("region", yamlScalar(A.Region));
    if (!A.Subscription.empty())
      F.emplace_back("subscription", yamlScalar(A.Subscription));
    Fields Targets;
    if (A.EntitiesPerSecond)
      Targets.emplace_back("entitiesPerSecond",
                           formatNumber(*A.EntitiesPerSecond));
    if (A.IngressGbps)
      Targets.emplace_back("ingressGbps", formatNumber(*A.IngressGbps));
    if (A.EgressGbps)
      Targets.emplace_back("egressGbps", formatNumber(*A.EgressGbps));
    if (!Targets.empty())
      F.emplace_back("targets", flowMap(Targets));
    return F;
  }

  static Fields retryFields(const RetrySpec &R) {
    const RetrySpec Default;
    Fields F = {{"policy", std::string(retryPolicyName(R.Policy))}};
    if (R.BaseDelaySeconds != Default.BaseDelaySeconds)
      F.emplace_back("baseDelay", formatDuration(R.BaseDelaySeconds));
    if (R.MaxDelaySeconds != Default.MaxDelaySeconds)
      F.emplace_back("maxDelay", formatDuration(R.MaxDelaySeconds));
    const unsigned DefaultRetries =
        R.Policy == RetryPolicyKind::None ? 0 : Default.MaxRetries;
    if (R.MaxRetries != DefaultRetries)
      F.emplace_back("maxRetries", std::to_string(R.MaxRetries));
    if (R.Jitter != Default.Jitter)
      F.emplace_back("jitter", R.Jitter ? "true" : "false");
    if (!R.RetryOn.empty()) {
      std::vector<std::string> Codes;
      for (int Code : R.RetryOn)
        Codes.push_back(std::to_string(Code));
      F.emplace_back("retryOn", list(Codes));
    }
    return F;
  }

  static bool isDefaultRetry(const RetrySpec &R) {
    const RetrySpec D;
    return R.Policy == D.Policy && R.BaseDelaySeconds == D.BaseDelaySeconds &&
           R.MaxDelaySeconds == D.MaxDelaySeconds &&
           R.MaxRetries == D.MaxRetries && R.Jitter == D.Jitter &&
           R.RetryOn.empty();
  }

  static Fields clientFields(const Client &C) {
    Fields F = {{"name", yamlScalar(C.Name)},
                {"kind", std::string(clientKindName(C.Kind))}};
    if (!C.Region.empty())
      F.emplace_back("region", yamlScalar(C.Region));
    F.emplace_back("auth", std::string(authKindName(C.Auth)));
    if (C.BandwidthBitsPerSecond)
      F.emplace_back("bandwidth", formatBandwidth(*C.BandwidthBitsPerSecond));
    if (C.MaxConcurrency)
      F.emplace_back("maxConcurrency", std::to_string(*C.MaxConcurrency));
    if (C.Payload != PayloadFormat::JsonMinimalMetadata)
      F.emplace_back("payload", std::string(payloadFormatName(C.Payload)));
    // Written when declared, even with default values: the retry-* rules
    // look at whether a client says how it retries.
    if (C.Retry.Pos.Line || !isDefaultRetry(C.Retry))
      F.emplace_back("retry", flowMap(retryFields(C.Retry)));
    return F;
  }

  static Fields propertyFields(const Property &P) {
    Fields F = {{"type", std::string(edmShortName(P.Type))}};
    if (P.Distinct)
      F.emplace_back("distinct", countText(*P.Distinct));
    if (P.Dist.Kind != DistributionKind::Uniform || !P.Dist.Text.empty())
      F.emplace_back("distribution", distributionText(P.Dist));
    if (!P.Values.empty())
      F.emplace_back("values", list(P.Values));
    if (!P.Weights.empty()) {
      std::vector<std::string> W;
      for (double X : P.Weights)
        W.push_back(formatNumber(X));
      F.emplace_back("weights", list(W));
    }
    if (P.Bytes)
      F.emplace_back("bytes", countText(*P.Bytes));
    if (P.Grows)
      F.emplace_back("grows", "true");
    if (P.ChangesEverySeconds)
      F.emplace_back("changes", formatDuration(*P.ChangesEverySeconds));
    return F;
  }

  static Fields writeFields(const Write &W) {
    Fields F = {{"name", yamlScalar(W.Name)}};
    if (!W.Client.empty())
      F.emplace_back("client", yamlScalar(W.Client));
    F.emplace_back("op", std::string(writeKindName(W.Op)));
    if (!W.EntityTypeName.empty())
      F.emplace_back("entityType", yamlScalar(W.EntityTypeName));
    F.emplace_back("rate", rateText(W.Frequency));
    if (W.BatchSize != 1 || W.BatchPos.Line)
      F.emplace_back("batch", std::to_string(W.BatchSize));
    if (W.EntitiesPerWrite != 1)
      F.emplace_back("entitiesPerWrite", std::to_string(W.EntitiesPerWrite));
    if (!W.FanOut.empty())
      F.emplace_back("fanOut", list(W.FanOut));
    if (!W.Properties.empty())
      F.emplace_back("properties", list(W.Properties));
    if (!W.When.empty())
      F.emplace_back("when", quoted(W.When));
    return F;
  }

  static Fields queryFields(const Query &Q) {
    Fields F = {{"name", yamlScalar(Q.Name)}};
    if (!Q.Client.empty())
      F.emplace_back("client", yamlScalar(Q.Client));
    if (!Q.EntityTypeName.empty())
      F.emplace_back("entityType", yamlScalar(Q.EntityTypeName));
    if (!Q.Filter.empty())
      F.emplace_back("filter", quoted(Q.Filter));
    if (!Q.FanOut.empty())
      F.emplace_back("fanOut", list(Q.FanOut));
    if (Q.HasSelect || !Q.Select.empty())
      F.emplace_back("select", list(Q.Select));
    if (!Q.Uses.empty())
      F.emplace_back("uses", list(Q.Uses));
    if (Q.Top)
      F.emplace_back("top", countText(*Q.Top));
    if (!Q.Newest.empty())
      F.emplace_back("newest", yamlScalar(Q.Newest));
    if (Q.CutoffAgoSeconds)
      F.emplace_back("cutoff", *Q.CutoffAgoSeconds > 0
                                   ? "now - " +
                                         formatDuration(*Q.CutoffAgoSeconds)
                                   : std::string("now"));
    if (Q.ExpectedRows)
      F.emplace_back("expectedRows", countText(*Q.ExpectedRows));
    F.emplace_back("rate", rateText(Q.Frequency));
    return F;
  }

  void entityType(const EntityType &E) {
    comments("      ", E.Path, E.Note);
    Out += "      - name: " + yamlScalar(E.Name) + "\n";
    if (E.PartitionKey)
      Out += "        partitionKey: " + quoted(E.PartitionKey->Text) + "\n";
    Out += "        rowKey: " + quoted(E.RowKey.Text) + "\n";
    if (!E.Properties.empty()) {
      Out += "        properties:\n";
      for (const Property &P : E.Properties)
        entry("          ", P.Name, P.Path, P.Note, propertyFields(P));
    }
    if (E.Entities)
      Out += "        entities: " + countText(*E.Entities) + "\n";
  }

  // `{by: tenantId, default: 1, heavy: {tenantId-0: 16}}`, as loaded.
  static std::string bucketsText(const KeyBuckets &B) {
    std::string Heavy;
    for (const auto &[Value, Count] : B.Heavy)
      Heavy += (Heavy.empty() ? "" : ", ") + quoted(Value) + ": " +
               std::to_string(Count);
    return "{by: " + yamlScalar(B.By) + ", default: " +
           std::to_string(B.Default) + ", heavy: {" + Heavy + "}}";
  }

  void table(const Table &T) {
    comments("  ", T.Path, T.Note);
    Out += "  - name: " + yamlScalar(T.Name) + "\n";
    if (!T.Account.empty())
      Out += "    account: " + yamlScalar(T.Account) + "\n";
    if (T.EntityTypes.empty() || !T.PartitionKey.Text.empty())
      Out += "    partitionKey: " + quoted(T.PartitionKey.Text) + "\n";
    if (T.EntityTypes.empty())
      Out += "    rowKey: " + quoted(T.RowKey.Text) + "\n";
    if (T.Buckets)
      Out += "    buckets: " + bucketsText(*T.Buckets) + "\n";
    if (T.Shards)
      Out += "    shards: " + std::to_string(*T.Shards) + "\n";
    // The shard number is the loader's, declared by `shards`.
    const bool Declared = std::any_of(
        T.Properties.begin(), T.Properties.end(),
        [&](const Property &P) { return !isShardProperty(T, P); });
    if (Declared) {
      Out += "    properties:\n";
      for (const Property &P : T.Properties)
        if (!isShardProperty(T, P))
          entry("      ", P.Name, P.Path, P.Note, propertyFields(P));
    }
    if (!T.EntityTypes.empty()) {
      Out += "    entityTypes:\n";
      for (const EntityType &E : T.EntityTypes)
        entityType(E);
    }
    if (!T.Writes.empty()) {
      Out += "    writes:\n";
      for (const Write &W : T.Writes)
        item("      ", W.Path, W.Note, writeFields(W));
    }
    if (!T.Queries.empty()) {
      Out += "    queries:\n";
      for (const Query &Q : T.Queries)
        item("      ", Q.Path, Q.Note, queryFields(Q));
    }
    if (!T.Transactions.empty()) {
      Out += "    transactions:\n";
      for (const Transaction &X : T.Transactions)
        item("      ", X.Path, X.Note,
             {{"name", yamlScalar(X.Name)}, {"writes", list(X.Writes)}});
    }
    if (T.Entities)
      Out += "    entities: " + countText(*T.Entities) + "\n";
    if (T.RetentionSeconds)
      Out += "    retention: " + formatDuration(*T.RetentionSeconds) + "\n";
  }

  const Schema &S;
  std::vector<std::size_t> *TableStarts;
  std::string Out;
};

} // namespace

std::string yamlScalar(const std::string &Text) {
  if (Text.empty() || Text.front() == ' ' || Text.back() == ' ' ||
      Text.front() == '-' || Text == "null" || Text == "Null" || Text == "NULL")
    return quoted(Text);
  for (char C : Text)
    if (!plainSafe(C))
      return quoted(Text);
  return Text;
}

std::string writeSchemaYaml(const Schema &S) { return Writer(S).run(); }

std::string writeSchemaYaml(const Schema &S,
                            std::vector<std::size_t> &TableStarts) {
  TableStarts.clear();
  return Writer(S, &TableStarts).run();
}

std::optional<std::string> writeSchemaFile(const Schema &S,
                                           const std::string &Path) {
  return writeFileAtomically(Path, writeSchemaYaml(S));
}

} // namespace tablelint::schema
