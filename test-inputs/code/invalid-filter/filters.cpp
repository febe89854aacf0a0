// Filters the Table service rejects, reported at the column inside the
// string literal.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>

using namespace Azure::Data::Tables;

void bad(TableClient const &people, azure::storage::cloud_table &table) {
  Models::QueryEntitiesOptions prefix;
  prefix.Filter = "PartitionKey eq 'p' and startswith(Name, 'An')";
  people.QueryEntities(prefix); // expect@-1: tablelint-invalid-filter:44 "function 'startswith' is not supported"

  Models::QueryEntitiesOptions twoProps;
  twoProps.Filter = "PartitionKey eq 'p' and Age gt MinAge";
  people.QueryEntities(twoProps); // expect@-1: tablelint-invalid-filter:53 "comparison of two properties ('Age' and 'MinAge')"

  Models::QueryEntitiesOptions upper;
  upper.Filter = "PartitionKey EQ 'p'";
  people.QueryEntities(upper); // expect@-1: tablelint-invalid-filter:32 "keywords are lower case"

  azure::storage::table_query q;
  q.set_filter_string(U("PartitionKey eq 'p' and Created ge datetime'2024-13-01T00:00:00Z'"));
  table.execute_query(q); // expect@-1: tablelint-invalid-filter "invalid datetime literal"

  // Concatenated: reported at the query, with the column in the message.
  std::string f = "PartitionKey eq 'p' and Name eq ";
  f += "'unterminated";
  Models::QueryEntitiesOptions joined;
  joined.Filter = f;
  people.QueryEntities(joined); // expect: tablelint-invalid-filter "unterminated string literal"
}

void good(TableClient const &people, std::string const &name,
          std::string const &op) {
  Models::QueryEntitiesOptions quoted;
  quoted.Filter = "PartitionKey eq 'p' and Name eq 'O''Brien'";
  // expect@+1: tablelint-partition-scan
  people.QueryEntities(quoted); // ok: tablelint-invalid-filter (a doubled quote)

  Models::QueryEntitiesOptions literals;
  literals.Filter = "PartitionKey eq 'p' and Big gt 5000000000L and Ratio lt 1.5 and Id eq guid'0f8fad5b-d9cb-469f-a165-70867728950e' and IsActive";
  // expect@+1: tablelint-partition-scan
  people.QueryEntities(literals); // ok: tablelint-invalid-filter (every literal form)

  // The unknown part may be anything: an error after it proves nothing.
  Models::QueryEntitiesOptions runtime;
  runtime.Filter = "PartitionKey eq 'p' and Name " + op + " '" + name + "'";
  people.QueryEntities(runtime); // ok: tablelint-invalid-filter (operator chosen at run time)
}

// A filter held in a variable is reported at the query, with a note where
// its text is written; a NOLINT there silences the finding too.
void heldElsewhere(TableClient const &people) {
  const std::string open = "PartitionKey eq 'p' and Name eq 'x"; // NOLINT(tablelint-invalid-filter)
  Models::QueryEntitiesOptions o;
  o.Filter = open;
  people.QueryEntities(o); // ok: tablelint-invalid-filter (silenced where the filter is written)

  const std::string startsWith = "startswith(Name, 'A')";
  Models::QueryEntitiesOptions s;
  s.Filter = startsWith;
  people.QueryEntities(s); // expect: tablelint-invalid-filter "function 'startswith' is not supported"

  // NOLINTNEXTLINE(tablelint-invalid-filter)
  const std::string upper = "PartitionKey EQ 'p'";
  Models::QueryEntitiesOptions u;
  u.Filter = upper;
  people.QueryEntities(u); // ok: tablelint-invalid-filter (silenced above the filter)
}
