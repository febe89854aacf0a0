// Schema templates of string expressions (see the header).
#include "checks/code/model/CodeTemplate.h"

#include "checks/code/model/DelayGrowth.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Filter.h"

#include <clang/AST/ExprCXX.h>

#include <algorithm>
#include <cctype>

namespace tablelint::code {

using namespace clang;

namespace {

constexpr unsigned MaxDepth = 12;

std::string escapedLiteral(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '{' || C == '}')
      Out += C;
    Out += C;
  }
  return Out;
}

bool isTimePoint(QualType T) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R && R->getName() == "time_point";
}

// The EDM type a C++ value of type T is stored as.
EdmType edmTypeOf(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (T->isBooleanType())
    return EdmType::Boolean;
  if (T->isIntegerType())
    return Ctx.getTypeSize(T) > 32 ? EdmType::Int64 : EdmType::Int32;
  if (T->isRealFloatingType())
    return EdmType::Double;
  if (isTimePoint(T))
    return EdmType::DateTime;
  return EdmType::String;
}

// The name a value is known by in the code: the variable or member it is
// read from, through calls of getters and conversions.
std::string sourceName(const Expr *E) {
  E = stripConversions(E)->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl()->getNameAsString();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl()->getNameAsString();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const std::string Method =
        MC->getMethodDecl() ? MC->getMethodDecl()->getNameAsString() : "";
    if (Method == "c_str" || Method == "data" || Method == "str")
      return sourceName(MC->getImplicitObjectArgument());
    return Method.rfind("Get", 0) == 0 || Method.rfind("get_", 0) == 0
               ? Method.substr(Method[3] == '_' ? 4 : 3)
               : Method;
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    if (C->getNumArgs() == 1)
      return sourceName(C->getArg(0));
  return "";
}

class TemplateBuilder {
public:
  TemplateBuilder(ASTContext &Ctx, const ApiRoles &Roles)
      : Ctx(Ctx), SR(Ctx, Roles) {}

  void add(const Expr *E, unsigned Depth = 0);
  CodeTemplate take() { return std::move(Out); }

private:
  bool addKnownText(const Expr *E);
  bool addConcatenation(const Expr *E, unsigned Depth);
  bool addFormat(const CallExpr *Call, unsigned Depth);
  bool addVariable(const Expr *E, unsigned Depth);
  bool addRecovered(const Expr *E);
  void unknownLeaves(const Stmt *S, std::vector<const Expr *> &Out);
  void addPlaceholder(const Expr *Value, std::string Format = "");

  ASTContext &Ctx;
  StringRecovery SR;
  CodeTemplate Out;
};

// Text the code fixes at compile time: literals, constants, and locals
// StringRecovery follows to a value without an unknown stretch.
bool TemplateBuilder::addKnownText(const Expr *E) {
  std::optional<std::string> Text = SR.recover(E);
  if (!Text || !StringRecovery::fullyKnown(*Text))
    return false;
  Out.Text += escapedLiteral(*Text);
  return true;
}

bool TemplateBuilder::addConcatenation(const Expr *E, unsigned Depth) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() != OO_Plus || Op->getNumArgs() != 2)
      return false;
    add(Op->getArg(0), Depth + 1);
    add(Op->getArg(1), Depth + 1);
    return true;
  }
  return false;
}

// fmt::format / std::format with a literal format: its text, a placeholder
// per replacement field; a chrono spec becomes the schema's date format.
bool TemplateBuilder::addFormat(const CallExpr *Call, unsigned Depth) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || FD->getName() != "format" || Call->getNumArgs() == 0)
    return false;
  std::optional<std::string> Format = SR.recover(Call->getArg(0));
  if (!Format || !StringRecovery::fullyKnown(*Format))
    return false;
  unsigned NextArg = 1;
  for (std::size_t I = 0; I < Format->size(); ++I) {
    const char C = (*Format)[I];
    if ((C == '{' || C == '}') && I + 1 < Format->size() &&
        (*Format)[I + 1] == C) {
      Out.Text += std::string(2, C);
      ++I;
      continue;
    }
    if (C != '{') {
      Out.Text += C;
      continue;
    }
    const std::size_t Close = Format->find('}', I);
    if (Close == std::string::npos || NextArg >= Call->getNumArgs())
      return true;
    const std::string Field = Format->substr(I + 1, Close - I - 1);
    I = Close;
    const Expr *Arg = Call->getArg(NextArg++);
    const std::size_t Colon = Field.find(':');
    const std::string Spec =
        Colon == std::string::npos ? "" : Field.substr(Colon + 1);
    if (Spec.find('%') != std::string::npos)
      addPlaceholder(Arg, schemaDateFormat(Spec));
    else
      add(Arg, Depth + 1);
  }
  return true;
}

// A local variable with an initializer that StringRecovery reads the same
// at the use as at its declaration (nothing appended in between): the
// template of its initializer.
bool TemplateBuilder::addVariable(const Expr *E, unsigned Depth) {
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit())
    return false;
  const std::optional<std::string> AtUse = SR.recover(E);
  const std::optional<std::string> AtInit = SR.recover(V->getInit());
  if (!AtUse || !AtInit || *AtUse != *AtInit)
    return false;
  add(V->getInit(), Depth + 1);
  return true;
}

// The variables and fields E reads whose values are not known, in source
// order.
void TemplateBuilder::unknownLeaves(const Stmt *S,
                                    std::vector<const Expr *> &Out) {
  if (!S)
    return;
  const auto *E = dyn_cast<Expr>(S);
  const auto Unknown = [&] {
    std::optional<std::string> T = SR.recover(E);
    return !T || !StringRecovery::fullyKnown(*T);
  };
  if (const auto *M = dyn_cast<MemberExpr>(S);
      M && isa<FieldDecl>(M->getMemberDecl())) {
    if (Unknown())
      Out.push_back(M);
    return;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
    if (isa<VarDecl>(D->getDecl()) && Unknown())
      Out.push_back(D);
    return;
  }
  for (const Stmt *Child : S->children())
    unknownLeaves(Child, Out);
}

// Text StringRecovery reads in part (a filter built by the SDK's
// generate_filter_condition): each unknown stretch a placeholder named
// after the unknown value read there, when they pair up one to one.
bool TemplateBuilder::addRecovered(const Expr *E) {
  std::optional<std::string> Text = SR.recover(E);
  if (!Text || StringRecovery::nothingKnown(*Text))
    return false;
  std::vector<const Expr *> Leaves;
  unknownLeaves(E, Leaves);
  if (Leaves.size() !=
      static_cast<std::size_t>(
          std::count(Text->begin(), Text->end(), UnknownValueMarker)))
    return false;
  std::size_t Next = 0;
  for (char C : *Text) {
    if (C == UnknownValueMarker)
      addPlaceholder(Leaves[Next++]);
    else
      Out.Text += escapedLiteral(llvm::StringRef(&C, 1));
  }
  return true;
}

void TemplateBuilder::addPlaceholder(const Expr *Value, std::string Format) {
  TemplatePlaceholder P;
  const Expr *Inner = stripConversions(Value)->IgnoreParenImpCasts();
  P.Clock = isClockNow(Inner);
  P.Name = placeholderName(P.Clock ? "now" : sourceName(Inner));
  if (P.Name.empty())
    P.Name = "value";
  P.Type = P.Clock || !Format.empty() ? EdmType::DateTime
                                      : edmTypeOf(Inner->getType(), Ctx);
  P.Format = std::move(Format);
  Out.Text += "{" + P.Name + (P.Format.empty() ? "" : ":" + P.Format) + "}";
  Out.Placeholders.push_back(std::move(P));
}

void TemplateBuilder::add(const Expr *E, unsigned Depth) {
  if (!E)
    return;
  E = stripStringWrappers(E);
  if (Depth > MaxDepth) {
    addPlaceholder(E);
    return;
  }
  if (addKnownText(E) || addConcatenation(E, Depth))
    return;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (addFormat(Call, Depth))
      return;
    const FunctionDecl *FD = Call->getDirectCallee();
    if (FD && FD->getName() == "to_string" && Call->getNumArgs() == 1) {
      addPlaceholder(Call->getArg(0));
      return;
    }
  }
  if (addVariable(E, Depth) || addRecovered(E))
    return;
  addPlaceholder(E);
}

} // namespace

CodeTemplate codeTemplate(const Expr *E, ASTContext &Ctx,
                          const ApiRoles &Roles) {
  TemplateBuilder B(Ctx, Roles);
  B.add(E);
  return B.take();
}

std::string schemaDateFormat(llvm::StringRef Strftime) {
  std::string Out;
  for (std::size_t I = 0; I < Strftime.size(); ++I) {
    if (Strftime[I] != '%') {
      if (std::isalpha(static_cast<unsigned char>(Strftime[I])))
        return ""; // a letter would be read as a date token
      Out += Strftime[I];
      continue;
    }
    if (++I == Strftime.size())
      return "";
    switch (Strftime[I]) {
    case 'Y': Out += "yyyy"; break;
    case 'm': Out += "MM"; break;
    case 'd': Out += "dd"; break;
    case 'H': Out += "HH"; break;
    case 'M': Out += "mm"; break;
    case 'S': Out += "ss"; break;
    case 'F': Out += "yyyy-MM-dd"; break;
    case 'T': Out += "HH:mm:ss"; break;
    default: return "";
    }
  }
  return Out;
}

std::string placeholderName(llvm::StringRef Identifier) {
  llvm::StringRef Id = Identifier;
  if (Id.starts_with("m_"))
    Id = Id.drop_front(2);
  Id = Id.trim('_');
  std::string Out;
  for (char C : Id)
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_')
      Out += C;
  if (!Out.empty())
    Out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(Out[0])));
  return Out;
}

} // namespace tablelint::code
