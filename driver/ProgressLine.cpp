// The progress line of long runs (see ProgressLine.h).
#include "driver/ProgressLine.h"

#include "core/Utf8Text.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace tablelint {

namespace {
constexpr double ShowAfterSeconds = 1;
constexpr double RedrawSeconds = 0.2;
} // namespace

ProgressLine::ProgressLine(std::string Task, bool Always)
    : Task(std::move(Task)), Terminal(isatty(STDERR_FILENO) == 1),
      Always(Always), Start(Clock::now()), LastDraw(Start) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(const std::string &What, double Done,
                          const std::string &Detail) {
  const Clock::time_point Now = Clock::now();
  const double Elapsed = std::chrono::duration<double>(Now - Start).count();
  const int Percent =
      static_cast<int>(std::clamp(Done, 0.0, 1.0) * 100.0 + 0.5);
  const std::string After = Detail.empty() ? "" : ", " + Detail;
  if (!Terminal) {
    const int Tenth = Percent / 10;
    if (Always && (What != LastWhat || (!Detail.empty() && Tenth > LastTenth))) {
      LastWhat = What;
      LastTenth = Tenth;
      std::fprintf(stderr, "%s: %s %3d%%, %.0f s%s\n", Task.c_str(),
                   What.c_str(), Percent, Elapsed, After.c_str());
      std::fflush(stderr);
    }
    return;
  }
  if (Elapsed < ShowAfterSeconds ||
      (Drawn &&
       std::chrono::duration<double>(Now - LastDraw).count() < RedrawSeconds))
    return;
  LastDraw = Now;
  Drawn = true;
  // \r and "erase to end of line": the line is redrawn in place.
  // What names inputs (a design's file): escaped as the text report does.
  std::fprintf(stderr, "\r%s: %s %3d%%, %.0f s%s\033[K", Task.c_str(),
               escapeControlBytes(What).c_str(), Percent, Elapsed,
               After.c_str());
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (!Drawn)
    return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  Drawn = false;
}

} // namespace tablelint
