// Folding std::chrono durations to milliseconds with Clang's constant
// evaluator; the period comes from the duration's std::ratio argument.
#include "checks/code/model/Durations.h"

#include <clang/AST/DeclTemplate.h>

#include <cmath>

namespace tablelint::code {

using namespace clang;

namespace {

const ClassTemplateSpecializationDecl *durationSpecialization(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!S || S->getName() != "duration" || S->getTemplateArgs().size() != 2)
    return nullptr;
  const auto *NS = dyn_cast<NamespaceDecl>(S->getDeclContext());
  return NS && NS->getName() == "chrono" ? S : nullptr;
}

// Milliseconds per tick of a duration type: Period::num * 1000 / Period::den.
std::optional<double> millisecondsPerTick(QualType T) {
  const ClassTemplateSpecializationDecl *S = durationSpecialization(T);
  if (!S)
    return std::nullopt;
  const TemplateArgument &Period = S->getTemplateArgs()[1];
  if (Period.getKind() != TemplateArgument::Type)
    return std::nullopt;
  const auto *Ratio = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Period.getAsType().getCanonicalType()->getAsCXXRecordDecl());
  if (!Ratio || Ratio->getTemplateArgs().size() != 2)
    return std::nullopt;
  const TemplateArgument &Num = Ratio->getTemplateArgs()[0];
  const TemplateArgument &Den = Ratio->getTemplateArgs()[1];
  if (Num.getKind() != TemplateArgument::Integral ||
      Den.getKind() != TemplateArgument::Integral ||
      Den.getAsIntegral().isZero())
    return std::nullopt;
  return static_cast<double>(Num.getAsIntegral().getExtValue()) * 1000.0 /
         static_cast<double>(Den.getAsIntegral().getExtValue());
}

} // namespace

bool isDurationType(QualType T) { return durationSpecialization(T) != nullptr; }

std::optional<double> constantMilliseconds(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  const std::optional<double> PerTick = millisecondsPerTick(E->getType());
  if (!PerTick)
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  // A duration holds one member, the tick count.
  const APValue &V = R.Val;
  if (!V.isStruct() || V.getStructNumBases() != 0 ||
      V.getStructNumFields() != 1)
    return std::nullopt;
  const APValue &Ticks = V.getStructField(0);
  if (Ticks.isInt())
    return static_cast<double>(Ticks.getInt().getExtValue()) * *PerTick;
  if (Ticks.isFloat())
    return Ticks.getFloat().convertToDouble() * *PerTick;
  return std::nullopt;
}

std::string formatMilliseconds(double Ms) {
  const double Rounded = std::round(Ms);
  if (Rounded != 0 && std::fmod(Rounded, 1000) == 0)
    return std::to_string(static_cast<long long>(Rounded / 1000)) + " s";
  if (Rounded == Ms)
    return std::to_string(static_cast<long long>(Rounded)) + " ms";
  std::string S = std::to_string(Ms);
  S.erase(S.find_last_not_of('0') + 1);
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S + " ms";
}

} // namespace tablelint::code
