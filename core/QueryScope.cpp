// The query classifier. It walks the filter in negation normal form (a `not`
// is pushed down to the comparisons, so `not (PartitionKey ne 'a')` pins the
// partition like `PartitionKey eq 'a'` does) and summarises each subtree by
// the key space it can touch; the root's summary decides the class.
#include "core/QueryScope.h"

#include <algorithm>

namespace tablelint {

namespace {

// What a subtree constrains.
struct Summary {
  enum class Pk : std::uint8_t { Unbounded, Points, Range };
  enum class Rk : std::uint8_t { Unbounded, Point, Range, Several };

  Pk Partition = Pk::Unbounded;
  std::vector<PinnedKey> Points;
  std::optional<KeyBound> PkLow, PkHigh;

  Rk Row = Rk::Unbounded;
  std::optional<PinnedKey> RowPoint;
  std::optional<KeyBound> RkLow, RkHigh;

  // Predicates beyond the key ranges: the service reads entities that the
  // filter then drops.
  bool Residual = false;
  bool Contradictory = false;
  // Why-flags for messages.
  bool MixedOr = false;      // an or-branch leaves PartitionKey unbounded
  bool PartitionNe = false;  // PartitionKey ne/ not-eq
  bool RowOr = false;        // or across row keys of one partition
  bool RowNe = false;        // RowKey ne
  bool RowWithoutPartition = false;
};

PinnedKey pinnedFrom(const FilterLiteral &L) {
  PinnedKey K;
  K.Known = L.Known;
  if (L.Known && L.Value.Type == EdmType::String)
    K.Value = L.Value.Text;
  else if (L.Known)
    K.Known = false; // a non-string key literal never matches: treat as opaque
  K.KnownPrefix = L.KnownPrefix;
  return K;
}

// Tighter of two lower (IsLow) or upper bounds; unknown values keep the
// known one.
std::optional<KeyBound> tighter(const std::optional<KeyBound> &A,
                                const std::optional<KeyBound> &B, bool IsLow) {
  if (!A)
    return B;
  if (!B)
    return A;
  if (!A->Key.Known)
    return B;
  if (!B->Key.Known)
    return A;
  const int C = A->Key.Value.compare(B->Key.Value);
  if (C == 0)
    return KeyBound{A->Key, A->Inclusive && B->Inclusive};
  return (C > 0) == IsLow ? A : B;
}

// Wider of two bounds (for `or`); a missing or unknown bound is unbounded.
std::optional<KeyBound> wider(const std::optional<KeyBound> &A,
                              const std::optional<KeyBound> &B, bool IsLow) {
  if (!A || !B || !A->Key.Known || !B->Key.Known)
    return std::nullopt;
  const int C = A->Key.Value.compare(B->Key.Value);
  if (C == 0)
    return KeyBound{A->Key, A->Inclusive || B->Inclusive};
  return (C < 0) == IsLow ? A : B;
}

bool withinBounds(const PinnedKey &K, const std::optional<KeyBound> &Low,
                  const std::optional<KeyBound> &High) {
  if (!K.Known)
    return true;
  if (Low && Low->Key.Known) {
    const int C = K.Value.compare(Low->Key.Value);
    if (C < 0 || (C == 0 && !Low->Inclusive))
      return false;
  }
  if (High && High->Key.Known) {
    const int C = K.Value.compare(High->Key.Value);
    if (C > 0 || (C == 0 && !High->Inclusive))
      return false;
  }
  return true;
}

void setBound(std::optional<KeyBound> &Low, std::optional<KeyBound> &High,
              CompareOp Op, const PinnedKey &K) {
  switch (Op) {
  case CompareOp::Gt:
    Low = KeyBound{K, false};
    break;
  case CompareOp::Ge:
    Low = KeyBound{K, true};
    break;
  case CompareOp::Lt:
    High = KeyBound{K, false};
    break;
  case CompareOp::Le:
    High = KeyBound{K, true};
    break;
  default:
    break;
  }
}

void mergeFlags(Summary &Out, const Summary &A, const Summary &B) {
  Out.Residual = A.Residual || B.Residual;
  Out.Contradictory = A.Contradictory || B.Contradictory;
  Out.MixedOr = A.MixedOr || B.MixedOr;
  Out.PartitionNe = A.PartitionNe || B.PartitionNe;
  Out.RowOr = A.RowOr || B.RowOr;
  Out.RowNe = A.RowNe || B.RowNe;
  Out.RowWithoutPartition = A.RowWithoutPartition || B.RowWithoutPartition;
}

Summary leaf(const FilterNode &N, bool Negated) {
  Summary S;
  if (N.Kind == FilterNodeKind::BoolProperty) {
    S.Residual = true;
    return S;
  }
  const CompareOp Op = Negated ? negateCompareOp(N.Op) : N.Op;
  const bool IsPartition = N.Property == "PartitionKey";
  const bool IsRow = N.Property == "RowKey";
  if (!IsPartition && !IsRow) {
    S.Residual = true;
    return S;
  }
  const PinnedKey K = pinnedFrom(N.Literal);
  if (Op == CompareOp::Ne) {
    S.Residual = true;
    (IsPartition ? S.PartitionNe : S.RowNe) = true;
    return S;
  }
  if (IsPartition) {
    if (Op == CompareOp::Eq) {
      S.Partition = Summary::Pk::Points;
      S.Points.push_back(K);
    } else {
      S.Partition = Summary::Pk::Range;
      setBound(S.PkLow, S.PkHigh, Op, K);
    }
    return S;
  }
  if (Op == CompareOp::Eq) {
    S.Row = Summary::Rk::Point;
    S.RowPoint = K;
  } else {
    S.Row = Summary::Rk::Range;
    setBound(S.RkLow, S.RkHigh, Op, K);
  }
  return S;
}

void addPoint(std::vector<PinnedKey> &Points, const PinnedKey &K) {
  // Unknown values cannot be told apart, so each counts on its own.
  if (K.Known && std::find(Points.begin(), Points.end(), K) != Points.end())
    return;
  Points.push_back(K);
}

Summary conjunction(const Summary &A, const Summary &B) {
  Summary S;
  mergeFlags(S, A, B);
  using Pk = Summary::Pk;
  if (A.Partition == Pk::Points && B.Partition == Pk::Points) {
    S.Partition = Pk::Points;
    const bool AllKnown =
        std::all_of(A.Points.begin(), A.Points.end(),
                    [](const PinnedKey &K) { return K.Known; }) &&
        std::all_of(B.Points.begin(), B.Points.end(),
                    [](const PinnedKey &K) { return K.Known; });
    if (AllKnown) {
      for (const PinnedKey &K : A.Points)
        if (std::find(B.Points.begin(), B.Points.end(), K) != B.Points.end())
          S.Points.push_back(K);
      if (S.Points.empty())
        S.Contradictory = true;
    } else {
      // An unknown value may equal the known one: keep the narrower side.
      S.Points = A.Points.size() <= B.Points.size() ? A.Points : B.Points;
    }
  } else if (A.Partition == Pk::Points || B.Partition == Pk::Points) {
    const Summary &P = A.Partition == Pk::Points ? A : B;
    const Summary &O = A.Partition == Pk::Points ? B : A;
    S.Partition = Pk::Points;
    for (const PinnedKey &K : P.Points)
      if (withinBounds(K, O.PkLow, O.PkHigh))
        S.Points.push_back(K);
    if (S.Points.empty())
      S.Contradictory = true;
  } else if (A.Partition == Pk::Range || B.Partition == Pk::Range) {
    S.Partition = Pk::Range;
    S.PkLow = tighter(A.PkLow, B.PkLow, true);
    S.PkHigh = tighter(A.PkHigh, B.PkHigh, false);
  }

  using Rk = Summary::Rk;
  if (A.Row == Rk::Point || B.Row == Rk::Point) {
    S.Row = Rk::Point;
    if (A.Row == Rk::Point && B.Row == Rk::Point) {
      S.RowPoint = A.RowPoint;
      if (A.RowPoint && B.RowPoint && A.RowPoint->Known &&
          B.RowPoint->Known && !(*A.RowPoint == *B.RowPoint))
        S.Contradictory = true;
    } else {
      const Summary &P = A.Row == Rk::Point ? A : B;
      const Summary &O = A.Row == Rk::Point ? B : A;
      S.RowPoint = P.RowPoint;
      if (O.Row == Rk::Range && !withinBounds(*P.RowPoint, O.RkLow, O.RkHigh))
        S.Contradictory = true;
    }
  } else if (A.Row == Rk::Several || B.Row == Rk::Several) {
    S.Row = Rk::Several;
  } else if (A.Row == Rk::Range || B.Row == Rk::Range) {
    S.Row = Rk::Range;
    S.RkLow = tighter(A.RkLow, B.RkLow, true);
    S.RkHigh = tighter(A.RkHigh, B.RkHigh, false);
  }
  return S;
}

Summary disjunction(const Summary &A, const Summary &B) {
  Summary S;
  mergeFlags(S, A, B);
  // The contradiction of one branch does not empty the other.
  S.Contradictory = A.Contradictory && B.Contradictory;
  using Pk = Summary::Pk;
  using Rk = Summary::Rk;
  if (A.Partition == Pk::Unbounded || B.Partition == Pk::Unbounded) {
    S.Partition = Pk::Unbounded;
    if (A.Partition != Pk::Unbounded || B.Partition != Pk::Unbounded)
      S.MixedOr = true;
    S.Residual = true;
    // Row keys in an or without partition keys are no constraint at all.
    const bool RowBranches = A.Row != Rk::Unbounded || B.Row != Rk::Unbounded;
    S.RowWithoutPartition = S.RowWithoutPartition || RowBranches;
    // Inside one partition (when ANDed with a PartitionKey equality) this
    // is an 'or' across row keys.
    if (A.Partition == Pk::Unbounded && B.Partition == Pk::Unbounded)
      S.RowOr = S.RowOr || RowBranches;
    return S;
  }
  if (A.Partition == Pk::Points && B.Partition == Pk::Points) {
    S.Partition = Pk::Points;
    S.Points = A.Points;
    for (const PinnedKey &K : B.Points)
      addPoint(S.Points, K);
  } else {
    // A range or a range with points: the union of the spans.
    S.Partition = Pk::Range;
    auto Low = [](const Summary &X) {
      if (X.Partition == Pk::Range)
        return X.PkLow;
      std::optional<KeyBound> L;
      for (const PinnedKey &K : X.Points)
        L = L ? wider(L, KeyBound{K, true}, true)
              : std::optional<KeyBound>(KeyBound{K, true});
      return L;
    };
    auto High = [](const Summary &X) {
      if (X.Partition == Pk::Range)
        return X.PkHigh;
      std::optional<KeyBound> H;
      for (const PinnedKey &K : X.Points)
        H = H ? wider(H, KeyBound{K, true}, false)
              : std::optional<KeyBound>(KeyBound{K, true});
      return H;
    };
    S.PkLow = wider(Low(A), Low(B), true);
    S.PkHigh = wider(High(A), High(B), false);
  }
  if (A.Row == Rk::Unbounded && B.Row == Rk::Unbounded && !A.Residual &&
      !B.Residual)
    return S;
  // Different row constraints or filters per branch: within one partition
  // the service cannot seek, it reads the partition and filters.
  S.Row = Rk::Several;
  S.Residual = true;
  if (A.Row != Rk::Unbounded || B.Row != Rk::Unbounded)
    S.RowOr = true;
  return S;
}

Summary summarize(const Filter &F, std::uint32_t Index, bool Negated) {
  const FilterNode &N = F.node(Index);
  switch (N.Kind) {
  case FilterNodeKind::Compare:
  case FilterNodeKind::BoolProperty:
    return leaf(N, Negated);
  case FilterNodeKind::Not:
    return summarize(F, N.Left, !Negated);
  case FilterNodeKind::And:
  case FilterNodeKind::Or: {
    const Summary L = summarize(F, N.Left, Negated);
    const Summary R = summarize(F, N.Right, Negated);
    // De Morgan: a negated and is an or of the negations, and vice versa.
    const bool IsAnd = (N.Kind == FilterNodeKind::And) != Negated;
    return IsAnd ? conjunction(L, R) : disjunction(L, R);
  }
  }
  return Summary{};
}

void describeProperties(const Filter *F, QueryScope &Q) {
  if (!F)
    return;
  Q.Comparisons = F->comparisonCount();
  Q.Properties = F->properties();
  for (const std::string &P : Q.Properties)
    if (P != "PartitionKey" && P != "RowKey")
      Q.NonKeyProperties.push_back(P);
}

std::string joinQuoted(const std::vector<std::string> &Names) {
  std::string Out;
  for (std::size_t I = 0; I < Names.size(); ++I) {
    if (I)
      Out += ", ";
    Out += "'" + Names[I] + "'";
  }
  return Out;
}

QueryScope finish(const Summary &S, const Filter *F) {
  QueryScope Q;
  describeProperties(F, Q);
  Q.Contradictory = S.Contradictory;
  using Pk = Summary::Pk;
  using Rk = Summary::Rk;
  if (S.Partition == Pk::Unbounded) {
    Q.Class = QueryClass::TableScan;
    if (S.MixedOr)
      Q.Reason = "an 'or' branch does not constrain PartitionKey";
    else if (S.PartitionNe)
      Q.Reason = "PartitionKey ne does not narrow the scan";
    else
      Q.Reason = "no PartitionKey equality";
    if (S.Row != Rk::Unbounded || S.RowWithoutPartition)
      Q.Reason += "; a RowKey condition alone does not narrow the scan";
    return Q;
  }
  if (S.Partition == Pk::Range) {
    Q.Class = QueryClass::PartitionRange;
    Q.PartitionLow = S.PkLow;
    Q.PartitionHigh = S.PkHigh;
    Q.Reason = "a PartitionKey range";
    return Q;
  }
  Q.PartitionKeys = S.Points;
  if (S.Points.size() > 1) {
    Q.Class = QueryClass::PartitionRange;
    Q.Reason = "'or' over " + std::to_string(S.Points.size()) +
               " partition keys";
    return Q;
  }
  if (S.Points.empty()) {
    Q.Class = QueryClass::RowRange;
    Q.Reason = "the PartitionKey conditions cannot all hold";
    return Q;
  }
  Q.RowLow = S.RkLow;
  Q.RowHigh = S.RkHigh;
  // Both keys pinned: the service reads one entity whatever else the filter
  // says, so other conditions do not make it a scan.
  if (S.Row == Rk::Point) {
    Q.Class = QueryClass::Point;
    Q.RowKey = S.RowPoint;
    Q.RowLow.reset();
    Q.RowHigh.reset();
    Q.Reason = S.Residual ? "PartitionKey and RowKey equality; the other "
                            "conditions are checked on that one entity"
                          : "PartitionKey and RowKey equality";
    return Q;
  }
  if (S.Residual || S.Row == Rk::Several) {
    Q.Class = QueryClass::PartitionScan;
    std::vector<std::string> Why;
    if (!Q.NonKeyProperties.empty())
      Why.push_back("filters on non-key " +
                    std::string(Q.NonKeyProperties.size() > 1 ? "properties "
                                                              : "property ") +
                    joinQuoted(Q.NonKeyProperties));
    if (S.RowOr)
      Why.push_back("'or' across row keys");
    if (S.RowNe)
      Why.push_back("RowKey ne");
    if (Why.empty())
      Why.push_back("filters beyond the key range");
    for (std::size_t I = 0; I < Why.size(); ++I)
      Q.Reason += (I ? "; " : "") + Why[I];
    Q.RowLow = S.Row == Rk::Range ? S.RkLow : std::nullopt;
    Q.RowHigh = S.Row == Rk::Range ? S.RkHigh : std::nullopt;
    return Q;
  }
  Q.Class = QueryClass::RowRange;
  Q.Reason = S.Row == Rk::Range ? "a RowKey range in one partition"
                                : "the whole partition";
  return Q;
}

} // namespace

std::string_view queryClassName(QueryClass C) {
  switch (C) {
  case QueryClass::Point:
    return "point";
  case QueryClass::RowRange:
    return "row range";
  case QueryClass::PartitionScan:
    return "partition scan";
  case QueryClass::PartitionRange:
    return "partition range";
  case QueryClass::TableScan:
    return "table scan";
  }
  return "table scan";
}

std::string PinnedKey::str() const {
  if (Known)
    return quoteFilterString(Value);
  if (!KnownPrefix.empty())
    return quoteFilterString(KnownPrefix + "...");
  return "<runtime value>";
}

QueryScope classifyFilter(const Filter &F) {
  return finish(summarize(F, F.Root, false), &F);
}

QueryScope classifyQuery(const KeyAddress &Address, const Filter *F) {
  Summary S;
  if (Address.PartitionKey) {
    S.Partition = Summary::Pk::Points;
    S.Points.push_back(*Address.PartitionKey);
  }
  if (Address.RowKey) {
    S.Row = Summary::Rk::Point;
    S.RowPoint = Address.RowKey;
  }
  if (F)
    S = conjunction(S, summarize(*F, F->Root, false));
  QueryScope Q = finish(S, F);
  if (!F && !Address.PartitionKey && !Address.RowKey)
    Q.Reason = "no filter and no key: every entity of the table is read";
  return Q;
}

} // namespace tablelint
