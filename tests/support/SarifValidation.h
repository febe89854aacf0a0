// Validates a SARIF file with Microsoft's SARIF multitool (installed by
// `npm ci` into node_modules/). The multitool exits 0 even for invalid
// files, so validity is read from the log it writes: every result of level
// "error" is a problem.
#pragma once

#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tablelint::test {

// "ruleId: message" for each error the validator reports; a single entry
// saying why when the validator could not run.
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
  return Errors;
}

} // namespace tablelint::test
