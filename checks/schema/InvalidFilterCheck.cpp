// invalid-filter: a declared $filter the service rejects or answers wrongly:
// one that does not parse, a literal of another type than the declared
// property (Age eq '5' for an int32), a property the table does not declare.
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
