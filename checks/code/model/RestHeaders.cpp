// Recognising header-setting calls of cpprestsdk and libcurl (see
// RestHeaders.h).
#include "checks/code/model/RestHeaders.h"

#include <clang/AST/ExprCXX.h>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

constexpr llvm::StringRef HeaderCallId = "rest-header";
constexpr llvm::StringRef HttpHeaders = "::web::http::http_headers";

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

void registerHeaderMatchers(MatchFinder *Finder,
                            MatchFinder::MatchCallback *Callback) {
  // headers().add(name, value), headers().set_content_type(value)
  Finder->addMatcher(
      cxxMemberCallExpr(
          unless(isExpansionInSystemHeader()),
          callee(cxxMethodDecl(hasAnyName("add", "set_content_type"),
                               ofClass(hasName(HttpHeaders)))))
          .bind(HeaderCallId),
      Callback);
  // headers()[name] = value
  Finder->addMatcher(
      cxxOperatorCallExpr(
          unless(isExpansionInSystemHeader()), hasOverloadedOperatorName("="),
          hasArgument(
              0, ignoringParenImpCasts(cxxOperatorCallExpr(
                     hasOverloadedOperatorName("[]"),
                     callee(cxxMethodDecl(ofClass(hasName(HttpHeaders))))))))
          .bind(HeaderCallId),
      Callback);
  // request.set_body(body, content_type), client.request(m, path, body, type)
  Finder->addMatcher(
      cxxMemberCallExpr(
          unless(isExpansionInSystemHeader()),
          anyOf(callee(cxxMethodDecl(
                    hasName("set_body"),
                    ofClass(hasName("::web::http::http_request")))),
                callee(cxxMethodDecl(
                    hasName("request"),
                    ofClass(hasName("::web::http::client::http_client"))))))
          .bind(HeaderCallId),
      Callback);
  // curl_slist_append(list, "Name: value")
  Finder->addMatcher(
      callExpr(unless(isExpansionInSystemHeader()),
               callee(functionDecl(hasName("::curl_slist_append"))))
          .bind(HeaderCallId),
      Callback);
}

std::optional<HeaderSetting>
matchedHeader(const MatchFinder::MatchResult &Result, StringRecovery &Strings) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(HeaderCallId);
  if (!Call)
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
