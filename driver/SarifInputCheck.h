// What `tablelint merge` checks in each SARIF log before joining it: the
// parts the merge reads or copies must already be valid SARIF 2.1.0, or the
// merged log would be invalid too (a ruleIndex naming no rule, a ruleId
// that is not a string, a level SARIF does not define). Each problem names
// its JSON path and its file:line:col.
#pragma once

#include "core/InputError.h"
#include "core/JsonLocate.h"

#include <llvm/Support/JSON.h>

#include <string>
#include <vector>

namespace tablelint {

// The checks of one run (RunIndex of the log in Text; File names it).
class SarifRunCheck {
public:
  // Checks the run's rules, and its results when Run holds them.
  SarifRunCheck(const llvm::json::Object &Run, std::size_t RunIndex,
                llvm::StringRef Text, const std::string &File,
                std::vector<InputError> &Errors);
  // Checks result Index of the run (a result read apart from the run).
  void checkResult(const llvm::json::Value &Result, std::size_t Index);

private:
  void fail(std::vector<JsonStep> Path, const std::string &Message);
  void checkRules(const llvm::json::Object &Run);

  std::size_t RunIndex;
  llvm::StringRef Text;
  const std::string &File;
  std::vector<InputError> &Errors;
  std::vector<std::string> RuleIds;
};

// Checks run RunIndex of the log parsed from Text, results included.
void checkSarifRun(const llvm::json::Object &Run, std::size_t RunIndex,
                   llvm::StringRef Text, const std::string &File,
                   std::vector<InputError> &Errors);

} // namespace tablelint
