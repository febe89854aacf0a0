// The project's query wrappers over Azure::Data::Tables: each takes the
// filter (and maybe the partition) as a parameter. Callers are in
// wrapper_queries.cpp; no .tablelint.yaml maps these functions.
#pragma once

#include <azure/data/tables.hpp>

#include <string>

namespace billing {

class InvoiceStore {
public:
  explicit InvoiceStore(Azure::Data::Tables::TableClient client) : client_(std::move(client)) {}

  Azure::Data::Tables::Models::QueryEntitiesPagedResponse find(std::string const &filter) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions options;
    options.Filter = filter;
    return client_.QueryEntities(options);
  }

  Azure::Data::Tables::Models::QueryEntitiesPagedResponse findIn(std::string const &account,
                                                                std::string const &filter) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions options;
    options.PartitionKey = account;
    options.Filter = filter;
    return client_.QueryEntities(options);
  }

  // The partition comes from the store itself: a caller's filter alone
  // does not say what is read.
  Azure::Data::Tables::Models::QueryEntitiesPagedResponse findForTenant(std::string const &filter) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions options;
    options.PartitionKey = tenant_;
    options.Filter = filter;
    return client_.QueryEntities(options);
  }

private:
  Azure::Data::Tables::TableClient client_;
  std::string tenant_;
};

} // namespace billing
