// A data series folded into one entity: when every query of a table reads
// the same series (N rows of one time key per partition), the points become
// properties of one entity per partition key, read with one point query.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/SchemaContext.h"

#include <algorithm>
#include <cctype>
#include <memory>

namespace tablelint::schema {

namespace {

// The RowKey of the folded entity.
const char *const SeriesKey = "series";

struct Series {
  std::string Time;             // the time property the rows are keyed by
  std::uint64_t Points = 0;     // rows per series, the most any query reads
  std::vector<Property> Folded; // the entity's properties after folding
  std::vector<std::string> ValueNames; // the properties that became slots
};

class SeriesFolding : public Remedy {
public:
  const char *id() const override { return "series-folding"; }
  std::vector<std::string> rules() const override {
    return {"data-series-entity"};
  }

  void apply(RemedyContext &Ctx, Table &T) const override {
    // Folded only when every query of the table reads the same series:
    // other queries would need the per-point rows.
    if (T.Queries.empty() || !Ctx.allowed("data-series-entity", T.Path))
      return;
    std::optional<Series> S = findSeries(Ctx, T);
    if (!S)
      return;
    foldProperties(T, *S);
    rewriteWrites(T, *S);
    rewriteQueries(T, *S);
    Ctx.change("data-series-entity", T.Path, T.Note,
               "one entity per series for data-series-entity: " +
                   std::to_string(S->Points) + " points of '" + S->Time +
                   "' as properties, read with one point query instead of " +
                   std::to_string(S->Points) + " rows");
  }

private:
  // The series every query of T reads, when the RowKey holds nothing but
  // its time and the partition key's properties (one series per key).
  static std::optional<Series> findSeries(const RemedyContext &Ctx,
                                          const Table &T) {
    const KeyPart *Part = nullptr;
    Series S;
    for (const Query &Q : T.Queries) {
      if (!Ctx.found().has("data-series-entity", Q.Path))
        return std::nullopt;
      const QueryAnalysis A = analyzeQuery(T, Q);
      const KeyPart *P = seriesPart(T, Q, A, Ctx.Options.MinSeriesRows);
      if (!P || (Part && P->Text != Part->Text))
        return std::nullopt;
      Part = P;
      S.Points = std::max<std::uint64_t>(S.Points, *Q.ExpectedRows);
    }
    S.Time = Part->Text;
    const std::vector<std::string> Keys = T.PartitionKey.properties();
    for (const std::string &P : T.RowKey.properties())
      if (P != S.Time && std::find(Keys.begin(), Keys.end(), P) == Keys.end())
        return std::nullopt;
    if (Keys.empty())
      return std::nullopt;
    return S;
  }

  // The entity's properties: the keys' as they are, each other value
  // property as one slot per point (value00 .. value59), the time dropped.
  static void foldProperties(Table &T, Series &S) {
    const std::vector<std::string> Keys = T.PartitionKey.properties();
    for (const Property &P : T.Properties) {
      if (P.Name == S.Time)
        continue;
      if (std::find(Keys.begin(), Keys.end(), P.Name) != Keys.end()) {
        S.Folded.push_back(P);
        continue;
      }
      S.ValueNames.push_back(P.Name);
      const unsigned Width =
          static_cast<unsigned>(std::to_string(S.Points - 1).size());
      for (std::uint64_t I = 0; I < S.Points; ++I) {
        Property Slot = P;
        std::string Index = std::to_string(I);
        Index.insert(0, Width - Index.size(), '0');
        Slot.Name = P.Name + Index;
        Slot.Path = T.Path + ".properties[" + Slot.Name + "]";
        Slot.Note.clear();
        S.Folded.push_back(Slot);
      }
    }
    T.Properties = S.Folded;
    std::string Error;
    T.RowKey = *parseKeyTemplate(SeriesKey, Error);
  }

  // Names as the folded entity holds them: a value property by its slots.
  static std::vector<std::string>
  expand(const Series &S, const std::vector<std::string> &Names) {
    std::vector<std::string> Out;
    for (const std::string &N : Names)
      for (const Property &P : S.Folded)
        if (P.Name == N ||
            (std::find(S.ValueNames.begin(), S.ValueNames.end(), N) !=
                 S.ValueNames.end() &&
             P.Name.compare(0, N.size(), N) == 0 && P.Name.size() > N.size() &&
             std::isdigit(static_cast<unsigned char>(P.Name[N.size()]))))
          Out.push_back(P.Name);
    return Out;
  }

  static void rewriteWrites(Table &T, const Series &S) {
    for (Write &W : T.Writes) {
      W.Op = WriteKind::InsertOrMerge;
      W.Properties = expand(S, W.Properties);
      addNote(W.Note, "merges the current point's property into the series "
                      "entity (data-series-entity)");
    }
  }

  // Each query reads the one series entity of the partition it pinned.
  static void rewriteQueries(Table &T, const Series &S) {
    const std::vector<std::string> Keys = T.PartitionKey.properties();
    for (Query &Q : T.Queries) {
      std::string PinnedPk = "{" + Keys.front() + "}";
      // Keep the original partition literal.
      const QueryFilter QF = parseQueryFilter(Q);
      if (QF.PinnedPartition)
        PinnedPk = QF.PinnedPartition->Text;
      Q.Filter = "PartitionKey eq '" + PinnedPk + "' and RowKey eq '" +
                 SeriesKey + "'";
      Q.FilterPos = {};
      Q.ExpectedRows = 1;
      Q.Top.reset();
      Q.Select = expand(S, Q.Select);
      Q.Uses = expand(S, Q.Uses);
    }
  }
};

} // namespace

std::unique_ptr<Remedy> makeSeriesFolding() {
  return std::make_unique<SeriesFolding>();
}

} // namespace tablelint::schema
