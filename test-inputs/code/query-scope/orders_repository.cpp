// A realistic repository: a member client made for one table, paging loops,
// filters built with fmt::format and std::string appends.
#include <azure/data/tables.hpp>
#include <fmt/format.h>

#include <string>
#include <vector>

namespace shop {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

struct Order {
  std::string Id;
  std::string Status;
};

class OrdersRepository {
public:
  explicit OrdersRepository(std::string const &serviceUrl)
      : orders_(serviceUrl, "Orders") {}

  // All open orders of every customer.
  std::vector<Order> openOrders() const {
    QueryEntitiesOptions options;
    options.Filter = fmt::format("Status eq '{}'", "open"); // expect: tablelint-low-density-query
    std::vector<Order> out;
    for (auto page = orders_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) { // expect: tablelint-table-scan "over 'Orders'", tablelint-missing-projection "only 'RowKey', 'Status' are read"
      for (TableEntity const &e : page.TableEntities)
        out.push_back({e.GetRowKey().Value, e.Properties.at("Status").Value});
    }
    return out;
  }

  // One customer's orders in a date range: a row range.
  std::vector<Order> customerOrders(std::string const &customer,
                                    std::string const &from,
                                    std::string const &to) const {
    QueryEntitiesOptions options;
    options.Filter = fmt::format(
        "PartitionKey eq '{}' and RowKey ge '{}' and RowKey lt '{}'", customer,
        from, to);
    std::vector<Order> out;
    for (auto page = orders_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) { // ok: tablelint-table-scan (row range in one partition) // expect: tablelint-missing-projection "only their keys are read"
      for (TableEntity const &e : page.TableEntities)
        out.push_back({e.GetRowKey().Value, ""});
    }
    return out;
  }

  // One customer's orders in a status, built piece by piece.
  std::vector<Order> customerOrdersIn(std::string const &customer,
                                      std::string const &status) const {
    std::string filter = "PartitionKey eq '";
    filter += customer;
    filter += "'";
    filter.append(" and Status eq '" + status + "'");
    QueryEntitiesOptions options;
    options.Filter = filter;
    std::vector<Order> out;
    auto page = orders_.QueryEntities(options); // expect: tablelint-partition-scan "filters on non-key property 'Status'", tablelint-missing-projection "only their keys are read"
    for (TableEntity const &e : page.TableEntities)
      out.push_back({e.GetRowKey().Value, status});
    return out;
  }

  // A filter assembled in a loop: not provable, so no finding.
  std::vector<Order> byStatuses(std::vector<std::string> const &statuses) const {
    std::string filter;
    for (std::string const &s : statuses)
      filter += (filter.empty() ? "" : " or ") + ("Status eq '" + s + "'");
    QueryEntitiesOptions options;
    options.Filter = filter;
    auto page = orders_.QueryEntities(options); // ok: tablelint-table-scan (built in a loop)
    (void)page;
    return {};
  }

private:
  TableClient orders_;
};

} // namespace shop
