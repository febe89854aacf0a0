// A wrapper around the SDK, mapped in this directory's .tablelint.yaml: its
// callers are checked like direct SDK callers.
#include <string>
#include <vector>

namespace shop::storage {

struct Row {
  std::string Key;
};

class Store {
public:
  std::vector<Row> find(std::string const &filter,
                        std::string const &select = "") const;
  std::vector<Row> findIn(std::string const &partition,
                          std::string const &filter) const;
};

} // namespace shop::storage

using shop::storage::Store;

void report(Store const &store, std::string const &customer) {
  store.find("Status eq 'open'"); // expect: tablelint-table-scan "over 'Orders'", tablelint-low-density-query
  store.find("PartitionKey eq '" + customer + "' and Total gt 100", "Total"); // expect: tablelint-partition-scan
  store.findIn(customer, "Status eq 'open'"); // expect: tablelint-partition-scan "partition <runtime value>"
  store.find("Name eq 'x' and startswith(Name, 'y')"); // expect: tablelint-invalid-filter "startswith"
}

void fine(Store const &store, std::string const &customer, std::string const &f) {
  store.find("PartitionKey eq '" + customer + "' and RowKey eq 'profile'"); // ok: tablelint-table-scan (point)
  store.find(f); // ok: tablelint-table-scan (filter from the caller)
  store.findIn(customer, "RowKey ge '2024' and RowKey lt '2025'"); // ok: tablelint-partition-scan (row range)
}
