// JSON documents as tablelint writes them (reports, SARIF, baselines):
// indented by two, ending in a newline, so diffs and reviews stay readable.
#pragma once

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <string>

namespace tablelint {

inline std::string jsonText(llvm::json::Value Document) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", Document) << "\n";
  OS.flush();
  return Out;
}

} // namespace tablelint
