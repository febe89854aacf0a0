#include "replay/ProcessMemory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tablelint::replay {

bool returnLargeBlocksToSystem() {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
  return mallopt(M_MMAP_THRESHOLD, static_cast<int>(MappedBlockBytes)) == 1;
#else
  return false;
#endif
}

} // namespace tablelint::replay
