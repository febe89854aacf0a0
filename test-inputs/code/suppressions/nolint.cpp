// clang-tidy's suppression comments work the same in tablelint lint and in
// clang-tidy --load: the same-line, next-line and begin/end forms, with and
// without check names.
#include <azure/data/tables.hpp>

using namespace Azure::Data::Tables;

void suppressed(TableClient const &t) {
  t.QueryEntities(); // NOLINT(tablelint-table-scan)
  // NOLINTNEXTLINE(tablelint-table-scan)
  t.QueryEntities();
  t.QueryEntities(); // NOLINT
  // NOLINTBEGIN(tablelint-table-scan)
  t.QueryEntities();
  t.QueryEntities();
  // NOLINTEND(tablelint-table-scan)
  t.QueryEntities(); // NOLINT(tablelint-*)
}

void notSuppressed(TableClient const &t) {
  // A NOLINT for another check does not hide this one.
  // expect@+1: tablelint-table-scan
  t.QueryEntities(); // NOLINT(tablelint-partition-scan)
  t.QueryEntities(); // expect: tablelint-table-scan
  // NOLINTNEXTLINE(tablelint-table-scan)

  t.QueryEntities(); // expect: tablelint-table-scan
}
