// Queries written as REST URLs by hand (cpprestsdk and libcurl clients):
// the $filter in the URL is judged like an SDK query's.
#include <cpprest/http_client.h>
#include <curl/curl.h>

#include <string>

using namespace web::http;

void cpprestClient(client::http_client &client, const utility::string_t &tenant) {
  http_request scan(methods::GET);
  scan.set_request_uri(U("/Orders()?$filter=Status%20eq%20'open'")); // expect: tablelint-table-scan "over 'Orders'", tablelint-low-density-query
  client.request(scan);

  http_request inPartition(methods::GET);
  inPartition.set_request_uri(U("/Orders()?$filter=PartitionKey%20eq%20'") + tenant + U("'%20and%20Status%20eq%20'open'&$select=Total")); // expect: tablelint-partition-scan "filters on non-key property 'Status'"
  client.request(inPartition);

  http_request bad(methods::GET);
  bad.set_request_uri(U("/Orders()?$filter=startswith(Name,'A')")); // expect: tablelint-invalid-filter "function 'startswith'"
  client.request(bad);

  http_request range(methods::GET);
  range.set_request_uri(U("/Orders()?$filter=PartitionKey%20eq%20'") + tenant + U("'%20and%20RowKey%20ge%20'2024'")); // ok: tablelint-table-scan (row range)
  client.request(range);

  // The key address in the path pins the partition and the row.
  http_request point(methods::GET);
  point.set_request_uri(U("/Orders(PartitionKey='t1',RowKey='o1')?$filter=Status%20eq%20'open'")); // ok: tablelint-partition-scan (point read)
  client.request(point);
}

void curlClient(const std::string &account, const std::string &customer) {
  CURL *h = curl_easy_init();
  const std::string scan = "https://" + account +
                           ".table.core.windows.net/Customers()?$filter=Country%20eq%20'NL'&$top=100"; // expect: tablelint-table-scan "over 'Customers'", tablelint-low-density-query
  curl_easy_setopt(h, CURLOPT_URL, scan.c_str());
  curl_easy_perform(h);

  const std::string mine = "https://" + account +
                           ".table.core.windows.net/Customers()?$filter=PartitionKey%20eq%20'" + customer + "'"; // ok: tablelint-table-scan (whole partition)
  curl_easy_setopt(h, CURLOPT_URL, mine.c_str());
  curl_easy_perform(h);
  curl_easy_cleanup(h);
}
