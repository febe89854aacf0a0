// libFuzzer target for the schema loader: any input either loads or fails
// with errors that point inside it, never a crash. A schema that loads
// without errors must write back as YAML that loads again without errors,
// and writing that second model must give the same text (the writer's
// round trip is exact).
#include "tests/fuzz/FuzzInvariant.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaWriter.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using namespace tablelint;
using namespace tablelint::schema;

using fuzz::check;
using fuzz::lineCount;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  const std::string_view Input(reinterpret_cast<const char *>(Data), Size);
  SchemaLoadOptions Options;
  // Half the inputs as fragments, as the rule catalog's examples load.
  Options.Fragment = Size > 0 && (Data[0] & 1);
  const SchemaLoad Load = loadSchemaText(Input, "fuzz.yaml", Options);
  const unsigned Lines = lineCount(Input);
  for (const InputError &E : Load.Errors) {
    check(!E.Message.empty(), "an error without a message");
    check(E.Line <= Lines + 1, "an error past the end of the input", E.str());
  }
  check(Load.Errors.size() <= Options.MaxErrors + 1, "too many errors");
  if (!Load.ok() || Options.Fragment)
    return 0;

  const std::string Written = writeSchemaYaml(Load.Value);
  const SchemaLoad Back = loadSchemaText(Written, "written.yaml");
  std::string Errors;
  for (const InputError &E : Back.Errors)
    Errors += E.str() + "\n";
  check(Back.ok(), "the written schema does not load",
        Errors + "--- input\n" + std::string(Input) + "\n--- written\n" +
            Written);
  const std::string Again = writeSchemaYaml(Back.Value);
  check(Again == Written, "writing the reloaded schema changes it",
        "--- first\n" + Written + "--- second\n" + Again);
  return 0;
}
