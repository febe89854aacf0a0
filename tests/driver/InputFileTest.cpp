// Issue 12, item 4 and the FIFO of its minor list: input files are checked
// before they are read. A 1 GB schema is refused from its size (never
// loaded: the run stays small), a named pipe is named for what it is
// (never opened for reading: that would wait for a writer), and the other
// inputs' reports are still written.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr off_t OneGiB = off_t(1) << 30;

// A file of Size bytes that starts with Head; the rest is a hole, so the
// test costs no disk.
void sparseFile(const std::string &Path, const std::string &Head, off_t Size) {
  ASSERT_FALSE(writeFileAtomically(Path, Head));
  ASSERT_EQ(::truncate(Path.c_str(), Size), 0);
}

// Peak resident memory of the children run so far by this test process
// (ctest runs each test in a process of its own), in MiB.
long childrenPeakMiB() {
  struct rusage Usage;
  ::getrusage(RUSAGE_CHILDREN, &Usage);
  return Usage.ru_maxrss / 1024;
}

TEST(InputFile, AOneGigabyteSchemaIsRefusedBeforeItIsRead) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  sparseFile(P.Dir + "/big.yaml", "version: 1\ntables:\n", OneGiB);
  const ToolResult R =
      P.lint({"-p", ".", "scan.cpp", "big.yaml", "--format", "sarif", "-o",
              "out.sarif"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("big.yaml: error: cannot read the file: the "
                               "file is 1073741824 bytes; schema files are "
                               "limited to 8388608 bytes"));
  // The other input's report is written all the same.
  EXPECT_THAT(P.read("out.sarif"), HasSubstr("tablelint-table-scan"));
  // Reading it would have taken more than a gigabyte.
  EXPECT_LT(childrenPeakMiB(), 400);
}

TEST(InputFile, AOneGigabyteSchemaFoundInADirectoryIsRefusedToo) {
  Project P;
  sparseFile(P.Dir + "/schemas/big.yaml", "version: 1\ntables:\n", OneGiB);
  const ToolResult R = P.lint({"schemas"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("big.yaml: error: cannot read the file: the "
                               "file is 1073741824 bytes"));
  EXPECT_LT(childrenPeakMiB(), 400);
}

TEST(InputFile, SuggestAndReplayRefuseTheSizeBeforeReading) {
  Project P;
  sparseFile(P.Dir + "/big.yaml", "version: 1\ntables:\n", OneGiB);
  for (const char *Command : {"suggest", "replay"}) {
    const ToolResult R = runTablelint({Command, P.Dir + "/big.yaml"});
    EXPECT_EQ(R.ExitCode, 2) << Command << ": " << R.Err;
    EXPECT_THAT(R.Err, HasSubstr("big.yaml: error: cannot read the file: the "
                                 "file is 1073741824 bytes"))
        << Command;
  }
  EXPECT_LT(childrenPeakMiB(), 400);
}

// A FIFO was reported as "no such file"; it is named, and nobody waits on it.
TEST(InputFile, ANamedPipeIsNamedAndNotRead) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  ASSERT_EQ(::mkfifo((P.Dir + "/pipe.cpp").c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo((P.Dir + "/pipe.yaml").c_str(), 0600), 0);
  const ToolResult R = P.lint({"-p", ".", "scan.cpp", "pipe.cpp", "pipe.yaml"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("pipe.cpp: error: it is a named pipe (FIFO), "
                               "not a regular file: tablelint reads source "
                               "and schema files"));
  EXPECT_THAT(R.Err, HasSubstr("pipe.yaml: error: it is a named pipe (FIFO)"));
  EXPECT_THAT(R.Err, Not(HasSubstr("no such file")));
  EXPECT_THAT(R.Out, HasSubstr("scan.cpp:4:"));

  for (const char *Command : {"suggest", "replay"}) {
    const ToolResult S = runTablelint({Command, P.Dir + "/pipe.yaml"});
    EXPECT_EQ(S.ExitCode, 2) << Command;
    EXPECT_THAT(S.Err, HasSubstr("pipe.yaml: error: cannot read the file: it "
                                 "is a named pipe (FIFO), not a regular file"))
        << Command;
  }
}

TEST(InputFile, AnOversizedConfigurationIsAnError) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  sparseFile(P.Dir + "/.tablelint.yaml", "rules: {}\n", OneGiB);
  const ToolResult R = P.lint({"-p", ".", "scan.cpp"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml: error: cannot read the "
                               "configuration file: the file is 1073741824 "
                               "bytes; configuration files are limited to "
                               "1048576 bytes"));
  EXPECT_LT(childrenPeakMiB(), 400);
}

// A directory with nothing tablelint reads (a wrong path in a CI gate)
// passed as "no findings" with exit 0; the other inputs are still checked.
TEST(InputFile, ADirectoryWithNothingToCheckIsAnError) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  P.write("docs/notes.txt", "nothing here\n");
  P.write("deploy/pipeline.yaml", "stages: [build]\n");
  const ToolResult R = P.lint({"-p", ".", "scan.cpp", "docs", "deploy"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("docs: error: no C++ source or schema file in "
                               "this directory"));
  EXPECT_THAT(R.Err, HasSubstr("deploy: error: no C++ source or schema file"));
  EXPECT_THAT(R.Out, HasSubstr("scan.cpp:4:"));
}

} // namespace
} // namespace tablelint::test
