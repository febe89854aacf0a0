// Test mock of azure-storage-cpp's Table service API (<was/table.h>).
#pragma once

#include "cpprest/asyncrt_utils.h"
#include "cpprest/details/basic_types.h"
#include "pplx/pplxtasks.h"
#include "was/common.h"
#include "was/core.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <unordered_map>
#include <vector>

namespace azure { namespace storage {

class cloud_table;
class cloud_table_client;

/// Response payload format; JSON only (there is no AtomPub option).
enum class table_payload_format { json, json_full_metadata, json_no_metadata };

enum class edm_type { string, binary, boolean, datetime, double_floating_point, guid, int32, int64 };

/// A typed property value.
class entity_property {
public:
  entity_property();
  entity_property(std::vector<uint8_t> const& value);
  entity_property(bool value);
  entity_property(utility::datetime value);
  entity_property(double value);
  entity_property(utility::uuid const& value);
  entity_property(int32_t value);
  entity_property(int64_t value);
  entity_property(utility::string_t value);
  entity_property(utility::char_t const* value); // so literals do not pick the bool overload

  edm_type property_type() const;
  void set_property_type(edm_type property_type);
  bool is_null() const;
  void set_is_null(bool value);

  std::vector<uint8_t> binary_value() const;
  bool boolean_value() const;
  utility::datetime datetime_value() const;
  double double_value() const;
  utility::uuid guid_value() const;
  int32_t int32_value() const;
  int64_t int64_value() const;
  utility::string_t string_value() const;
  utility::string_t str() const;

  void set_value(std::vector<uint8_t> const& value);
  void set_value(bool value);
  void set_value(utility::datetime value);
  void set_value(double value);
  void set_value(utility::uuid const& value);
  void set_value(int32_t value);
  void set_value(int64_t value);
  void set_value(utility::string_t value);
  void set_value(utility::char_t const* value);
};

/// An entity: keys, ETag, timestamp and a map of properties.
class table_entity {
public:
  typedef std::unordered_map<utility::string_t, entity_property> properties_type;
  typedef properties_type::value_type property_type;

  table_entity();
  table_entity(utility::string_t partition_key, utility::string_t row_key);
  table_entity(utility::string_t partition_key, utility::string_t row_key, utility::string_t etag,
               properties_type properties);

  properties_type& properties();
  properties_type const& properties() const;
  utility::string_t const& partition_key() const;
  void set_partition_key(utility::string_t partition_key);
  utility::string_t const& row_key() const;
  void set_row_key(utility::string_t row_key);
  utility::datetime timestamp() const;
  utility::string_t const& etag() const;
  void set_etag(utility::string_t etag);
};

enum class table_operation_type {
  invalid_operation,
  insert_operation,
  delete_operation,
  replace_operation,
  merge_operation,
  insert_or_replace_operation,
  insert_or_merge_operation,
  retrieve_operation,
};

/// One single-entity operation, built with the static factories.
class table_operation {
public:
  static table_operation delete_entity(table_entity entity);
  static table_operation insert_entity(table_entity entity);
  static table_operation insert_entity(table_entity entity, bool echo_content);
  static table_operation insert_or_merge_entity(table_entity entity);
  static table_operation insert_or_replace_entity(table_entity entity);
  static table_operation merge_entity(table_entity entity);
  static table_operation replace_entity(table_entity entity);
  static table_operation retrieve_entity(utility::string_t const& partition_key,
                                         utility::string_t const& row_key);

  table_entity const& entity() const;
  table_operation_type operation_type() const;
};

/// An entity group transaction (at most 100 operations on one partition; not checked here).
class table_batch_operation {
public:
  typedef std::vector<table_operation> operations_type;

  table_batch_operation();

  void delete_entity(table_entity entity);
  void insert_entity(table_entity entity);
  void insert_entity(table_entity entity, bool echo_content);
  void insert_or_merge_entity(table_entity entity);
  void insert_or_replace_entity(table_entity entity);
  void merge_entity(table_entity entity);
  void replace_entity(table_entity entity);
  void retrieve_entity(utility::string_t const& partition_key, utility::string_t const& row_key);

  operations_type& operations();
  operations_type const& operations() const;
  // Convenience for tests: code normally writes operations().size().
  std::size_t size() const;
};

/// Result of one table_operation.
class table_result {
public:
  table_result();
  table_entity const& entity() const;
  void set_entity(table_entity value);
  int http_status_code() const;
  void set_http_status_code(int value);
  utility::string_t const& etag() const;
  void set_etag(utility::string_t value);
};

/// OData comparison operators: "eq", "ne", "gt", "ge", "lt", "le".
class query_comparison_operator {
public:
  static const utility::string_t equal;
  static const utility::string_t not_equal;
  static const utility::string_t greater_than;
  static const utility::string_t greater_than_or_equal;
  static const utility::string_t less_than;
  static const utility::string_t less_than_or_equal;
};

/// OData logical operators: "and", "or", "not".
class query_logical_operator {
public:
  static const utility::string_t op_and;
  static const utility::string_t op_or;
  static const utility::string_t op_not;
};

/// A query: $filter, $select (PartitionKey,RowKey,Timestamp always added), $top.
class table_query {
public:
  table_query();

  int take_count() const;
  void set_take_count(int take_count);
  utility::string_t const& filter_string() const;
  void set_filter_string(utility::string_t filter_string);
  std::vector<utility::string_t> const& select_columns() const;
  void set_select_columns(std::vector<utility::string_t> select_columns);

  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     utility::string_t const& value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     utility::char_t const* value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     std::vector<uint8_t> const& value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     bool value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     utility::datetime value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     double value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     utility::uuid const& value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     int32_t value);
  static utility::string_t generate_filter_condition(utility::string_t const& property_name,
                                                     utility::string_t const& comparison_operator,
                                                     int64_t value);
  static utility::string_t combine_filter_conditions(utility::string_t const& left,
                                                     utility::string_t const& logical_operator,
                                                     utility::string_t const& right);
};

/// One page of a segmented query.
class table_query_segment {
public:
  table_query_segment();
  std::vector<table_entity> const& results() const;
  azure::storage::continuation_token const& continuation_token() const;
};

/// Input iterator over all results, fetching pages lazily. A default-constructed one is the end.
/// begin()/end() are a test convenience so range-for also works.
template <typename result_type> class result_iterator {
public:
  typedef std::input_iterator_tag iterator_category;
  typedef result_type value_type;
  typedef std::ptrdiff_t difference_type;
  typedef result_type const* pointer;
  typedef result_type const& reference;

  result_iterator();

  reference operator*() const;
  pointer operator->() const;
  result_iterator& operator++();
  result_iterator operator++(int);
  bool operator==(result_iterator const& other) const;
  bool operator!=(result_iterator const& other) const;

  result_iterator begin() const;
  result_iterator end() const;
};

typedef result_iterator<table_entity> table_query_iterator;

/// Options of table requests.
class table_request_options : public request_options {
public:
  table_request_options();
  table_payload_format payload_format() const;
  void set_payload_format(table_payload_format value);
};

/// A table.
class cloud_table {
public:
  cloud_table(storage_uri const& uri);
  cloud_table(storage_uri const& uri, storage_credentials const& credentials);

  table_result execute(table_operation const& operation) const;
  table_result execute(table_operation const& operation, table_request_options const& options,
                       operation_context context) const;
  pplx::task<table_result> execute_async(table_operation const& operation,
                                         table_request_options const& options,
                                         operation_context context) const;
  // As in the SDK: defined inline, returning the full overload's task.
  pplx::task<table_result> execute_async(table_operation const& operation) const {
    return execute_async(operation, table_request_options(), operation_context());
  }

  std::vector<table_result> execute_batch(table_batch_operation const& operation) const;
  std::vector<table_result> execute_batch(table_batch_operation const& operation,
                                          table_request_options const& options,
                                          operation_context context) const;
  pplx::task<std::vector<table_result>> execute_batch_async(table_batch_operation const& operation) const;
  pplx::task<std::vector<table_result>> execute_batch_async(table_batch_operation const& operation,
                                                            table_request_options const& options,
                                                            operation_context context) const;

  table_query_iterator execute_query(table_query const& query) const;
  table_query_iterator execute_query(table_query const& query, table_request_options const& options,
                                     operation_context context) const;
  table_query_segment execute_query_segmented(table_query const& query,
                                              continuation_token const& token) const;
  table_query_segment execute_query_segmented(table_query const& query,
                                              continuation_token const& token,
                                              table_request_options const& options,
                                              operation_context context) const;
  pplx::task<table_query_segment> execute_query_segmented_async(table_query const& query,
                                                                continuation_token const& token) const;
  pplx::task<table_query_segment> execute_query_segmented_async(table_query const& query,
                                                                continuation_token const& token,
                                                                table_request_options const& options,
                                                                operation_context context) const;

  void create();
  void create(table_request_options const& options, operation_context context);
  pplx::task<void> create_async();
  bool create_if_not_exists();
  bool create_if_not_exists(table_request_options const& options, operation_context context);
  pplx::task<bool> create_if_not_exists_async();
  void delete_table();
  bool delete_table_if_exists();
  bool delete_table_if_exists(table_request_options const& options, operation_context context);
  pplx::task<bool> delete_table_if_exists_async();
  bool exists() const;
  bool exists(table_request_options const& options, operation_context context) const;
  pplx::task<bool> exists_async() const;

  utility::string_t const& name() const;
  storage_uri const& uri() const;
  cloud_table_client const& service_client() const;
};

/// Client for the Table service of one account.
class cloud_table_client {
public:
  cloud_table_client();
  explicit cloud_table_client(storage_uri const& base_uri);
  cloud_table_client(storage_uri const& base_uri, storage_credentials const& credentials);
  cloud_table_client(storage_uri const& base_uri, storage_credentials const& credentials,
                     table_request_options const& default_request_options);

  cloud_table get_table_reference(utility::string_t table_name) const;
  table_request_options const& default_request_options() const;
  table_request_options& default_request_options();
  storage_uri const& base_uri() const;
  storage_credentials const& credentials() const;
};

}} // namespace azure::storage
