// A TU with a large header set, the case where parsing dominates: the
// standard library a service pulls in, the SDK mocks, and a little table
// code on top.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <functional>
#include <future>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include <azure/core.hpp>
#include <azure/data/tables.hpp>
#include <cpprest/http_client.h>
#include <fmt/format.h>
#include <was/storage_account.h>
#include <was/table.h>

using namespace Azure::Data::Tables;

std::vector<std::string> openOrders(TableClient const &orders, std::string const &tenant) {
  Models::QueryEntitiesOptions options;
  options.PartitionKey = tenant;
  options.Filter = fmt::format("Status eq '{}'", "open");
  std::vector<std::string> ids;
  for (auto page = orders.QueryEntities(options); page.HasPage(); page.MoveToNextPage())
    for (auto const &e : page.TableEntities)
      ids.push_back(e.GetRowKey().Value);
  std::sort(ids.begin(), ids.end());
  return ids;
}

int countLegacy(azure::storage::cloud_table &table) {
  azure::storage::table_query q;
  q.set_filter_string(U("PartitionKey eq 'p' and RowKey ge 'a'"));
  int n = 0;
  for (auto const &e : table.execute_query(q)) {
    (void)e;
    ++n;
  }
  return n;
}
