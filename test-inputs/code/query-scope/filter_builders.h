// Filter builders of a project, in a header of its own: the queries that
// use them live in filter_helpers.cpp.
#pragma once

#include <was/table.h> // expect: tablelint-legacy-client-library "<was/table.h> is the table API of the retired azure-storage-cpp library"

#include <string>

namespace fleet::filters {

inline utility::string_t equals(const utility::string_t &property,
                                const utility::string_t &value) {
  return property + U(" eq '") + value + U("'");
}

inline utility::string_t vehicleFilter(const utility::string_t &vehicle) {
  return azure::storage::table_query::generate_filter_condition(
      U("PartitionKey"), azure::storage::query_comparison_operator::equal,
      vehicle);
}

inline utility::string_t statusFilter(const utility::string_t &status) {
  utility::string_t f = U("Status eq '");
  f += status;
  f += U("'");
  return f;
}

} // namespace fleet::filters
