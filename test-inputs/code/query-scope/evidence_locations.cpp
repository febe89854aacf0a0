// Each finding about one query points at its own evidence: table-scan and
// partition-scan at the call (what the service reads), low-density-query and
// filter-too-complex at the filter's text (the comparisons to change), each
// with a note at the other place when that is another line. A NOLINT on
// either line silences the finding.
#include <azure/data/tables.hpp>

#include <string>

using namespace Azure::Data::Tables;

static const std::string kByEmail = "Email eq 'a@example.com'"; // expect: tablelint-low-density-query "non-key property 'Email'"

void reportedApart(TableClient const &users) {
  Models::QueryEntitiesOptions byCountry;
  byCountry.Filter = "Country eq 'NL'"; // expect: tablelint-low-density-query "'Country'"
  users.QueryEntities(byCountry); // expect: tablelint-table-scan "Country eq 'NL'"

  // The filter written in a constant far above: the finding about its text
  // goes there.
  Models::QueryEntitiesOptions byEmail;
  byEmail.Filter = kByEmail;
  users.QueryEntities(byEmail); // expect: tablelint-table-scan "Email eq 'a@example.com'"

  // A local variable holding the filter.
  const std::string active = "Active eq true"; // expect: tablelint-low-density-query "'Active'"
  Models::QueryEntitiesOptions byActive;
  byActive.Filter = active;
  users.QueryEntities(byActive); // expect: tablelint-table-scan
}

void silencedOnEitherLine(TableClient const &users) {
  // NOLINT at the call silences the finding reported at the filter.
  Models::QueryEntitiesOptions a;
  a.Filter = "City eq 'Utrecht'"; // ok: tablelint-low-density-query (silenced at the call)
  users.QueryEntities(a); // NOLINT(tablelint-low-density-query) // expect: tablelint-table-scan

  // NOLINT at the filter silences the finding reported at the call.
  Models::QueryEntitiesOptions b;
  b.Filter = "Plan eq 'pro'"; // NOLINT(tablelint-table-scan) // expect: tablelint-low-density-query
  users.QueryEntities(b); // ok: tablelint-table-scan (silenced at the filter)

  // NOLINTNEXTLINE above the filter works the same.
  Models::QueryEntitiesOptions c;
  // NOLINTNEXTLINE(tablelint-table-scan,tablelint-low-density-query)
  c.Filter = "Tier eq 'gold'"; // ok: tablelint-low-density-query (suppressed)
  users.QueryEntities(c); // ok: tablelint-table-scan (suppressed at the filter)

  // A NOLINT for another rule on the other line silences nothing.
  Models::QueryEntitiesOptions d;
  d.Filter = "Region eq 'eu'"; // NOLINT(tablelint-partition-scan) // expect: tablelint-low-density-query
  users.QueryEntities(d); // expect: tablelint-table-scan
}

void sameLine(TableClient const &users) {
  // No filter at all: the call is the only evidence.
  Models::QueryEntitiesOptions none;
  users.QueryEntities(none); // expect: tablelint-table-scan "no filter"
  // A pinned partition: nothing to say about the filter's text.
  Models::QueryEntitiesOptions pinned;
  pinned.Filter = "PartitionKey eq 'nl' and RowKey eq 'ada'"; // ok: tablelint-low-density-query (keys)
  users.QueryEntities(pinned); // ok: tablelint-table-scan (a point query)
}
