// Schema files in `lint`: each is loaded, checked with the thresholds of the
// .tablelint.yaml that applies to it, and its suppressions applied
// (checks/schema/SchemaLint.h). Load errors and unused suppressions become
// notifications at their file:line:col; findings join the code findings.
#include "driver/SchemaInputs.h"

#include "checks/schema/SchemaLint.h"
#include "core/ProjectConfig.h"

#include <filesystem>

namespace tablelint {

namespace {

ToolNotification notificationOf(const InputError &E, Severity Level,
                                const std::string &Id) {
  ToolNotification N;
  N.Level = Level;
  N.Id = Id;
  N.File = std::filesystem::absolute(E.File).lexically_normal().string();
  N.Line = E.Line;
  N.Column = E.Column;
  N.Message = E.Message;
  return N;
}

// The schema-check thresholds of the configuration that applies to File.
// Options of code checks are skipped; a bad value is a notification.
schema::SchemaCheckOptions optionsFor(const std::string &File,
                                      std::vector<ToolNotification> &Notes) {
  schema::SchemaCheckOptions Options = schema::defaultSchemaCheckOptions();
  const std::filesystem::path Dir =
      std::filesystem::absolute(File).parent_path();
  const std::optional<std::string> Config = findProjectConfig(Dir.string());
  if (!Config)
    return Options;
  const std::shared_ptr<const ProjectConfig> C = loadProjectConfig(*Config);
  for (const auto &[Rule, Values] : C->Thresholds)
    for (const auto &[Name, Value] : Values) {
      std::string Error;
      if (!schema::applySchemaCheckOption(Options, Rule, Name, Value, Error) &&
          !Error.empty()) {
        ToolNotification N;
        N.Id = "configuration";
        N.File = *Config;
        N.Message = "thresholds." + Rule + "." + Name + ": " + Error;
        Notes.push_back(std::move(N));
      }
    }
  return Options;
}

} // namespace

void lintSchemaInputs(const std::vector<std::string> &Files,
                      std::vector<Finding> &Findings,
                      std::vector<ToolNotification> &Notifications,
                      const std::map<std::string, std::string> &Unsaved,
                      SchemaDeclarations *Declared) {
  for (const std::string &File : Files) {
    const schema::SchemaCheckOptions Options = optionsFor(File, Notifications);
    const auto Buffer = Unsaved.find(File);
    schema::SchemaLintResult R =
        Buffer == Unsaved.end()
            ? schema::lintSchemaFile(File, Options)
            : schema::lintSchemaText(Buffer->second, File, Options);
    for (const InputError &E : R.Errors)
      Notifications.push_back(notificationOf(E, Severity::Error, "schema"));
    for (const InputError &E : R.UnusedSuppressions)
      Notifications.push_back(
          notificationOf(E, Severity::Warning, "unused-suppression"));
    for (Finding &F : R.Findings)
      Findings.push_back(std::move(F));
    if (Declared && R.Errors.empty()) {
      for (const schema::Client &C : R.Model.Clients) {
        ++Declared->Clients;
        Declared->ClientsWithBandwidth += C.BandwidthBitsPerSecond.has_value();
      }
      Declared->Models.push_back(std::move(R.Model));
    }
  }
}

} // namespace tablelint
