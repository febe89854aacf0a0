// An order repository on the retired azure::storage library: the include
// is reported once, even when a second header includes it again.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library "<was/table.h> is the table API of the retired azure-storage-cpp library (azure::storage), which gets no fixes or new service versions; move to Azure::Data::Tables (<azure/data/tables.hpp>)"
#include <was/table.h> // ok: tablelint-legacy-client-library (reported once per file)

#include <string>

namespace orders {

class OrderRepository {
public:
  explicit OrderRepository(utility::string_t const &connectionString)
      : table_(azure::storage::cloud_storage_account::parse(connectionString)
                   .create_cloud_table_client()
                   .get_table_reference(U("Orders"))) {}

  bool Exists() const { return table_.exists(); }

private:
  azure::storage::cloud_table table_;
};

} // namespace orders
