// Queries through the project's own wrapper (order_queries.h), recognised
// from the wrapper's body without a role map: the caller's filter is what
// the query sends.
#include "order_queries.h"

#include <string>

namespace {

// A free helper of this file that forwards to the store.
Azure::Data::Tables::Models::QueryEntitiesPagedResponse overdue(billing::InvoiceStore const &store,
                                                                std::string const &filter) {
  return store.find(filter);
}

} // namespace

void badWrapperQueries(billing::InvoiceStore const &store, std::string const &account) {
  store.find("Status eq 'unpaid'"); // expect: tablelint-table-scan "Status eq 'unpaid'", tablelint-low-density-query
  store.findIn(account, "Amount gt 1000"); // expect: tablelint-partition-scan "partition <runtime value>"
  overdue(store, "DueDate lt datetime'2024-01-01T00:00:00Z'"); // expect: tablelint-table-scan, tablelint-low-density-query
  store.find("Amount gt 10 and endswith(Name, 'x')"); // expect: tablelint-invalid-filter "endswith"
}

void goodWrapperQueries(billing::InvoiceStore const &store, std::string const &account,
                        std::string const &filter) {
  store.find("PartitionKey eq '" + account + "' and RowKey eq 'summary'"); // ok: tablelint-table-scan (a point read)
  store.find(filter); // ok: tablelint-table-scan (the filter comes from the caller)
  store.findForTenant("Status eq 'unpaid'"); // ok: tablelint-table-scan (the store pins the partition itself)
  store.findIn(account, "RowKey ge '2024' and RowKey lt '2025'"); // ok: tablelint-partition-scan (a row range)
}
