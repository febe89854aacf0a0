// std::make_shared<T>(args...) and std::make_unique<T>(args...) construct a
// T from args inside the standard library, so a check on T's constructors
// (a client per request, a key in a credential) sees through them with
// these: the class made and the name its constructors have in a role map.
#pragma once

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>

#include <string>

namespace tablelint::code {

// True for a call of std::make_shared or std::make_unique (the table model,
// model/TableModel.h, collects them).
bool isStdFactoryCall(const clang::CallExpr *Call);

// The class Call constructs when it is such a call; its arguments are the
// constructor's. Null otherwise.
const clang::CXXRecordDecl *classMadeBy(const clang::CallExpr *Call);

// The constructor of the made class that Call's arguments select, when the
// number of arguments picks exactly one (make_shared constructs deep inside
// the library, so its instantiation does not show the choice). Null when
// Call is no such call or the choice is ambiguous.
const clang::CXXConstructorDecl *constructorMadeBy(const clang::CallExpr *Call);

// How a role map names the constructors of Class
// ("Azure::Data::Tables::TableClient::TableClient").
std::string constructorName(const clang::CXXRecordDecl *Class);

} // namespace tablelint::code
