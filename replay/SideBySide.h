// Two steps of work at a time, one on the calling thread and one on a
// helper thread kept for the purpose: the answer check's two designs, each
// run to the next compared execution (replay/AnswerCheck.cpp). The designs
// are independent between two compared executions, but which execution is
// compared next depends on both answers, so they meet after every step.
//
// A meeting costs two thread wake-ups (some microseconds), so a short step
// is better run on the calling thread alone: run() takes a flag for that.
// Without a helper (one job) both halves of every step run here, first
// then second, with the same results.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace tablelint::replay {

class SideBySide {
public:
  // TwoThreads false: every step runs on the calling thread.
  explicit SideBySide(bool TwoThreads) : TwoThreads(TwoThreads) {}
  SideBySide(const SideBySide &) = delete;
  SideBySide &operator=(const SideBySide &) = delete;
  ~SideBySide();

  // Runs Here on this thread and There on the helper (started at the first
  // step that asks for it) when Apart and the runner has two threads; else
  // Here then There on this thread. Returns when both have ended; an
  // exception either throws is rethrown then (Here's first).
  void run(const std::function<void()> &Here,
           const std::function<void()> &There, bool Apart = true);

private:
  void helperLoop();

  const bool TwoThreads;
  std::thread Helper;
  std::mutex Mutex;
  std::condition_variable Changed;
  const std::function<void()> *Job = nullptr; // There, while it is due
  bool Stopping = false;
  std::exception_ptr HelperError;
};

} // namespace tablelint::replay
