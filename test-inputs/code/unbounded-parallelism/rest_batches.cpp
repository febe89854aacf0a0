// A hand-written Table REST client: one std::async per partition, each
// task building an entity group transaction by hand and posting it with
// cpprestsdk's http_client. The traffic is table traffic though no SDK
// call appears.
#include <cpprest/http_client.h>

#include <future>
#include <map>
#include <string>
#include <vector>

using web::http::http_request;
using web::http::methods;
using web::http::client::http_client;

struct Row {
  std::string Partition;
  std::string Key;
  std::string Json;
};

std::string signRequest(http_request const &request);

// The multipart body of one transaction, in a helper.
std::string batchBody(std::vector<Row> const &rows) {
  std::string body = "--batch_a1\r\nContent-Type: multipart/mixed; boundary=changeset_b2\r\n\r\n";
  for (const Row &r : rows)
    body += "--changeset_b2\r\nPOST https://acct.table.core.windows.net/Events HTTP/1.1\r\n\r\n" + r.Json + "\r\n";
  return body + "--changeset_b2--\r\n--batch_a1--\r\n";
}

void postBatch(http_client &client, std::vector<Row> const &rows) {
  http_request request(methods::POST);
  request.set_request_uri(U("/$batch"));
  request.set_body(batchBody(rows), "multipart/mixed; boundary=batch_a1");
  request.headers().add(U("Authorization"), signRequest(request));
  client.request(request).wait();
}

// Bad: one task per partition, the batch posted in a helper.
void uploadAll(http_client &client, std::map<std::string, std::vector<Row>> const &byPartition) {
  std::vector<std::future<void>> tasks;
  for (const auto &partition : byPartition)
    tasks.push_back(std::async(std::launch::async, [&client, &partition] { // expect: tablelint-unbounded-parallelism "std::async started for each element of 'byPartition' with REST batch requests inside"
      postBatch(client, partition.second);
    }));
  for (auto &t : tasks)
    t.get();
}

// Bad: the request built inline in the task, one task per group.
void uploadInline(http_client &client, std::vector<std::vector<Row>> const &groups) {
  std::vector<std::future<void>> tasks;
  for (std::size_t i = 0; i < groups.size(); ++i)
    tasks.push_back(std::async(std::launch::async, [&client, &groups, i] { // expect: tablelint-unbounded-parallelism "with REST batch requests inside"
      http_request request(methods::POST);
      request.set_request_uri(U("/$batch"));
      request.set_body(batchBody(groups[i]), "multipart/mixed; boundary=batch_a1");
      request.headers().add(U("Authorization"), signRequest(request));
      client.request(request).wait();
    }));
  for (auto &t : tasks)
    t.wait();
}

// Bad: single entities posted to the table resource, one task each.
void uploadEach(http_client &client, std::vector<Row> const &rows) {
  std::vector<std::future<void>> tasks;
  for (const Row &row : rows)
    tasks.push_back(std::async(std::launch::async, [&client, &row] { // expect: tablelint-unbounded-parallelism "with REST table requests inside"
      client.request(methods::POST, U("/Events"), "{\"PartitionKey\":\"" + row.Partition + "\"}", "application/json").wait();
    }));
  for (auto &t : tasks)
    t.get();
}

// Good: a loop of plain HTTP calls that are not table traffic.
void notifyAll(http_client &hooks, std::vector<std::string> const &urls) {
  std::vector<std::future<void>> tasks;
  for (const std::string &url : urls)
    tasks.push_back(std::async(std::launch::async, [&hooks, &url] { // ok: tablelint-unbounded-parallelism (not table traffic)
      hooks.request(methods::POST, url, "ping").wait();
    }));
  for (auto &t : tasks)
    t.get();
}

// Good: one partition at a time, each batch waited for.
void uploadSequentially(http_client &client, std::map<std::string, std::vector<Row>> const &byPartition) {
  for (const auto &partition : byPartition)
    postBatch(client, partition.second); // ok: tablelint-unbounded-parallelism (no task started)
}

// Good: the task is waited for in its own pass.
void uploadOneByOne(http_client &client, std::map<std::string, std::vector<Row>> const &byPartition) {
  for (const auto &partition : byPartition) {
    auto done = std::async(std::launch::async, [&client, &partition] { // ok: tablelint-unbounded-parallelism (waited in the same pass)
      postBatch(client, partition.second);
    });
    done.get();
  }
}
