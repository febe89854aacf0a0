// A fresh temporary directory for one test, removed with everything in it
// when the test ends; Dir / "name" is a path inside it.
#pragma once

#include "tests/support/RunTool.h"

#include <filesystem>
#include <string>

namespace tablelint::test {

struct TempDir {
  std::string Path;
  explicit TempDir(const std::string &Prefix = "test")
      : Path(makeTempDir(Prefix)) {}
  ~TempDir() { std::filesystem::remove_all(Path); }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  std::string operator/(const std::string &Name) const {
    return Path + "/" + Name;
  }
};

} // namespace tablelint::test
