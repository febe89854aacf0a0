// Loading API role maps (rules/apis/*.yaml and .tablelint.yaml `apis:`).
#include "core/ApiRoles.h"

#include "core/YamlReader.h"

#include <algorithm>
#include <array>

namespace tablelint {

namespace {

// What each role takes: argument-index keys and string attribute keys.
struct RoleSpec {
  ApiRole Role;
  std::string_view Name;
  std::vector<std::string_view> ArgKeys;
  std::vector<std::string_view> AttrKeys;
};

const std::vector<RoleSpec> &roleSpecs() {
  static const std::vector<RoleSpec> Specs = {
      {ApiRole::Query, "query",
       {"options", "queryObject", "filter", "select", "partitionKey", "rowKey"},
       {"table"}},
      {ApiRole::SetFilter, "set-filter", {"filter"}, {}},
      {ApiRole::SetSelect, "set-select", {"select"}, {}},
      {ApiRole::SetTake, "set-take", {"count"}, {}},
      {ApiRole::PointRead, "point-read", {"partitionKey", "rowKey"}, {"table"}},
      {ApiRole::Write, "write", {"entity", "partitionKey", "rowKey"}, {"kind", "table"}},
      {ApiRole::Execute, "execute", {"operation"}, {}},
      {ApiRole::BatchSubmit, "batch-submit", {"steps"}, {}},
      {ApiRole::BatchAdd, "batch-add", {"entity", "partitionKey", "rowKey"}, {"kind"}},
      {ApiRole::BatchCreate, "batch-create", {"partitionKey"}, {}},
      {ApiRole::Client, "client",
       {"table", "connectionString", "credential", "url"}, {"table"}},
      {ApiRole::TableReference, "table-reference", {"table"}, {}},
      {ApiRole::Credential, "credential", {"accountName", "accountKey"}, {}},
      {ApiRole::SasCredential, "sas-credential", {"signature"}, {}},
      {ApiRole::ConnectionString, "connection-string", {"connectionString"}, {}},
      {ApiRole::FilterCondition, "filter-condition",
       {"property", "operator", "value"}, {}},
      {ApiRole::FilterCombine, "filter-combine", {"left", "operator", "right"}, {}},
      {ApiRole::RetryPolicy, "retry-policy", {"delay", "attempts"}, {"kind"}},
      {ApiRole::SetRetryPolicy, "set-retry-policy", {"policy"}, {}},
      {ApiRole::AsyncOperation, "async-operation", {}, {}},
      {ApiRole::SetPayloadFormat, "set-payload-format", {"format"}, {}},
      {ApiRole::TableAdmin, "table-admin", {"table"}, {}},
      {ApiRole::EntityConstruct, "entity-construct", {"partitionKey", "rowKey"}, {}},
  };
  return Specs;
}

struct TypeSpec {
  TypeRole Role;
  std::string_view Name;
  std::vector<std::string_view> FieldKeys;
};

const std::vector<TypeSpec> &typeSpecs() {
  static const std::vector<TypeSpec> Specs = {
      {TypeRole::QueryOptions, "query-options",
       {"partitionKey", "rowKey", "filter", "select"}},
      {TypeRole::QueryObject, "query-object", {}},
      {TypeRole::Entity, "entity",
       {"partitionKey", "rowKey", "properties", "setPartitionKey", "setRowKey"}},
      {TypeRole::RetryOptions, "retry-options",
       {"maxRetries", "delay", "maxDelay", "statusCodes"}},
      {TypeRole::RequestFailed, "request-failed", {"status", "retryable", "errorCode"}},
      {TypeRole::TransactionStep, "transaction-step", {"action", "entity"}},
      {TypeRole::Batch, "batch", {}},
      {TypeRole::Client, "client", {}},
      {TypeRole::ServiceClient, "service-client", {}},
      {TypeRole::RetryPolicyBase, "retry-policy-base", {"decide", "status"}},
  };
  return Specs;
}

std::string withoutLeadingColons(std::string_view Name) {
  while (Name.substr(0, 2) == "::")
    Name.remove_prefix(2);
  return std::string(Name);
}

std::vector<std::string> qualify(const std::vector<std::string> &Namespaces,
                                 const std::string &Name) {
  std::vector<std::string> Out;
  if (Name.rfind("::", 0) == 0 || Namespaces.empty()) {
    Out.push_back("::" + withoutLeadingColons(Name));
    return Out;
  }
  for (const std::string &NS : Namespaces)
    Out.push_back("::" + withoutLeadingColons(NS) + "::" + Name);
  return Out;
}

bool nameMatches(const std::vector<std::string> &Names, std::string_view Q) {
  const std::string Bare = withoutLeadingColons(Q);
  return std::any_of(Names.begin(), Names.end(), [&](const std::string &N) {
    return std::string_view(N).substr(2) == Bare;
  });
}

void readFunction(const YAML::Node &Node, const std::string &File,
                  const std::string &Api,
                  const std::vector<std::string> &Namespaces, ApiRoles &Out,
                  std::vector<InputError> &Errors) {
  if (!Node.IsMap()) {
    Errors.push_back(errorAt(File, Node, "expected a mapping for the function"));
    return;
  }
  const YAML::Node NameNode = Node["name"], RoleNode = Node["role"];
  if (!NameNode.IsDefined() || !NameNode.IsScalar() || NameNode.Scalar().empty()) {
    Errors.push_back(errorAt(File, Node, "a function needs a 'name'"));
    return;
  }
  if (!RoleNode.IsDefined() || !RoleNode.IsScalar()) {
    Errors.push_back(errorAt(File, Node, "a function needs a 'role'"));
    return;
  }
  const RoleSpec *Spec = nullptr;
  for (const RoleSpec &S : roleSpecs())
    if (S.Name == RoleNode.Scalar())
      Spec = &S;
  if (!Spec) {
    std::string List;
    for (const RoleSpec &S : roleSpecs())
      List += (List.empty() ? "" : ", ") + std::string(S.Name);
    Errors.push_back(errorAt(File, RoleNode,
                             "unknown role '" + RoleNode.Scalar() +
                                 "': expected one of " + List));
    return;
  }
  ApiFunction F;
  F.Role = Spec->Role;
  F.Api = Api;
  F.Source = File + ":" + std::to_string(Node.Mark().line + 1);
  F.QualifiedNames = qualify(Namespaces, NameNode.Scalar());
  bool Ok = true;
  for (const auto &KV : Node) {
    const std::string Key = KV.first.Scalar();
    if (Key == "name" || Key == "role")
      continue;
    const bool IsArg = std::find(Spec->ArgKeys.begin(), Spec->ArgKeys.end(),
                                 Key) != Spec->ArgKeys.end();
    const bool IsAttr = std::find(Spec->AttrKeys.begin(), Spec->AttrKeys.end(),
                                  Key) != Spec->AttrKeys.end();
    if (!IsArg && !IsAttr) {
      std::string List;
      for (auto K : Spec->ArgKeys)
        List += (List.empty() ? "" : ", ") + std::string(K);
      for (auto K : Spec->AttrKeys)
        List += (List.empty() ? "" : ", ") + std::string(K);
      Errors.push_back(errorAt(File, KV.first,
                               "unknown key '" + Key + "' for role '" +
                                   std::string(Spec->Name) + "'" +
                                   (List.empty() ? "" : ": expected " + List)));
      Ok = false;
      continue;
    }
    if (!KV.second.IsScalar()) {
      Errors.push_back(errorAt(File, KV.second, "'" + Key + "' must be a scalar"));
      Ok = false;
      continue;
    }
    const std::string V = KV.second.Scalar();
    // A key can be both an argument index and an attribute (table: 0 is
    // the argument, table: Orders the fixed name).
    const bool Numeric = !V.empty() && V.size() < 4 &&
                         std::all_of(V.begin(), V.end(),
                                     [](char C) { return C >= '0' && C <= '9'; });
    if (IsArg && Numeric)
      F.Args[Key] = static_cast<unsigned>(std::stoul(V));
    else if (IsAttr)
      F.Attrs[Key] = V;
    else {
      Errors.push_back(errorAt(File, KV.second,
                               "'" + Key + "' must be an argument index (0, 1, ...)"));
      Ok = false;
    }
  }
  if (Ok)
    Out.Functions.push_back(std::move(F));
}

void readType(const YAML::Node &Node, const std::string &File,
              const std::string &Api, const std::vector<std::string> &Namespaces,
              ApiRoles &Out, std::vector<InputError> &Errors) {
  YamlMap M(Node, File, Errors, "type");
  if (!M.valid())
    return;
  auto Name = M.string("name", true);
  std::vector<std::string_view> Names;
  for (const TypeSpec &S : typeSpecs())
    Names.push_back(S.Name);
  YAML::Node RoleNode = M.get("role", true);
  const TypeSpec *Spec = nullptr;
  if (RoleNode.IsDefined() && RoleNode.IsScalar())
    for (const TypeSpec &S : typeSpecs())
      if (S.Name == RoleNode.Scalar())
        Spec = &S;
  if (RoleNode.IsDefined() && !Spec) {
    std::string List;
    for (auto N : Names)
      List += (List.empty() ? "" : ", ") + std::string(N);
    M.error(RoleNode, "unknown type role '" +
                          (RoleNode.IsScalar() ? RoleNode.Scalar() : "") +
                          "': expected one of " + List);
    return;
  }
  if (!Spec || !Name)
    return;
  ApiType T;
  T.Role = Spec->Role;
  T.Api = Api;
  T.Source = File + ":" + std::to_string(Node.Mark().line + 1);
  T.QualifiedNames = qualify(Namespaces, *Name);
  for (std::string_view K : Spec->FieldKeys)
    if (auto V = M.string(K, false))
      T.Fields[std::string(K)] = *V;
  M.finish();
  Out.Types.push_back(std::move(T));
}

} // namespace

std::string_view apiRoleName(ApiRole R) {
  for (const RoleSpec &S : roleSpecs())
    if (S.Role == R)
      return S.Name;
  return "?";
}

std::string_view typeRoleName(TypeRole R) {
  for (const TypeSpec &S : typeSpecs())
    if (S.Role == R)
      return S.Name;
  return "?";
}

std::optional<unsigned> ApiFunction::arg(std::string_view Key) const {
  auto It = Args.find(Key);
  return It == Args.end() ? std::nullopt : std::optional<unsigned>(It->second);
}

std::string ApiFunction::attr(std::string_view Key) const {
  auto It = Attrs.find(Key);
  return It == Attrs.end() ? std::string() : It->second;
}

std::string ApiType::field(std::string_view Key) const {
  auto It = Fields.find(Key);
  return It == Fields.end() ? std::string() : It->second;
}

std::vector<const ApiFunction *> ApiRoles::functions(ApiRole R) const {
  std::vector<const ApiFunction *> Out;
  for (const ApiFunction &F : Functions)
    if (F.Role == R)
      Out.push_back(&F);
  return Out;
}

std::vector<std::string> ApiRoles::functionNames(ApiRole R) const {
  return functionNames({R});
}

std::vector<std::string>
ApiRoles::functionNames(std::initializer_list<ApiRole> Rs) const {
  std::vector<std::string> Out;
  for (const ApiFunction &F : Functions)
    if (std::find(Rs.begin(), Rs.end(), F.Role) != Rs.end())
      Out.insert(Out.end(), F.QualifiedNames.begin(), F.QualifiedNames.end());
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

const ApiFunction *ApiRoles::find(std::string_view Q, ApiRole R) const {
  // Later entries (a user's config) win over earlier (built-ins).
  for (auto It = Functions.rbegin(); It != Functions.rend(); ++It)
    if (It->Role == R && nameMatches(It->QualifiedNames, Q))
      return &*It;
  return nullptr;
}

const ApiFunction *ApiRoles::find(std::string_view Q) const {
  for (auto It = Functions.rbegin(); It != Functions.rend(); ++It)
    if (nameMatches(It->QualifiedNames, Q))
      return &*It;
  return nullptr;
}

std::vector<const ApiType *> ApiRoles::types(TypeRole R) const {
  std::vector<const ApiType *> Out;
  for (const ApiType &T : Types)
    if (T.Role == R)
      Out.push_back(&T);
  return Out;
}

std::vector<std::string> ApiRoles::typeNames(TypeRole R) const {
  std::vector<std::string> Out;
  for (const ApiType &T : Types)
    if (T.Role == R)
      Out.insert(Out.end(), T.QualifiedNames.begin(), T.QualifiedNames.end());
  return Out;
}

const ApiType *ApiRoles::findType(std::string_view Q, TypeRole R) const {
  for (auto It = Types.rbegin(); It != Types.rend(); ++It)
    if (It->Role == R && nameMatches(It->QualifiedNames, Q))
      return &*It;
  return nullptr;
}

void ApiRoles::merge(const ApiRoles &Other) {
  Functions.insert(Functions.end(), Other.Functions.begin(),
                   Other.Functions.end());
  Types.insert(Types.end(), Other.Types.begin(), Other.Types.end());
}

void readApiRoleMap(const YAML::Node &Node, const std::string &File,
                    ApiRoles &Out, std::vector<InputError> &Errors) {
  YamlMap M(Node, File, Errors, "API role map");
  if (!M.valid())
    return;
  auto Api = M.string("api", true);
  auto Namespaces = M.strings("namespaces", false);
  YAML::Node Functions = M.get("functions", false);
  YAML::Node Types = M.get("types", false);
  M.finish();
  const std::string ApiId = Api.value_or("?");
  const std::vector<std::string> NS = Namespaces.value_or(std::vector<std::string>{});
  if (Functions.IsDefined()) {
    if (!Functions.IsSequence())
      M.error(Functions, "'functions' must be a list");
    else
      for (const auto &F : Functions)
        readFunction(F, File, ApiId, NS, Out, Errors);
  }
  if (Types.IsDefined()) {
    if (!Types.IsSequence())
      M.error(Types, "'types' must be a list");
    else
      for (const auto &T : Types)
        readType(T, File, ApiId, NS, Out, Errors);
  }
}

ApiRolesLoad loadApiRoles(const std::vector<CatalogSource> &Files) {
  ApiRolesLoad L;
  for (const CatalogSource &S : Files) {
    auto Doc = parseYaml(S.Path, S.Text, L.Errors);
    if (Doc)
      readApiRoleMap(*Doc, S.Path, L.Value, L.Errors);
  }
  return L;
}

} // namespace tablelint
