// Independent pieces of one command run side by side: the designs a replay
// simulates and its answer check, the remedies `suggest` replays. Each task
// writes only its own result, so the output is the same for any number of
// jobs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

// Runs every task once on up to Jobs threads (the calling one among them)
// and returns when all have ended. An exception a task throws is rethrown
// here once all have ended (the first task's, in task order).
void runTasks(const std::vector<std::function<void()>> &Tasks, unsigned Jobs);

// The default number of jobs: the cores this process may use.
unsigned defaultJobs();

// Parses a --jobs value: a positive number (at most 9999); nullopt with
// Error set otherwise.
std::optional<unsigned> parseJobs(const std::string &Text, std::string &Error);

} // namespace tablelint
