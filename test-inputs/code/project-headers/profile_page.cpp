// Uses a project header whose table code is all point reads: nothing to
// report in the header or here.
#include "PointReads.h"

void render(Azure::Data::Tables::TableClient const &users) {
  profiles::readProfile(users, "tenant-7", "ada");
  profiles::readTenant(users, "tenant-7");
}
