// A wrapper whose every query names its partition and row: a project header
// with table code and nothing to report.
#pragma once

#include <azure/data/tables.hpp>

#include <string>

namespace profiles {

inline void readProfile(Azure::Data::Tables::TableClient const &users,
                        std::string const &tenant, std::string const &user) {
  Azure::Data::Tables::Models::QueryEntitiesOptions point;
  point.Filter = "PartitionKey eq '" + tenant + "' and RowKey eq '" + user + "'";
  users.QueryEntities(point); // ok: tablelint-table-scan (a point query), ok: tablelint-partition-scan (a point query)
}

inline void readTenant(Azure::Data::Tables::TableClient const &users,
                       std::string const &tenant) {
  Azure::Data::Tables::Models::QueryEntitiesOptions whole;
  whole.PartitionKey = tenant;
  users.QueryEntities(whole); // ok: tablelint-table-scan (one partition)
}

} // namespace profiles
