#include "core/schema/TableSize.h"

#include "core/schema/PropertyGrowth.h"

#include <algorithm>
#include <map>

namespace tablelint::schema {

namespace {

// The values a property takes over Seconds, as a key renders it: a listed
// or declared count, the periods a date format or a `changes` period
// passes through, or nullopt when nothing bounds them (a guid, a growing
// counter, an undeclared spread). Format: the coarsest rendering of the
// property among its key parts (finer ones decide, so the finest is
// passed).
std::optional<double> valuesOver(const Property &P, double Seconds,
                                 double FormatPeriod) {
  if (takesNewestValue(P)) {
    if (P.ChangesEverySeconds)
      return Seconds / *P.ChangesEverySeconds + 1;
    if (P.Type == EdmType::DateTime)
      return Seconds / FormatPeriod + 1;
    if (P.Distinct)
      return static_cast<double>(*P.Distinct);
    return std::nullopt;
  }
  if (!P.Values.empty())
    return static_cast<double>(P.Values.size());
  if (P.Distinct)
    return static_cast<double>(*P.Distinct);
  if (P.Type == EdmType::Boolean)
    return 2;
  return std::nullopt;
}

std::optional<double> keysOver(const Table &T, double Seconds,
                               bool PartitionOnly) {
  if (!T.EntityTypes.empty())
    return std::nullopt; // a type's RowKey is in its view
  struct Use {
    double FinestPeriod = 0; // 0: no date format seen yet
    bool Whole = false;      // rendered without a hash
    double Buckets = 0;      // the most buckets of its hashed uses
  };
  std::map<std::string, Use> Uses;
  auto Note = [&](const KeyTemplate &Key) {
    for (const KeyPart &Part : Key.Parts) {
      if (!Part.IsPlaceholder)
        continue;
      Use &U = Uses[Part.Text];
      const double Period = formatPeriodSeconds(Part);
      U.FinestPeriod =
          U.FinestPeriod ? std::min(U.FinestPeriod, Period) : Period;
      if (const std::uint64_t B = hashBucketCount(Part))
        U.Buckets = std::max(U.Buckets, static_cast<double>(B));
      else
        U.Whole = true;
    }
  };
  if (T.NameTemplate)
    Note(*T.NameTemplate);
  Note(T.PartitionKey);
  if (!PartitionOnly)
    Note(T.RowKey);
  double Keys = 1;
  for (const auto &[Name, U] : Uses) {
    const Property *P = T.property(Name);
    if (!P)
      return std::nullopt;
    std::optional<double> Values = valuesOver(*P, Seconds, U.FinestPeriod);
    if (!U.Whole)
      Values = std::min(Values.value_or(U.Buckets), U.Buckets);
    if (!Values)
      return std::nullopt;
    Keys *= *Values;
  }
  return Keys;
}

} // namespace

std::optional<double> keySpaceOver(const Table &T, double Seconds) {
  return keysOver(T, Seconds, false);
}

std::optional<double> partitionKeySpaceOver(const Table &T, double Seconds) {
  return keysOver(T, Seconds, true);
}

ModelledTableSize modelledTableSize(const Table &T, double InsertsPerSecond) {
  ModelledTableSize S;
  if (T.Entities) {
    S.Known = true;
    S.Declared = true;
    S.Entities = static_cast<double>(*T.Entities);
    return S;
  }
  if (T.RetentionSeconds && InsertsPerSecond > 0) {
    S.Known = true;
    S.InsertsPerSecond = InsertsPerSecond;
    S.Entities = InsertsPerSecond * *T.RetentionSeconds;
    // Writes to a key the table holds add nothing (an upsert updates it,
    // an insert fails): the table holds at most its distinct keys.
    const std::optional<double> Keys = keySpaceOver(T, *T.RetentionSeconds);
    if (Keys && *Keys < S.Entities) {
      S.Entities = std::max(1.0, *Keys);
      S.KeyBound = true;
    }
  }
  return S;
}

} // namespace tablelint::schema
