// A realistic orders report on Azure::Data::Tables: each customer's orders
// live in the customer's partition; the report pages through them and reads
// two properties. Orders also carry line items, addresses and notes, so a
// query without a projection sends all of that for nothing.
#include <azure/data/tables.hpp>

#include <map>
#include <string>
#include <vector>

namespace reports {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

struct StatusTotals {
  std::map<std::string, double> TotalByStatus;
  std::size_t Orders = 0;
};

void Log(TableEntity const &order);
std::string FieldFor(std::string const &column);

class OrdersReport {
public:
  explicit OrdersReport(std::string const &serviceUrl)
      : orders_(serviceUrl, "Orders") {}

  // The report itself: paging loop, two properties read.
  StatusTotals Totals(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    StatusTotals totals;
    for (auto page = orders_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) { // expect: tablelint-missing-projection "query over 'Orders' returns whole entities but only 'Status', 'Total' are read: select them"
      for (auto const &order : page.TableEntities) {
        totals.TotalByStatus[order.Properties.at("Status").Value] +=
            std::stod(order.Properties.at("Total").Value);
        ++totals.Orders;
      }
    }
    return totals;
  }

  // Order ids only: the keys are all the code needs.
  std::vector<std::string> OrderIds(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    std::vector<std::string> ids;
    auto page = orders_.QueryEntities(options); // expect: tablelint-missing-projection "only their keys are read: select just the keys (PartitionKey,RowKey)"
    for (auto const &order : page.TableEntities)
      ids.push_back(order.GetRowKey().Value);
    return ids;
  }

  // Purging a customer's orders needs the keys (and the ETag, which comes
  // back as metadata anyway).
  void Purge(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    for (auto const &order : orders_.QueryEntities(options).TableEntities) // expect: tablelint-missing-projection "only to delete them: select just the keys"
      orders_.DeleteEntity(order); // expect: tablelint-unbatched-writes "every entity comes from the query at line 61, which reads one partition"
  }

  // The keys and one property: the Data::Tables client sends the list as
  // it is, so the key read must be selected too.
  std::map<std::string, std::string> StatusById(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    options.NextPartitionKey = "";
    std::map<std::string, std::string> out;
    auto page = orders_.QueryEntities(options); // expect: tablelint-missing-projection "only 'RowKey', 'Status' are read"
    for (auto const &order : page.TableEntities) {
      auto status = order.Properties.find("Status");
      if (status != order.Properties.end())
        out[order.GetRowKey().Value] = status->second.Value;
    }
    return out;
  }

  // Good: the projection is already there.
  double Revenue(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    options.SelectColumns = "Total";
    double sum = 0;
    for (auto page = orders_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) // ok: tablelint-missing-projection (SelectColumns is set)
      for (auto const &order : page.TableEntities)
        sum += std::stod(order.Properties.at("Total").Value);
    return sum;
  }

  // Good: whole entities leave the function (returned to the caller).
  std::vector<TableEntity> All(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    std::vector<TableEntity> out;
    for (auto page = orders_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) // ok: tablelint-missing-projection (entities are stored and returned)
      for (auto const &order : page.TableEntities)
        out.push_back(order);
    return out;
  }

  // Good: each entity is passed whole to a function we cannot see into.
  void Audit(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    auto page = orders_.QueryEntities(options); // ok: tablelint-missing-projection (entity passed to Log)
    for (auto const &order : page.TableEntities) {
      if (order.Properties.at("Status").Value == "disputed") // expect: tablelint-client-side-filter "Status eq 'disputed'"
        Log(order);
    }
  }

  // Good: the options come from the caller; no safe place for a fix-it.
  std::size_t Count(QueryEntitiesOptions const &given) const {
    std::size_t n = 0;
    for (auto page = orders_.QueryEntities(given); page.HasPage(); page.MoveToNextPage()) // ok: tablelint-missing-projection (options are a parameter)
      for (auto const &order : page.TableEntities)
        n += order.Properties.at("Quantity").Value.size();
    return n;
  }

  // Bad (a note): the property read is chosen at run time; no projection
  // is guessed.
  std::vector<std::string> Column(std::string const &customer,
                                  std::string const &column) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    std::vector<std::string> out;
    auto page = orders_.QueryEntities(options); // expect: tablelint-missing-projection "the properties read are chosen at run time (line 133)"
    for (auto const &order : page.TableEntities)
      out.push_back(order.Properties.at(FieldFor(column)).Value);
    return out;
  }

  // Good: the page itself is handed on.
  QueryEntitiesOptions Next(std::string const &customer) const {
    QueryEntitiesOptions options;
    options.PartitionKey = customer;
    auto page = orders_.QueryEntities(options); // ok: tablelint-missing-projection (page is passed on)
    Keep(page);
    return options;
  }

private:
  static void Keep(Azure::Data::Tables::Models::QueryEntitiesPagedResponse const &page);
  TableClient orders_;
};

} // namespace reports
