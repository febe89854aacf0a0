// API role maps: which C++ function or type plays which part in talking to
// Table storage (a query and where its filter comes from, a point read, a
// write, a batch, a client constructor, a credential, a retry setting). The
// code checks ask the map, never a list of their own, so the SDK knowledge
// lives in data (rules/apis/*.yaml) and a user maps an in-house wrapper in
// .tablelint.yaml the same way, without recompiling.
//
// A role map file:
//   api: azure-data-tables            # an id, shown in messages
//   namespaces: [Azure::Data::Tables, Azure::Storage::Tables]
//   functions:                         # names relative to each namespace
//     - {name: TableClient::QueryEntities, role: query, options: 0}
//   types:
//     - {name: Models::QueryEntitiesOptions, role: query-options,
//        partitionKey: PartitionKey, rowKey: RowKey, filter: Filter,
//        select: SelectColumns}
// Function entries map parameter names to argument indices (options: 0) and
// attributes to strings (kind: insert); which keys a role takes is fixed
// (see roleKeys in ApiRoles.cpp) and anything else is an error.
#pragma once

#include "core/InputError.h"
#include "core/RuleCatalog.h"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace YAML {
class Node;
}

namespace tablelint {

enum class ApiRole : std::uint8_t {
  Query,           // runs a query; args: options, queryObject, filter, select,
                   // partitionKey, rowKey; attrs: table
  SetFilter,       // sets a query object's filter; args: filter
  SetSelect,       // sets a query object's projection; args: select
  SetTake,         // sets a query object's page size; args: count
  PointRead,       // reads one entity; args: partitionKey, rowKey
  Write,           // writes one entity; args: entity; attrs: kind
  Execute,         // runs an operation object (cloud_table::execute); args: operation
  BatchSubmit,     // submits a batch; args: steps
  BatchAdd,        // adds to a batch object; args: entity, partitionKey, rowKey; attrs: kind
  BatchCreate,     // creates a batch for one partition; args: partitionKey
  Client,          // creates a table/service client; args: table, connectionString,
                   // credential, url; attrs: table
  TableReference,  // gets a table client from a service client; args: table
  Credential,      // shared-key credential; args: accountName, accountKey
  SasCredential,   // SAS credential; args: signature
  ConnectionString,// parses a connection string; args: connectionString
  FilterCondition, // builds "prop op value"; args: property, operator, value
  FilterCombine,   // builds "(l) op (r)"; args: left, operator, right
  RetryPolicy,     // a retry policy object; args: delay, attempts; attrs: kind
  SetRetryPolicy,  // installs a retry policy; args: policy
  AsyncOperation,  // starts a table operation asynchronously
  SetPayloadFormat,// sets the payload format; args: format
  TableAdmin,      // creates or deletes a table by name; args: table
  EntityConstruct, // constructs an entity with its keys (table_entity(pk,
                   // rk)); args: partitionKey, rowKey
};
// The number of function roles (EntityConstruct is the last).
inline constexpr std::size_t NumApiRoles =
    static_cast<std::size_t>(ApiRole::EntityConstruct) + 1;

enum class TypeRole : std::uint8_t {
  QueryOptions,    // fields: partitionKey, rowKey, filter, select
  QueryObject,     // a query built by setters (table_query)
  Entity,          // fields: partitionKey, rowKey (getters), properties
  RetryOptions,    // fields: maxRetries, delay, maxDelay, statusCodes
  RequestFailed,   // an exception with a status; fields: status (member or
                   // method call path), retryable (a method that tells),
                   // errorCode (the service's error code string)
  TransactionStep, // fields: action, entity
  Batch,           // a batch object (table_batch_operation)
  Client,          // a table client type
  ServiceClient,   // a service client type
  RetryPolicyBase, // a base class for custom retry policies; fields: decide
                   // (the virtual that decides to retry), status (the call
                   // path that reads the status code inside it)
};
// The number of type roles (RetryPolicyBase is the last).
inline constexpr std::size_t NumTypeRoles =
    static_cast<std::size_t>(TypeRole::RetryPolicyBase) + 1;

std::string_view apiRoleName(ApiRole R);
std::string_view typeRoleName(TypeRole R);

struct ApiFunction {
  // Fully qualified, with a leading "::", once per namespace of the file.
  std::vector<std::string> QualifiedNames;
  ApiRole Role = ApiRole::Query;
  std::map<std::string, unsigned, std::less<>> Args;
  std::map<std::string, std::string, std::less<>> Attrs;
  std::string Api;    // the file's api id
  std::string Source; // file:line of the entry

  std::optional<unsigned> arg(std::string_view Key) const;
  std::string attr(std::string_view Key) const;
};

struct ApiType {
  std::vector<std::string> QualifiedNames;
  TypeRole Role = TypeRole::Entity;
  std::map<std::string, std::string, std::less<>> Fields;
  std::string Api;
  std::string Source;

  std::string field(std::string_view Key) const;
};

class ApiRoles {
public:
  std::vector<const ApiFunction *> functions(ApiRole R) const;
  // Every qualified name with this role, for AST matchers (hasAnyName).
  std::vector<std::string> functionNames(ApiRole R) const;
  std::vector<std::string> functionNames(std::initializer_list<ApiRole> Rs) const;
  // The entry for a qualified name ("Azure::Data::Tables::TableClient::
  // QueryEntities", with or without the leading ::), if it has role R.
  const ApiFunction *find(std::string_view QualifiedName, ApiRole R) const;
  // The entry for a qualified name, whatever its role.
  const ApiFunction *find(std::string_view QualifiedName) const;

  std::vector<const ApiType *> types(TypeRole R) const;
  std::vector<std::string> typeNames(TypeRole R) const;
  const ApiType *findType(std::string_view QualifiedName, TypeRole R) const;

  bool empty() const { return Functions.empty() && Types.empty(); }
  // Adds the entries of another map (a user's config after the built-ins).
  void merge(const ApiRoles &Other);

  std::vector<ApiFunction> Functions;
  std::vector<ApiType> Types;
};

struct ApiRolesLoad {
  ApiRoles Value;
  std::vector<InputError> Errors;
};

// Loads role map files (one map per file, as above).
ApiRolesLoad loadApiRoles(const std::vector<CatalogSource> &Files);
// Reads one role map from a YAML node (a list element of `apis:` in
// .tablelint.yaml, or a whole rules/apis file), appending to Out.
void readApiRoleMap(const YAML::Node &Node, const std::string &File,
                    ApiRoles &Out, std::vector<InputError> &Errors);

// The SDK role maps built into the binary (rules/apis/*.yaml, loaded by the
// build like the rule catalog: core/CatalogCode.h).
const ApiRoles &builtinApiRoles();

} // namespace tablelint
