// A sensor gateway's own table class: each method writes one entity
// straight through, some under a partition of their own ("gateway-7",
// "alerts"). Called in a loop, each is a write per pass into one partition,
// as if the UpsertEntity were written in the loop.
#include <azure/data/tables.hpp>

#include <string>
#include <utility>
#include <vector>

namespace gateway {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

struct Sample {
  std::string Sensor;
  std::string Id;
  std::string Value;
};

class SampleTable {
public:
  explicit SampleTable(TableClient client) : client_(std::move(client)) {}

  // The gateway's own partition; the row is the sample id.
  void record(std::string const &sampleId, std::string const &value) {
    TableEntity e;
    e.SetPartitionKey("gateway-7");
    e.SetRowKey(sampleId);
    e.Properties["Value"].Value = value;
    client_.UpsertEntity(e);
  }

  // One fixed entity: the latest value.
  void recordLatest(std::string const &value) {
    TableEntity e;
    e.SetPartitionKey("gateway-7");
    e.SetRowKey("latest");
    e.Properties["Value"].Value = value;
    client_.UpsertEntity(e);
  }

  // Alerts share one partition too.
  void raise(std::string const &alertId) {
    TableEntity e;
    e.SetPartitionKey("alerts");
    e.SetRowKey(alertId);
    client_.AddEntity(e);
  }

  // A partition per sensor.
  void recordFor(std::string const &sensor, std::string const &sampleId) {
    TableEntity e;
    e.SetPartitionKey(sensor);
    e.SetRowKey(sampleId);
    client_.UpsertEntity(e);
  }

  void flush(std::vector<Sample> const &samples) {
    for (Sample const &s : samples)
      record(s.Id, s.Value); // expect: tablelint-unbatched-writes "record in a loop sends one request per entity although every pass writes to the same partition (partition key 'gateway-7')"
  }

  void flushPerSensor(std::vector<Sample> const &samples) {
    for (Sample const &s : samples)
      recordFor(s.Sensor, s.Id); // ok: tablelint-unbatched-writes (a partition per sensor)
  }

private:
  TableClient client_;
};

void forward(SampleTable &table, std::vector<Sample> const &samples) {
  for (Sample const &s : samples)
    table.record(s.Id, s.Value); // expect: tablelint-unbatched-writes "record in a loop sends one request per entity although every pass writes to the same partition (partition key 'gateway-7')"

  std::vector<std::string> alerts = {"a-1", "a-2", "a-3"};
  for (std::size_t i = 0; i < alerts.size(); ++i)
    table.raise(alerts[i]); // expect: tablelint-unbatched-writes "raise in a loop sends one request per entity although every pass writes to the same partition (partition key 'alerts')"
}

void keepLatest(SampleTable &table, std::vector<Sample> const &samples) {
  for (Sample const &s : samples)
    table.recordLatest(s.Value); // ok: tablelint-unbatched-writes (the same entity every pass)

  for (Sample const &s : samples) {
    SampleTable own(TableClient("https://gw.example/", "Samples"));
    own.record(s.Id, s.Value); // ok: tablelint-unbatched-writes (a new client per pass: not one batch)
  }
}

} // namespace gateway
