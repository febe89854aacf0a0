// How the replay's process takes memory from the system.
//
// A replay builds arrays of millions of entries (events, codes, a client's
// backlog), most by doubling, and frees many of them while it generates.
// glibc's allocator maps a large block from the system and unmaps it when
// it is freed, but after the first such free it raises its threshold for
// mapping to that block's size (up to 32 MB): the next blocks up to that
// size come from the heap, and once freed stay in the process's memory for
// reuse. On the demo that kept about 12 MB resident at the peak of a
// replay of one design (4.4 bytes a stored entity; bench/README.md).
#pragma once

#include <cstddef>
#include <cstdint>

namespace tablelint::replay {

// Blocks of at least this many bytes are mapped from the system and given
// back to it when freed.
inline constexpr std::size_t MappedBlockBytes = std::size_t(1) << 20;

// Fixes the allocator's threshold for mapping at MappedBlockBytes for the
// whole process (which also stops it moving). Called once by a command
// that replays, before it generates anything; the code checks, whose
// allocation pattern is clang's, are left alone. False when the allocator
// is not glibc's or refuses.
bool returnLargeBlocksToSystem();

// The memory this process may take: the machine's physical memory, or the
// limit of its control group (a container's or CI job's memory limit,
// cgroup v2 or v1) when that is lower. 0 when neither can be read.
std::uint64_t memoryAvailableToProcess();

// The memory this process holds now (resident, /proc/self/statm); 0 when
// it cannot be read.
std::uint64_t residentBytes();

} // namespace tablelint::replay
