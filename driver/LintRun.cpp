// Running lint: inputs -> analyses -> pipeline.
#include "driver/LintRun.h"

#include "checks/schema/SchemaLint.h"
#include "core/ProjectConfig.h"
#include "core/RegexSyntax.h"
#include "core/RuleCatalog.h"
#include "core/RuleSelection.h"
#include "driver/CodeAnalysis.h"
#include "driver/FindingPipeline.h"
#include "driver/Fingerprint.h"
#include "driver/ResponseFiles.h"
#include "driver/SchemaDrift.h"
#include "driver/SchemaInputs.h"
#include "core/schema/SchemaLoader.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <unistd.h>

namespace tablelint {

namespace fs = std::filesystem;

namespace {

ToolNotification notification(const char *Id, const InputError &E) {
  ToolNotification N;
  N.Id = Id;
  N.File = E.File;
  N.Line = E.Line;
  N.Column = E.Column;
  N.Message = E.Message;
  return N;
}

// Every .tablelint.yaml that applies to an input, loaded; its errors become
// notifications (the run goes on with what could be read).
void configurationProblems(const LintInputs &In,
                           std::vector<ToolNotification> &Out) {
  std::set<std::string> Paths;
  auto Visit = [&](const std::string &File) {
    if (auto P = findProjectConfig(fs::path(File).parent_path().string()))
      Paths.insert(*P);
  };
  for (const TranslationUnit &U : In.Units)
    Visit(U.File);
  for (const std::string &F : In.SchemaFiles)
    Visit(F);
  for (const std::string &P : Paths)
    for (const InputError &E : loadProjectConfig(P)->Errors)
      Out.push_back(notification("configuration", E));
}

// Whether the command line turns rule Id off (--enable without it,
// --disable with it).
bool offOnCommandLine(const LintRunOptions &Options, const std::string &Id) {
  return (!Options.Enable.empty() && !anyRuleGlobMatches(Options.Enable, Id)) ||
         anyRuleGlobMatches(Options.Disable, Id);
}

// The rules the run did not check: off on the command line (--enable,
// --disable), or off in the .tablelint.yaml of every input.
std::set<std::string> disabledRules(const LintInputs &In,
                                    const LintRunOptions &Options) {
  std::vector<std::shared_ptr<const ProjectConfig>> Configs;
  bool EveryInputConfigured = true;
  auto Visit = [&](const std::string &File) {
    if (auto P = findProjectConfig(fs::path(File).parent_path().string()))
      Configs.push_back(loadProjectConfig(*P));
    else
      EveryInputConfigured = false;
  };
  for (const TranslationUnit &U : In.Units)
    Visit(U.File);
  for (const std::string &F : In.SchemaFiles)
    Visit(F);
  EveryInputConfigured = EveryInputConfigured && !Configs.empty();
  std::set<std::string> Out;
  for (const Rule &R : builtinCatalog().Rules) {
    const bool OffHere = offOnCommandLine(Options, R.Id);
    const bool OffInConfigs =
        EveryInputConfigured &&
        std::none_of(Configs.begin(), Configs.end(), [&](const auto &C) {
          return C->enables(R.Id, Options.Enable.empty());
        });
    if (OffHere || OffInConfigs)
      Out.insert(R.Id);
  }
  return Out;
}

// The files the run analysed, as findings name them: each TU and the
// headers clang read for it, each schema file, and any file a finding is
// in. A header inside a disabled #if, or one only a unit clang stopped on
// read, was not analysed.
std::set<std::string> analysedFiles(const LintInputs &In,
                                    const AnalysisReads &Reads,
                                    const LintResult &Result) {
  std::set<std::string> Out;
  for (std::size_t I = 0; I < In.Units.size(); ++I) {
    const TranslationUnit &U = In.Units[I];
    // A source linted only for some headers reports those headers alone:
    // its own entries and its other headers' were not looked at.
    if (!U.ReportOnly.empty()) {
      for (const std::string &H : U.ReportOnly)
        Out.insert(repoRelativePath(Result.RepoRoot, H));
      continue;
    }
    if (I < Reads.FilesOfUnit.size())
      for (const std::string &F : Reads.FilesOfUnit[I])
        Out.insert(repoRelativePath(Result.RepoRoot, F));
  }
  for (const std::string &F : In.SchemaFiles)
    Out.insert(repoRelativePath(Result.RepoRoot, F));
  for (const ReportedFinding &R : Result.Findings)
    Out.insert(R.RelativePath);
  return Out;
}

// The schema a unit's .tablelint.yaml names (`schema:`), when the run does
// not lint it already: loaded for the comparison only, its errors reported.
void addConfiguredSchemas(const LintInputs &In,
                          std::vector<schema::Schema> &Schemas,
                          std::vector<ToolNotification> &Notifications) {
  std::set<std::string> Seen;
  for (const std::string &F : In.SchemaFiles)
    Seen.insert(fs::absolute(F).lexically_normal().string());
  for (const TranslationUnit &U : In.Units) {
    const auto Config = findProjectConfig(fs::path(U.File).parent_path().string());
    if (!Config)
      continue;
    const auto &Named = loadProjectConfig(*Config)->Schema;
    if (!Named || !Seen.insert(*Named).second)
      continue;
    schema::SchemaLoad Load = schema::loadSchemaFile(*Named);
    for (const InputError &E : Load.Errors)
      Notifications.push_back(notification("schema", E));
    if (Load.ok())
      Schemas.push_back(std::move(Load.Value));
  }
}

// The schemas schema-drift compares the code with: the schema files of the
// run and those the configurations name. None without code, with the rule
// off, and in the editor (the comparison reads the files on disk); then the
// code analysis collects no schema facts.
std::vector<schema::Schema>
driftSchemas(const LintInputs &In, const LintRunOptions &Options,
             std::vector<schema::Schema> Schemas,
             std::vector<ToolNotification> &Notifications) {
  if (In.Units.empty() || !Options.SchemaDrift ||
      offOnCommandLine(Options, "schema-drift"))
    return {};
  addConfiguredSchemas(In, Schemas, Notifications);
  return Schemas;
}

} // namespace

std::vector<OptionSpec> analysisOptionSpecs() {
  return {
      {"p", 'p', true, "BUILD_DIR",
       "directory with compile_commands.json (default: searched upward from "
       "each file)",
       {}},
      {"config", 0, true, "FILE",
       "use this configuration for every file instead of the nearest "
       ".tablelint.yaml",
       {}},
      {"header-filter", 0, true, "REGEX",
       "report findings in the headers whose absolute path REGEX matches "
       "(default: header-filter in .tablelint.yaml, else headers under the "
       "source root, the git work tree of each file; system headers never)",
       {}},
      {"jobs", 'j', true, "N",
       "translation units analysed in parallel (default: the number of cores)",
       {}},
  };
}

std::vector<OptionSpec> ruleSelectionOptionSpecs() {
  return {
      {"enable", 0, true, "RULES",
       "only these rules (comma-separated globs, e.g. 'table-scan,retry-*')",
       {}},
      {"disable", 0, true, "RULES", "not these rules (comma-separated globs)",
       {}},
  };
}

std::optional<std::string>
readLintRunOptions(const ParsedArgs &A,
                   const std::optional<std::vector<std::string>> &CompilerArgs,
                   LintRunOptions &Options, bool RequirePaths) {
  Options.Paths = A.positional();
  if (RequirePaths && Options.Paths.empty())
    return std::string("no input: give C++ files, directories or schema files");
  if (A.has("p")) {
    // One line, like --config, rather than LLVM's four about every kind of
    // database it tried; the file itself is accepted too.
    fs::path Dir = A.get("p");
    std::error_code EC;
    if (Dir.filename() == "compile_commands.json" &&
        fs::is_regular_file(Dir, EC))
      Dir = Dir.parent_path().empty() ? "." : Dir.parent_path();
    if (!fs::is_directory(Dir, EC))
      return A.spelled("p") + ": no such directory (-p BUILD_DIR)";
    if (!fs::is_regular_file(Dir / "compile_commands.json", EC))
      return (Dir / "compile_commands.json").string() +
             ": no such file (-p BUILD_DIR; CMake writes it with "
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
    Options.BuildDir = Dir.string();
  }
  if (CompilerArgs) {
    std::string Error;
    Options.CompilerArgs = expandResponseFiles(*CompilerArgs, Error);
    if (!Options.CompilerArgs)
      return Error;
  }
  if (A.has("config")) {
    const std::string Path = A.get("config");
    std::error_code EC;
    if (!fs::is_regular_file(Path, EC))
      return Path + ": no such configuration file (--config)";
    Options.ConfigFile = fs::absolute(Path).lexically_normal().string();
  }
  if (A.has("header-filter")) {
    const std::string Regex = A.get("header-filter");
    if (auto Error = invalidHeaderFilter(Regex))
      return "invalid value '" + Regex + "' for '--header-filter': " + *Error;
    Options.HeaderFilter = Regex;
  }
  if (auto Error = jobsOption(A, Options.Jobs))
    return Error;
  if (A.has("shard")) {
    const std::string S = A.get("shard");
    const auto Slash = S.find('/');
    auto K = Slash == std::string::npos ? std::nullopt : positiveNumber(S.substr(0, Slash));
    auto N = Slash == std::string::npos ? std::nullopt : positiveNumber(S.substr(Slash + 1));
    if (!K || !N || *K > *N)
      return "invalid value '" + S +
             "' for '--shard': expected K/N with 1 <= K <= N, e.g. 2/4";
    Options.ShardIndex = *K;
    Options.ShardCount = *N;
  }
  Options.Enable = splitRuleGlobs(A.get("enable"));
  Options.Disable = splitRuleGlobs(A.get("disable"));
  // A typo must not turn the gate into "no findings".
  for (const auto &[Option, Globs] :
       {std::pair(std::string("--enable"), &Options.Enable),
        std::pair(std::string("--disable"), &Options.Disable)})
    for (const std::string &G : *Globs)
      if (std::string Problem = unmatchedRuleGlob(G); !Problem.empty())
        return "'" + G + "' in " + Option + " " + Problem;
  Options.Progress = ::isatty(2) != 0;
  return std::nullopt;
}

LintResult runLint(const LintRunOptions &Options) {
  if (Options.ConfigFile)
    overrideProjectConfig(*Options.ConfigFile);
  LintInputs In =
      collectInputs(Options.Paths, Options.BuildDir, Options.CompilerArgs,
                    &Options.UnsavedFiles);
  if (Options.SkipNonSchemaYaml)
    In.SchemaFiles.erase(std::remove_if(In.SchemaFiles.begin(),
                                        In.SchemaFiles.end(),
                                        [](const std::string &F) {
                                          return !schema::looksLikeSchemaFile(F);
                                        }),
                         In.SchemaFiles.end());
  const std::string Root = findRepoRoot(fs::current_path().string());
  if (Options.ShardCount > 1) {
    auto Mine = [&](const std::string &File) {
      return inShard(repoRelativePath(Root, File), Options.ShardIndex,
                     Options.ShardCount);
    };
    std::vector<TranslationUnit> Units;
    for (TranslationUnit &U : In.Units)
      if (Mine(U.File))
        Units.push_back(std::move(U));
    In.Units = std::move(Units);
    std::vector<std::string> Schemas;
    for (std::string &F : In.SchemaFiles)
      if (Mine(F))
        Schemas.push_back(std::move(F));
    In.SchemaFiles = std::move(Schemas);
    // Problems with inputs are reported by the shard the input falls in.
    std::vector<ToolNotification> Problems;
    for (ToolNotification &N : In.Problems)
      if (N.File.empty() || Mine(N.File))
        Problems.push_back(std::move(N));
    In.Problems = std::move(Problems);
  }

  std::vector<ToolNotification> Notifications = std::move(In.Problems);
  configurationProblems(In, Notifications);
  std::vector<Finding> Findings;
  SchemaDeclarations Declared;
  lintSchemaInputs(In.SchemaFiles, Findings, Notifications,
                   Options.UnsavedFiles, &Declared);
  CodeAnalysisOptions Code;
  Code.Jobs = Options.Jobs;
  Code.Progress = Options.Progress;
  Code.HeaderFilter = Options.HeaderFilter;
  Code.UnsavedFiles = &Options.UnsavedFiles;
  // Rules switched off on the command line are not run at all; the
  // configuration's selection is per file and applied by the pipeline.
  if (!Options.Enable.empty()) {
    Code.Checks = "-*";
    for (const std::string &G : Options.Enable)
      Code.Checks += ",tablelint-" + G;
  }
  for (const std::string &G : Options.Disable)
    Code.Checks += ",-tablelint-" + G;
  // schema-drift's facts come from the same clang run as the checks.
  const std::vector<schema::Schema> DriftSchemas =
      driftSchemas(In, Options, std::move(Declared.Models), Notifications);
  Code.CollectSchemaFacts = !DriftSchemas.empty();
  AnalysisReads Reads;
  analyseCode(In.Units, Code, Findings, Notifications, &Reads);
  if (!DriftSchemas.empty())
    findSchemaDrift(Reads.Facts, DriftSchemas, Findings);

  PipelineOptions Pipeline;
  Pipeline.RepoRoot = Root;
  Pipeline.Enable = Options.Enable;
  Pipeline.Disable = Options.Disable;
  LintResult Result = buildLintResult(std::move(Findings),
                                      std::move(Notifications), Pipeline);
  Result.AnalysedFiles = analysedFiles(In, Reads, Result);
  Result.DisabledRules = disabledRules(In, Options);
  if (!In.SchemaFiles.empty() && !Declared.ClientsWithBandwidth)
    Result.UndeclaredInputs["client-bandwidth"] =
        Declared.Clients ? "no client in the schema files declares `bandwidth`"
                         : "the schema files declare no client";
  Result.CodeUnits = static_cast<unsigned>(In.Units.size());
  Result.SchemaFiles = static_cast<unsigned>(In.SchemaFiles.size());
  Result.Analysed = std::move(Reads.Texts);
  return Result;
}

} // namespace tablelint
