// `tablelint merge`: joins SARIF logs (from `lint --shard K/N` jobs, or any
// SARIF 2.1.0 producer) into one log with one run per tool, so code
// scanning sees a single analysis: rules deduplicated by id, ruleIndex
// rewritten, results and notifications concatenated (a result found in
// several logs kept once), and the run successful only if every merged run
// was.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/JsonText.h"
#include "driver/Sarif.h"
#include "driver/SarifInputCheck.h"
#include "driver/SarifLogReader.h"

#include "core/AtomicFile.h"
#include "core/JsonLocate.h"
#include "core/Redact.h"

#include <llvm/Support/JSON.h>
#include <llvm/Support/xxhash.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <unordered_set>

namespace tablelint {

namespace {

namespace json = llvm::json;

const std::vector<OptionSpec> &mergeOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"output", 'o', true, "FILE",
       "write the merged log to FILE (atomically) instead of stdout",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printMergeHelp() {
  std::cout << "Usage: tablelint merge A.sarif B.sarif... [-o ALL.sarif]\n\n"
               "Merges SARIF 2.1.0 logs into one, with one run per tool "
               "(tool.driver.name):\nrules are deduplicated by id and each "
               "result's ruleIndex rewritten; results,\ntool notifications and "
               "the baseline properties are concatenated (a result in several\n"
               "logs, such as a finding in a header that several shards' files\n"
               "include, is kept once);\n"
               "executionSuccessful is true only if it was in every run. Use "
               "it to join\nthe logs of `tablelint lint --shard K/N` jobs "
               "before uploading them.\n\nOptions:\n"
            << formatOptionsHelp(mergeOptions())
            << "\nEach input must be valid where the merge reads it (rules with "
               "ids, results\nwith a string ruleId, a ruleIndex naming a rule, a "
               "SARIF level, a message),\nand the runs of one tool must name one "
               "version: logs of different versions\nare refused.\n"
               "\nExit codes: 0 merged; 2 usage error, an input that is not "
               "a valid SARIF 2.1.0\nlog (file:line:col), runs of different "
               "versions of a tool, or an output that\ncannot be written; 3 "
               "internal error.\n";
}

// One tool's runs being merged.
class RunMerger {
public:
  explicit RunMerger(const json::Object &First) : Run(First) {
    Run.erase("results");
    Run.erase("invocations");
    Run.erase("properties");
    if (json::Object *Driver = driver(Run))
      Driver->erase("rules");
  }

  // Other: a run without its results (they come through addResult).
  void add(const json::Object &Other) {
    IndexMap.clear(); // the other run's rule index -> ours
    if (const json::Object *Driver = driver(Other))
      if (const json::Array *Rules = Driver->getArray("rules"))
        for (const json::Value &R : *Rules)
          IndexMap.push_back(ruleIndex(R));
    bool Successful = true;
    if (const json::Array *Invocations = Other.getArray("invocations"))
      for (const json::Value &I : *Invocations) {
        const json::Object *Inv = I.getAsObject();
        if (!Inv)
          continue;
        Successful = Successful && Inv->getBoolean("executionSuccessful").value_or(true);
        for (const char *Key :
             {"toolExecutionNotifications", "toolConfigurationNotifications"})
          if (const json::Array *N = Inv->getArray(Key))
            for (const json::Value &V : *N)
              Notifications[Key].push_back(V);
      }
    AllSuccessful = AllSuccessful && Successful;
    mergeBaseIds(Other);
    mergeProperties(Other);
  }

  // A result of the run last given to add(), kept as compact text: a tree
  // per result would hold 64 hash buckets per object.
  void addResult(json::Value Result) {
    if (json::Object *R = Result.getAsObject()) {
      rewriteRuleIndex(*R, IndexMap);
      if (!SeenResults.insert(llvm::xxh3_64bits(resultIdentity(*R))).second)
        return;
    }
    std::string Text;
    llvm::raw_string_ostream(Text) << Result;
    Results_.push_back(std::move(Text));
  }

  // The merged run without its results (results()).
  json::Object finish() {
    if (json::Object *Driver = driver(Run))
      (*Driver)["rules"] = std::move(Rules);
    json::Object Invocation{{"executionSuccessful", AllSuccessful}};
    for (auto &[Key, List] : Notifications)
      Invocation[Key] = std::move(List);
    Run["invocations"] = json::Array{std::move(Invocation)};
    return std::move(Run);
  }
  const std::vector<std::string> &results() const { return Results_; }

  std::vector<std::string> Warnings;

private:
  static json::Object *driver(json::Object &R) {
    json::Object *Tool = R.getObject("tool");
    return Tool ? Tool->getObject("driver") : nullptr;
  }
  static const json::Object *driver(const json::Object &R) {
    const json::Object *Tool = R.getObject("tool");
    return Tool ? Tool->getObject("driver") : nullptr;
  }

  // What makes two results the same finding: rule, where, what and its
  // fingerprints.
  static std::string resultIdentity(const json::Object &Result) {
    json::Object Key;
    for (const char *Field :
         {"ruleId", "locations", "message", "partialFingerprints"})
      if (const json::Value *V = Result.get(Field))
        Key[Field] = *V;
    std::string Text;
    llvm::raw_string_ostream(Text) << json::Value(std::move(Key));
    return Text;
  }

  // Our index of a rule, adding it when its id is new.
  int ruleIndex(const json::Value &Rule) {
    const json::Object *R = Rule.getAsObject();
    const auto Id = R ? R->getString("id") : std::nullopt;
    if (!Id)
      return -1;
    auto [It, New] = RuleIds.try_emplace(Id->str(), static_cast<int>(Rules.size()));
    if (New)
      Rules.push_back(Rule);
    return It->second;
  }

  void rewriteRuleIndex(json::Object &Result, const std::vector<int> &IndexMap) {
    const auto OldIndex = Result.getInteger("ruleIndex");
    int NewIndex = -1;
    if (const auto Id = Result.getString("ruleId")) {
      auto It = RuleIds.find(Id->str());
      if (It != RuleIds.end())
        NewIndex = It->second;
    } else if (OldIndex && *OldIndex >= 0 &&
               static_cast<std::size_t>(*OldIndex) < IndexMap.size()) {
      NewIndex = IndexMap[static_cast<std::size_t>(*OldIndex)];
      // SARIF wants ruleId on every result; the index alone named it.
      if (NewIndex >= 0)
        if (const json::Object *Rule = Rules[static_cast<std::size_t>(NewIndex)].getAsObject())
          if (const auto Id = Rule->getString("id"))
            Result["ruleId"] = Id->str();
    }
    if (NewIndex >= 0)
      Result["ruleIndex"] = NewIndex;
    else
      Result.erase("ruleIndex");
  }

  void mergeBaseIds(const json::Object &Other) {
    const json::Object *Ids = Other.getObject("originalUriBaseIds");
    if (!Ids)
      return;
    json::Object *Mine = Run.getObject("originalUriBaseIds");
    if (!Mine) {
      Run["originalUriBaseIds"] = json::Object();
      Mine = Run.getObject("originalUriBaseIds");
    }
    for (const auto &KV : *Ids) {
      const json::Value *Existing = Mine->get(KV.first);
      if (!Existing)
        Mine->try_emplace(KV.first, KV.second);
      else if (*Existing != KV.second)
        Warnings.push_back("'" + KV.first.str() +
                           "' differs between the logs; the first is kept");
    }
  }

  // tablelint's run properties: baseline counts add up, fixed entries join.
  void mergeProperties(const json::Object &Other) {
    const json::Object *Props = Other.getObject("properties");
    if (!Props)
      return;
    if (!SeenProperties) {
      SeenProperties = true;
      Run["properties"] = json::Object(*Props);
      return;
    }
    json::Object &Mine = *Run.getObject("properties");
    if (auto N = Props->getInteger("baselineSuppressed"))
      Mine["baselineSuppressed"] = Mine.getInteger("baselineSuppressed").value_or(0) + *N;
    if (const json::Array *Fixed = Props->getArray("fixedSinceBaseline")) {
      if (!Mine.getArray("fixedSinceBaseline"))
        Mine["fixedSinceBaseline"] = json::Array();
      for (const json::Value &V : *Fixed)
        Mine.getArray("fixedSinceBaseline")->push_back(V);
    }
  }

  json::Object Run;
  json::Array Rules;
  std::map<std::string, int> RuleIds;
  std::vector<std::string> Results_;
  std::vector<int> IndexMap;
  // Identities (hashed) of the results kept: a finding in a header that TUs
  // of several shards include is in each shard's log, and is one result.
  std::unordered_set<std::uint64_t> SeenResults;
  std::map<std::string, json::Array> Notifications;
  bool AllSuccessful = true;
  bool SeenProperties = false;
};

} // namespace

int runMergeCommand(const std::vector<std::string> &Args) {
  ParsedArgs A;
  if (auto Error = parseArgs(mergeOptions(), Args, A)) {
    std::cerr << "tablelint merge: error: " << *Error
              << "\n(see tablelint merge --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printMergeHelp();
    return ExitClean;
  }
  if (A.positional().empty()) {
    std::cerr << "tablelint merge: error: no input: give the SARIF files to "
                 "merge\n";
    return ExitInputError;
  }
  std::vector<std::string> ToolOrder;
  std::map<std::string, std::unique_ptr<RunMerger>> Mergers;
  // Per tool: the first version seen and the file it came from.
  std::map<std::string, std::pair<std::string, std::string>> ToolVersions;
  bool Failed = false;
  for (const std::string &Path : A.positional()) {
    auto Text = readFile(Path);
    if (!Text) {
      std::cerr << Path << ": error: cannot read the file\n";
      Failed = true;
      continue;
    }
    std::vector<InputError> Errors;
    std::optional<SarifLogText> Log = readSarifLog(*Text, Path, Errors);
    if (!Log) {
      for (const InputError &E : Errors)
        std::cerr << safeMessage(E.str()) << "\n";
      Failed = true;
      continue;
    }
    if (!Log->HasRuns || Log->Version != "2.1.0") {
      std::cerr << Path << ": error: not a SARIF 2.1.0 log (no \"version\": "
                           "\"2.1.0\" or no \"runs\")\n";
      Failed = true;
      continue;
    }
    for (std::size_t I = 0; I < Log->Runs.size(); ++I) {
      const SarifRunText &RunText = Log->Runs[I];
      const json::Object *Run = RunText.IsObject ? &RunText.Head : nullptr;
      const json::Object *Tool = Run ? Run->getObject("tool") : nullptr;
      const json::Object *Driver = Tool ? Tool->getObject("driver") : nullptr;
      const auto Name = Driver ? Driver->getString("name") : std::nullopt;
      if (!Name) {
        std::cerr << Path << ": error: runs[" << I
                  << "] has no tool.driver.name\n";
        Failed = true;
        continue;
      }
      std::vector<InputError> RunErrors;
      SarifRunCheck Check(*Run, I, *Text, Path, RunErrors);
      // Shards of one analysis come from one tool version: different ones
      // may differ in rules and fingerprints, and the merged run could
      // name only one version.
      const auto Version = Driver->getString("semanticVersion")
                               ? Driver->getString("semanticVersion")
                               : Driver->getString("version");
      auto [Seen, First] = ToolVersions.try_emplace(
          Name->str(), Version ? Version->str() : std::string(), Path);
      // A run that names no version cannot be told apart: it is merged.
      if (!First && Version && Seen->second.first.empty()) {
        Seen->second = {Version->str(), Path};
      } else if (!First && Version && *Version != Seen->second.first) {
        const std::string Key = Driver->getString("semanticVersion")
                                    ? "semanticVersion"
                                    : "version";
        const JsonPosition P = locateJsonValue(
            *Text, {std::string("runs"), I, std::string("tool"),
                    std::string("driver"), Key});
        RunErrors.push_back(
            {Path, P.Line, P.Column,
             Name->str() + " version '" + Version->str() +
                 "' differs from version '" + Seen->second.first + "' in " +
                 Seen->second.second +
                 ": merge the logs of one tool version only"});
      }
      if (!RunErrors.empty()) {
        for (const InputError &E : RunErrors)
          std::cerr << safeMessage(E.str()) << "\n";
        Failed = true;
        continue;
      }
      auto &M = Mergers[Name->str()];
      if (!M) {
        M = std::make_unique<RunMerger>(*Run);
        ToolOrder.push_back(Name->str());
      }
      M->add(*Run);
      // One result at a time: parsed, checked, rewritten, kept as text.
      for (std::size_t J = 0; J < RunText.Results.size(); ++J) {
        llvm::Expected<json::Value> Result =
            json::parse(RunText.Results[J]);
        if (!Result) {
          llvm::consumeError(Result.takeError());
          const JsonPosition P = locateJsonValue(
              *Text, {std::string("runs"), I, std::string("results"), J});
          RunErrors.push_back({Path, P.Line, P.Column,
                               "invalid JSON: runs[" + std::to_string(I) +
                                   "].results[" + std::to_string(J) +
                                   "] is not valid UTF-8"});
          continue;
        }
        Check.checkResult(*Result, J);
        M->addResult(std::move(*Result));
      }
      for (const InputError &E : RunErrors)
        std::cerr << safeMessage(E.str()) << "\n";
      Failed = Failed || !RunErrors.empty();
    }
  }
  if (Failed)
    return ExitInputError;
  // Written as jsonText writes (indented by two, members in order), with
  // each run's results spliced in as the texts kept.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("$schema", SarifSchemaUri);
    J.attributeArray("runs", [&] {
      for (const std::string &Tool : ToolOrder) {
        RunMerger &M = *Mergers[Tool];
        for (const std::string &W : M.Warnings)
          std::cerr << "tablelint merge: warning: " << Tool << ": " << W
                    << "\n";
        json::Object Run = M.finish();
        Run["results"] = nullptr; // its place among the sorted members
        std::vector<std::string> Keys;
        for (const auto &KV : Run)
          Keys.push_back(KV.first.str());
        std::sort(Keys.begin(), Keys.end());
        J.object([&] {
          for (const std::string &Key : Keys) {
            if (Key != "results") {
              J.attribute(Key, *Run.get(Key));
              continue;
            }
            J.attributeArray("results", [&] {
              for (const std::string &Result : M.results())
                J.rawValue(Result);
            });
          }
        });
      }
    });
    J.attribute("version", "2.1.0");
  });
  OS << "\n";
  OS.flush();
  return writeReport(A, "merge", Out) ? ExitClean : ExitInputError;
}

} // namespace tablelint
