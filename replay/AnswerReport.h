// The answer check in the replay report: text lines, a JSON object, an
// HTML section. Labels: the designs' labels, in the check's order.
#pragma once

#include "replay/AnswerCheck.h"

#include <llvm/Support/JSON.h>

#include <string>
#include <vector>

namespace tablelint::replay {

std::string answerCheckText(const AnswerCheck &A,
                            const std::vector<std::string> &Labels);
llvm::json::Object answerCheckJson(const AnswerCheck &A);
std::string answerCheckHtml(const AnswerCheck &A,
                            const std::vector<std::string> &Labels);

} // namespace tablelint::replay
