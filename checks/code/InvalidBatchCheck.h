// tablelint-invalid-batch (design page, entity group transactions): a
// transaction the service rejects whole, every time, provable from code:
// - steps whose partition keys provably differ (literals, constants, or
//   known parts of built keys that cannot match), or a step outside the
//   partition a beta.1 Transaction was created for;
// - more than limits::MaxBatchOperations operations: literal adds, or a
//   loop with a constant trip count that adds on every pass, without
//   clearing the batch;
// - the same entity twice (same literal keys, or the same entity variable
//   with unchanged keys);
// - a retrieve together with other operations.
// Batches are std::vector<TransactionStep> (push_back, emplace_back,
// braced lists, a braced list passed to SubmitTransaction), beta.1
// Transaction and table_batch_operation (batch-add role). A vector of steps
// is judged only when the function submits it as it is (handed to other
// code or returned, it may be regrouped by partition first). A batch the
// code clears, reassigns or hands out by non-const reference is not
// judged; only
// steps that surely run (straight-line, or loops of known length without
// break, continue or return) count.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

struct BatchStep;

class InvalidBatchCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

private:
  void checkSteps(std::vector<BatchStep> &Steps, clang::ASTContext &Ctx);
  bool collectVariableSteps(const clang::VarDecl *Batch, clang::ASTContext &Ctx,
                            std::vector<BatchStep> &Steps);
};

} // namespace tablelint::code
