// Validation of merge inputs (see SarifInputCheck.h).
#include "driver/SarifInputCheck.h"

#include "core/JsonLocate.h"

namespace tablelint {

namespace json = llvm::json;

SarifRunCheck::SarifRunCheck(const json::Object &Run, std::size_t RunIndex,
                             llvm::StringRef Text, const std::string &File,
                             std::vector<InputError> &Errors)
    : RunIndex(RunIndex), Text(Text), File(File), Errors(Errors) {
  checkRules(Run);
  const json::Value *Results = Run.get("results");
  if (!Results)
    return;
  const json::Array *List = Results->getAsArray();
  if (!List) {
    fail({"results"}, "must be an array");
    return;
  }
  for (std::size_t I = 0; I < List->size(); ++I)
    checkResult((*List)[I], I);
}

void SarifRunCheck::fail(std::vector<JsonStep> Path,
                         const std::string &Message) {
  Path.insert(Path.begin(), {std::string("runs"), RunIndex});
  const JsonPosition P = locateJsonValue({Text.data(), Text.size()}, Path);
  Errors.push_back(
      {File, P.Line, P.Column, jsonPathText(Path) + " " + Message});
}

void SarifRunCheck::checkRules(const json::Object &Run) {
  const json::Object *Tool = Run.getObject("tool");
  const json::Object *Driver = Tool ? Tool->getObject("driver") : nullptr;
  const json::Value *Rules = Driver ? Driver->get("rules") : nullptr;
  if (!Rules)
    return;
  const json::Array *List = Rules->getAsArray();
  if (!List) {
    fail({"tool", "driver", "rules"}, "must be an array");
    return;
  }
  for (std::size_t I = 0; I < List->size(); ++I) {
    const json::Object *Rule = (*List)[I].getAsObject();
    const auto Id = Rule ? Rule->getString("id") : std::nullopt;
    if (!Id)
      fail({"tool", "driver", "rules", I},
           "must be an object with an \"id\" string");
    RuleIds.push_back(Id ? Id->str() : std::string());
  }
}

void SarifRunCheck::checkResult(const json::Value &V, std::size_t I) {
  const json::Object *Result = V.getAsObject();
  if (!Result) {
    fail({"results", I}, "must be an object");
    return;
  }
  std::optional<llvm::StringRef> RuleId;
  if (const json::Value *Id = Result->get("ruleId")) {
    RuleId = Id->getAsString();
    if (!RuleId)
      fail({"results", I, "ruleId"}, "must be a string");
  }
  if (const json::Value *Index = Result->get("ruleIndex")) {
    const std::optional<std::int64_t> N = Index->getAsInteger();
    if (!N || *N < -1)
      fail({"results", I, "ruleIndex"}, "must be an integer of at least -1");
    else if (*N >= static_cast<std::int64_t>(RuleIds.size()))
      fail({"results", I, "ruleIndex"},
           "is " + std::to_string(*N) + " but the run declares " +
               std::to_string(RuleIds.size()) + " rule" +
               (RuleIds.size() == 1 ? "" : "s") + " (tool.driver.rules)");
    else if (*N >= 0 && RuleId &&
             RuleIds[static_cast<std::size_t>(*N)] != *RuleId)
      fail({"results", I, "ruleIndex"},
           "names rule '" + RuleIds[static_cast<std::size_t>(*N)] +
               "' but ruleId is '" + RuleId->str() + "'");
  }
  if (const json::Value *Level = Result->get("level")) {
    const auto L = Level->getAsString();
    if (!L ||
        (*L != "none" && *L != "note" && *L != "warning" && *L != "error"))
      fail({"results", I, "level"},
           "must be \"none\", \"note\", \"warning\" or \"error\"");
  }
  const json::Object *Message = Result->getObject("message");
  if (!Message || (!Message->getString("text") && !Message->getString("id")))
    fail({"results", I, "message"},
         "must be an object with a \"text\" or \"id\" string");
}

void checkSarifRun(const json::Object &Run, std::size_t RunIndex,
                   llvm::StringRef Text, const std::string &File,
                   std::vector<InputError> &Errors) {
  SarifRunCheck(Run, RunIndex, Text, File, Errors);
}

} // namespace tablelint
