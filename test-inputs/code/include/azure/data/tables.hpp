// Test mock of azure-data-tables' umbrella header (<azure/data/tables.hpp>).
#pragma once

#include "azure/core.hpp"
#include "azure/data/tables/account_sas_builder.hpp"
#include "azure/data/tables/credentials/azure_sas_credential.hpp"
#include "azure/data/tables/credentials/named_key_credential.hpp"
#include "azure/data/tables/models.hpp"
#include "azure/data/tables/table_client.hpp"
#include "azure/data/tables/table_service_client.hpp"
#include "azure/data/tables/tables_sas_builder.hpp"
