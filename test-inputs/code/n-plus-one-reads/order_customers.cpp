// A realistic order service on Azure::Data::Tables: orders are partitioned
// by day, customers by region. Listing a day's orders with each customer's
// name fetches the customer once per order.
#include <azure/data/tables.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orders {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

struct OrderLine {
  std::string OrderId;
  std::string CustomerName;
};

class OrderService {
public:
  OrderService(std::string const &url)
      : orders_(url, "Orders"), customers_(url, "Customers") {}

  // Bad: one GetEntity per order.
  std::vector<OrderLine> DayWithCustomers(std::string const &day) const {
    QueryEntitiesOptions options;
    options.PartitionKey = day;
    options.SelectColumns = "CustomerRegion,CustomerId";
    std::vector<OrderLine> out;
    for (auto page = orders_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) {
      for (auto const &order : page.TableEntities) {
        auto customer = customers_.GetEntity( // expect: tablelint-n-plus-one-reads "point read inside the loop over the results of the query at line 33: one round trip per entity; denormalize the data the loop reads into the queried entities or fetch them with one range query"
            order.Properties.at("CustomerRegion").Value,
            order.Properties.at("CustomerId").Value);
        out.push_back({order.GetRowKey().Value,
                       customer.Value.Properties.at("Name").Value});
      }
    }
    return out;
  }

  // Bad: the ids are collected first, then each customer is read: still
  // one read per order.
  std::vector<std::string> CustomerNames(std::string const &day) const {
    QueryEntitiesOptions options;
    options.PartitionKey = day;
    options.SelectColumns = "CustomerId";
    std::vector<std::string> ids;
    auto page = orders_.QueryEntities(options);
    for (auto const &order : page.TableEntities)
      ids.push_back(order.Properties.at("CustomerId").Value);
    std::vector<std::string> names;
    for (auto const &id : ids)
      names.push_back(customers_.GetEntity("emea", id).Value.Properties.at("Name").Value); // expect: tablelint-n-plus-one-reads "results of the query at line 52"
    return names;
  }

  // Good: the name was denormalized onto the order when it was written.
  std::vector<OrderLine> DayDenormalized(std::string const &day) const {
    QueryEntitiesOptions options;
    options.PartitionKey = day;
    options.SelectColumns = "CustomerName";
    std::vector<OrderLine> out;
    auto page = orders_.QueryEntities(options);
    for (auto const &order : page.TableEntities) // ok: tablelint-n-plus-one-reads (no read in the loop)
      out.push_back({order.GetRowKey().Value, order.Properties.at("CustomerName").Value});
    return out;
  }

  // Good: one point read before the loop, not per entity.
  std::vector<OrderLine> DayForCustomer(std::string const &day,
                                        std::string const &customerId) const {
    auto customer = customers_.GetEntity("emea", customerId); // ok: tablelint-n-plus-one-reads (before the loop)
    QueryEntitiesOptions options;
    options.PartitionKey = day;
    options.SelectColumns = "CustomerId";
    std::vector<OrderLine> out;
    auto page = orders_.QueryEntities(options);
    for (auto const &order : page.TableEntities)
      if (order.Properties.at("CustomerId").Value == customerId) // expect: tablelint-client-side-filter "CustomerId eq '{customerId}'"
        out.push_back({order.GetRowKey().Value, customer.Value.Properties.at("Name").Value});
    return out;
  }

  // Good: the ids come from the caller, not from a query.
  std::vector<std::string> Names(std::vector<std::string> const &customerIds) const {
    std::vector<std::string> names;
    for (auto const &id : customerIds)
      names.push_back(customers_.GetEntity("emea", id).Value.Properties.at("Name").Value); // ok: tablelint-n-plus-one-reads (loop over the caller's ids)
    return names;
  }

  // Good: the settings entity is read once, the first time it is needed.
  std::vector<std::string> Flagged(std::string const &day) const {
    QueryEntitiesOptions options;
    options.PartitionKey = day;
    options.SelectColumns = "Total";
    std::optional<TableEntity> limits;
    std::vector<std::string> out;
    auto page = orders_.QueryEntities(options);
    for (auto const &order : page.TableEntities) {
      if (!limits)
        limits = customers_.GetEntity("settings", "limits").Value; // ok: tablelint-n-plus-one-reads (memoized: runs once)
      if (std::stod(order.Properties.at("Total").Value) >
          std::stod(limits->Properties.at("Max").Value))
        out.push_back(order.GetRowKey().Value);
    }
    return out;
  }

  // Good: the first order's customer only, then the loop stops.
  std::string FirstCustomerName(std::string const &day) const {
    QueryEntitiesOptions options;
    options.PartitionKey = day;
    options.SelectColumns = "CustomerId";
    std::string name;
    auto page = orders_.QueryEntities(options);
    for (auto const &order : page.TableEntities) {
      name = customers_.GetEntity("emea", order.Properties.at("CustomerId").Value) // ok: tablelint-n-plus-one-reads (break right after)
                 .Value.Properties.at("Name").Value;
      break;
    }
    return name;
  }

private:
  TableClient orders_;
  TableClient customers_;
};

} // namespace orders
