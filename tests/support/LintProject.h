// A throwaway C++ project for end-to-end tests of `tablelint lint`: sources
// written under a fresh temp directory (a git repository root, so paths in
// reports are relative to it), a compile_commands.json that includes the
// mock SDK headers, and helpers to run tablelint inside it.
#pragma once

#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tablelint::test {

inline const std::string &mockIncludes() {
  static const std::string Dir =
      (std::filesystem::path(TABLELINT_SOURCE_DIR) / "test-inputs" / "code" /
       "include")
          .string();
  return Dir;
}

// A table scan (line 4) and a partition scan note (line 10).
inline const char *const ScanSource = R"(#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
void list(TableClient const &t) {
  t.QueryEntities();
}
void open(TableClient const &t) {
  Models::QueryEntitiesOptions o;
  o.PartitionKey = "p";
  o.Filter = "Status eq 'open'";
  t.QueryEntities(o);
}
)";

// A query without a projection: missing-projection (line 6) with a fix-it
// that selects the one property read (inserted after line 5).
inline const char *const ProjectionSource = R"(#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
std::string status(TableClient const &t) {
  Models::QueryEntitiesOptions options;
  options.PartitionKey = "p";
  auto page = t.QueryEntities(options);
  return page.TableEntities.at(0).Properties.at("Status").Value;
}
)";

class Project {
public:
  explicit Project(bool GitRoot = true) : Dir(makeTempDir("tablelint-lint")) {
    if (GitRoot)
      std::filesystem::create_directories(Dir + "/.git");
  }
  ~Project() { std::filesystem::remove_all(Dir); }
  Project(const Project &) = delete;
  Project &operator=(const Project &) = delete;

  std::string write(const std::string &Name, const std::string &Text) const {
    const std::string Path = Dir + "/" + Name;
    EXPECT_FALSE(writeFileAtomically(Path, Text));
    return Path;
  }
  std::string read(const std::string &Name) const {
    return readFile(Dir + "/" + Name).value_or("");
  }
  // compile_commands.json in Sub listing Files (relative to Dir).
  void database(const std::vector<std::string> &Files,
                const std::string &Sub = "") const {
    std::string Json = "[\n";
    for (std::size_t I = 0; I < Files.size(); ++I)
      Json += std::string(I ? ",\n" : "") + "  {\"directory\": \"" + Dir +
              "\", \"file\": \"" + Dir + "/" + Files[I] +
              "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
              mockIncludes() + "\", \"-c\", \"" + Dir + "/" + Files[I] + "\"]}";
    write((Sub.empty() ? "" : Sub + "/") + "compile_commands.json",
          Json + "\n]\n");
  }
  // tablelint with Args, run in the project directory.
  ToolResult lint(std::vector<std::string> Args) const {
    Args.insert(Args.begin(), "lint");
    return runTablelint(Args, Dir);
  }
  std::string Dir;
};

} // namespace tablelint::test
