// replay::returnLargeBlocksToSystem: after a large block is freed, the
// next large blocks are still mapped from the system (and so given back
// when freed), instead of coming from the heap and staying resident. Without
// the call, glibc raises its mapping threshold to the freed block's size
// and the second block below comes from the heap.
#include "replay/ProcessMemory.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tablelint::replay {
namespace {

#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 33)
std::size_t mappedBytes() { return mallinfo2().hblkhd; }

// A block of Bytes, written. The barrier keeps the compiler from eliding
// the allocation (it may drop a malloc and free whose memory nothing reads).
void *touched(std::size_t Bytes) {
  void *P = std::malloc(Bytes);
  asm volatile("" : : "r"(P) : "memory");
  if (P)
    std::memset(P, 1, Bytes);
  asm volatile("" : : "r"(P) : "memory");
  return P;
}

// The checks, run in a process of their own (a fresh heap: in the test
// binary's, a free block left by an earlier test would serve the request
// without the system). Exits 0 when each holds, else 1 with the reason.
void checkLargeBlocksAreMapped() {
  auto Fail = [](const char *Why) {
    std::fprintf(stderr, "%s\n", Why);
    std::exit(1);
  };
  if (!returnLargeBlocksToSystem())
    Fail("the allocator refused the threshold");
  // A block of 24 MB, freed: glibc's own rule would now keep blocks up to
  // 24 MB in the heap.
  void *First = touched(24u << 20);
  if (!First)
    Fail("no memory");
  std::free(First);

  const std::size_t Before = mappedBytes();
  void *Second = touched(4u << 20);
  if (!Second)
    Fail("no memory");
  if (mappedBytes() < Before + (4u << 20))
    Fail("a 4 MB block came from the heap");
  std::free(Second);
  if (mappedBytes() >= Before + (4u << 20))
    Fail("a freed 4 MB block stayed mapped");

  // Below the threshold blocks stay in the heap (no system call each).
  const std::size_t BeforeSmall = mappedBytes();
  void *Small = touched(MappedBlockBytes / 4);
  if (!Small)
    Fail("no memory");
  if (mappedBytes() != BeforeSmall)
    Fail("a quarter-megabyte block was mapped");
  std::free(Small);
  std::exit(0);
}

TEST(ProcessMemory, ALargeBlockAfterALargerOneFreedIsStillMapped) {
  // "threadsafe": the child runs this test alone in a new process.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(checkLargeBlocksAreMapped(), ::testing::ExitedWithCode(0), "");
}
#endif

} // namespace
} // namespace tablelint::replay
