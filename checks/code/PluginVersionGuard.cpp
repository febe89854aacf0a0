// Loaded into clang-tidy as a plugin, this library must run in the clang-tidy
// of the LLVM major it was built for: in another one its checks are listed
// but report nothing, and users would believe their code clean. So at load
// time it asks the host for its LLVM version and stops the run loudly on a
// mismatch.
#include <llvm/Config/llvm-config.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <unistd.h>

namespace {

// The host's LLVM major: from LLVMGetVersion (LLVM 16 and later export it
// from libLLVM), else from the name of the libLLVM the process loaded
// (libLLVM-14.so.1, libLLVM.so.19.1). 0 when it cannot be told.
unsigned hostLlvmMajor() {
  using GetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);
  if (auto *Fn = reinterpret_cast<GetVersionFn>(dlsym(RTLD_DEFAULT, "LLVMGetVersion"))) {
    unsigned Major = 0, Minor = 0, Patch = 0;
    Fn(&Major, &Minor, &Patch);
    return Major;
  }
  unsigned Found = 0;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) -> int {
        const char *Name = Info->dlpi_name ? std::strrchr(Info->dlpi_name, '/') : nullptr;
        Name = Name ? Name + 1 : Info->dlpi_name;
        if (!Name || std::strncmp(Name, "libLLVM", 7) != 0)
          return 0;
        // libLLVM-14.so.1 or libLLVM.so.19.1
        const char *Digits = std::strpbrk(Name + 7, "0123456789");
        if (Digits)
          *static_cast<unsigned *>(Data) =
              static_cast<unsigned>(std::strtoul(Digits, nullptr, 10));
        return *static_cast<unsigned *>(Data) != 0;
      },
      &Found);
  return Found;
}

struct VersionGuard {
  VersionGuard() {
    const unsigned Host = hostLlvmMajor();
    if (Host == LLVM_VERSION_MAJOR)
      return;
    if (Host == 0) {
      std::fprintf(stderr,
                   "libtablelint-tidy-%d.so: warning: cannot tell the LLVM "
                   "version of this clang-tidy; the plugin works only in "
                   "clang-tidy %d\n",
                   LLVM_VERSION_MAJOR, LLVM_VERSION_MAJOR);
      return;
    }
    std::fprintf(stderr,
                 "libtablelint-tidy-%d.so: error: this plugin was built for "
                 "clang-tidy %d but was loaded into clang-tidy %u; its checks "
                 "would report nothing. Use clang-tidy-%d, or build tablelint "
                 "against LLVM %u.\n",
                 LLVM_VERSION_MAJOR, LLVM_VERSION_MAJOR, Host,
                 LLVM_VERSION_MAJOR, Host);
    std::fflush(stderr);
    _exit(3);
  }
} Guard;

} // namespace
