// Test mock of azure-core's umbrella header (<azure/core.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/credentials/credentials.hpp"
#include "azure/core/datetime.hpp"
#include "azure/core/exception.hpp"
#include "azure/core/http/http.hpp"
#include "azure/core/http/http_status_code.hpp"
#include "azure/core/http/policies/policy.hpp"
#include "azure/core/http/raw_response.hpp"
#include "azure/core/internal/client_options.hpp"
#include "azure/core/nullable.hpp"
#include "azure/core/paged_response.hpp"
#include "azure/core/response.hpp"
