// `tablelint rules`: the rule catalog as a table, one rule in full, Markdown
// (docs/rules/ is generated with --output-dir) or JSON.
#include "driver/Commands.h"
#include "driver/CommandLine.h"
#include "driver/ExitCode.h"
#include "driver/RuleDocs.h"

#include "core/AtomicFile.h"
#include "core/NameHint.h"
#include "core/RuleCatalog.h"

#include <filesystem>
#include <iostream>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &rulesOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"format", 0, true, "FORMAT", "output format", {"text", "markdown", "json"}},
      {"output-dir", 0, true, "DIR",
       "with --format markdown: write README.md and one page per rule into "
       "DIR (how docs/rules/ is generated), removing stale pages",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printRulesHelp() {
  std::cout << "Usage: tablelint rules [--format text|markdown|json] [ID...]\n"
               "       tablelint rules --format markdown --output-dir DIR\n\n"
               "Prints the rule catalog: every rule with its severity, where "
               "it is detected\n(code, schema, replay, advisory) and the "
               "checklist items it answers. With rule\nIDs, prints those rules "
               "in full: rationale, flagged and fixed examples, help.\n\n"
               "Options:\n"
            << formatOptionsHelp(rulesOptions());
}

int writeDocs(const Catalog &C, const std::string &Dir) {
  namespace fs = std::filesystem;
  const auto Files = renderRuleDocs(C);
  for (const auto &[Name, Content] : Files)
    if (auto Error = writeFileAtomically((fs::path(Dir) / Name).string(), Content)) {
      std::cerr << "tablelint: error: " << *Error << "\n";
      return ExitInputError;
    }
  // Pages of rules that no longer exist would mislead readers.
  std::error_code EC;
  for (const auto &Entry : fs::directory_iterator(Dir, EC)) {
    const std::string Name = Entry.path().filename().string();
    if (Entry.path().extension() == ".md" && !Files.count(Name))
      fs::remove(Entry.path(), EC);
  }
  std::cout << "wrote " << Files.size() << " pages to " << Dir << "\n";
  return ExitClean;
}

} // namespace

int runRulesCommand(const std::vector<std::string> &Args) {
  ParsedArgs A;
  if (auto Error = parseArgs(rulesOptions(), Args, A)) {
    std::cerr << "tablelint rules: error: " << *Error
              << "\n(see tablelint rules --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printRulesHelp();
    return ExitClean;
  }
  const Catalog &C = builtinCatalog();
  const std::string Format = A.get("format", "text");
  if (A.has("output-dir")) {
    if (Format != "markdown" || !A.positional().empty()) {
      std::cerr << "tablelint rules: error: --output-dir writes the whole "
                   "catalog and needs --format markdown\n";
      return ExitInputError;
    }
    return writeDocs(C, A.get("output-dir"));
  }
  std::vector<const Rule *> Selected;
  for (const std::string &Id : A.positional()) {
    std::string Bare = Id.rfind("tablelint-", 0) == 0 ? Id.substr(10) : Id;
    const Rule *R = C.find(Bare);
    if (!R) {
      std::vector<std::string> Ids;
      for (const Rule &Known : C.Rules)
        Ids.push_back(Known.Id);
      std::cerr << "tablelint rules: error: no rule '" << Id << "'"
                << didYouMean(Bare, Ids) << " (tablelint rules lists them)\n";
      return ExitInputError;
    }
    Selected.push_back(R);
  }
  if (Format == "json") {
    if (Selected.empty()) {
      std::cout << renderCatalogJson(C);
    } else {
      Catalog Subset;
      Subset.Items = C.Items;
      for (const Rule *R : Selected)
        Subset.Rules.push_back(*R);
      std::cout << renderCatalogJson(Subset);
    }
  } else if (Format == "markdown") {
    if (Selected.empty()) {
      std::cout << renderRuleIndex(C);
      for (const Rule &R : C.Rules)
        std::cout << "\n" << renderRulePage(C, R);
    }
    for (const Rule *R : Selected)
      std::cout << renderRulePage(C, *R);
  } else if (Selected.empty()) {
    std::cout << renderRuleTable(C);
  } else {
    for (std::size_t I = 0; I < Selected.size(); ++I)
      std::cout << (I ? "\n" : "") << renderRuleText(C, *Selected[I]);
  }
  return ExitClean;
}

} // namespace tablelint
