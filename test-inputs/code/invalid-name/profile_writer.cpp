// A realistic profile writer: user profiles as entities, with property
// names taken from a web form. Property names must be C# identifiers
// (letters, digits, '_', not starting with a digit), at most 255 characters.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library (the tests cover both SDK generations)

#include <string>
#include <vector>

namespace profiles {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;
using Azure::Data::Tables::Models::TableEntityProperty;

struct Profile {
  std::string UserId;
  std::string DisplayName;
  std::string Email;
  std::string Locale;
  int Age = 0;
};

class ProfileWriter {
public:
  explicit ProfileWriter(TableClient table) : table_(std::move(table)) {}

  void save(Profile const &p) {
    TableEntity e;
    e.SetPartitionKey(p.UserId);
    e.SetRowKey("profile");
    e.Properties["display-name"].Value = p.DisplayName; // expect: tablelint-invalid-name "property name"
    e.Properties["e mail"] = TableEntityProperty(p.Email); // expect: tablelint-invalid-name "a space is not allowed"
    e.Properties["2fa_enabled"].Value = "false"; // expect: tablelint-invalid-name "it starts with '2'"
    e.Properties.emplace("locale.preferred", TableEntityProperty(p.Locale)); // expect: tablelint-invalid-name "'.' is not allowed"
    e.Properties["DisplayName"].Value = p.DisplayName; // ok: tablelint-invalid-name (an identifier)
    e.Properties["_legacy_id"].Value = p.UserId; // ok: tablelint-invalid-name ('_' may start a name)
    e.Properties["Age2"].Value = std::to_string(p.Age); // ok: tablelint-invalid-name (digits after the first character)
    table_.UpsertEntity(e);
  }

  // The SDK keeps the keys and OData metadata in the same map.
  std::string etagOf(std::string const &userId) {
    auto response = table_.GetEntity(userId, "profile");
    TableEntity const &e = response.Value;
    std::string etag = e.Properties.at("odata.etag").Value; // ok: tablelint-invalid-name (SDK metadata, not a user property)
    std::string pk = e.Properties.at("PartitionKey").Value; // ok: tablelint-invalid-name (a system property)
    std::string type = e.Properties.at("Age@odata.type").Value; // ok: tablelint-invalid-name (a type annotation)
    return etag + pk + type;
  }

  // A name read back that can never exist.
  std::string legacyLocale(TableEntity const &e) {
    return e.Properties.at("user-locale").Value; // expect: tablelint-invalid-name "'-' is not allowed"
  }

  // Custom fields from the form: only the prefix is known.
  void saveCustom(Profile const &p, std::string const &field, std::string const &value) {
    TableEntity e;
    e.SetPartitionKey(p.UserId);
    e.SetRowKey("custom");
    e.Properties["custom-" + field].Value = value; // expect: tablelint-invalid-name "custom-{?}"
    e.Properties["Custom_" + field].Value = value; // ok: tablelint-invalid-name (the run-time part may be valid)
    e.Properties[field].Value = value; // ok: tablelint-invalid-name (a name built at run time)
    table_.UpsertEntity(e);
  }

  // Projections name properties too.
  void listNames(std::string const &userId) {
    QueryEntitiesOptions options;
    options.PartitionKey = userId;
    options.SelectColumns = "DisplayName,e-mail"; // expect: tablelint-invalid-name "selected column"
    auto page = table_.QueryEntities(options);
    (void)page;
    QueryEntitiesOptions good;
    good.PartitionKey = userId;
    good.SelectColumns = "DisplayName, Email, RowKey"; // ok: tablelint-invalid-name (identifiers, spaces after commas)
    auto page2 = table_.QueryEntities(good);
    (void)page2;
  }

private:
  TableClient table_;
};

// azure::storage: properties() and set_select_columns.
void saveLegacy(azure::storage::cloud_table const &table, utility::string_t const &user) {
  azure::storage::table_entity e(user, U("profile"));
  auto &props = e.properties();
  props[U("display-name")] = azure::storage::entity_property(U("Ada")); // expect: tablelint-invalid-name "'-' is not allowed"
  props[U("DisplayName")] = azure::storage::entity_property(U("Ada")); // ok: tablelint-invalid-name (an identifier)
  e.properties().insert({U("$type"), azure::storage::entity_property(U("user"))}); // expect: tablelint-invalid-name "'$' is not allowed"
  table.execute(azure::storage::table_operation::insert_or_merge_entity(e));

  azure::storage::table_query q;
  q.set_filter_string(U("PartitionKey eq 'users'"));
  q.set_select_columns({U("DisplayName"), U("last-login")}); // expect: tablelint-invalid-name "'-' is not allowed"
  auto results = table.execute_query(q);
  (void)results;
}

} // namespace profiles
