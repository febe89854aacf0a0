// Reports table and property names the service rejects (see the header).
#include "checks/code/InvalidNameCheck.h"
#include <llvm/ADT/SmallPtrSet.h>

#include "checks/code/model/EntityProperties.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Filter.h"
#include "core/ServiceLimits.h"

#include <clang/AST/ExprCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <optional>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

bool isAsciiLetter(char C) {
  return (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z');
}
bool isAsciiDigit(char C) { return C >= '0' && C <= '9'; }
bool isNonAscii(char C) { return static_cast<unsigned char>(C) >= 0x80; }
bool isMarker(char C) { return C == UnknownValueMarker; }

// The number of known characters (UTF-8 lead bytes that are not markers).
std::size_t knownCharacters(const std::string &Text) {
  std::size_t N = 0;
  for (char C : Text)
    if (!isMarker(C) && (static_cast<unsigned char>(C) & 0xC0) != 0x80)
      ++N;
  return N;
}

// "'-'" or "a non-ASCII character" for a byte of a name.
std::string describe(char C) {
  if (isNonAscii(C))
    return "a non-ASCII character";
  if (static_cast<unsigned char>(C) < 0x20 || C == 0x7F)
    return "a control character";
  if (C == ' ')
    return "a space";
  return std::string("'") + C + "'";
}

// Why a table name (with unknown stretches) is invalid, if provably so.
std::optional<std::string> tableNameProblem(const std::string &Text) {
  const bool Known = StringRecovery::fullyKnown(Text);
  if (Known && llvm::StringRef(Text).equals_insensitive("tables"))
    return std::string("'tables' is reserved by the service");
  if (!Text.empty() && !isMarker(Text[0]) && !isAsciiLetter(Text[0]))
    return "it starts with " + describe(Text[0]) + ", not a letter";
  for (char C : Text)
    if (!isMarker(C) && !isAsciiLetter(C) && !isAsciiDigit(C))
      return describe(C) + " is not allowed";
  const std::size_t N = knownCharacters(Text);
  if (N > limits::MaxTableNameLength)
    return "it has " + std::to_string(N) + (Known ? "" : " known") +
           " characters, more than " +
           std::to_string(limits::MaxTableNameLength);
  // Not an empty name: StringRecovery takes a buffer filled through a
  // pointer (snprintf(name, ...)) for an empty constant.
  if (Known && N > 0 && N < limits::MinTableNameLength)
    return "it has " + std::to_string(N) + " character" + (N == 1 ? "" : "s") +
           ", fewer than " + std::to_string(limits::MinTableNameLength);
  return std::nullopt;
}

// Why a property name (with unknown stretches) is invalid, if provably so.
std::optional<std::string> propertyNameProblem(const std::string &Text) {
  const bool Known = StringRecovery::fullyKnown(Text);
  if (!Text.empty() && isAsciiDigit(Text[0]))
    return "it starts with " + describe(Text[0]);
  for (char C : Text)
    if (!isMarker(C) && !isNonAscii(C) && !isAsciiLetter(C) &&
        !isAsciiDigit(C) && C != '_')
      return describe(C) + " is not allowed";
  const std::size_t N = knownCharacters(Text);
  if (N > limits::MaxPropertyNameLength)
    return "it has " + std::to_string(N) + (Known ? "" : " known") +
           " characters, more than " +
           std::to_string(limits::MaxPropertyNameLength);
  return std::nullopt;
}

// The SDK's own entries of the property map, also when only partly known.
bool isServiceManaged(const std::string &Text) {
  const std::string Prefix = Text.substr(0, Text.find(UnknownValueMarker));
  return isServiceManagedPropertyName(Prefix) ||
         llvm::StringRef(Text).contains("@odata.");
}

const Expr *bare(const Expr *E) {
  while (true) {
    const Expr *Before = E;
    E = stripStringWrappers(E)->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(E))
      E = IL->getSubExpr();
    if (E == Before)
      return E;
  }
}

// The elements of a braced list as written ({U("A"), U("B")}), also through
// a std::vector built from it or a local variable initialized with it.
std::vector<const Expr *> listElements(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return {};
  E = bare(E);
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return {IL->inits().begin(), IL->inits().end()};
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getNumArgs() >= 1)
      return listElements(C->getArg(0), Depth + 1);
    return {};
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V && !isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit())
      return listElements(V->getInit(), Depth + 1);
  }
  return {};
}

} // namespace

void InvalidNameCheck::registerCheckMatchers(MatchFinder *Finder) {
  matchPropertyMaps(roles(), Finder, this);
}

void InvalidNameCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  for (const PropertyAccess &A : propertyAccessesIn(Result))
    checkPropertyName(A.Name, Ctx);
}

void InvalidNameCheck::checkModel(const TableModel &Model, ASTContext &Ctx) {
  // Table names: constructors and functions of the client, table-reference
  // and table-admin roles, each call once.
  llvm::SmallPtrSet<const Expr *, 16> Seen;
  for (ApiRole Role :
       {ApiRole::Client, ApiRole::TableReference, ApiRole::TableAdmin})
    for (const RoleCall &C : Model.calls(Role)) {
      if (!Seen.insert(C.Site).second)
        continue;
      if (const CXXConstructExpr *E = C.construction()) {
        const ApiFunction *F = Model.roleOf(C.Callee, ApiRole::Client);
        std::optional<unsigned> Index = F ? F->arg("table") : std::nullopt;
        // The constructors' argument order changed between SDK versions;
        // the parameter name says which one is the table.
        for (unsigned I = 0; !Index && I < C.Callee->getNumParams(); ++I) {
          const StringRef P = C.Callee->getParamDecl(I)->getName();
          if (P == "tableName" || P == "table_name" || P == "table")
            Index = I;
        }
        if (Index && *Index < E->getNumArgs())
          checkTableName(E->getArg(*Index), Ctx);
        continue;
      }
      const CallExpr *Call = C.call();
      for (ApiRole R :
           {ApiRole::Client, ApiRole::TableReference, ApiRole::TableAdmin})
        if (const ApiFunction *F = Model.roleOf(C.Callee, R))
          if (auto I = F->arg("table"); I && *I < Call->getNumArgs()) {
            checkTableName(Call->getArg(*I), Ctx);
            break;
          }
    }
  // opts.SelectColumns = "A,B": the assigned list.
  for (const FieldWrite &W : Model.fieldWrites(TypeRole::QueryOptions))
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(W.Site);
        Op && W.is("select"))
      checkColumnList(Op->getArg(1), Ctx);
  // Projections given to a select setter or a query, each call once.
  Seen.clear();
  for (ApiRole Role : {ApiRole::SetSelect, ApiRole::Query})
    for (const RoleCall &C : Model.calls(Role)) {
      const CallExpr *Call = C.call();
      if (!Call || !Seen.insert(C.Site).second)
        continue;
      const ApiFunction *F = Model.roleOf(C.Callee, ApiRole::SetSelect);
      if (!F)
        F = Model.roleOf(C.Callee, ApiRole::Query);
      auto I = F->arg("select");
      if (I && *I < Call->getNumArgs() &&
          !isa<CXXDefaultArgExpr>(Call->getArg(*I))) {
        const std::vector<const Expr *> Elements =
            listElements(Call->getArg(*I));
        if (!Elements.empty())
          for (const Expr *E : Elements)
            checkPropertyName(E, Ctx);
        else
          checkColumnList(Call->getArg(*I), Ctx);
      }
    }
}

void InvalidNameCheck::checkTableName(const Expr *Name, ASTContext &Ctx) {
  StringRecovery SR(Ctx, roles());
  const std::optional<std::string> Text = SR.recover(Name);
  if (!Text || StringRecovery::nothingKnown(*Text))
    return;
  if (auto Problem = tableNameProblem(*Text))
    diag(Name->getBeginLoc(),
         "table name \"%0\" is not valid: %1 (table names are %2 to %3 letters "
         "and digits, starting with a letter)")
        << shownValue(*Text) << *Problem << limits::MinTableNameLength
        << limits::MaxTableNameLength;
}

void InvalidNameCheck::checkPropertyName(const Expr *Name, ASTContext &Ctx) {
  if (!Name)
    return;
  StringRecovery SR(Ctx, roles());
  const std::optional<std::string> Text = SR.recover(Name);
  if (!Text || StringRecovery::nothingKnown(*Text) || isServiceManaged(*Text))
    return;
  if (auto Problem = propertyNameProblem(*Text))
    diag(Name->getBeginLoc(),
         "property name \"%0\" is not valid: %1 (property names are C# "
         "identifiers: letters, digits and '_', not starting with a digit, at "
         "most %2 characters)")
        << shownValue(*Text) << *Problem << limits::MaxPropertyNameLength;
}

void InvalidNameCheck::checkColumnList(const Expr *List, ASTContext &Ctx) {
  StringRecovery SR(Ctx, roles());
  const std::optional<std::string> Text = SR.recover(List);
  if (!Text || StringRecovery::nothingKnown(*Text))
    return;
  // "A, B,C": each entry, trimmed; an empty list selects everything.
  llvm::SmallVector<StringRef, 8> Columns;
  StringRef(*Text).split(Columns, ',');
  if (Columns.size() == 1 && Columns[0].trim().empty())
    return;
  for (StringRef Column : Columns) {
    const std::string Entry = Column.trim(" ").str();
    if (Entry.empty() || isServiceManaged(Entry) ||
        StringRecovery::nothingKnown(Entry))
      continue;
    if (auto Problem = propertyNameProblem(Entry)) {
      diag(List->getBeginLoc(),
           "selected column \"%0\" is not a valid property name: %1 (property "
           "names are C# identifiers: letters, digits and '_', not starting "
           "with a digit, at most %2 characters)")
          << shownValue(Entry) << *Problem << limits::MaxPropertyNameLength;
      return;
    }
  }
}

} // namespace tablelint::code
