// Finds table clients built per loop iteration or per request (see
// ClientPerRequestCheck.h).
#include "checks/code/ClientPerRequestCheck.h"
#include "checks/code/model/AstWalk.h"

#include "checks/code/model/StdFactory.h"
#include "core/RegexSyntax.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace tablelint::code {

using namespace clang;

namespace {

constexpr llvm::StringLiteral InLoop = "inside a loop";

// Callee names that register a lambda argument as a request handler:
// cpprestsdk's http_listener::support and the routing methods of common
// C++ HTTP servers.
bool registersHandler(StringRef Name) {
  static const StringRef Names[] = {"support", "Get",        "Post",  "Put",
                                    "Delete",  "Patch",      "route", "on",
                                    "handle",  "add_handler"};
  return llvm::is_contained(Names, Name);
}

// Nodes between a value and where it goes that do not change what it is:
// implicit conversions, temporaries, parentheses, pre-C++17 copies, and
// with Conversions, converting constructors (a lambda to std::function).
bool isValueWrapper(const DynTypedNode &N, bool Conversions) {
  if (N.get<ImplicitCastExpr>() || N.get<MaterializeTemporaryExpr>() ||
      N.get<CXXBindTemporaryExpr>() || N.get<ExprWithCleanups>() ||
      N.get<ParenExpr>() || N.get<CXXFunctionalCastExpr>() ||
      N.get<CXXNewExpr>())
    return true;
  if (const auto *C = N.get<CXXConstructExpr>())
    return Conversions || C->getConstructor()->isCopyOrMoveConstructor();
  return false;
}

DynTypedNode destination(ASTContext &Ctx, const Expr *E, bool Conversions) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return DynTypedNode();
    if (!isValueWrapper(Parents[0], Conversions))
      return Parents[0];
    N = Parents[0];
  }
}

// Calls that keep what they are given: container insertion and setters.
bool storesArgument(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  static const StringRef Names[] = {
      "push_back", "emplace_back", "push_front",  "emplace_front",
      "insert",    "emplace",      "try_emplace", "insert_or_assign",
      "assign",    "reset",        "set",         "store",
      "swap"};
  return llvm::is_contained(Names, FD->getName());
}

// True when the client in V may outlive its scope: moved, copied, returned,
// stored, or its address taken. A cache filled in a loop is such a case.
bool escapes(ASTContext &Ctx, const VarDecl *V) {
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return true;
  for (const DeclRefExpr *Ref : referencesTo(V, F->getBody())) {
    const DynTypedNode To = destination(Ctx, Ref, /*Conversions=*/false);
    if (To.get<ReturnStmt>() || To.get<VarDecl>() || To.get<LambdaExpr>())
      return true;
    if (const auto *U = To.get<UnaryOperator>();
        U && U->getOpcode() == UO_AddrOf)
      return true;
    if (const auto *C = To.get<CXXConstructExpr>();
        C && C->getConstructor()->isCopyOrMoveConstructor())
      return true;
    if (const auto *Op = To.get<CXXOperatorCallExpr>();
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(1)->IgnoreImplicit() == Ref)
      return true;
    if (const auto *Call = To.get<CallExpr>()) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
          (Callee->getName() == "move" || Callee->getName() == "forward"))
        return true;
      if (storesArgument(Call))
        return true;
    }
  }
  return false;
}

// True when the client made by E lives only in the current scope: a local
// variable that does not escape, or a temporary used at once.
bool livesInScope(ASTContext &Ctx, const Expr *E) {
  const DynTypedNode To = destination(Ctx, E, /*Conversions=*/false);
  if (const auto *V = To.get<VarDecl>())
    return V->hasLocalStorage() && !isa<ParmVarDecl>(V) && !escapes(Ctx, V);
  if (To.get<MemberExpr>())
    return true;
  if (const auto *Op = To.get<CXXOperatorCallExpr>())
    return Op->getOperator() == OO_Arrow;
  return false;
}

// What a lambda body is, from the call the lambda is passed to.
std::string lambdaScope(ASTContext &Ctx, const LambdaExpr *L) {
  const auto *Call = destination(Ctx, L, /*Conversions=*/true).get<CallExpr>();
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() || isa<CXXOperatorCallExpr>(Call))
    return "";
  if (FD->isInStdNamespace() &&
      (FD->getName() == "for_each" || FD->getName() == "for_each_n"))
    return InLoop.str();
  if (registersHandler(FD->getName()))
    return "inside a request handler (a lambda passed to '" +
           FD->getName().str() + "')";
  return "";
}

const LambdaExpr *lambdaOf(ASTContext &Ctx, const CXXMethodDecl *CallOperator) {
  DynTypedNodeList Parents = Ctx.getParents(*CallOperator->getParent());
  return Parents.empty() ? nullptr : Parents[0].get<LambdaExpr>();
}

} // namespace

ClientPerRequestCheck::ClientPerRequestCheck(StringRef Name,
                                             tidy::ClangTidyContext *Context)
    : TablelintCheck(Name, Context) {
  UseHandlerPattern = compilePattern(Name, "HandlerPattern", HandlerPattern);
  UseNotHandlerPattern =
      compilePattern(Name, "NotHandlerPattern", NotHandlerPattern);
}

// An empty pattern turns its part off (POSIX regexes cannot be empty). A
// pattern too large to compile safely or invalid is a configuration error;
// it is compiled only once its size is known to be bounded.
bool ClientPerRequestCheck::compilePattern(StringRef CheckName,
                                           StringRef Option,
                                           llvm::Regex &Into) {
  const std::string Pattern = option(Option);
  if (Pattern.empty())
    return false;
  if (const auto Problem = invalidUserRegex(Pattern)) {
    configurationDiag("invalid %0 for %1: %2")
        << Option << CheckName << *Problem;
    return false;
  }
  Into = llvm::Regex(Pattern);
  return true;
}

bool ClientPerRequestCheck::isHandlerName(StringRef Name) const {
  return UseHandlerPattern && HandlerPattern.match(Name) &&
         !(UseNotHandlerPattern && NotHandlerPattern.match(Name));
}

void ClientPerRequestCheck::checkModel(const TableModel &Model,
                                       ASTContext &Ctx) {
  // Clients constructed or created by a factory of the role maps, outside
  // template instantiations (the template itself is judged once).
  for (const RoleCall &C : Model.calls(ApiRole::Client)) {
    if (C.InTemplateInstantiation)
      continue;
    if (const CXXConstructExpr *E = C.construction()) {
      const CXXConstructorDecl *Ctor = E->getConstructor();
      // Copies share the original's pipeline; an empty client connects
      // nowhere.
      if (Ctor->isCopyOrMoveConstructor() || E->getNumArgs() == 0 ||
          isa<CXXDefaultArgExpr>(E->getArg(0)))
        continue;
      judge(E, Ctor->getParent()->getName().str(), "constructed", Ctx);
    } else if (const CallExpr *Call = C.call()) {
      const CXXRecordDecl *Made =
          C.Callee->getReturnType()->getAsCXXRecordDecl();
      judge(Call,
            Made ? Made->getName().str() : C.Callee->getName().str(),
            "created by " + C.Callee->getName().str() + "()", Ctx);
    }
  }
  // std::make_unique / std::make_shared of a client class.
  for (const RoleCall &C : Model.stdFactoryCalls()) {
    const CallExpr *Call = C.call();
    const CXXRecordDecl *Made = classMadeBy(Call);
    if (C.InTemplateInstantiation || !Made || Call->getNumArgs() == 0 ||
        !roles().find(constructorName(Made), ApiRole::Client))
      continue;
    judge(Call, Made->getName().str(),
          "constructed by std::" + C.Callee->getName().str(), Ctx);
  }
}

std::string ClientPerRequestCheck::repeatedScope(ASTContext &Ctx,
                                                 const Expr *E) const {
  DynTypedNode From = DynTypedNode::create(*E);
  for (DynTypedNodeList Parents = Ctx.getParents(*E); !Parents.empty();
       Parents = Ctx.getParents(From)) {
    const DynTypedNode P = Parents[0];
    const Stmt *Child = From.get<Stmt>();
    From = P;
    if (const auto *F = P.get<ForStmt>()) {
      if (Child && (Child == F->getBody() || Child == F->getCond() ||
                    Child == F->getInc()))
        return InLoop.str();
    } else if (const auto *W = P.get<WhileStmt>()) {
      if (Child && (Child == W->getBody() || Child == W->getCond()))
        return InLoop.str();
    } else if (const auto *D = P.get<DoStmt>()) {
      if (Child && (Child == D->getBody() || Child == D->getCond()))
        return InLoop.str();
    } else if (const auto *R = P.get<CXXForRangeStmt>()) {
      if (Child && Child == R->getBody())
        return InLoop.str();
    } else if (const auto *L = P.get<LambdaExpr>()) {
      // In the body, it runs when the lambda is called; in an init-capture,
      // where the lambda is created.
      if (Child && Child == L->getBody())
        return lambdaScope(Ctx, L);
    } else if (const auto *M = P.get<CXXMethodDecl>();
               M && M->getParent()->isLambda()) {
      const LambdaExpr *L = lambdaOf(Ctx, M);
      return L ? lambdaScope(Ctx, L) : "";
    } else if (const auto *FD = P.get<FunctionDecl>()) {
      // Constructors and main run once; other functions by their name.
      if (isa<CXXConstructorDecl, CXXDestructorDecl>(FD) || FD->isMain() ||
          !FD->getIdentifier() || !isHandlerName(FD->getName()))
        return "";
      return "inside a request handler ('" + FD->getName().str() + "')";
    } else if (const auto *V = P.get<VarDecl>()) {
      if (!V->hasLocalStorage())
        return ""; // a static: initialised once
    } else if (P.get<Decl>()) {
      return ""; // a member initialiser, a global, ...
    }
  }
  return "";
}

void ClientPerRequestCheck::judge(const Expr *E, const std::string &Built,
                                  const std::string &How, ASTContext &Ctx) {
  if (!livesInScope(Ctx, E))
    return;
  const std::string Where = repeatedScope(Ctx, E);
  if (Where.empty())
    return;
  diag(E->getBeginLoc(), "%0 %1 %2: each construction sets up a new connection "
                         "pool; create it once and reuse it")
      << Built << How << Where;
}

} // namespace tablelint::code
