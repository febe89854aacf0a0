// libFuzzer target for the JSON readers: the baseline reader (the pull
// tokenizer of core/JsonScanner), the merge's streaming SARIF reader and
// its checks, the guarded llvm::json parse, and the trace reader. Any input is read or refused
// with errors that point inside it, never a crash or a stack overflow; and
// the two JSON parsers agree: a document llvm::json accepts, the tokenizer
// accepts too, and one the tokenizer accepts (valid UTF-8, not too deep),
// llvm::json accepts.
#include "tests/fuzz/FuzzInvariant.h"
#include "core/JsonLocate.h"
#include "core/JsonScanner.h"
#include "core/schema/SchemaLoader.h"
#include "driver/Baseline.h"
#include "driver/SarifInputCheck.h"
#include "driver/SarifLogReader.h"
#include "replay/JsonInput.h"
#include "replay/Trace.h"
#include "replay/Workload.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using namespace tablelint;

using fuzz::check;
using fuzz::lineCount;

void checkPositions(const std::vector<InputError> &Errors,
                    std::string_view Text, const char *Reader) {
  const unsigned Lines = lineCount(Text);
  for (const InputError &E : Errors)
    check(E.Line >= 1 && E.Line <= Lines && E.Column >= 1, Reader, E.str());
}

// Whether the tokenizer reads Text as one JSON document.
bool scannerAccepts(std::string_view Text) {
  JsonScanner S(Text);
  if (!S.skipValue(S.next()))
    return false;
  return S.next() == JsonScanner::Token::End;
}

const replay::Workload &traceModel() {
  static const replay::Workload Model = [] {
    schema::SchemaLoad Load = schema::loadSchemaFile(
        std::string(TABLELINT_SOURCE_DIR) +
        "/test-inputs/schemas/replay/current.yaml");
    std::vector<InputError> Errors;
    return replay::buildWorkloadModel(Load.Value, Errors);
  }();
  return Model;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);

  std::vector<InputError> BaselineErrors;
  const std::optional<Baseline> B =
      parseBaseline(Text, "fuzz.json", BaselineErrors);
  check(B || !BaselineErrors.empty(), "a refused baseline says why");
  checkPositions(BaselineErrors, Text, "baseline error outside the input");

  std::vector<InputError> JsonErrors;
  const std::optional<llvm::json::Value> Doc =
      parseJsonInput(Text, "fuzz.sarif", JsonErrors);
  check(Doc || JsonErrors.size() == 1, "a refused document says why");
  checkPositions(JsonErrors, Text, "JSON error outside the input");
  const bool Scanned = scannerAccepts(Text);
  if (Doc)
    check(Scanned, "the tokenizer refuses what llvm::json reads", Text);
  else if (Scanned && llvm::json::isUTF8(Text))
    check(false, "llvm::json refuses what the tokenizer reads",
          JsonErrors.front().str());
  if (Doc)
    if (const llvm::json::Object *Root = Doc->getAsObject())
      if (const llvm::json::Array *Runs = Root->getArray("runs"))
        for (std::size_t I = 0; I < Runs->size(); ++I)
          if (const llvm::json::Object *Run = (*Runs)[I].getAsObject()) {
            std::vector<InputError> RunErrors;
            checkSarifRun(*Run, I, Text, "fuzz.sarif", RunErrors);
            checkPositions(RunErrors, Text, "SARIF error outside the input");
          }

  // The merge's streaming reader: each result it keeps is one JSON value.
  std::vector<InputError> LogErrors;
  if (const std::optional<SarifLogText> Log =
          readSarifLog(Text, "fuzz.sarif", LogErrors)) {
    check(Scanned, "the SARIF reader took what the tokenizer refuses", Text);
    for (const SarifRunText &Run : Log->Runs)
      for (std::string_view Result : Run.Results)
        check(scannerAccepts(Result), "a kept result is not one value",
              std::string(Result));
  }
  checkPositions(LogErrors, Text, "SARIF reader error outside the input");

  replay::Workload W = traceModel();
  std::vector<InputError> TraceErrors;
  replay::readTrace(Text, "fuzz.jsonl", W, TraceErrors);
  checkPositions(TraceErrors, Text, "trace error outside the input");
  for (const replay::WorkloadEvent &E : W.Events)
    check(E.Time >= 0, "a trace event before time 0");
  return 0;
}
