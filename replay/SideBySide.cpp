// Two steps of work at a time (see SideBySide.h).
#include "replay/SideBySide.h"

namespace tablelint::replay {

namespace {

// Runs F; what it threw, or null.
std::exception_ptr runCaught(const std::function<void()> &F) {
  try {
    F();
  } catch (...) {
    return std::current_exception();
  }
  return nullptr;
}

} // namespace

SideBySide::~SideBySide() {
  if (!Helper.joinable())
    return;
  {
    const std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Changed.notify_all();
  Helper.join();
}

void SideBySide::helperLoop() {
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Changed.wait(Lock, [this] { return Job || Stopping; });
    if (!Job)
      return;
    const std::function<void()> &There = *Job;
    Lock.unlock();
    const std::exception_ptr Error = runCaught(There);
    Lock.lock();
    HelperError = Error;
    Job = nullptr;
    Changed.notify_all();
  }
}

void SideBySide::run(const std::function<void()> &Here,
                     const std::function<void()> &There, bool Apart) {
  if (!TwoThreads || !Apart) {
    Here();
    There();
    return;
  }
  if (!Helper.joinable())
    Helper = std::thread([this] { helperLoop(); });
  {
    const std::lock_guard<std::mutex> Lock(Mutex);
    Job = &There;
    HelperError = nullptr;
  }
  Changed.notify_all();
  const std::exception_ptr HereError = runCaught(Here);
  // There may use what Here's caller owns: wait for it whatever happened.
  std::unique_lock<std::mutex> Lock(Mutex);
  Changed.wait(Lock, [this] { return Job == nullptr; });
  if (HereError)
    std::rethrow_exception(HereError);
  if (HelperError)
    std::rethrow_exception(HelperError);
}

} // namespace tablelint::replay
