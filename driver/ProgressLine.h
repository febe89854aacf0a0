// A one-line progress indicator on stderr for long runs: shown only when
// stderr is a terminal and the run has lasted more than a second, redrawn
// in place at most five times a second, erased when done (so redirected
// output and quick runs stay exactly as they were). Asked for (Always),
// it is also written where stderr is no terminal: a plain line each time
// the part under way changes, from the start, which a log keeps, and,
// for a line with a detail (figures of the run so far), each tenth of the
// work.
#pragma once

#include <chrono>
#include <string>

namespace tablelint {

class ProgressLine {
public:
  explicit ProgressLine(std::string Task, bool Always = false);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  // Done: share of the work done, 0 to 1; What: the part under way;
  // Detail: figures shown after the elapsed time ("3.1M ops/s").
  void update(const std::string &What, double Done,
              const std::string &Detail = "");
  // Erases the line (if drawn).
  void finish();

private:
  using Clock = std::chrono::steady_clock;
  std::string Task;
  bool Terminal = false;
  bool Always = false;
  bool Drawn = false;
  std::string LastWhat; // of the plain lines (Always, no terminal)
  int LastTenth = -1;    // of the plain lines with a detail
  Clock::time_point Start, LastDraw;
};

} // namespace tablelint
