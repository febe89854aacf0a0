// Validates a SARIF file twice: with Microsoft's SARIF multitool (installed
// by `npm ci` into node_modules/), and against the SARIF 2.1.0 JSON schema
// with Ajv (tests/support/validate-sarif.js), which catches what the
// multitool lets through (a level of "catastrophic", a ruleIndex of "x").
// The multitool exits 0 even for invalid files, so validity is read from
// the log it writes: every result of level "error" is a problem.
#pragma once

#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tablelint::test {

// "schema: FILE: /instance/path message" for each error Ajv reports against
// the SARIF 2.1.0 JSON schema; one entry saying why when it could not run.
inline std::vector<std::string> sarifSchemaErrors(const std::string &Sarif) {
  ToolResult R = runProgram(
      "node", {std::string(TABLELINT_SOURCE_DIR) +
                   "/tests/support/validate-sarif.js",
               TABLELINT_SOURCE_DIR, Sarif});
  std::vector<std::string> Errors;
  if (R.ExitCode == 0)
    return Errors;
  std::size_t Start = 0;
  while (Start < R.Out.size()) {
    std::size_t End = R.Out.find('\n', Start);
    if (End == std::string::npos)
      End = R.Out.size();
    if (End > Start)
      Errors.push_back("schema: " + R.Out.substr(Start, End - Start));
    Start = End + 1;
  }
  if (Errors.empty())
    Errors.push_back("schema: the validator failed (exit " +
                     std::to_string(R.ExitCode) + "): " + R.Err);
  return Errors;
}

// "ruleId: message" for each error the multitool reports, then the schema
// errors; a single entry saying why when the multitool could not run.
inline std::vector<std::string> sarifValidationErrors(const std::string &Sarif) {
  const std::string Tool = std::string(TABLELINT_SOURCE_DIR) +
                           "/node_modules/.bin/sarif-multitool-linux";
  if (!std::filesystem::exists(Tool))
    return {"the SARIF multitool is not installed: run `npm ci` in " +
            std::string(TABLELINT_SOURCE_DIR)};
  const std::string Log = Sarif + ".validation.sarif";
  ToolResult R =
      runProgram(Tool, {"validate", Sarif, "--output", Log, "--log", "ForceOverwrite"});
  auto Text = readFile(Log);
  std::filesystem::remove(Log);
  if (!Text)
    return {"the SARIF multitool wrote no log (exit " +
            std::to_string(R.ExitCode) + "): " + R.Out + R.Err};
  auto Parsed = llvm::json::parse(*Text);
  if (!Parsed)
    return {"unreadable validation log"};
  std::vector<std::string> Errors;
  for (const llvm::json::Value &Run : *Parsed->getAsObject()->getArray("runs")) {
    const llvm::json::Array *Results = Run.getAsObject()->getArray("results");
    if (!Results)
      continue;
    for (const llvm::json::Value &V : *Results) {
      const llvm::json::Object &Result = *V.getAsObject();
      if (Result.getString("level") != "error")
        continue;
      std::string Message;
      if (const auto *M = Result.getObject("message"))
        if (auto T = M->getString("text"))
          Message = T->str();
      if (const auto *Args = Result.getObject("message")
                                 ? Result.getObject("message")->getArray("arguments")
                                 : nullptr)
        for (const llvm::json::Value &A : *Args)
          if (auto S = A.getAsString())
            Message += " | " + S->str();
      Errors.push_back(Result.getString("ruleId").value_or("?").str() + ": " +
                       Message);
    }
  }
  for (std::string &E : sarifSchemaErrors(Sarif))
    Errors.push_back(std::move(E));
  return Errors;
}

} // namespace tablelint::test
