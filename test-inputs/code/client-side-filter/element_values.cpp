// Client-side filters whose compared value is an element of a container:
// a path split into segments, a list of arguments, a fixed array.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <array>
#include <map>
#include <string>
#include <vector>

using namespace azure::storage;

std::vector<utility::string_t> SplitPath(const utility::string_t &path);

// Bad: the tenant in the URL path is compared with each entity's key.
std::vector<table_entity> ByPath(const cloud_table &documents,
                                 const utility::string_t &path) {
  std::vector<utility::string_t> paths = SplitPath(path);
  std::vector<table_entity> out;
  table_query query;
  for (auto it = documents.execute_query(query); it != table_query_iterator(); ++it) // expect: tablelint-table-scan
    if (paths[2] == it->partition_key()) // expect: tablelint-client-side-filter "(keeps 'PartitionKey' == paths[2]): add the condition PartitionKey eq '{paths[2]}'"
      out.push_back(*it);
  return out;
}

// Bad: at() on a parameter, in a range-for; the row key from an argument list.
std::vector<table_entity> ByArgument(const cloud_table &documents,
                                     const std::vector<utility::string_t> &args) {
  std::vector<table_entity> out;
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'docs'"));
  for (const table_entity &doc : documents.execute_query(query)) {
    if (doc.row_key() != args.at(1)) // expect: tablelint-client-side-filter "add the condition RowKey eq '{args.at(1)}'"
      continue;
    out.push_back(doc);
  }
  return out;
}

// Bad: a fixed array of owners and a constant index.
std::vector<table_entity> ByOwner(const cloud_table &documents) {
  const std::array<utility::string_t, 2> owners = {U("alice"), U("bob")};
  std::vector<table_entity> out;
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'docs'"));
  for (auto it = documents.execute_query(query); it != table_query_iterator(); ++it)
    if (it->properties().at(U("Owner")).string_value() == owners[0]) // expect: tablelint-client-side-filter "add the condition Owner eq"
      out.push_back(*it);
  return out;
}

// Good: the index moves with the loop, so the value is not one value.
std::vector<table_entity> Zipped(const cloud_table &documents,
                                 const std::vector<utility::string_t> &names) {
  std::vector<table_entity> out;
  std::size_t i = 0;
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'docs'"));
  for (auto it = documents.execute_query(query); it != table_query_iterator(); ++it) {
    if (it->row_key() == names[i++]) // ok: tablelint-client-side-filter (index changes per entity)
      out.push_back(*it);
  }
  return out;
}

// Good: the container is changed inside the loop.
std::vector<table_entity> Growing(const cloud_table &documents) {
  std::vector<utility::string_t> seen = {U("first")};
  std::vector<table_entity> out;
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'docs'"));
  for (auto it = documents.execute_query(query); it != table_query_iterator(); ++it) {
    if (it->row_key() == seen[0]) // ok: tablelint-client-side-filter (seen changes in the loop)
      out.push_back(*it);
    seen.push_back(it->row_key());
  }
  return out;
}

// Good: a map's operator[] inserts, so indexing it is not a plain read.
std::vector<table_entity> ByAlias(const cloud_table &documents,
                                  std::map<utility::string_t, utility::string_t> &aliases) {
  std::vector<table_entity> out;
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'docs'"));
  for (auto it = documents.execute_query(query); it != table_query_iterator(); ++it)
    if (it->row_key() == aliases[U("main")]) // ok: tablelint-client-side-filter (map lookup may insert)
      out.push_back(*it);
  return out;
}
