// Filters built by helper functions, in this file and in a header: the
// query is judged by the text the helper returns for the caller's
// arguments.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include "filter_builders.h"

using namespace azure::storage;

namespace {

utility::string_t byDriver(const utility::string_t &driver) {
  return U("Driver eq '") + driver + U("'");
}

utility::string_t dayRange(const utility::string_t &vehicle,
                           const utility::string_t &day) {
  return U("PartitionKey eq '") + vehicle + U("' and RowKey ge '") + day +
         U("' and RowKey lt '") + day + U("~'");
}

utility::string_t brokenRange(const utility::string_t &from) {
  return U("Timestamp gt datetime'") + from + U("' and startswith(Name, 'x')");
}

// Two exits: which text is sent depends on the path.
utility::string_t eitherFilter(bool all, const utility::string_t &vehicle) {
  if (all)
    return U("Status eq 'open'");
  return U("PartitionKey eq '") + vehicle + U("'");
}

} // namespace

void badHelpers(cloud_table &trips, const utility::string_t &driver) {
  table_query q1;
  q1.set_filter_string(byDriver(driver)); // expect: tablelint-low-density-query "Driver eq"
  trips.execute_query(q1); // expect: tablelint-table-scan "Driver eq"

  table_query q2;
  q2.set_filter_string(fleet::filters::statusFilter(U("late"))); // expect: tablelint-low-density-query "Status eq 'late'"
  trips.execute_query(q2); // expect: tablelint-table-scan "Status eq 'late'"

  table_query q3;
  q3.set_filter_string(fleet::filters::equals(U("Region"), U("north"))); // expect: tablelint-low-density-query "Region eq 'north'"
  trips.execute_query(q3); // expect: tablelint-table-scan "Region eq 'north'"

  table_query q4;
  q4.set_filter_string(brokenRange(U("2024-01-01T00:00:00Z")));
  trips.execute_query(q4); // expect: tablelint-invalid-filter "startswith"
}

void goodHelpers(cloud_table &trips, const utility::string_t &vehicle,
                 const utility::string_t &day, bool all) {
  table_query q1;
  q1.set_filter_string(fleet::filters::vehicleFilter(vehicle));
  trips.execute_query(q1); // ok: tablelint-table-scan (partition pinned by the helper)

  table_query q2;
  q2.set_filter_string(dayRange(vehicle, day));
  trips.execute_query(q2); // ok: tablelint-table-scan (row range in one partition)

  table_query q3;
  q3.set_filter_string(fleet::filters::equals(U("PartitionKey"), vehicle));
  trips.execute_query(q3); // ok: tablelint-table-scan (helper pins the partition)

  table_query q4;
  q4.set_filter_string(eitherFilter(all, vehicle));
  trips.execute_query(q4); // ok: tablelint-table-scan (two returns: not known)
}
