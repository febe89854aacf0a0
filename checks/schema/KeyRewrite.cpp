// Query rewriting for a change of keys: read a filter's key conditions as
// conditions on properties (mapKeyConditions), write them on other keys
// (renderInKeys).
#include "checks/schema/KeyRewrite.h"

#include "checks/schema/Load.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// The template text of part I of K, as written ("{placedAt:yyyyMMdd}", "_").
std::string partText(const KeyTemplate &K, std::size_t I) {
  const std::size_t End =
      I + 1 < K.Parts.size() ? K.Parts[I + 1].Offset : K.Text.size();
  return K.Text.substr(K.Parts[I].Offset, End - K.Parts[I].Offset);
}

// K's text from part I on ("" past the end).
std::string textFrom(const KeyTemplate &K, std::size_t I) {
  return I < K.Parts.size() ? K.Text.substr(K.Parts[I].Offset) : "";
}

bool hasFunction(const KeyPart &P, KeyFunction::Kind Fn) {
  return std::any_of(P.Functions.begin(), P.Functions.end(),
                     [&](const KeyFunction &F) { return F.Fn == Fn; });
}

bool sameRendering(const KeyPart &A, const KeyPart &B) {
  return A.Text == B.Text && A.Format == B.Format &&
         std::equal(A.Functions.begin(), A.Functions.end(),
                    B.Functions.begin(), B.Functions.end(),
                    [](const KeyFunction &X, const KeyFunction &Y) {
                      return X.Fn == Y.Fn && X.Arg == Y.Arg;
                    });
}

// Whether P's text tells its value apart from every other: no hash bucket,
// no padding, and a format that keeps the whole value (none, `ticks`,
// `D<n>`; a date format keeps only part of a time).
bool exactRendering(const KeyPart &P) {
  if (hasFunction(P, KeyFunction::Hash) || hasFunction(P, KeyFunction::Pad))
    return false;
  return P.Format.empty() || P.Format == "ticks" ||
         (P.Format.size() > 1 && P.Format[0] == 'D' &&
          std::all_of(P.Format.begin() + 1, P.Format.end(),
                      [](char C) { return C >= '0' && C <= '9'; }));
}

// "customerId", "placedAt as yyyyMMdd", "a hash bucket of customerId".
std::string describePin(const KeyPart &P) {
  if (hasFunction(P, KeyFunction::Hash))
    return "a hash bucket of " + P.Text;
  if (!P.Format.empty() && P.Format != "ticks")
    return P.Text + " as " + P.Format;
  return P.Text;
}

std::string describePins(const std::vector<KeyPart> &Pins) {
  std::string Out;
  for (std::size_t I = 0; I < Pins.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Pins.size() ? " and " : ", ") +
           describePin(Pins[I]);
  return Out.empty() ? "no property" : Out;
}

// Whether Text is one parenthesised group ("(a or b)", not "(a) or (b)").
bool parenthesised(const std::string &Text) {
  if (Text.size() < 2 || Text.front() != '(' || Text.back() != ')')
    return false;
  int Depth = 0;
  bool Quoted = false;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\'')
      Quoted = !Quoted;
    else if (!Quoted && Text[I] == '(')
      ++Depth;
    else if (!Quoted && Text[I] == ')' && --Depth == 0)
      return I + 1 == Text.size();
  }
  return false;
}

bool mentionsKey(const std::string &Text) {
  return Text.find("PartitionKey") != std::string::npos ||
         Text.find("RowKey") != std::string::npos;
}

// The text inside a filter's string literal ('a''b' -> a'b); false when Lit
// is no string literal.
bool stringContent(const std::string &Lit, std::string &Out) {
  if (Lit.size() < 2 || Lit.front() != '\'' || Lit.back() != '\'')
    return false;
  Out.clear();
  for (std::size_t I = 1; I + 1 < Lit.size(); ++I) {
    Out += Lit[I];
    if (Lit[I] == '\'' && Lit[I + 1] == '\'')
      ++I;
  }
  return true;
}

// Matches Text (a key value written with placeholders) against Key part by
// part; with Prefix, Text may stop inside a literal part. Appends the
// placeholders it pins to Pins and sets Consumed to the key parts it
// matched whole. False, with Why, when it does not match.
bool matchKeyParts(const std::string &Text, const KeyTemplate &Key,
                   bool Prefix, const char *KeyName, std::vector<KeyPart> &Pins,
                   std::size_t &Consumed, std::string &Why) {
  std::string Error;
  const std::optional<KeyTemplate> Value = parseKeyTemplate(Text, Error);
  if (!Value) {
    Why = std::string("its ") + KeyName + " value '" + Text +
          "' is no key template (" + Error + ")";
    return false;
  }
  const std::string Mismatch = std::string("its ") + KeyName + " value '" +
                               Text + "' is not made as the key `" + Key.Text +
                               "` is";
  std::size_t K = 0;
  for (std::size_t J = 0; J < Value->Parts.size(); ++J) {
    const KeyPart &P = Value->Parts[J];
    if (K >= Key.Parts.size()) {
      Why = Mismatch;
      return false;
    }
    const KeyPart &KP = Key.Parts[K];
    if (P.IsPlaceholder) {
      if (!KP.IsPlaceholder || !sameRendering(P, KP)) {
        Why = Mismatch;
        return false;
      }
      Pins.push_back(KP);
      ++K;
      continue;
    }
    if (KP.IsPlaceholder) {
      Why = std::string("its ") + KeyName + " value '" + Text +
            "' is constant text where the key `" + Key.Text + "` has {" +
            KP.Text + "}: which value of " + KP.Text + " it means is not said";
      return false;
    }
    if (P.Text == KP.Text) {
      ++K;
      continue;
    }
    if (Prefix && J + 1 == Value->Parts.size() &&
        KP.Text.compare(0, P.Text.size(), P.Text) == 0)
      break; // the range stops inside this literal
    Why = Mismatch;
    return false;
  }
  if (!Prefix && K != Key.Parts.size()) {
    Why = Mismatch;
    return false;
  }
  Consumed = K;
  return true;
}

// matchKeyParts, adding no pins when Text does not match.
bool matchKey(const std::string &Text, const KeyTemplate &Key, bool Prefix,
              const char *KeyName, std::vector<KeyPart> &Pins,
              std::size_t &Consumed, std::string &Why) {
  const std::size_t Before = Pins.size();
  if (matchKeyParts(Text, Key, Prefix, KeyName, Pins, Consumed, Why))
    return true;
  Pins.resize(Before);
  return false;
}

// The part of a range's prefix Text up to the end of its last literal
// ("{deviceId}_" of "{deviceId}_{readingTime:HH}"); empty when it has no
// placeholder before that.
std::string literalEndedPrefix(const std::string &Text) {
  std::string Error;
  const std::optional<KeyTemplate> Value = parseKeyTemplate(Text, Error);
  if (!Value)
    return "";
  std::size_t End = Value->Parts.size();
  while (End > 0 && Value->Parts[End - 1].IsPlaceholder)
    --End;
  const bool Placeholder =
      std::any_of(Value->Parts.begin(),
                  Value->Parts.begin() + static_cast<long>(End),
                  [](const KeyPart &P) { return P.IsPlaceholder; });
  if (!Placeholder || End == Value->Parts.size())
    return "";
  return Text.substr(0, Value->Parts[End].Offset);
}

struct RowBound {
  CompareOp Op;
  std::string Text; // the literal's content
  std::string Span; // the condition as written
};

// The RowKey conditions: none, an equality, or a prefix range.
void mapRowBounds(const std::vector<RowBound> &Bounds, const KeyTemplate &Rk,
                  LogicalFilter &L) {
  std::size_t Consumed = 0;
  auto OrderFrom = [&](std::size_t I) {
    while (I < Rk.Parts.size() && !Rk.Parts[I].IsPlaceholder)
      ++I;
    L.RowOrder = textFrom(Rk, I);
  };
  if (Bounds.empty()) {
    OrderFrom(0);
    return;
  }
  if (Bounds.size() == 1 && Bounds[0].Op == CompareOp::Eq) {
    if (matchKey(Bounds[0].Text, Rk, false, "RowKey", L.Pins, Consumed,
                 L.Why))
      L.RowOrder.clear();
    return;
  }
  std::string Spans;
  for (const RowBound &B : Bounds)
    Spans += (Spans.empty() ? "" : " and ") + B.Span;
  const RowBound *Ge = nullptr, *Lt = nullptr;
  for (const RowBound &B : Bounds) {
    if (B.Op == CompareOp::Ge)
      Ge = &B;
    else if (B.Op == CompareOp::Lt)
      Lt = &B;
  }
  // `lt` the prefix with its last character one higher, or with `~`
  // after it (the idiom for "anything longer").
  const bool Prefix =
      Bounds.size() == 2 && Ge && Lt && !Ge->Text.empty() &&
      ((Ge->Text.size() == Lt->Text.size() &&
        Ge->Text.compare(0, Ge->Text.size() - 1, Lt->Text, 0,
                         Lt->Text.size() - 1) == 0 &&
        Lt->Text.back() == Ge->Text.back() + 1) ||
       Lt->Text == Ge->Text + "~");
  if (!Prefix) {
    L.Why = "it reads a range of RowKeys (`" + Spans +
            "`) that is not every key starting with one prefix: it selects "
            "by the key's text, which other keys order differently";
    return;
  }
  if (Ge->Text.back() == '}') {
    // What it does pin: the values before its last literal.
    std::string Ignored;
    matchKey(literalEndedPrefix(Ge->Text), Rk, true, "RowKey", L.Pins,
             Consumed, Ignored);
    L.Why = "its RowKey range (`" + Spans +
            "`) ends with a placeholder, so it also holds the keys of longer "
            "values that start with the one it names";
    return;
  }
  if (matchKey(Ge->Text, Rk, true, "RowKey", L.Pins, Consumed, L.Why))
    OrderFrom(Consumed);
}

// One key condition: the PartitionKey's is matched now, the RowKey's
// gathered. False, with L.Why, when it cannot be mapped.
bool mapKeyCompare(const QueryFilter &QF, const std::string &Filter,
                   const FilterNode &N, const std::string &Span,
                   const KeyTemplate &Pk, std::vector<RowBound> &RowBounds,
                   LogicalFilter &L) {
  std::string Content;
  if (!stringContent(
          QF.templateText(Filter, N.Literal.Offset, N.Literal.Length), Content)) {
    L.Why = "it compares the " + N.Property + " with something other than "
            "text (`" + Span + "`)";
    return false;
  }
  if (N.Property == "RowKey") {
    RowBounds.push_back({N.Op, Content, Span});
    return true;
  }
  if (N.Op != CompareOp::Eq) {
    L.Why = "it reads a range of PartitionKeys (`" + Span +
            "`), which other keys do not keep together";
    return false;
  }
  std::size_t Consumed = 0;
  if (!matchKey(Content, Pk, false, "PartitionKey", L.Pins, Consumed, L.Why))
    return false;
  L.PinsPartition = true;
  return true;
}

// Where a new key part gets its value from L's pins: the index of a pin
// rendered the same way, else of a pin that gives the whole value; -1 when
// none does.
int pinFor(const KeyPart &Part, const LogicalFilter &L) {
  for (std::size_t I = 0; I < L.Pins.size(); ++I)
    if (sameRendering(Part, L.Pins[I]))
      return static_cast<int>(I);
  for (std::size_t I = 0; I < L.Pins.size(); ++I)
    if (L.Pins[I].Text == Part.Text && exactRendering(L.Pins[I]))
      return static_cast<int>(I);
  return -1;
}

// Marks the pins that Part, written in a key condition, says in full.
void cover(const KeyPart &Part, const LogicalFilter &L,
           std::vector<bool> &Covered) {
  for (std::size_t I = 0; I < L.Pins.size(); ++I)
    if (sameRendering(Part, L.Pins[I]) ||
        (L.Pins[I].Text == Part.Text && exactRendering(L.Pins[I]) &&
         exactRendering(Part)))
      Covered[I] = true;
}

// `p eq '{p}'` for a property of T, written as its type's literal; empty
// for a type whose placeholder text is not its literal (a double).
std::string propertyEquality(const Table &T, const std::string &Name) {
  const Property *P = T.property(Name);
  if (!P)
    return "";
  const std::string Ph = "{" + Name + "}";
  switch (P->Type) {
  case EdmType::String:
    return Name + " eq '" + Ph + "'";
  case EdmType::Guid:
    return Name + " eq guid'" + Ph + "'";
  case EdmType::DateTime:
    return Name + " eq datetime'" + Ph + "'";
  case EdmType::Int64:
    return Name + " eq " + Ph + "L";
  case EdmType::Int32:
  case EdmType::Boolean:
    return Name + " eq " + Ph;
  default:
    return "";
  }
}

// The RowKey parts a rewritten range can pin: the leading parts the pins
// render, backed off to end with a literal (a range by prefix needs the
// text that follows a value); all of them for an equality.
std::size_t renderableRowPrefix(const KeyTemplate &Rk, const LogicalFilter &L) {
  std::size_t End = 0;
  while (End < Rk.Parts.size() &&
         (!Rk.Parts[End].IsPlaceholder || pinFor(Rk.Parts[End], L) >= 0))
    ++End;
  if (End == Rk.Parts.size())
    return End;
  while (End > 0 && Rk.Parts[End - 1].IsPlaceholder)
    --End;
  // The upper bound raises the last character: not a brace of "}}", and
  // not the last printable one.
  if (End > 0) {
    const std::string Last = partText(Rk, End - 1);
    if (Last.back() == '}' || Last.back() == '{' ||
        static_cast<unsigned char>(Last.back()) >= 0x7E)
      End = 0;
  }
  // A literal prefix alone holds every entity of a one-type table.
  const bool AnyPlaceholder =
      std::any_of(Rk.Parts.begin(), Rk.Parts.begin() + static_cast<long>(End),
                  [](const KeyPart &P) { return P.IsPlaceholder; });
  return AnyPlaceholder ? End : 0;
}

} // namespace

LogicalFilter mapKeyConditions(const std::string &Filter,
                               const KeyTemplate &Pk, const KeyTemplate &Rk) {
  LogicalFilter L;
  Query Q;
  Q.Filter = Filter;
  const QueryFilter QF = parseQueryFilter(Q);
  if (QF.Empty) {
    mapRowBounds({}, Rk, L);
    return L;
  }
  if (!QF.Parsed) {
    L.Why = "its filter does not parse";
    return L;
  }
  const tablelint::Filter &F = *QF.Parsed;
  std::vector<RowBound> RowBounds;
  for (const std::uint32_t I : F.conjuncts()) {
    const FilterNode &N = F.node(I);
    const std::string Span = QF.templateText(Filter, N.Offset, N.Length);
    const bool OnKey = N.Kind == FilterNodeKind::Compare
                           ? N.Property == "PartitionKey" ||
                                 N.Property == "RowKey"
                           : mentionsKey(Span);
    if (!OnKey) {
      L.Rest.push_back(N.Kind == FilterNodeKind::Or && !parenthesised(Span)
                           ? "(" + Span + ")"
                           : Span);
      continue;
    }
    if (N.Kind != FilterNodeKind::Compare) {
      L.Why = "it tests a key inside `or` or `not` (`" + Span +
              "`), which no key condition of other keys can say";
      return L;
    }
    if (!mapKeyCompare(QF, Filter, N, Span, Pk, RowBounds, L))
      return L;
  }
  mapRowBounds(RowBounds, Rk, L);
  return L;
}

bool givesWholeValue(const LogicalFilter &L, const std::string &Property) {
  for (const KeyPart &P : L.Pins)
    if (P.Text == Property && exactRendering(P))
      return true;
  for (const std::string &C : L.Rest)
    for (const char *After : {"}", ":", "|"})
      if (C.find("{" + Property + After) != std::string::npos)
        return true;
  return false;
}

RewrittenFilter renderInKeys(const LogicalFilter &L, const Table &T,
                             const KeyTemplate &Pk, const KeyTemplate &Rk,
                             bool OrderMatters) {
  RewrittenFilter Out;
  if (!L.Why.empty()) {
    Out.Why = L.Why;
    return Out;
  }
  std::vector<std::string> Conditions;
  std::vector<bool> Covered(L.Pins.size());
  std::size_t RowEnd = 0;
  if (L.PinsPartition || !L.Pins.empty()) {
    for (const KeyPart &P : Pk.Parts)
      if (P.IsPlaceholder && pinFor(P, L) < 0) {
        Out.Why = "the new PartitionKey `" + Pk.Text + "` needs " + P.Text +
                  ", which the query does not give (it reads by " +
                  describePins(L.Pins) +
                  "): it would read every partition";
        return Out;
      }
    for (const KeyPart &P : Pk.Parts)
      cover(P, L, Covered);
    Conditions.push_back("PartitionKey eq '" + Pk.Text + "'");
    RowEnd = renderableRowPrefix(Rk, L);
    for (std::size_t I = 0; I < RowEnd; ++I)
      cover(Rk.Parts[I], L, Covered);
    const std::string Prefix = Rk.Text.substr(
        0, RowEnd < Rk.Parts.size() ? Rk.Parts[RowEnd].Offset : Rk.Text.size());
    if (RowEnd == Rk.Parts.size()) {
      Conditions.push_back("RowKey eq '" + Prefix + "'");
    } else if (RowEnd > 0) {
      std::string Upper = Prefix;
      Upper.back() = static_cast<char>(Upper.back() + 1);
      Conditions.push_back("RowKey ge '" + Prefix + "'");
      Conditions.push_back("RowKey lt '" + Upper + "'");
    }
  }
  if (OrderMatters) {
    std::size_t From = RowEnd;
    while (From < Rk.Parts.size() && !Rk.Parts[From].IsPlaceholder)
      ++From;
    const std::string NewOrder = textFrom(Rk, From);
    if (!L.PinsPartition || NewOrder != L.RowOrder) {
      Out.Why = "it keeps the first rows in key order (`top`), and the new "
                "keys would order them by `" +
                (NewOrder.empty() ? std::string("nothing") : NewOrder) +
                "` instead of `" + L.RowOrder + "`";
      return Out;
    }
  }
  // The pins no key condition says: an equality on the property for a
  // whole value; a part of a value (a day) or a bucket is said by the
  // whole value of the same property, if the filter gives it.
  std::vector<std::string> Said;
  for (std::size_t I = 0; I < L.Pins.size(); ++I)
    if (Covered[I] && exactRendering(L.Pins[I]))
      Said.push_back(L.Pins[I].Text);
  for (std::size_t I = 0; I < L.Pins.size(); ++I) {
    const KeyPart &P = L.Pins[I];
    if (Covered[I] || !exactRendering(P) ||
        std::find(Said.begin(), Said.end(), P.Text) != Said.end())
      continue;
    const std::string Eq = propertyEquality(T, P.Text);
    if (Eq.empty()) {
      Out.Why = "the query gives " + P.Text +
                ", which the new keys do not hold and an equality on the "
                "property cannot say as written";
      return Out;
    }
    Conditions.push_back(Eq);
    Said.push_back(P.Text);
  }
  for (std::size_t I = 0; I < L.Pins.size(); ++I)
    if (!Covered[I] &&
        std::find(Said.begin(), Said.end(), L.Pins[I].Text) == Said.end()) {
      Out.Why = "the query reads by " + describePin(L.Pins[I]) +
                ", which the new keys do not hold: no condition on the "
                "property itself says it";
      return Out;
    }
  Conditions.insert(Conditions.end(), L.Rest.begin(), L.Rest.end());
  for (const std::string &C : Conditions)
    Out.Filter += (Out.Filter.empty() ? "" : " and ") + C;
  return Out;
}

RewrittenFilter rewriteQueryForKeys(const Table &T, const Query &Q,
                                    const KeyTemplate &Pk,
                                    const KeyTemplate &Rk) {
  if (!Q.FanOut.empty())
    return {"", "it fans out over the hash buckets of " + Q.FanOut.front() +
                    ", which the new keys do not have"};
  const LogicalFilter L = mapKeyConditions(Q.Filter, T.PartitionKey, T.RowKey);
  // "Latest N" on a key that is not newest-first reads every match and
  // keeps the newest: the key order does not decide what it returns.
  const bool OrderMatters =
      Q.Top && (Q.Newest.empty() || newestFirstInKeyOrder(T.RowKey, Q.Newest));
  return renderInKeys(L, T, Pk, Rk, OrderMatters);
}

} // namespace tablelint::schema
