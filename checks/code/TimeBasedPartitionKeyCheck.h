// tablelint-time-based-partition-key (checklist item 19): a partition key
// written to an entity whose leading part is the current time or a
// monotonically increasing value, so every writer appends to the newest
// partition, which one partition server serves alone.
//
// Seen: std::chrono clocks' now(), time(), utility::datetime::utc_now(),
// Azure::DateTime::clock::now(), formatted through strftime, put_time,
// snprintf, fmt::format, std::to_string, ostringstream and local variables
// in straight-line code; counters incremented (++, +=, fetch_add) in the
// function. Constant prefixes do not spread writes, so they are skipped;
// any other leading part (an id, a hash bucket) does, and silences the rule.
// Query filters and point-read addresses are reads and are not judged.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class TimeBasedPartitionKeyCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;
};

} // namespace tablelint::code
