// Load, check, suppress: one schema file through the schema checks.
#include "checks/schema/SchemaLint.h"

#include "core/InputFile.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/Suppressions.h"

#include <filesystem>

namespace tablelint::schema {

SchemaLintResult lintSchemaText(const std::string &Text,
                                const std::string &FileName,
                                const SchemaCheckOptions &Options) {
  SchemaLintResult R;
  SchemaLoad Load = loadSchemaText(Text, FileName);
  R.Model = std::move(Load.Value);
  R.Errors = std::move(Load.Errors);
  if (!R.Errors.empty())
    return R;
  for (Finding &F : runSchemaChecks(R.Model, Options, Text))
    if (!isSuppressed(R.Model, F.RuleId, F.Anchor))
      R.Findings.push_back(std::move(F));
  for (const Suppression &S : R.Model.Suppressions) {
    if (S.Used || Options.DisabledRules.count(S.RuleId))
      continue;
    InputError E;
    E.File = FileName;
    E.Line = S.Pos.Line;
    E.Column = S.Pos.Column;
    E.Message = "suppression of '" + S.RuleId + "' on " + S.ElementPath +
                " matches no finding; remove it";
    R.UnusedSuppressions.push_back(std::move(E));
  }
  return R;
}

SchemaLintResult lintSchemaFile(const std::string &Path,
                                const SchemaCheckOptions &Options) {
  // The loader reads (the size checked first) and words an unreadable
  // file the same way for every caller.
  SchemaLintResult R;
  std::optional<std::string> Text = readSchemaFile(Path, {}, R.Errors);
  if (!Text) {
    R.Model.File = Path;
    return R;
  }
  return lintSchemaText(*Text, Path, Options);
}

bool looksLikeSchemaFile(const std::string &Path) {
  const std::filesystem::path P(Path);
  const std::string Ext = P.extension().string();
  if (Ext != ".yaml" && Ext != ".yml")
    return false;
  const std::string Name = P.filename().string();
  if (Name == ".tablelint.yaml" || Name == ".tablelint.yml")
    return false;
  // The top-level keys are near the start: a look at the first part of a
  // large file is enough, and never reads it all. The same test as the
  // loader's: two top-level schema keys, one of them possibly misspelt, so
  // a docker-compose file's `version:` or a workflow is not taken for a
  // schema, and a schema with a typo in a key is not passed over.
  constexpr std::uint64_t LookBytes = 1 << 20;
  std::string Problem;
  std::optional<std::string> Text =
      readInputFilePrefix(Path, LookBytes, Problem);
  return Text && looksLikeSchema(*Text);
}

} // namespace tablelint::schema
