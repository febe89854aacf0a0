// Inventory over hand-written REST (libcurl), the input of `schema init`'s
// test: a query of a warehouse's items with $select and $top, and a scan
// on a non-key property.
#include <curl/curl.h>

#include <string>

void warehouseItems(const std::string &warehouse) {
  CURL *h = curl_easy_init();
  const std::string url = "https://contosostock.table.core.windows.net/Inventory()"
                          "?$filter=PartitionKey%20eq%20'" + warehouse +
                          "'&$select=Sku,Count&$top=50";
  curl_easy_setopt(h, CURLOPT_URL, url.c_str());
  curl_easy_perform(h);
  curl_easy_cleanup(h);
}

void lowStock() {
  CURL *h = curl_easy_init();
  const std::string url = "https://contosostock.table.core.windows.net/Inventory()" // expect: tablelint-table-scan "over 'Inventory'", tablelint-low-density-query
                          "?$filter=Count%20lt%2010&$select=Sku";
  curl_easy_setopt(h, CURLOPT_URL, url.c_str());
  curl_easy_perform(h);
  curl_easy_cleanup(h);
}
