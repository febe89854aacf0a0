// `tablelint replay CURRENT.yaml [SUGGESTED.yaml]`: runs the workload the
// current schema declares (or a recorded trace) through each design on the
// simulated Table service and prints the designs side by side.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/ParallelTasks.h"
#include "driver/ProgressLine.h"

#include "core/AtomicFile.h"
#include "core/Redact.h"
#include "core/Text.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaValues.h"
#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/LiveReplay.h"
#include "replay/MemoryEstimate.h"
#include "replay/ProcessMemory.h"
#include "replay/Report.h"
#include "replay/Simulation.h"
#include "replay/Trace.h"
#include "replay/Workload.h"
#include "replay/live/RestUrl.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <limits>
#include <mutex>
#include <optional>
#include <string_view>

namespace tablelint {

namespace {

// Operations a generated workload may hold whatever the memory: an entity
// is named by 32 bits (WorkloadEvent::Entity), and every insert creates
// one. What a replay may hold in memory (replay/MemoryEstimate.h) is
// usually the nearer limit: ten minutes of 6,000/s is 3.6 million
// operations, a day 518 million.
constexpr double MaxGeneratedOperations = 4e9;

// A size of memory: a number and K, M, G or T (binary multiples, "iB" or
// "B" after it allowed), or bytes.
std::optional<double> parseMemorySize(std::string_view Text) {
  const std::size_t End = Text.find_first_not_of("0123456789.");
  std::string Error;
  const std::optional<double> Number =
      End ? schema::parseNumber(Text.substr(0, End), Error) : std::nullopt;
  if (!Number)
    return std::nullopt;
  std::string_view Unit = End == std::string_view::npos ? "" : Text.substr(End);
  for (const std::string_view Tail : {"iB", "B"})
    if (Unit.size() > Tail.size() &&
        Unit.substr(Unit.size() - Tail.size()) == Tail) {
      Unit.remove_suffix(Tail.size());
      break;
    }
  static constexpr std::pair<std::string_view, double> Units[] = {
      {"", 1.0},     {"B", 1.0},    {"K", 0x1p10}, {"k", 0x1p10},
      {"M", 0x1p20}, {"G", 0x1p30}, {"T", 0x1p40}};
  for (const auto &[Name, Scale] : Units)
    if (Unit == Name)
      return *Number * Scale;
  return std::nullopt;
}

// "812 MiB", "39.6 GiB".
std::string formatMemory(double Bytes) {
  const double MiB = Bytes / (1024.0 * 1024);
  char Text[32];
  if (MiB < 1024)
    std::snprintf(Text, sizeof Text, "%.0f MiB", std::max(MiB, 1.0));
  else
    std::snprintf(Text, sizeof Text, "%.1f GiB", MiB / 1024);
  return Text;
}

const std::vector<OptionSpec> &replayOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"duration",
       0,
       true,
       "D",
       "simulated time to generate, e.g. 90s, 10m, 1h (default 10m, at most "
       "366d)",
       {}},
      {"ramp-up",
       0,
       true,
       "D",
       "rates climb linearly from 0 to the declared rates over D (default 0s)",
       {}},
      {"seed",
       0,
       true,
       "N",
       "seed of the generated workload, 0 to 18446744073709551615 (default 1)",
       {}},
      {"cold",
       0,
       false,
       "",
       "start every table empty, as one range partition (a brand-new "
       "table); default: a table of known size (entities, or inserts x "
       "retention) starts populated and split as an established one",
       {}},
      {"range-budget",
       0,
       true,
       "N",
       "entities/s one range partition serves (an assumption: no figure is "
       "published; default 10000)",
       {}},
      {"trace",
       0,
       true,
       "FILE",
       "replay a recorded trace (JSON lines, docs/replay.md) instead of "
       "generating the workload",
       {}},
      {"write-trace",
       0,
       true,
       "FILE",
       "also write the workload replayed as a trace",
       {}},
      {"price",
       0,
       true,
       "USD",
       "price of 10,000 billable transactions for the cost estimate "
       "(default 0.00036)",
       {}},
      {"format",
       0,
       true,
       "FORMAT",
       "output format (default text)",
       {"text", "json", "html"}},
      {"output",
       'o',
       true,
       "FILE",
       "write the report to FILE (atomically)",
       {}},
      {"html",
       0,
       true,
       "FILE",
       "also write the HTML report (heatmap, curves) to FILE, whatever "
       "--format says",
       {}},
      {"live",
       0,
       true,
       "URL",
       "also run a scaled-down workload on a real Table endpoint (Azurite: "
       "http://127.0.0.1:10002/devstoreaccount1) and compare the designs' "
       "query results",
       {}},
      {"live-ops",
       0,
       true,
       "N",
       "logical operations of the live run (default 2000)",
       {}},
      {"live-deadline",
       0,
       true,
       "D",
       "the live run, table creation to deletion, must end within D "
       "(default 10m); past it the run stops and deletes its tables",
       {}},
      {"live-retries",
       0,
       true,
       "N",
       "retries of every live request (0 to 10), in place of the maxRetries "
       "each client's retry: declares; without it the declared maxRetries "
       "apply (the policy, delays and retryOn always do)",
       {}},
      {"keep", 0, false, "", "keep the live run's tables", {}},
      {"jobs",
       'j',
       true,
       "N",
       "designs simulated and the answer check run in parallel, each on "
       "its own core, the check's two designs on two when N > 1 (default: "
       "the number of cores); the report is the "
       "same for every N, -j 1 runs them one after another and holds one "
       "design's store at a time",
       {}},
      {"memory",
       0,
       true,
       "SIZE",
       "memory the replay may hold, e.g. 16G, 800M (default: this "
       "machine's, or its control group's limit); a generated workload "
       "estimated to need more is refused with the --duration that fits",
       {}},
      {"answers",
       0,
       true,
       "WHICH",
       "entities the answer check of two designs compares: all, a sample "
       "(1% of them, at least 250,000; only their rows are stored, and "
       "every row of a table a `top` query reads), or none (default: all "
       "where that fits --memory, else the sample)",
       {"all", "sample", "none"}},
      {"progress",
       0,
       false,
       "",
       "write the progress line to standard error also where standard "
       "error is no terminal: a line when a design starts and each tenth "
       "of the simulated time (on a terminal a progress line is drawn "
       "anyway): the simulated time done of the total, operations "
       "simulated per second, the memory held",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printReplayHelp() {
  std::cout
      << "Usage: tablelint replay CURRENT.yaml [SUGGESTED.yaml] [options]\n\n"
         "Generates the workload CURRENT.yaml declares (write and query "
         "rates, property\ndistributions; deterministic for a seed), or "
         "reads a recorded trace, and runs\nit through each design on a "
         "simulated Table service: range partitions that\nsplit after "
         "a detection delay but never inside one PartitionKey, "
         "budgets per\nPartitionKey (2,000 entities/s), per range partition "
         "(--range-budget) and per\naccount counting scanned entities, "
         "tables of known size (entities, or inserts x\nretention) starting "
         "populated and split (unless --cold), entity limits, pages and continuations,\nbatch "
         "rules, throttling, and the client's concurrency limit and retry "
         "policy.\nThe report shows "
         "the designs side by side: operations completed, throughput,\n"
         "throttled requests, retries, latency p50/p95/p99 from the "
         "intended send time,\nentities scanned per entity returned, "
         "round trips, billable transactions,\npayload bytes, estimated "
         "cost (the run, 30 days, and per million completed\noperations: "
         "the figure to compare designs by) and the hottest partition\n"
         "keys; the HTML report adds a partition x time heatmap and "
         "throughput curves.\n\nOptions:\n"
      << formatOptionsHelp(replayOptions())
      << "\nWith --live URL the same logical workload, scaled down to "
         "--live-ops operations\n(queries keep up to a quarter, shared "
         "by query name and spread over the run;\nwrites thinned evenly), "
         "runs through each design on the "
         "endpoint in tables named after the design's tables\nplus a run "
         "suffix (deleted afterwards unless --keep). Per query event both\n"
         "designs must return the same logical entities (the values of the "
         "non-key\nproperties compared); the report adds real round trips "
         "and bytes. Credentials:\nTABLELINT_LIVE_ACCOUNT and "
         "TABLELINT_LIVE_KEY, or the public development account\nfor a "
         "loopback emulator URL. Each request is retried as the design "
         "declares\nfor the client that issues it (its retry:; the SDK's "
         "defaults without one),\na request that timed out as a 503, "
         "honouring Retry-After and --live-deadline;\n--live-retries N "
         "replaces every client's maxRetries. The report counts\nthrottled "
         "and retried requests and the time spent backing off.\n"
      << "\nWith two designs every query execution is also compared on a "
         "functional store\n(no throttling): both designs must return the "
         "same logical entities;\nfan-out queries read every bucket, merged "
         "in RowKey order, top after the merge.\nA run whose whole check "
         "does not fit --memory (or --answers sample) compares\nthe answers "
         "on a sample of the logical entities (1%, at least 250,000), the\n"
         "same in both designs (tables read by `top` queries keep every "
         "entity);\nthe report says which.\n"
      << "\nExit codes: 0 report written and the designs' results agree;\n"
         "1 a query returned different entities in the two designs (in the "
         "simulator\nor, with --live, on the endpoint);\n2 bad usage or input (schema, trace: "
         "file:line:col messages; a bad or\nunreachable --live URL, missing "
         "credentials), a live endpoint that failed\nrequests after their "
         "retries (5xx, no answer), a live run past\n--live-deadline, or a "
         "report that cannot be written. Ctrl-C or SIGTERM\nduring a live "
         "run deletes its tables, then ends the process by that signal.\n";
}

// Simulated time as hours and minutes: "5h02m", "0h10m".
std::string hoursMinutes(double Seconds) {
  const auto Minutes = static_cast<long long>(std::max(Seconds, 0.0) / 60);
  char Text[32];
  std::snprintf(Text, sizeof Text, "%lldh%02lldm", Minutes / 60, Minutes % 60);
  return Text;
}

// The progress of the designs simulated at the same time, on one line:
// the share of their simulated time done, all designs together, and the
// run's figures so far: the simulated time (of the workload and its
// drain), the operations simulated per second of wall time (all designs)
// and the memory the process holds.
class ParallelProgress {
public:
  ParallelProgress(ProgressLine &Line,
                   const std::vector<replay::DesignPlan> &Plans,
                   double SimulatedSeconds)
      : Line(Line), SimulatedSeconds(SimulatedSeconds),
        Start(std::chrono::steady_clock::now()) {
    for (const replay::DesignPlan &P : Plans)
      Done.push_back({P.Label, 0.0, 0});
  }
  void update(const std::string &Label, double Share,
              std::uint64_t Operations) {
    const std::lock_guard<std::mutex> Lock(Mutex);
    double Sum = 0;
    std::uint64_t Simulated = 0;
    std::string Running;
    for (Design &D : Done) {
      if (D.Label == Label) {
        D.Share = Share;
        D.Operations = std::max(D.Operations, Operations);
      }
      Sum += D.Share;
      Simulated += D.Operations;
      if (D.Share > 0 && D.Share < 1)
        Running += (Running.empty() ? "" : " + ") + D.Label;
    }
    const double Mean = Sum / static_cast<double>(Done.size());
    const double Wall = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - Start)
                            .count();
    char Rate[64];
    std::snprintf(Rate, sizeof Rate, "%.2fM ops/s",
                  Wall > 0 ? static_cast<double>(Simulated) / Wall / 1e6 : 0);
    Line.update((Running.empty() ? Label : Running) +
                    (Running.find(" + ") == std::string::npos ? " design"
                                                              : " designs"),
                Mean,
                "simulated " + hoursMinutes(Mean * SimulatedSeconds) + " of " +
                    hoursMinutes(SimulatedSeconds) + ", " + Rate + ", " +
                    formatMemory(static_cast<double>(
                        replay::residentBytes())));
  }

private:
  struct Design {
    std::string Label;
    double Share = 0;
    std::uint64_t Operations = 0;
  };
  ProgressLine &Line;
  double SimulatedSeconds;
  std::chrono::steady_clock::time_point Start;
  std::mutex Mutex;
  std::vector<Design> Done;
};

void printErrors(const std::vector<InputError> &Errors) {
  for (const InputError &E : Errors)
    std::cerr << safeMessage(E.str()) << "\n";
}

bool parseDurationOption(const ParsedArgs &A, const char *Name, double Default,
                         double &Out) {
  if (!A.has(Name)) {
    Out = Default;
    return true;
  }
  std::string Error;
  std::optional<double> D = schema::parseDurationSeconds(A.get(Name), Error);
  if (D && *D > replay::MaxReplaySeconds) {
    D.reset();
    Error = "the replay simulates at most " +
            schema::formatDuration(replay::MaxReplaySeconds);
  }
  if (!D) {
    std::cerr << "tablelint: error: --" << Name << " '" << A.get(Name)
              << "': " << Error << "\n";
    return false;
  }
  Out = *D;
  return true;
}

// The share of the logical entities the answer check compares: --answers
// all (1), sample, none (0); by default every entity when the run with the
// whole check fits Memory, else the sample. A trace is not estimated: all.
double answerShare(const std::string &Mode, const replay::Workload &W,
                   const std::vector<replay::DesignPlan> &Plans,
                   const replay::WorkloadOptions &WO, unsigned Parallel,
                   bool Generated, double Memory) {
  if (Mode == "none")
    return 0;
  if (Mode == "sample")
    return replay::DefaultAnswerSample;
  if (Mode == "all" || !Generated || Plans.size() != 2 || Memory <= 0)
    return 1;
  const double Whole = replay::estimateReplayMemory(W, Plans, WO, Parallel, 1)
                           .bytes(WO.DurationSeconds, WO.RampUpSeconds);
  return Whole <= Memory ? 1 : replay::DefaultAnswerSample;
}

} // namespace

int runReplayCommand(const std::vector<std::string> &Args) {
  ParsedArgs A;
  if (auto Error = parseArgs(replayOptions(), Args, A)) {
    std::cerr << "tablelint: error: " << safeMessage(*Error)
              << "\n(see tablelint replay --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printReplayHelp();
    return ExitClean;
  }
  // Arrays of millions, freed while the workload is generated, go back to
  // the system instead of staying resident to the end of the run.
  replay::returnLargeBlocksToSystem();
  const std::vector<std::string> &Files = A.positional();
  if (Files.empty() || Files.size() > 2) {
    std::cerr << "tablelint: error: replay takes the current schema and "
                 "optionally the suggested one\n(see tablelint replay "
                 "--help)\n";
    return ExitInputError;
  }

  replay::WorkloadOptions WO;
  if (!parseDurationOption(A, "duration", 600, WO.DurationSeconds) ||
      !parseDurationOption(A, "ramp-up", 0, WO.RampUpSeconds))
    return ExitInputError;
  if (WO.DurationSeconds <= 0) {
    std::cerr << "tablelint: error: --duration must be positive\n";
    return ExitInputError;
  }
  if (A.has("seed")) {
    const std::string Seed = A.get("seed");
    char *End = nullptr;
    errno = 0;
    WO.Seed = std::strtoull(Seed.c_str(), &End, 10);
    // strtoull clamps an out-of-range value to the maximum (ERANGE) and
    // accepts leading spaces and signs: a seed is digits only.
    if (Seed.empty() || *End || errno == ERANGE ||
        Seed.find_first_not_of("0123456789") != std::string::npos) {
      std::cerr << "tablelint: error: --seed '" << Seed
                << "': expected an integer from 0 to "
                << std::numeric_limits<std::uint64_t>::max() << "\n";
      return ExitInputError;
    }
  }
  replay::ReplayOptions RO;
  RO.Seed = WO.Seed;
  WO.Cold = A.has("cold");
  if (A.has("range-budget")) {
    std::string Error;
    std::optional<double> Budget =
        schema::parseNumber(A.get("range-budget"), Error);
    if (!Budget || !(*Budget >= 1) || *Budget > 1e9) {
      std::cerr << "tablelint: error: --range-budget '"
                << A.get("range-budget")
                << "': expected entities per second from 1 to 1e9\n";
      return ExitInputError;
    }
    RO.Service.RangeEntitiesPerSecond = *Budget;
  }
  replay::LiveOptions LO;
  if (A.has("live-ops") || A.has("keep") || A.has("live-deadline") ||
      A.has("live-retries")) {
    if (!A.has("live")) {
      std::cerr << "tablelint: error: --live-ops, --live-deadline, "
                   "--live-retries and --keep shape a live run: give --live "
                   "URL\n";
      return ExitInputError;
    }
  }
  if (A.has("live")) {
    LO.Url = A.get("live");
    LO.Keep = A.has("keep");
    if (!parseDurationOption(A, "live-deadline", LO.DeadlineSeconds,
                             LO.DeadlineSeconds))
      return ExitInputError;
    if (LO.DeadlineSeconds <= 0) {
      std::cerr << "tablelint: error: --live-deadline must be positive\n";
      return ExitInputError;
    }
  }
  if (A.has("live-ops")) {
    const std::string N = A.get("live-ops");
    char *End = nullptr;
    const unsigned long long V = std::strtoull(N.c_str(), &End, 10);
    if (N.empty() || *End || N[0] == '-' || V == 0 || V > 1000000) {
      std::cerr << "tablelint: error: --live-ops '" << N
                << "': expected a number of operations from 1 to 1000000\n";
      return ExitInputError;
    }
    LO.MaxOperations = static_cast<std::size_t>(V);
  }
  if (A.has("live-retries")) {
    const std::string N = A.get("live-retries");
    if (N.empty() || N.size() > 2 ||
        N.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(N) > 10) {
      std::cerr << "tablelint: error: --live-retries '" << N
                << "': expected a number of retries from 0 to 10\n";
      return ExitInputError;
    }
    LO.Retries = static_cast<unsigned>(std::stoul(N));
  }
  unsigned Jobs = 1;
  if (auto Error = jobsOption(A, Jobs)) {
    std::cerr << "tablelint: error: " << safeMessage(*Error) << "\n";
    return ExitInputError;
  }
  // What the replay may hold: the machine's memory unless --memory says.
  double MemoryLimit = static_cast<double>(replay::memoryAvailableToProcess());
  if (A.has("memory")) {
    const std::optional<double> Size = parseMemorySize(A.get("memory"));
    if (!Size || *Size < 1024.0 * 1024) {
      std::cerr << "tablelint: error: --memory '" << A.get("memory")
                << "': expected a size of at least 1M, e.g. 16G or 800M\n";
      return ExitInputError;
    }
    MemoryLimit = *Size;
  }
  if (A.has("trace") && A.has("ramp-up")) {
    std::cerr << "tablelint: error: --ramp-up shapes a generated workload; a "
                 "trace replays its own times\n";
    return ExitInputError;
  }
  if (A.has("price")) {
    std::string Error;
    std::optional<double> Price = schema::parseNumber(A.get("price"), Error);
    if (!Price || *Price < 0) {
      std::cerr << "tablelint: error: --price '" << A.get("price")
                << "': expected a non-negative number of US dollars\n";
      return ExitInputError;
    }
    RO.PricePer10kTransactions = *Price;
  }

  // Every input error is reported before giving up.
  std::vector<schema::SchemaLoad> Designs;
  bool Bad = false;
  for (const std::string &File : Files) {
    Designs.push_back(schema::loadSchemaFile(File));
    printErrors(Designs.back().Errors);
    Bad = Bad || !Designs.back().ok();
  }
  if (Bad)
    return ExitInputError;

  std::vector<InputError> Errors;
  replay::Workload W = replay::buildWorkloadModel(Designs[0].Value, Errors);
  std::string TraceFile;
  if (A.has("trace")) {
    TraceFile = A.get("trace");
    std::optional<std::string> Text = readFile(TraceFile);
    if (!Text) {
      std::cerr << safeMessage(TraceFile) << ": error: cannot read the trace\n";
      return ExitInputError;
    }
    replay::readTrace(*Text, TraceFile, W, Errors);
    if (A.has("duration"))
      W.DurationSeconds = std::max(W.DurationSeconds, WO.DurationSeconds);
    WO.DurationSeconds = W.DurationSeconds;
    WO.RampUpSeconds = 0;
  } else {
    // Billions of operations are past what an entity id names: refused
    // before anything is planned.
    double Expected = 0;
    for (const replay::LogicalOp &Op : W.Ops)
      Expected += Op.PerSecond * WO.DurationSeconds;
    if (Expected > MaxGeneratedOperations) {
      std::cerr << "tablelint: error: " << Files[0] << " declares "
                << formatForMessage(Expected) << " operations over --duration "
                << schema::formatDuration(WO.DurationSeconds)
                << "; the replay holds at most "
                << static_cast<long long>(MaxGeneratedOperations)
                << ": use a shorter --duration\n";
      return ExitInputError;
    }
  }
  std::vector<replay::DesignPlan> Plans;
  const char *Labels[] = {"current", "suggested"};
  for (std::size_t I = 0; I < Designs.size(); ++I)
    Plans.push_back(replay::planDesign(W, Designs[I].Value, Labels[I], Errors));
  if (!Errors.empty()) {
    printErrors(Errors);
    return ExitInputError;
  }
  // The tasks that can run at once are each design and the answer check.
  const unsigned Parallel = std::min<unsigned>(Jobs, Plans.size() == 2 ? 3 : 1);
  const double AnswerShare =
      answerShare(A.get("answers", ""), W, Plans, WO, Parallel,
                  TraceFile.empty(), MemoryLimit);
  if (TraceFile.empty()) {
    // The replay holds its workload and every row it stores to the end:
    // a run that cannot fit is refused now, not killed by the system
    // after minutes of work.
    const replay::MemoryEstimate Estimate =
        replay::estimateReplayMemory(W, Plans, WO, Parallel, AnswerShare);
    const double Needed = Estimate.bytes(WO.DurationSeconds, WO.RampUpSeconds);
    if (MemoryLimit > 0 && Needed > MemoryLimit) {
      std::cerr << "tablelint: error: replaying " << Files[0]
                << " over --duration "
                << schema::formatDuration(WO.DurationSeconds) << " ("
                << formatForMessage(Estimate.operations(WO.DurationSeconds,
                                                        WO.RampUpSeconds))
                << " operations) holds about " << formatMemory(Needed)
                << " in memory";
      if (Parallel > 1)
        std::cerr << " with -j " << Parallel;
      std::cerr << ", more than the " << formatMemory(MemoryLimit)
                << (A.has("memory") ? " of --memory" : " this machine has");
      // Whole hours from two hours on: what one would type.
      double Fits = Estimate.longestDuration(MemoryLimit, WO.RampUpSeconds);
      if (Fits >= 7200)
        Fits = std::floor(Fits / 3600) * 3600;
      if (Fits > 0)
        std::cerr << ": --duration " << schema::formatDuration(Fits) << " fits";
      else
        std::cerr << ": not even a minute fits";
      if (Parallel > 1) {
        replay::MemoryEstimate OneAtATime = Estimate;
        OneAtATime.Jobs = 1;
        const double Alone =
            OneAtATime.bytes(WO.DurationSeconds, WO.RampUpSeconds);
        if (Alone <= MemoryLimit)
          std::cerr << ", or -j 1 (one design's store at a time: about "
                    << formatMemory(Alone) << ")";
      }
      std::cerr << "\n";
      return ExitInputError;
    }
    replay::generateEvents(W, WO);
  }
  if (A.has("write-trace"))
    if (auto Error = writeFileAtomically(A.get("write-trace"),
                                         replay::writeTrace(W, Plans[0]))) {
      std::cerr << "tablelint: error: " << safeMessage(*Error) << "\n";
      return ExitInputError;
    }

  replay::ReplayReport Report;
  Report.Workload = WO;
  Report.Options = RO;
  Report.TraceFile = TraceFile;
  Report.Events = W.Events.size();
  {
    ProgressLine Progress("replay", A.has("progress"));
    ParallelProgress Shared(Progress, Plans,
                            W.DurationSeconds + RO.DrainSeconds);
    RO.Progress = [&Shared](const std::string &Label, double Done,
                            std::uint64_t Operations) {
      Shared.update(Label, Done, Operations);
    };
    // The answer check renders keys with plans of its own: a plan caches
    // the last text it rendered (BoundTemplate), so two runs cannot share
    // one at the same time.
    std::vector<replay::DesignPlan> CheckPlans;
    if (Plans.size() == 2)
      CheckPlans = Plans;
    // The existing entities' keys, rendered once for both designs' replays
    // and their answer check.
    RO.ExistingKeys = std::make_shared<replay::ExistingKeyCache>(W);
    Report.Designs.resize(Plans.size());
    std::vector<std::function<void()>> Tasks;
    for (std::size_t I = 0; I < Plans.size(); ++I)
      Tasks.push_back([&, I] {
        Report.Designs[I] = replay::simulateDesign(W, Plans[I], RO);
        // Done: off the running list.
        Shared.update(Plans[I].Label, 1.0, W.Events.size());
      });
    if (Plans.size() == 2 && AnswerShare > 0)
      Tasks.push_back([&] {
        replay::AnswerCheckOptions Options;
        Options.SampleShare =
            AnswerShare >= 1 ? 1.0 : replay::answerSampleShare(W);
        Options.ExistingKeys = RO.ExistingKeys;
        Options.SpareThread = spareThreadInPool;
        Report.Answers =
            replay::checkAnswers(W, CheckPlans[0], CheckPlans[1], Options);
      });
    else if (Plans.size() == 2)
      Report.Answers = replay::AnswerCheck(); // not run: --answers none
    runTasks(Tasks, Jobs);
    RO.Progress = nullptr;
    RO.ExistingKeys = nullptr; // its memory is the replays' only
  }
  Report.Options = RO;
  if (!LO.Url.empty()) {
    std::string Error;
    Report.Live = replay::runLive(W, Plans, LO, Error);
    if (!Report.Live) {
      std::cerr << "tablelint: error: --live " << live::shownEndpointUrl(LO.Url)
                << ": " << safeMessage(Error) << "\n";
      // Stopped by Ctrl-C or SIGTERM (tables deleted): end by that signal.
      if (const int Signal = replay::liveInterruptSignal()) {
        std::signal(Signal, SIG_DFL);
        std::raise(Signal);
      }
      return ExitInputError;
    }
  }
  int Exit = (Report.Live && !Report.Live->agree()) ||
                     (Report.Answers && Report.Answers->Different)
                 ? ExitFindings
                 : ExitClean;
  // Requests the endpoint failed say nothing about the designs: the
  // comparison is incomplete, which is an error of the run, not a finding.
  if (Report.Live && Report.Live->serviceFailures()) {
    std::string First;
    for (const replay::LiveDesignResult &D : Report.Live->Designs)
      if (First.empty())
        First = D.FirstServiceFailure;
    std::cerr << "tablelint: error: --live " << live::shownEndpointUrl(LO.Url)
              << ": the endpoint failed " << Report.Live->serviceFailures()
              << " request" << (Report.Live->serviceFailures() == 1 ? "" : "s")
              << " (first: " << safeMessage(First)
              << "): the designs' results could not all be compared\n";
    Exit = ExitInputError;
  }

  // The HTML page alongside the main report: one run, both views.
  if (A.has("html"))
    if (auto Error =
            writeFileAtomically(A.get("html"), replay::formatHtml(Report))) {
      std::cerr << "tablelint: error: " << safeMessage(*Error) << "\n";
      return ExitInputError;
    }
  const std::string Format = A.get("format", "text");
  const std::string Out = Format == "json"   ? replay::formatJson(Report)
                          : Format == "html" ? replay::formatHtml(Report)
                                             : replay::formatText(Report);
  if (auto Error = A.has("output") ? writeFileAtomically(A.get("output"), Out)
                                    : writeStandardOutput(Out)) {
    std::cerr << "tablelint: error: " << safeMessage(*Error) << "\n";
    return ExitInputError;
  }
  return Exit;
}

} // namespace tablelint
