// The schema check functions, one per rule; each lives in its own file
// (checks/schema/<Rule>Check.cpp) and is registered in SchemaChecks.cpp.
#pragma once

#include "checks/schema/SchemaContext.h"

namespace tablelint::schema {

void checkAccountCount(const SchemaContext &C, FindingSink &Sink);
void checkAccountThroughput(const SchemaContext &C, FindingSink &Sink);
void checkPartitionThroughput(const SchemaContext &C, FindingSink &Sink);
void checkClientBandwidth(const SchemaContext &C, FindingSink &Sink);
void checkRegionMismatch(const SchemaContext &C, FindingSink &Sink);
void checkSharedKeyInClient(const SchemaContext &C, FindingSink &Sink);
void checkUnbatchedWrites(const SchemaContext &C, FindingSink &Sink);
void checkInvalidBatch(const SchemaContext &C, FindingSink &Sink);
void checkRetryWithoutBackoff(const SchemaContext &C, FindingSink &Sink);
void checkRetryNonRetryable(const SchemaContext &C, FindingSink &Sink);
void checkAtomPubPayload(const SchemaContext &C, FindingSink &Sink);
void checkPartitionKeyDesign(const SchemaContext &C, FindingSink &Sink);
void checkTimeBasedPartitionKey(const SchemaContext &C, FindingSink &Sink);
void checkHotPartition(const SchemaContext &C, FindingSink &Sink);
void checkTableScan(const SchemaContext &C, FindingSink &Sink);
void checkPartitionScan(const SchemaContext &C, FindingSink &Sink);
void checkLowDensityQuery(const SchemaContext &C, FindingSink &Sink);
void checkMixedTypeQuery(const SchemaContext &C, FindingSink &Sink);
void checkMutableKey(const SchemaContext &C, FindingSink &Sink);
void checkMissingProjection(const SchemaContext &C, FindingSink &Sink);
void checkDenormalizeForQuery(const SchemaContext &C, FindingSink &Sink);
void checkDataSeriesEntity(const SchemaContext &C, FindingSink &Sink);
void checkStructuredDataInBlobs(const SchemaContext &C, FindingSink &Sink);
void checkRetentionByDelete(const SchemaContext &C, FindingSink &Sink);
void checkEntityLimits(const SchemaContext &C, FindingSink &Sink);
void checkInvalidName(const SchemaContext &C, FindingSink &Sink);
void checkFilterTooComplex(const SchemaContext &C, FindingSink &Sink);
void checkInvalidFilter(const SchemaContext &C, FindingSink &Sink);

} // namespace tablelint::schema
