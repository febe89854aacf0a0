// Recorded workloads: JSON lines, one operation per line, read and written
// (docs/replay.md, "Trace format"):
//
//   {"t":0.125,"op":"ingest-reading","kind":"write","table":"DeviceReadings",
//    "keys":{"PartitionKey":"20250101","RowKey":"dev-7"},"batch":1,
//    "properties":{"deviceId":"dev-7","readingTime":"2025-01-01T00:00:00.1250000Z"}}
//   {"t":3.5,"op":"device-day","kind":"query","table":"DeviceReadings",
//    "filter":"PartitionKey eq '20250101'","select":["temp"],
//    "properties":{"deviceId":"dev-7","readingTime":"2025-01-01T00:00:00Z"}}
//
// "t" (seconds from the start), "op" and "properties" drive the replay: the
// properties are the logical entity written, or the values a query's
// placeholders take. "kind", "table", "keys", "filter", "select" and
// "batch" record what the current design did with it, for people and other
// tools; each design derives its own from the properties.
#pragma once

#include "core/InputError.h"
#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <string>
#include <vector>

namespace tablelint::replay {

// The workload's events as trace lines, with keys and filters as the
// given design (normally the current one) renders them.
std::string writeTrace(const Workload &W, const DesignPlan &Design);

// Reads trace lines into W (built by buildWorkloadModel, no events yet).
// Bad lines are reported as File:line:column errors and skipped.
void readTrace(const std::string &Text, const std::string &File, Workload &W,
               std::vector<InputError> &Errors);

} // namespace tablelint::replay
