// Issue 44, item 7: clang stopping on one translation unit (a trap, an
// abort from report_fatal_error, a bad access, a stack overflow) ends that
// unit's analysis only; the process carries on and can analyse the next one.
#include "driver/CrashIsolation.h"

#include <llvm/Support/ErrorHandling.h>

#include <gtest/gtest.h>

#include <csignal>

namespace tablelint {
namespace {

// Recursion N frames of 4 KiB deep: a stack overflow for a large N.
int deep(int N) {
  volatile char Frame[4096];
  Frame[0] = static_cast<char>(N);
  return N == 0 ? 0 : deep(N - 1) + Frame[0];
}

TEST(CrashIsolation, AnAnalysisThatEndsNormallyIsNotACrash) {
  int Ran = 0;
  EXPECT_TRUE(runIsolated([&] { ++Ran; }));
  EXPECT_EQ(Ran, 1);
}

TEST(CrashIsolation, AFatalErrorCostsThatAnalysisOnly) {
  EXPECT_FALSE(runIsolated([] {
    llvm::report_fatal_error("#pragma clang __debug llvm_fatal_error");
  }));
  EXPECT_FALSE(runIsolated([] { __builtin_trap(); }));
  EXPECT_FALSE(runIsolated([] { std::raise(SIGSEGV); }));
  // `#pragma clang __debug overflow_stack`, or a parser recursing too deep.
  int Depth = 0;
  EXPECT_FALSE(runIsolated([&] { Depth = deep(1 << 24); }));
  // The process goes on, and so does the next analysis.
  int Ran = 0;
  EXPECT_TRUE(runIsolated([&] { ++Ran; }));
  EXPECT_EQ(Ran, 1);
}

} // namespace
} // namespace tablelint
