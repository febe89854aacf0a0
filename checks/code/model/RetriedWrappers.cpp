// Wrapper calls for the retry checks (see RetriedWrappers.h).
#include "checks/code/model/RetriedWrappers.h"

namespace tablelint::code {

const FunctionSummary *retriedWrapper(const clang::CallExpr *Call,
                                      clang::ASTContext &Ctx,
                                      const ApiRoles &Roles) {
  const clang::FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const FunctionSummary *S = FD ? wrapperSummary(FD, Ctx, Roles) : nullptr;
  return S && S->TableIO ? S : nullptr;
}

} // namespace tablelint::code
