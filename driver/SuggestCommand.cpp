// `tablelint suggest SCHEMA.yaml [-o SUGGESTED.yaml]`: writes a better design
// of the schema, every applied remedy noted on its element, and says on
// standard error what changed and which findings have no design remedy.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"

#include "checks/schema/SuggestDesign.h"
#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaWriter.h"

#include <iostream>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &suggestOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"output",
       'o',
       true,
       "FILE",
       "write the suggested schema to FILE (atomically) instead of standard "
       "output",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printSuggestHelp() {
  std::cout
      << "Usage: tablelint suggest SCHEMA.yaml [-o SUGGESTED.yaml]\n\n"
         "Writes a complete schema in which each schema finding with a "
         "design remedy is\napplied: hash buckets on time-based, hot or "
         "too-narrow partition keys, index\ntables for lookups by non-key "
         "properties, batched writes, projections,\nexponential backoff, "
         "SAS for browser and mobile clients, JSON payloads, and\nseries "
         "folded into one entity. Each change is noted as a comment on its\n"
         "element, with the figures behind it. Writes and queries keep their "
         "names, so\n'tablelint replay SCHEMA.yaml SUGGESTED.yaml' compares "
         "the two designs.\nSuppressed findings are left as they are.\n\n"
         "Options:\n"
      << formatOptionsHelp(suggestOptions())
      << "\nExit codes: 0 written; 2 bad usage, or the schema has errors "
         "(file:line:col),\nor the output cannot be written; 3 internal "
         "error.\n";
}

} // namespace

int runSuggestCommand(const std::vector<std::string> &Args) {
  ParsedArgs Parsed;
  if (std::optional<std::string> Error =
          parseArgs(suggestOptions(), Args, Parsed)) {
    std::cerr << "tablelint suggest: error: " << *Error << "\n";
    return ExitInputError;
  }
  if (Parsed.has("help")) {
    printSuggestHelp();
    return ExitClean;
  }
  if (Parsed.positional().size() != 1) {
    std::cerr << "tablelint suggest: error: expected one schema file "
                 "(tablelint suggest --help)\n";
    return ExitInputError;
  }
  const std::string Input = Parsed.positional().front();
  schema::SchemaLoad Load = schema::loadSchemaFile(Input);
  if (!Load.ok()) {
    for (const InputError &E : Load.Errors)
      std::cerr << E.str() << "\n";
    return ExitInputError;
  }
  schema::SuggestResult R =
      schema::suggestDesign(Load.Value, schema::defaultSchemaCheckOptions());
  R.Design.Header.insert(
      R.Design.Header.begin(),
      "Suggested design for " + Input + " (tablelint suggest): " +
          std::to_string(R.Changes.size()) + " change" +
          (R.Changes.size() == 1 ? "" : "s") + ", each noted on its element.");
  const std::string Yaml = schema::writeSchemaYaml(R.Design);
  // The design must load back cleanly; anything else is a defect here.
  schema::SchemaLoad Check = schema::loadSchemaText(Yaml, "<suggested>");
  if (!Check.ok()) {
    for (const InputError &E : Check.Errors)
      std::cerr << E.str() << "\n";
    std::cerr << "tablelint suggest: internal error: the suggested schema "
                 "does not load\n";
    return ExitInternalError;
  }
  const std::string Output = Parsed.get("output");
  if (std::optional<std::string> Error =
          Output.empty() || Output == "-" ? writeStandardOutput(Yaml)
                                          : writeFileAtomically(Output, Yaml)) {
    std::cerr << "tablelint suggest: error: " << *Error << "\n";
    return ExitInputError;
  }
  for (const schema::SuggestedChange &C : R.Changes)
    std::cerr << C.ElementPath << ": " << C.RuleId << ": " << C.Description
              << "\n";
  for (const Finding &F : R.Remaining)
    std::cerr << F.Anchor << ": " << F.RuleId
              << ": no design remedy applied: " << F.Message << "\n";
  std::cerr << "tablelint suggest: " << R.Changes.size() << " change"
            << (R.Changes.size() == 1 ? "" : "s") << " applied, "
            << R.Remaining.size() << " finding"
            << (R.Remaining.size() == 1 ? "" : "s") << " left"
            << (Output.empty() || Output == "-" ? "" : "; wrote " + Output)
            << "\n";
  return ExitClean;
}

} // namespace tablelint
