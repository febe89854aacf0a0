#include "replay/ProcessMemory.h"

#include <cstdio>
#include <fstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__unix__)
#include <unistd.h>
#endif

namespace tablelint::replay {

bool returnLargeBlocksToSystem() {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
  return mallopt(M_MMAP_THRESHOLD, static_cast<int>(MappedBlockBytes)) == 1;
#else
  return false;
#endif
}

namespace {

// A limit written as a number of bytes ("max", unreadable or absurd: none).
std::uint64_t limitIn(const std::string &File) {
  std::ifstream In(File);
  std::string Text;
  if (!(In >> Text) || Text.empty() ||
      Text.find_first_not_of("0123456789") != std::string::npos ||
      Text.size() > 19)
    return 0;
  return std::stoull(Text);
}

// The memory limit of this process's control group: cgroup v2 names the
// group on the "0::" line of /proc/self/cgroup; v1's memory controller is
// mounted at /sys/fs/cgroup/memory (a container sees its own group there).
std::uint64_t controlGroupLimit() {
  std::uint64_t Limit = 0;
  std::ifstream Groups("/proc/self/cgroup");
  for (std::string Line; std::getline(Groups, Line);)
    if (Line.rfind("0::", 0) == 0) {
      std::string Path = Line.substr(3);
      if (Path.empty() || Path.back() != '/')
        Path += '/';
      Limit = limitIn("/sys/fs/cgroup" + Path + "memory.max");
      if (!Limit)
        Limit = limitIn("/sys/fs/cgroup/memory.max");
    }
  const std::uint64_t V1 =
      limitIn("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  if (V1 && (!Limit || V1 < Limit))
    Limit = V1;
  return Limit;
}

} // namespace

std::uint64_t memoryAvailableToProcess() {
  std::uint64_t Physical = 0;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  const long Pages = sysconf(_SC_PHYS_PAGES), PageBytes = sysconf(_SC_PAGESIZE);
  if (Pages > 0 && PageBytes > 0)
    Physical = static_cast<std::uint64_t>(Pages) *
               static_cast<std::uint64_t>(PageBytes);
#endif
  const std::uint64_t Group = controlGroupLimit();
  if (Group && (!Physical || Group < Physical))
    return Group;
  return Physical;
}

std::uint64_t residentBytes() {
  std::FILE *F = std::fopen("/proc/self/statm", "r");
  if (!F)
    return 0;
  long Size = 0, Resident = 0;
  const int Read = std::fscanf(F, "%ld %ld", &Size, &Resident);
  std::fclose(F);
  const long PageBytes = sysconf(_SC_PAGESIZE);
  return Read == 2 && Resident > 0 && PageBytes > 0
             ? static_cast<std::uint64_t>(Resident) *
                   static_cast<std::uint64_t>(PageBytes)
             : 0;
}

} // namespace tablelint::replay
