// The log tail: a RowKey reversed on the time a `newest` "latest N" read
// orders by, so `top` reads only N rows (the plan: LogTailRemedy.h). Advice
// when the reversal could change another query's answers.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/LogTailRemedy.h"

#include <memory>

namespace tablelint::schema {

namespace {

class LogTail : public Remedy {
public:
  const char *id() const override { return "log-tail"; }
  std::vector<std::string> rules() const override { return {"partition-scan"}; }

  void apply(RemedyContext &Ctx, Table &T) const override {
    const std::optional<LogTailPlan> Plan = planLogTail(T);
    if (!Plan)
      return;
    if (!Plan->Blocker.empty()) {
      Ctx.R.Advice.push_back(
          {"partition-scan", T.Path,
           Plan->Why + " (not applied: " + Plan->Blocker + ")", T.Path});
      return;
    }
    if (!Ctx.allowed("partition-scan", T.Path))
      return;
    std::string Error;
    std::optional<KeyTemplate> Key = parseKeyTemplate(Plan->RowKey, Error);
    if (!Key)
      return;
    Key->Pos = T.RowKey.Pos;
    T.RowKey = std::move(*Key);
    Ctx.change("partition-scan", T.Path, T.Note, Plan->Why);
  }
};

} // namespace

std::unique_ptr<Remedy> makeLogTail() { return std::make_unique<LogTail>(); }

} // namespace tablelint::schema
