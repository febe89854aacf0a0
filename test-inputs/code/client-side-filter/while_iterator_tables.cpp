// Client-side filters in iterator loops over Azure::Data::Tables pages:
// the keep condition followed by the step of the iterator, after other
// statements, with compare(), in a query that already names the partition.
#include <azure/data/tables.hpp>

#include <string>
#include <vector>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

// Bad: the partition is named by the options; rows are picked by their
// key in a while loop over the page.
std::vector<std::string> Shelf(TableClient const &books, std::string const &shelf,
                               std::string const &from) {
  QueryEntitiesOptions options;
  options.PartitionKey = shelf;
  options.SelectColumns = "Title";
  std::vector<std::string> titles;
  auto page = books.QueryEntities(options);
  auto it = page.TableEntities.begin();
  while (it != page.TableEntities.end()) {
    if (it->GetRowKey().Value.compare(from) >= 0) // expect: tablelint-client-side-filter "(keeps 'RowKey' >= from): add the condition RowKey ge '{from}' to its $filter"
      titles.push_back(it->Properties.at("Title").Value);
    ++it;
  }
  return titles;
}

// Bad: a local of the body changed first, then two conditions with &&, one
// written as compare() != 0 on the skip side.
std::vector<std::string> Lent(TableClient const &books, std::string const &shelf,
                              std::string const &reader) {
  QueryEntitiesOptions options;
  options.PartitionKey = shelf;
  options.SelectColumns = "Reader,State";
  std::vector<std::string> ids;
  auto page = books.QueryEntities(options);
  for (auto it = page.TableEntities.begin(); it != page.TableEntities.end();) {
    std::string id = it->GetRowKey().Value;
    id += "@" + shelf;
    if (it->Properties.at("Reader").Value.compare(reader) != 0 || // expect: tablelint-client-side-filter "add the condition Reader eq '{reader}' and State eq 'lent' to its $filter"
        it->Properties.at("State").Value != "lent") {
      ++it;
      continue;
    }
    ids.push_back(id);
    ++it;
  }
  return ids;
}

// Bad: the filter pins the partition; the loop keeps one author's books.
std::vector<std::string> ByAuthor(TableClient const &books, std::string const &author) {
  QueryEntitiesOptions options;
  options.Filter = "PartitionKey eq 'fiction'";
  options.SelectColumns = "Author";
  std::vector<std::string> keys;
  auto page = books.QueryEntities(options);
  auto it = page.TableEntities.cbegin();
  auto end = page.TableEntities.cend();
  while (it != end) {
    const auto &props = it->Properties;
    if (props.at("Author").Value == author) // expect: tablelint-client-side-filter "add the condition Author eq '{author}' to its $filter"
      keys.push_back(it->GetRowKey().Value);
    it++;
  }
  return keys;
}

// Good: the loop steps the iterator twice a pass (every other entity).
std::vector<std::string> EveryOther(TableClient const &books, std::string const &shelf) {
  QueryEntitiesOptions options;
  options.PartitionKey = shelf;
  options.SelectColumns = "State";
  std::vector<std::string> keys;
  auto page = books.QueryEntities(options);
  for (auto it = page.TableEntities.begin(); it != page.TableEntities.end(); ++it) {
    if (it->Properties.at("State").Value == "lent") // ok: tablelint-client-side-filter (the body steps the iterator too)
      keys.push_back(it->GetRowKey().Value);
    ++it;
  }
  return keys;
}

// Good: a log line for every entity read comes before the if.
void Log(std::string const &line);

std::vector<std::string> Audited(TableClient const &books, std::string const &shelf) {
  QueryEntitiesOptions options;
  options.PartitionKey = shelf;
  options.SelectColumns = "State";
  std::vector<std::string> keys;
  auto page = books.QueryEntities(options);
  auto it = page.TableEntities.begin();
  while (it != page.TableEntities.end()) {
    Log(it->GetRowKey().Value);
    if (it->Properties.at("State").Value == "lent") // ok: tablelint-client-side-filter (every entity read is logged)
      keys.push_back(it->GetRowKey().Value);
    ++it;
  }
  return keys;
}

// Good: the loop also stops on a count of what it read.
std::vector<std::string> FirstLent(TableClient const &books, std::string const &shelf,
                                   std::size_t limit) {
  QueryEntitiesOptions options;
  options.PartitionKey = shelf;
  options.SelectColumns = "State";
  std::vector<std::string> keys;
  std::size_t seen = 0;
  auto page = books.QueryEntities(options);
  auto it = page.TableEntities.begin();
  while (it != page.TableEntities.end() && seen < limit) {
    if (it->Properties.at("State").Value == "lent") // ok: tablelint-client-side-filter (the loop stops on what it read)
      keys.push_back(it->GetRowKey().Value);
    ++seen;
    ++it;
  }
  return keys;
}
