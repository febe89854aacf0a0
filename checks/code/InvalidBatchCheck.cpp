// Entity group transactions the service rejects, proven from the code.
#include "checks/code/InvalidBatchCheck.h"
#include "checks/code/model/AstWalk.h"

#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Filter.h"
#include "core/ServiceLimits.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Analysis/Analyses/ExprMutationAnalyzer.h>

#include <algorithm>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

// One operation of a transaction as the code builds it.
struct BatchStep {
  const Expr *At = nullptr; // the add call or the list element
  std::string Operation;    // Add, insert_entity, retrieve_entity, ...
  bool Retrieve = false;
  // The partition a beta.1 Transaction was created for (not an operation).
  bool Create = false;
  std::optional<KeySource> PartitionKey, RowKey;
  // How many times it surely runs (0: maybe never), and the loop that
  // repeats it.
  std::uint64_t Count = 0;
  const Stmt *Loop = nullptr;
  bool once() const { return Count == 1 && !Loop; }
};

namespace {

// Far more than any batch: loop products stop growing here.
constexpr std::uint64_t CountCap = 1u << 30;

// Whether a loop can end early or skip part of its body.
class LoopExit : public RecursiveASTVisitor<LoopExit> {
public:
  LoopExit(ASTContext &Ctx, const Stmt *Loop) : Ctx(Ctx), Loop(Loop) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *) { return Exit(); }
  bool VisitGotoStmt(GotoStmt *) { return Exit(); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return Exit(); }
  bool VisitBreakStmt(BreakStmt *S) {
    if (target(S, /*Switch=*/true) == Loop)
      Exit();
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *S) {
    if (target(S, /*Switch=*/false) == Loop)
      Exit();
    return true;
  }
  bool Found = false;

private:
  bool Exit() {
    Found = true;
    return true;
  }
  const Stmt *target(const Stmt *S, bool Switch) {
    for (const Stmt *P = parentStmt(Ctx, S); P; P = parentStmt(Ctx, P))
      if (isLoop(P) || (Switch && isa<SwitchStmt>(P)))
        return P;
    return nullptr;
  }
  ASTContext &Ctx;
  const Stmt *Loop;
};

const Stmt *loopBody(const Stmt *L) {
  if (const auto *F = dyn_cast<ForStmt>(L))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(L))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(L))
    return D->getBody();
  if (const auto *R = dyn_cast<CXXForRangeStmt>(L))
    return R->getBody();
  return nullptr;
}

// How many times Add surely runs each time Block runs: 1 in straight-line
// code, times the passes of each loop of known length around it; 0 when a
// branch or an unknown loop is in between.
std::uint64_t countIn(ASTContext &Ctx, const Stmt *Add,
                      const CompoundStmt *Block, const Stmt *&Loop) {
  std::uint64_t Count = 1;
  Loop = nullptr;
  for (const Stmt *Cur = Add;;) {
    const Stmt *P = parentStmt(Ctx, Cur);
    if (!P)
      return 0;
    if (P == Block)
      return Count;
    if (isLoop(P)) {
      const auto Passes = constantTripCount(P, Ctx);
      LoopExit Exit(Ctx, P);
      Exit.TraverseStmt(const_cast<Stmt *>(loopBody(P)));
      if (loopBody(P) != Cur || !Passes || *Passes == 0 || Exit.Found)
        return 0;
      Count = std::min<std::uint64_t>(Count * *Passes, CountCap);
      if (!Loop)
        Loop = P;
    } else if (const auto *E = dyn_cast<Expr>(P)) {
      if (isa<ConditionalOperator, BinaryConditionalOperator, LambdaExpr>(E))
        return 0;
      if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp())
        return 0;
    } else if (!isa<CompoundStmt, DeclStmt, ReturnStmt>(P)) {
      return 0; // if, switch, try, ...
    }
    Cur = P;
  }
}

// The elements of a braced list of steps: {a, b}, std::vector{a, b}.
std::optional<std::vector<const Expr *>> listElements(const Expr *E) {
  E = stripCopies(E);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() >= 1)
    if (const auto *L =
            dyn_cast<CXXStdInitializerListExpr>(stripCopies(C->getArg(0))))
      E = stripCopies(L->getSubExpr());
  if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(E))
    E = stripCopies(L->getSubExpr());
  const auto *IL = dyn_cast<InitListExpr>(E);
  if (!IL)
    return std::nullopt;
  std::vector<const Expr *> Out(IL->inits().begin(), IL->inits().end());
  return Out;
}

const CXXRecordDecl *recordOf(QualType T) {
  return T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
}

// A transaction step value: TransactionStep{Action, entity}, or a local
// step variable initialised that way and never changed.
BatchStep stepFromValue(const Expr *X, ASTContext &Ctx, const ApiRoles &Roles) {
  BatchStep Step;
  Step.At = X;
  Step.Operation = "step";
  const Expr *S = stripCopies(X);
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
        V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit()) {
      const FunctionDecl *Fn = enclosingFunction(Ctx, X);
      if (Fn && Fn->hasBody() &&
          !ExprMutationAnalyzer(*Fn->getBody(), Ctx).isMutated(V))
        S = stripCopies(V->getInit());
    }
  const auto *IL = dyn_cast<InitListExpr>(S);
  const CXXRecordDecl *RD = IL ? recordOf(IL->getType()) : nullptr;
  const ApiType *T = RD ? Roles.findType(RD->getQualifiedNameAsString(),
                                         TypeRole::TransactionStep)
                        : nullptr;
  if (!T)
    return Step;
  unsigned Index = 0;
  for (const FieldDecl *F : RD->fields()) {
    if (Index >= IL->getNumInits())
      break;
    const Expr *Init = IL->getInit(Index++);
    if (F->getName() == T->field("action")) {
      if (const auto *A = dyn_cast<DeclRefExpr>(stripCopies(Init)))
        Step.Operation = A->getDecl()->getNameAsString();
    } else if (F->getName() == T->field("entity")) {
      if (auto K = entityKeys(Init, Init, Ctx, Roles)) {
        Step.PartitionKey = K->PartitionKey;
        Step.RowKey = K->RowKey;
      }
    }
  }
  return Step;
}

// True when no value of A can equal any value of B: their known beginnings
// or endings differ.
bool provablyDifferent(const std::string &A, const std::string &B) {
  const bool KA = StringRecovery::fullyKnown(A),
             KB = StringRecovery::fullyKnown(B);
  if (KA && KB)
    return A != B;
  const std::string PA = A.substr(0, A.find(UnknownValueMarker));
  const std::string PB = B.substr(0, B.find(UnknownValueMarker));
  const std::size_t N = std::min(PA.size(), PB.size());
  if (PA.compare(0, N, PB, 0, N) != 0)
    return true;
  const std::string SA = KA ? A : A.substr(A.rfind(UnknownValueMarker) + 1);
  const std::string SB = KB ? B : B.substr(B.rfind(UnknownValueMarker) + 1);
  const std::size_t M = std::min(SA.size(), SB.size());
  return SA.compare(SA.size() - M, M, SB, SB.size() - M, M) != 0;
}

bool surelySame(const KeySource &A, const KeySource &B, ASTContext &Ctx,
                const ApiRoles &Roles) {
  const auto TA = keyText(A, Ctx, Roles), TB = keyText(B, Ctx, Roles);
  if (TA && TB && StringRecovery::fullyKnown(*TA) &&
      StringRecovery::fullyKnown(*TB))
    return *TA == *TB;
  return sameKey(A, B, Ctx, Roles);
}

bool isStepVector(const CXXRecordDecl *RD, const ApiRoles &Roles) {
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!S || S->getName() != "vector" || !S->isInStdNamespace() ||
      S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  const CXXRecordDecl *E = recordOf(S->getTemplateArgs()[0].getAsType());
  return E && Roles.findType(E->getQualifiedNameAsString(),
                             TypeRole::TransactionStep);
}

} // namespace

void InvalidBatchCheck::checkModel(const TableModel &Model, ASTContext &Ctx) {
  std::vector<BatchStep> Steps;
  for (const VarDecl *V : Model.batchVariables()) {
    Steps.clear();
    if (collectVariableSteps(V, Ctx, Steps))
      checkSteps(Steps, Ctx);
  }
  // SubmitTransaction({TransactionStep{...}, ...}): a list in place.
  for (const RoleCall &C : Model.calls(ApiRole::BatchSubmit)) {
    const CallExpr *Call = C.call();
    const auto I = C.Function->arg("steps");
    if (!Call || !I || *I >= Call->getNumArgs())
      continue;
    const auto Elements = listElements(Call->getArg(*I));
    if (!Elements)
      continue;
    Steps.clear();
    for (const Expr *E : *Elements) {
      Steps.push_back(stepFromValue(E, Ctx, roles()));
      Steps.back().Count = 1;
    }
    checkSteps(Steps, Ctx);
  }
}

bool InvalidBatchCheck::collectVariableSteps(const VarDecl *Batch,
                                             ASTContext &Ctx,
                                             std::vector<BatchStep> &Steps) {
  const auto *Fn = dyn_cast<FunctionDecl>(Batch->getDeclContext());
  const CompoundStmt *Block = declaringBlock(Ctx, Batch);
  if (!Fn || !Fn->hasBody() || !Block || Batch->isStaticLocal())
    return false;
  const bool IsVector = isStepVector(recordOf(Batch->getType()), roles());
  // The initial content.
  if (const Expr *Init = Batch->getInit()) {
    const Expr *S = stripCopies(Init);
    const auto *C = dyn_cast<CXXConstructExpr>(S);
    const bool Empty =
        C && std::all_of(C->arg_begin(), C->arg_end(), [](const Expr *A) {
          return isa<CXXDefaultArgExpr>(A);
        });
    if (!Empty) {
      if (IsVector) {
        const auto Elements = listElements(S);
        if (!Elements)
          return false;
        for (const Expr *E : *Elements) {
          Steps.push_back(stepFromValue(E, Ctx, roles()));
          Steps.back().Count = 1;
        }
      } else {
        // beta.1: client.CreateTransaction(partitionKey).
        const auto *Call = dyn_cast<CallExpr>(S);
        const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
        const ApiFunction *F = FD ? roles().find(FD->getQualifiedNameAsString(),
                                                 ApiRole::BatchCreate)
                                  : nullptr;
        const auto I = F ? F->arg("partitionKey") : std::nullopt;
        if (!I || *I >= Call->getNumArgs())
          return false;
        BatchStep Create;
        Create.At = Call;
        Create.Operation = FD->getNameAsString();
        Create.Create = true;
        Create.Count = 1;
        Create.PartitionKey =
            keyOfArgument(Call->getArg(*I), true, Ctx, roles());
        Steps.push_back(Create);
      }
    }
  }
  // Every later use: an add, a read, a submission; anything else (clear,
  // reassignment, a non-const reference) and the batch is not judged.
  ExprMutationAnalyzer Mutation(*Fn->getBody(), Ctx);
  bool Submitted = false;
  for (const DeclRefExpr *R : referencesTo(Batch, Fn->getBody())) {
    if (enclosingFunction(Ctx, R) != Fn)
      return false; // used in a lambda
    const DynTypedNode P = visibleParent(Ctx, R);
    if (const auto *ME = P.get<MemberExpr>()) {
      const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
      const auto *Call = visibleParent(Ctx, ME).get<CXXMemberCallExpr>();
      if (!M || !Call)
        return false;
      BatchStep Step;
      bool Add = false;
      if (IsVector) {
        const StringRef Name = M->getName();
        if ((Name == "push_back" || Name == "emplace_back") &&
            Call->getNumArgs() == 1) {
          Step = stepFromValue(Call->getArg(0), Ctx, roles());
          Add = true;
        } else if (Name == "emplace_back") {
          Step.Operation = "step"; // aggregate arguments (C++20)
          Add = true;
        } else if (!M->isConst() && Name != "reserve") {
          return false;
        }
      } else if (const ApiFunction *F = roles().find(
                     M->getQualifiedNameAsString(), ApiRole::BatchAdd)) {
        Step.Operation = M->getNameAsString();
        Step.Retrieve = F->attr("kind") == "retrieve";
        if (auto K = keysOfCall(Call, *F, Call, Ctx, roles())) {
          Step.PartitionKey = K->PartitionKey;
          Step.RowKey = K->RowKey;
        }
        Add = true;
      } else if (!M->isConst()) {
        return false;
      }
      if (Add) {
        Step.At = Call;
        Step.Count = countIn(Ctx, Call, Block, Step.Loop);
        Steps.push_back(Step);
      }
      continue;
    }
    if (const auto *Call = P.get<CallExpr>()) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (FD &&
          roles().find(FD->getQualifiedNameAsString(), ApiRole::BatchSubmit)) {
        Submitted = true;
        continue;
      }
      // A vector of steps handed to other code may be split by partition
      // before it is sent; a batch object is one transaction wherever it goes.
      if (IsVector)
        return false;
    }
    // return batch; (an implicit move out of a builder), or a copy.
    const auto *Copy = P.get<CXXConstructExpr>();
    const bool Returned =
        P.get<ReturnStmt>() ||
        (Copy && Copy->getConstructor()->isMoveConstructor() &&
         visibleParent(Ctx, Copy).get<ReturnStmt>());
    if (Returned) {
      if (IsVector)
        return false; // the caller may regroup the steps
      continue;
    }
    if (Copy && Copy->getConstructor()->isCopyConstructor() && !IsVector)
      continue;
    if (const auto *Range = P.get<VarDecl>(); Range && Range->isImplicit()) {
      // for (auto const &step : steps): the hidden range reference.
      bool ReadOnly = false;
      for (const DynTypedNode &D : Ctx.getParents(*Range))
        if (const auto *DS = D.get<DeclStmt>())
          if (const auto *RF =
                  dyn_cast_or_null<CXXForRangeStmt>(parentStmt(Ctx, DS))) {
            const QualType T = RF->getLoopVariable()->getType();
            ReadOnly = !T->isReferenceType() ||
                       T.getNonReferenceType().isConstQualified();
          }
      if (ReadOnly)
        continue;
      return false;
    }
    if (Mutation.isMutated(R))
      return false;
  }
  // A vector of steps is a transaction once it is submitted as it is.
  return Submitted || !IsVector;
}

void InvalidBatchCheck::checkSteps(std::vector<BatchStep> &Steps,
                                   ASTContext &Ctx) {
  if (Steps.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::sort(Steps.begin(), Steps.end(),
            [&](const BatchStep &A, const BatchStep &B) {
              return SM.isBeforeInTranslationUnit(A.At->getBeginLoc(),
                                                  B.At->getBeginLoc());
            });
  auto Where = [&](const BatchStep &S) {
    if (const auto *Call = dyn_cast<CallExpr>(S.At))
      return Call->getExprLoc();
    return S.At->getBeginLoc();
  };
  auto Line = [&](const BatchStep &S) {
    return lineOf(S.At->getBeginLoc(), Ctx);
  };

  // One PartitionKey.
  const BatchStep *First = nullptr;
  std::string FirstText;
  for (const BatchStep &S : Steps) {
    if (!S.once() || !S.PartitionKey)
      continue;
    const auto T = keyText(*S.PartitionKey, Ctx, roles());
    if (!T || StringRecovery::nothingKnown(*T))
      continue;
    if (!First) {
      First = &S;
      FirstText = *T;
      continue;
    }
    if (!provablyDifferent(FirstText, *T))
      continue;
    diag(Where(S), "entity group transaction mixes partition keys: this step "
                   "uses %0 but %1 at line %2 %3; all operations of one "
                   "transaction must share one PartitionKey")
        << keyDisplay(*S.PartitionKey, Ctx, roles())
        << (First->Create ? "the transaction was created" : "the step")
        << Line(*First)
        << (First->Create ? "for " : "uses ") +
               keyDisplay(*First->PartitionKey, Ctx, roles());
    break;
  }

  // Each entity once.
  bool Reported = false;
  for (std::size_t J = 0; J < Steps.size() && !Reported; ++J) {
    const BatchStep &B = Steps[J];
    if (!B.once() || B.Create || !B.PartitionKey || !B.RowKey)
      continue;
    for (std::size_t I = 0; I < J; ++I) {
      const BatchStep &A = Steps[I];
      if (!A.once() || A.Create || !A.PartitionKey || !A.RowKey ||
          !surelySame(*A.PartitionKey, *B.PartitionKey, Ctx, roles()) ||
          !surelySame(*A.RowKey, *B.RowKey, Ctx, roles()))
        continue;
      diag(Where(B), "entity group transaction changes the same entity twice "
                     "(PartitionKey %0, RowKey %1; first at line %2): each "
                     "entity may appear only once in a transaction")
          << keyDisplay(*B.PartitionKey, Ctx, roles())
          << keyDisplay(*B.RowKey, Ctx, roles()) << Line(A);
      Reported = true;
      break;
    }
  }

  // A retrieve alone.
  for (const BatchStep &R : Steps) {
    if (!R.Retrieve || R.Count == 0)
      continue;
    const auto Other =
        std::find_if(Steps.begin(), Steps.end(), [&](const BatchStep &O) {
          return &O != &R && !O.Create && O.Count > 0;
        });
    if (Other == Steps.end())
      continue;
    diag(Where(R), "a retrieve must be the only operation of an entity group "
                   "transaction, but this one also has %0 at line %1")
        << Other->Operation << Line(*Other);
    break;
  }

  // At most MaxBatchOperations operations.
  std::uint64_t Total = 0;
  bool Unknown = false;
  for (const BatchStep &S : Steps)
    if (!S.Create) {
      Total = std::min(Total + S.Count, CountCap);
      Unknown |= S.Count == 0;
    }
  if (Total <= limits::MaxBatchOperations)
    return;
  std::uint64_t Sum = 0;
  for (const BatchStep &S : Steps) {
    if (S.Create)
      continue;
    Sum += S.Count;
    if (Sum <= limits::MaxBatchOperations)
      continue;
    std::string Detail;
    if (S.Loop)
      Detail = " (this add runs " + std::to_string(S.Count) +
               " times in the loop at line " +
               std::to_string(lineOf(S.Loop->getBeginLoc(), Ctx)) + ")";
    diag(Where(S), "entity group transaction gets %0%1 operations%2, more "
                   "than the %3 one transaction may hold: send at most %3 "
                   "per transaction")
        << (Unknown ? "at least " : "") << std::to_string(Total) << Detail
        << limits::MaxBatchOperations;
    return;
  }
}

} // namespace tablelint::code
