// A realistic dashboard request handler on Azure::Data::Tables: tickets are
// partitioned by team; the handler pages through a team's tickets and keeps
// some of them in the loop.
#include <azure/data/tables.hpp>

#include <string>
#include <vector>

namespace dashboard {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

struct Ticket {
  std::string Id;
  std::string Title;
  std::string Owner;
};

struct Request {
  std::string Team;
  std::string Owner;
};

static const std::string kOpen = "open";

std::string Normalize(std::string const &status);

class TicketHandler {
public:
  explicit TicketHandler(std::string const &url) : tickets_(url, "Tickets") {}

  // Bad: open tickets are picked out in the loop.
  std::vector<Ticket> OpenTickets(Request const &request) const {
    QueryEntitiesOptions options;
    options.PartitionKey = request.Team;
    std::vector<Ticket> out;
    for (auto page = tickets_.QueryEntities(options); page.HasPage(); page.MoveToNextPage()) { // expect: tablelint-missing-projection "only 'Owner', 'RowKey', 'Status', 'Title' are read"
      for (auto const &t : page.TableEntities) {
        if (t.Properties.at("Status").Value != "open") // expect: tablelint-client-side-filter "add the condition Status eq 'open' to its $filter"
          continue;
        out.push_back(Ticket{t.GetRowKey().Value, t.Properties.at("Title").Value,
                             t.Properties.at("Owner").Value});
      }
    }
    return out;
  }

  // Bad: the tickets of one owner, compared with a value of the request
  // (fixed before the query), and a priority threshold.
  std::vector<std::string> Assigned(Request const &request) const {
    QueryEntitiesOptions options;
    options.PartitionKey = request.Team;
    options.SelectColumns = "Owner,Priority";
    std::vector<std::string> ids;
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities) {
      auto const owner = t.Properties.at("Owner").Value;
      if (owner == request.Owner && t.Properties.at("Priority").Value >= "2") // expect: tablelint-client-side-filter "add the condition Owner eq '{request.Owner}' and Priority ge '2' to its $filter"
        ids.push_back(t.GetRowKey().Value);
    }
    return ids;
  }

  // Bad: filtering on the partition key in the loop turns what could be a
  // one-partition query into a scan of the whole table.
  std::vector<std::string> TeamTitles(std::string const &team) const {
    QueryEntitiesOptions options;
    options.Filter = "Status eq 'open'"; // expect: tablelint-low-density-query
    options.SelectColumns = "Title";
    std::vector<std::string> titles;
    for (auto const &t : tickets_.QueryEntities(options).TableEntities) { // expect: tablelint-table-scan
      if (t.GetPartitionKey().Value == team) // expect: tablelint-client-side-filter "add the condition PartitionKey eq '{team}' to its $filter so the service drops the other entities; the PartitionKey condition also makes it read one partition instead of the whole table"
        titles.push_back(t.Properties.at("Title").Value);
    }
    return titles;
  }

  // Bad: beta.1 entities expose the keys as fields; tickets since a given
  // row key are skipped in the loop instead of asked for by a row range.
  std::vector<std::string> Since(std::string const &team,
                                 std::string const &since) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.SelectColumns = "RowKey";
    std::vector<std::string> ids;
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities) {
      if (t.RowKey < since) // expect: tablelint-client-side-filter "(keeps 'RowKey' >= since): add the condition RowKey ge '{since}'"
        continue;
      ids.push_back(t.RowKey);
    }
    return ids;
  }

  // Good: a condition between two properties of the same entity cannot be
  // a $filter (the service rejects property against property).
  std::vector<std::string> Reassigned(std::string const &team) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.SelectColumns = "Owner,Creator";
    std::vector<std::string> ids;
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities) {
      if (t.Properties.at("Owner").Value == t.Properties.at("Creator").Value) // ok: tablelint-client-side-filter (property against property)
        continue;
      ids.push_back(t.GetRowKey().Value);
    }
    return ids;
  }

  // Good: the value compared is computed from the entity by a function.
  std::size_t Closed(std::string const &team) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.SelectColumns = "Status";
    std::size_t n = 0;
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities)
      if (Normalize(t.Properties.at("Status").Value) == "closed") // ok: tablelint-client-side-filter (a function of the property)
        ++n;
    return n;
  }

  // Good: both outcomes do something; this is not a filter.
  void Split(std::string const &team, std::vector<std::string> &open,
             std::vector<std::string> &rest) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.SelectColumns = "Status";
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities) {
      if (t.Properties.at("Status").Value == kOpen) // ok: tablelint-client-side-filter (else branch keeps the others)
        open.push_back(t.GetRowKey().Value);
      else
        rest.push_back(t.GetRowKey().Value);
    }
  }

  // Good: the filter runs after the loop, on an aggregate.
  std::size_t BusyOwners(std::string const &team) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.SelectColumns = "Owner";
    std::vector<std::string> owners;
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities)
      owners.push_back(t.Properties.at("Owner").Value);
    std::size_t busy = 0;
    for (auto const &o : owners)
      if (o == kOpen) // ok: tablelint-client-side-filter (after the loop, not on an entity)
        ++busy;
    return busy;
  }

  // Good: the loop compares with a value that changes in the loop
  // (de-duplication, not a filter).
  std::vector<std::string> DistinctOwners(std::string const &team) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.SelectColumns = "Owner";
    std::vector<std::string> owners;
    std::string last;
    auto page = tickets_.QueryEntities(options);
    for (auto const &t : page.TableEntities) {
      if (t.Properties.at("Owner").Value == last) // ok: tablelint-client-side-filter (value changes in the loop)
        continue;
      last = t.Properties.at("Owner").Value;
      owners.push_back(last);
    }
    return owners;
  }

  // Good: the query's filter already has the condition; the check in the
  // loop is only defensive.
  std::vector<std::string> Urgent(std::string const &team) const {
    QueryEntitiesOptions options;
    options.PartitionKey = team;
    options.Filter = "Priority eq '1'";
    options.SelectColumns = "Priority";
    std::vector<std::string> ids;
    auto page = tickets_.QueryEntities(options); // expect: tablelint-partition-scan
    for (auto const &t : page.TableEntities)
      if (t.Properties.at("Priority").Value == "1") // ok: tablelint-client-side-filter (already in the $filter)
        ids.push_back(t.GetRowKey().Value);
    return ids;
  }

private:
  TableClient tickets_;
};

} // namespace dashboard
