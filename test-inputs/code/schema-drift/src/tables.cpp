// Tables design/shop.yaml does not declare (schema-drift, kind 1).
#include <azure/data/tables.hpp>

#include <string>

namespace shop {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

const char *const Url = "https://shop.table.core.windows.net";
const char *const InvoicesTable = "Invoices";

void addCustomer(std::string const &id) {
  TableClient customers(Url, "Customers");
  TableEntity e;
  e.SetPartitionKey(id);
  e.SetRowKey("profile");
  customers.AddEntity(e);
}

void addInvoice(std::string const &customerId, std::string const &invoiceId) {
  TableClient invoices(Url, InvoicesTable);
  TableEntity e;
  e.SetPartitionKey(customerId);
  e.SetRowKey(invoiceId);
  invoices.UpsertEntity(e);
}

void archive(std::string const &year, std::string const &orderId) {
  TableClient archived(Url, "Archive" + year);
  TableEntity e;
  e.SetPartitionKey(year);
  e.SetRowKey(orderId);
  archived.AddEntity(e);
}

} // namespace shop

namespace shop {

// Another team's table, kept out of this schema on purpose.
void audit(std::string const &id) {
  TableClient audits(Url, "Audits");
  TableEntity e;
  e.SetPartitionKey(id);
  e.SetRowKey("audit");
  audits.AddEntity(e); // NOLINT(tablelint-schema-drift): the audit team's schema
}

void auditAgain(std::string const &id) {
  TableClient audits(Url, "Audits");
  TableEntity e;
  e.SetPartitionKey(id);
  e.SetRowKey("again");
  // NOLINTNEXTLINE(tablelint-*)
  audits.AddEntity(e);
}

} // namespace shop
