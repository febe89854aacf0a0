// JSON documents as tablelint writes them (reports, SARIF, baselines):
// indented by two, ending in a newline, so diffs and reviews stay readable.
#pragma once

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <string>

namespace tablelint {

inline std::string jsonText(const llvm::json::Value &Document) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::json::OStream(OS, /*IndentSize=*/2).value(Document);
  OS << "\n";
  OS.flush();
  return Out;
}

} // namespace tablelint
