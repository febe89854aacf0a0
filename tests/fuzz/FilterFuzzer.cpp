// libFuzzer target for the `$filter` engine: every input must parse or fail
// with an error inside the input, and every parsed filter must classify,
// print, re-parse to the same canonical form and evaluate without a crash.
#include "core/Filter.h"
#include "core/FilterEval.h"
#include "core/QueryScope.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

namespace {

using namespace tablelint;

class FixedEntity final : public EntityView {
public:
  FixedEntity() {
    Props["PartitionKey"] = EdmValue::string("a");
    Props["RowKey"] = EdmValue::string("1");
    Props["Age"] = EdmValue::int32(5);
    Props["Name"] = EdmValue::string("it's");
    Props["IsActive"] = EdmValue::boolean(true);
  }
  const EdmValue *property(std::string_view Name) const override {
    auto It = Props.find(std::string(Name));
    return It == Props.end() ? nullptr : &It->second;
  }

private:
  std::map<std::string, EdmValue> Props;
};

void check(bool Ok) {
  if (!Ok)
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  const std::string_view Input(reinterpret_cast<const char *>(Data), Size);
  // Half the inputs with placeholders enabled, as the code checks use them.
  FilterParseOptions Options;
  if (Size > 0 && (Data[0] & 1))
    Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(Input, Options);
  if (!R) {
    check(R.error().Offset <= Size);
    check(!R.error().Message.empty());
    return 0;
  }
  const Filter &F = R.filter();
  const QueryScope Q = classifyFilter(F);
  check(Q.Comparisons == F.comparisonCount());
  const std::string Canonical = F.str();
  if (F.fullyKnown()) {
    static const FixedEntity Entity;
    (void)evaluateFilter(F, Entity);
    // The canonical form is a valid filter with the same meaning.
    FilterParseResult Again = parseFilter(Canonical);
    check(static_cast<bool>(Again));
    check(Again.filter().str() == Canonical);
    check(classifyFilter(Again.filter()).Class == Q.Class);
  }
  return 0;
}
