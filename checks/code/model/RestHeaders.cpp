// Recognising header-setting calls of cpprestsdk and libcurl (see
// RestHeaders.h).
#include "checks/code/model/RestHeaders.h"

#include <clang/AST/ExprCXX.h>

namespace tablelint::code {

using namespace clang;

namespace {

constexpr llvm::StringRef HttpHeaders = "web::http::http_headers";

// True when M is a method of the class named Class (qualified, no leading
// "::"). The name is built only for methods whose own name was a match.
bool methodOf(const CXXMethodDecl *M, llvm::StringRef Class) {
  return M && M->getParent()->getQualifiedNameAsString() == Class;
}

// The value of a name argument: a string, or one of cpprestsdk's
// header_names constants (declared extern, so their text is not visible).
std::string headerName(const Expr *E, StringRecovery &Strings) {
  if (const auto *D = dyn_cast<DeclRefExpr>(stripStringWrappers(E)))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      if (const auto *C = dyn_cast<CXXRecordDecl>(V->getDeclContext());
          C && C->getName() == "header_names") {
        static const std::pair<StringRef, StringRef> Names[] = {
            {"accept", "Accept"},
            {"authorization", "Authorization"},
            {"content_type", "Content-Type"}};
        for (const auto &[Member, Header] : Names)
          if (V->getName() == Member)
            return Header.str();
        return unknownText();
      }
  return Strings.recover(E).value_or(unknownText());
}

std::string valueOf(const Expr *E, StringRecovery &Strings) {
  return Strings.recover(E).value_or(unknownText());
}

std::string trimmed(StringRef S) { return S.trim(" \t").str(); }

bool isGiven(const Expr *Arg) { return !isa<CXXDefaultArgExpr>(Arg); }

} // namespace

bool isHeaderCall(const CallExpr *Call) {
  // headers()[name] = value
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (Op->getOperator() != OO_Equal || Op->getNumArgs() != 2)
      return false;
    const auto *Index =
        dyn_cast<CXXOperatorCallExpr>(Op->getArg(0)->IgnoreParenImpCasts());
    return Index && Index->getOperator() == OO_Subscript &&
           methodOf(dyn_cast_or_null<CXXMethodDecl>(Index->getCalleeDecl()),
                    HttpHeaders);
  }
  const FunctionDecl *FD = Call->getDirectCallee();
  const IdentifierInfo *Id = FD ? FD->getIdentifier() : nullptr;
  if (!Id)
    return false;
  const StringRef Name = Id->getName();
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  // headers().add(name, value), headers().set_content_type(value)
  if (Name == "add" || Name == "set_content_type")
    return isa<CXXMemberCallExpr>(Call) && methodOf(M, HttpHeaders);
  // request.set_body(body, content_type), client.request(m, path, body, type)
  if (Name == "set_body")
    return isa<CXXMemberCallExpr>(Call) &&
           methodOf(M, "web::http::http_request");
  if (Name == "request")
    return isa<CXXMemberCallExpr>(Call) &&
           methodOf(M, "web::http::client::http_client");
  // curl_slist_append(list, "Name: value")
  return Name == "curl_slist_append" && !M &&
         FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

std::optional<HeaderSetting> headerSetting(const CallExpr *Call,
                                           StringRecovery &Strings) {
  if (!Call || !isHeaderCall(Call))
    return std::nullopt;
  HeaderSetting H;
  H.Call = Call;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    // headers()[name] = value: the name is the subscript's argument.
    const auto *Index =
        cast<CXXOperatorCallExpr>(Op->getArg(0)->IgnoreParenImpCasts());
    if (Index->getNumArgs() != 2)
      return std::nullopt;
    H.Name = headerName(Index->getArg(1), Strings);
    H.Value = valueOf(Op->getArg(1), Strings);
  } else if (const FunctionDecl *FD = Call->getDirectCallee()) {
    const StringRef Name = FD->getName();
    const unsigned N = Call->getNumArgs();
    if (Name == "add" && N == 2) {
      H.Name = headerName(Call->getArg(0), Strings);
      H.Value = valueOf(Call->getArg(1), Strings);
    } else if (Name == "set_content_type" && N == 1) {
      H.Name = "Content-Type";
      H.Value = valueOf(Call->getArg(0), Strings);
    } else if (Name == "set_body" && N == 2 && isGiven(Call->getArg(1))) {
      H.Name = "Content-Type";
      H.Value = valueOf(Call->getArg(1), Strings);
    } else if (Name == "request" && N == 4 && isGiven(Call->getArg(3))) {
      H.Name = "Content-Type";
      H.Value = valueOf(Call->getArg(3), Strings);
    } else if (Name == "curl_slist_append" && N == 2) {
      const std::string Line = valueOf(Call->getArg(1), Strings);
      const std::size_t Colon = Line.find(':');
      if (Colon == std::string::npos)
        return std::nullopt;
      H.Name = trimmed(StringRef(Line).take_front(Colon));
      H.Value = trimmed(StringRef(Line).drop_front(Colon + 1));
    } else {
      return std::nullopt;
    }
  }
  if (H.Name.empty() || !StringRecovery::fullyKnown(H.Name))
    return std::nullopt;
  return H;
}

bool headerNamed(const HeaderSetting &H, llvm::StringRef Name) {
  return StringRef(H.Name).equals_insensitive(Name);
}

} // namespace tablelint::code
