// Independent pieces of one command run side by side: the designs a replay
// simulates and its answer check, the remedies `suggest` replays. Each task
// writes only its own result, so the output is the same for any number of
// jobs.
#pragma once

#include <functional>
#include <vector>

namespace tablelint {

// Runs every task once on up to Jobs threads (the calling one among them)
// and returns when all have ended. An exception a task throws is rethrown
// here once all have ended (the first task's, in task order).
void runTasks(const std::vector<std::function<void()>> &Tasks, unsigned Jobs);

// Called from a task: whether its runTasks has a core to spare (every task
// taken, fewer running than Jobs), which the task may use for a second
// thread of its own while it lasts. False outside a task.
bool spareThreadInPool();

} // namespace tablelint
