// Finds account keys written in the code (see SharedKeyInClientCheck.h).
#include "checks/code/SharedKeyInClientCheck.h"

#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/RestHeaders.h"
#include "checks/code/model/StdFactory.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Redact.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace tablelint::code {

using namespace clang;

namespace {

// The storage emulator's account and key are published in its
// documentation: they open nothing but a local emulator.
constexpr llvm::StringLiteral EmulatorAccount = "devstoreaccount1";
constexpr llvm::StringLiteral EmulatorKey =
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/"
    "K1SZFPTOtr/KBHBeksoGMGw==";

constexpr llvm::StringLiteral Advice =
    "load it at run time from a secret store, or better authenticate with a "
    "TokenCredential or a SAS";

// Account keys and SharedKey signatures are base64 (88 and 44 characters).
// Anything else ("<key>", "your-key-here") is a placeholder, not a secret.
bool isLiteralSecret(StringRef S) {
  if (S.size() < 20 || !StringRecovery::fullyKnown(S.str()) || S == EmulatorKey)
    return false;
  return llvm::all_of(S, [](char C) {
    return llvm::isAlnum(C) || C == '+' || C == '/' || C == '=';
  });
}

// A finding must not leak the secret: the one redacted form of every output.
std::string redacted(StringRef Secret) {
  return redactedSecret({Secret.data(), Secret.size()});
}

// The literal account key of a connection string, if it has one that is a
// secret.
std::optional<std::string> literalAccountKey(StringRef Connection) {
  std::optional<StringRef> Key;
  StringRef Account;
  bool DevelopmentStorage = false;
  SmallVector<StringRef, 8> Parts;
  Connection.split(Parts, ';');
  for (StringRef Part : Parts) {
    auto [Name, Value] = Part.split('=');
    Name = Name.trim();
    Value = Value.trim();
    if (Name.equals_insensitive("AccountKey"))
      Key = Value;
    else if (Name.equals_insensitive("AccountName"))
      Account = Value;
    else if (Name.equals_insensitive("UseDevelopmentStorage"))
      DevelopmentStorage = Value.equals_insensitive("true");
  }
  if (!Key || DevelopmentStorage || Account == EmulatorAccount ||
      !isLiteralSecret(*Key))
    return std::nullopt;
  return Key->str();
}

// The signature of "SharedKey[Lite] account:signature", if it is written
// in the code.
std::optional<std::string> literalSignature(StringRef Value) {
  auto [Scheme, Rest] = Value.trim().split(' ');
  if (!Scheme.equals_insensitive("SharedKey") &&
      !Scheme.equals_insensitive("SharedKeyLite"))
    return std::nullopt;
  auto [Account, Signature] = Rest.trim().split(':');
  if (Account == EmulatorAccount || !isLiteralSecret(Signature))
    return std::nullopt;
  return Signature.str();
}

// An account key written as the whole Authorization value, with or without
// a scheme word but with no "account:" before it: not a signature at all,
// the key itself sent on every request.
std::optional<std::string> literalBareKey(StringRef Value) {
  Value = Value.trim();
  auto [Scheme, Rest] = Value.split(' ');
  if (!Rest.empty() && (Scheme.equals_insensitive("SharedKey") ||
                        Scheme.equals_insensitive("SharedKeyLite")))
    Value = Rest.trim();
  if (Value.contains(':') || Value.contains(' ') || !isLiteralSecret(Value))
    return std::nullopt;
  return Value.str();
}

class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  bool VisitReturnStmt(ReturnStmt *R) {
    if (R->getRetValue())
      Values.push_back(R->getRetValue());
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // not our returns
  std::vector<const Expr *> Values;
};

// The texts that may reach an argument: StringRecovery's value, split over
// the branches of a conditional (also in a const variable's initialiser)
// and over the return values of a helper of this TU. A key on any branch is
// a key in the code.
void possibleValues(const Expr *E, StringRecovery &Strings, unsigned Depth,
                    std::vector<std::string> &Out) {
  const Expr *S = stripStringWrappers(E);
  if (Depth < 4) {
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V && V->getType().isConstQualified() && V->getAnyInitializer() &&
          isa<ConditionalOperator>(stripStringWrappers(V->getAnyInitializer())))
        S = stripStringWrappers(V->getAnyInitializer());
    if (const auto *C = dyn_cast<ConditionalOperator>(S)) {
      possibleValues(C->getTrueExpr(), Strings, Depth + 1, Out);
      possibleValues(C->getFalseExpr(), Strings, Depth + 1, Out);
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (FD && FD->hasBody() && !isa<CXXMethodDecl>(FD) &&
          !FD->isInStdNamespace()) {
        ReturnFinder Returns;
        Returns.TraverseStmt(FD->getBody());
        if (Returns.Values.size() > 1) {
          for (const Expr *R : Returns.Values)
            possibleValues(R, Strings, Depth + 1, Out);
          return;
        }
      }
    }
  }
  if (std::optional<std::string> V = Strings.recover(E))
    Out.push_back(std::move(*V));
}

// How a message names a callee: "NamedKeyCredential",
// "cloud_storage_account::parse".
std::string shownName(StringRef QualifiedName) {
  SmallVector<StringRef, 8> Parts;
  QualifiedName.split(Parts, "::", -1, false);
  if (Parts.size() >= 2 && Parts[Parts.size() - 1] == Parts[Parts.size() - 2])
    return Parts.back().str(); // a constructor
  if (Parts.size() >= 2 && !Parts[Parts.size() - 2].starts_with("("))
    return (Parts[Parts.size() - 2] + "::" + Parts.back()).str();
  if (!Parts.empty())
    return Parts.back().str(); // a function of an anonymous namespace
  return QualifiedName.str();
}

} // namespace

void SharedKeyInClientCheck::checkModel(const TableModel &Model,
                                        ASTContext &Ctx) {
  // Calls and constructions of the client, connection-string and credential
  // roles, each once.
  llvm::SmallPtrSet<const Expr *, 16> Seen;
  for (ApiRole Role :
       {ApiRole::Client, ApiRole::ConnectionString, ApiRole::Credential})
    for (const RoleCall &C : Model.calls(Role))
      if (Seen.insert(C.Site).second) {
        const CallExpr *Call = C.call();
        const CXXConstructExpr *E = C.construction();
        const std::vector<const Expr *> Args =
            Call ? std::vector<const Expr *>(Call->arg_begin(), Call->arg_end())
                 : std::vector<const Expr *>(E->arg_begin(), E->arg_end());
        checkArguments(C.Callee->getQualifiedNameAsString(), Args, Ctx);
      }
  // The project's own functions and constructors: wrappers whose summary
  // says a parameter is parsed as a connection string or used as a key.
  for (const ProjectCall &C : Model.projectCalls())
    checkWrapper(C.Callee,
                 std::vector<const Expr *>(C.Call->arg_begin(),
                                           C.Call->arg_end()),
                 Ctx);
  for (const CXXConstructExpr *E : Model.projectConstructions())
    checkWrapper(E->getConstructor(),
                 std::vector<const Expr *>(E->arg_begin(), E->arg_end()), Ctx);
  for (const RoleCall &C : Model.stdFactoryCalls())
    checkFactory(C.call(), Ctx);
  StringRecovery Strings(Ctx, roles());
  for (const CallExpr *Call : Model.headerCalls())
    if (std::optional<HeaderSetting> H = headerSetting(Call, Strings))
      checkAuthorization(*H);
}

void SharedKeyInClientCheck::checkWrapper(const FunctionDecl *FD,
                                          ArrayRef<const Expr *> Args,
                                          ASTContext &Ctx) {
  // A wrapper of this TU (not in the role maps: those are judged above).
  const FunctionSummary *S = wrapperSummary(FD, Ctx, roles());
  if (S &&
      (S->entry(ApiRole::ConnectionString) || S->entry(ApiRole::Credential)))
    checkArguments(FD->getQualifiedNameAsString(), Args, Ctx, S);
}

void SharedKeyInClientCheck::checkFactory(const CallExpr *Call,
                                          ASTContext &Ctx) {
  const CXXRecordDecl *Made = classMadeBy(Call);
  if (!Made)
    return;
  const std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
  // std::make_unique<Repository>(cs) forwards cs to a constructor of the
  // project's wrapper: judged like `Repository(cs)`.
  if (const CXXConstructorDecl *Ctor = constructorMadeBy(Call);
      Ctor && wrapperSummary(Ctor, Ctx, roles()))
    return checkWrapper(Ctor, Args, Ctx);
  checkArguments(constructorName(Made), Args, Ctx);
}

void SharedKeyInClientCheck::checkAuthorization(const HeaderSetting &H) {
  if (!headerNamed(H, "Authorization"))
    return;
  if (std::optional<std::string> Signature = literalSignature(H.Value))
    diag(H.Call->getBeginLoc(),
         "Authorization header with a hard-coded SharedKey signature %0: it "
         "was made with the account key, which belongs outside the code; "
         "sign each request at run time with a key from a secret store, or "
         "use a SAS or a TokenCredential")
        << redacted(*Signature);
  else if (std::optional<std::string> Key = literalBareKey(H.Value))
    diag(H.Call->getBeginLoc(),
         "Authorization header holding a bare account key %0: the service "
         "expects the SharedKey scheme (the account name and an HMAC "
         "signature computed per request) and rejects it, and the key "
         "belongs outside the code; sign each request at run time with a key "
         "from a secret store, or use a SAS or a TokenCredential")
        << redacted(*Key);
}

void SharedKeyInClientCheck::checkArguments(StringRef QualifiedName,
                                            ArrayRef<const Expr *> Args,
                                            ASTContext &Ctx,
                                            const FunctionSummary *Summary) {
  StringRecovery Strings(Ctx, roles());
  const std::string Callee = shownName(QualifiedName);
  auto Find = [&](ApiRole Role) {
    return Summary ? Summary->entry(Role) : roles().find(QualifiedName, Role);
  };
  for (ApiRole Role : {ApiRole::ConnectionString, ApiRole::Client}) {
    const ApiFunction *F = Find(Role);
    const std::optional<unsigned> I =
        F ? F->arg("connectionString") : std::nullopt;
    if (!I || *I >= Args.size())
      continue;
    std::vector<std::string> Values;
    possibleValues(Args[*I], Strings, 0, Values);
    for (const std::string &V : Values)
      if (std::optional<std::string> Key = literalAccountKey(V)) {
        diag(Args[*I]->getBeginLoc(),
             "connection string with an account key passed to %0: "
             "AccountKey=%1; %2")
            << Callee << redacted(*Key) << Advice;
        return;
      }
  }
  const ApiFunction *F = Find(ApiRole::Credential);
  if (!F)
    return;
  const std::optional<unsigned> KeyArg = F->arg("accountKey");
  const std::optional<unsigned> NameArg = F->arg("accountName");
  if (!KeyArg || *KeyArg >= Args.size())
    return;
  if (NameArg && *NameArg < Args.size())
    if (Strings.recover(Args[*NameArg]).value_or("") == EmulatorAccount)
      return;
  std::optional<std::string> Key = Strings.recover(Args[*KeyArg]);
  if (Key && isLiteralSecret(*Key))
    diag(Args[*KeyArg]->getBeginLoc(),
         "account key written in the code, passed "
         "to %0: %1; %2")
        << Callee << redacted(*Key) << Advice;
}

} // namespace tablelint::code
