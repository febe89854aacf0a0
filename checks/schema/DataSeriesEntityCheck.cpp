// data-series-entity (checklist 28): a query that always reads N consecutive
// rows of a time series (one entity per point, N = expectedRows) where one
// entity with a property per point would be one point read.
#include "checks/schema/Checks.h"

#include "core/ServiceLimits.h"

#include <algorithm>

namespace tablelint::schema {

const KeyPart *seriesPart(const Table &T, const Query &Q,
                          const QueryAnalysis &A, unsigned MinRows) {
  if (A.Filter.Scope.Class != QueryClass::RowRange || !Q.ExpectedRows ||
      *Q.ExpectedRows < MinRows || !A.Filter.Scope.NonKeyProperties.empty() ||
      (!A.Filter.Scope.RowLow && !A.Filter.Scope.RowHigh))
    return nullptr;
  const KeyPart *Lead = nullptr;
  for (const KeyPart &Part : T.RowKey.Parts)
    if (Part.IsPlaceholder) {
      Lead = &Part;
      break;
    }
  if (!Lead || !Lead->Functions.empty())
    return nullptr;
  const Property *P = T.property(Lead->Text);
  if (!P || P->Type != EdmType::DateTime)
    return nullptr;
  // The points must fit one entity beside the keys.
  const std::vector<std::string> Keys = T.PartitionKey.properties();
  std::size_t Values = 0;
  for (const Property &Prop : T.Properties)
    if (Prop.Name != P->Name &&
        std::find(Keys.begin(), Keys.end(), Prop.Name) == Keys.end())
      ++Values;
  if (Values == 0 || Values * *Q.ExpectedRows > limits::MaxUserProperties)
    return nullptr;
  return Lead;
}

void checkDataSeriesEntity(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const Query &Q = TA.T->Queries[I];
      const KeyPart *Part =
          seriesPart(*TA.T, Q, TA.Queries[I], C.Options.MinSeriesRows);
      if (!Part)
        continue;
      Sink.report(
          Q.Path, Q.Pos,
          "query '" + Q.Name + "' reads " + std::to_string(*Q.ExpectedRows) +
              " consecutive rows of the series keyed by '{" + Part->Text +
              (Part->Format.empty() ? "" : ":" + Part->Format) +
              "}' every time (" + formatFigure(Q.Frequency.PerSecond) +
              "/s): store the series as one entity with a property "
              "per point, updated by merge, and read it with one "
              "point query");
    }
  }
}

} // namespace tablelint::schema
