// invalid-filter: a declared $filter the service rejects or answers wrongly:
// one that does not parse, a literal of another type than the declared
// property (Age eq '5' for an int32, a bare {score} placeholder, written as
// Int32 digits, for an int64), a property the table does not declare.
// Each finding points at the column inside the filter.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

namespace {

bool isSystemProperty(const std::string &Name) {
  return Name == "PartitionKey" || Name == "RowKey" || Name == "Timestamp";
}

} // namespace

void checkInvalidFilter(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const Query &Q = T.Queries[I];
      const QueryFilter &QF = TA.Queries[I].Filter;
      if (QF.Error) {
        Sink.report(
            Q.Path,
            filterPosition(C, Q, static_cast<std::uint32_t>(QF.Error->Offset)),
            "filter of query '" + Q.Name +
                "' does not parse: " + QF.Error->Message);
        continue;
      }
      if (!QF.Parsed)
        continue;
      const Filter &F = *QF.Parsed;
      const PropertyTypeFn TypeOf =
          [&T](std::string_view Name) -> std::optional<EdmType> {
        if (const Property *P = T.property(std::string(Name)))
          return P->Type;
        return std::nullopt;
      };
      for (const FilterError &E : checkLiteralTypes(F, TypeOf))
        Sink.report(
            Q.Path,
            filterPosition(
                C, Q, QF.templateOffset(static_cast<std::uint32_t>(E.Offset))),
            "filter of query '" + Q.Name + "': " + E.Message);
      // A bare placeholder of an integer property renders as digits: an
      // Int32 literal, which an Int64 property never equals.
      for (const FilterNode &N : F.Nodes) {
        if (N.Kind != FilterNodeKind::Compare || N.Literal.TypeKnown)
          continue;
        const Property *Compared = T.property(N.Property);
        if (!Compared || Compared->Type != EdmType::Int64)
          continue;
        const std::uint32_t At = QF.templateOffset(N.Literal.Offset);
        const std::string &Text = Q.Filter;
        if (At >= Text.size() || Text[At] != '{')
          continue;
        const std::size_t Close = Text.find('}', At);
        if (Close == std::string::npos)
          continue;
        const std::string Spelling = Text.substr(At, Close + 1 - At);
        std::string Error;
        const std::optional<KeyTemplate> Placeholder =
            parseKeyTemplate(Spelling, Error);
        if (!Placeholder || Placeholder->Parts.size() != 1)
          continue;
        const Property *Rendered = T.property(Placeholder->Parts[0].Text);
        if (!Rendered || (Rendered->Type != EdmType::Int32 &&
                          Rendered->Type != EdmType::Int64))
          continue;
        Sink.report(Q.Path, filterPosition(C, Q, At),
                    "filter of query '" + Q.Name + "': '" + N.Property +
                        "' is Edm.Int64 but " + Spelling +
                        " is written as digits, an Edm.Int32 literal: the "
                        "comparison matches no entity; write " + Spelling +
                        "L");
      }
      if (T.Properties.empty())
        continue; // nothing declared: nothing to compare against
      for (const FilterNode &N : F.Nodes) {
        if ((N.Kind != FilterNodeKind::Compare &&
             N.Kind != FilterNodeKind::BoolProperty) ||
            isSystemProperty(N.Property) || T.property(N.Property))
          continue;
        Sink.report(Q.Path,
                    filterPosition(C, Q, QF.templateOffset(N.PropertyOffset)),
                    "filter of query '" + Q.Name + "' compares '" + N.Property +
                        "', which table '" + T.Name +
                        "' does not declare: it matches no entity");
      }
    }
  }
}

} // namespace tablelint::schema
