// The class made by std::make_shared / std::make_unique (see StdFactory.h).
#include "checks/code/model/StdFactory.h"

#include <clang/AST/DeclTemplate.h>

namespace tablelint::code {

using namespace clang;

bool isStdFactoryCall(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const IdentifierInfo *Id = FD ? FD->getIdentifier() : nullptr;
  return Id &&
         (Id->getName() == "make_shared" || Id->getName() == "make_unique") &&
         FD->isInStdNamespace();
}

const CXXRecordDecl *classMadeBy(const CallExpr *Call) {
  if (!isStdFactoryCall(Call))
    return nullptr;
  const FunctionDecl *FD = Call->getDirectCallee();
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return nullptr;
  return Args->get(0).getAsType()->getAsCXXRecordDecl();
}

const CXXConstructorDecl *constructorMadeBy(const CallExpr *Call) {
  const CXXRecordDecl *Made = classMadeBy(Call);
  const CXXRecordDecl *Def = Made ? Made->getDefinition() : nullptr;
  if (!Def)
    return nullptr;
  const unsigned N = Call->getNumArgs();
  const CXXConstructorDecl *Found = nullptr;
  for (const CXXConstructorDecl *C : Def->ctors()) {
    if (C->isDeleted() || (N == 1 && C->isCopyOrMoveConstructor()))
      continue;
    if (N < C->getMinRequiredArguments() ||
        (N > C->getNumParams() && !C->isVariadic()))
      continue;
    if (Found)
      return nullptr; // overloads of the same arity: not ours to resolve
    Found = C;
  }
  return Found;
}

std::string constructorName(const CXXRecordDecl *Class) {
  return Class->getQualifiedNameAsString() + "::" + Class->getName().str();
}

} // namespace tablelint::code
