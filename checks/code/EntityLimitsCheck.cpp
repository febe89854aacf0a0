// Reports keys, property counts and values beyond the service's limits
// (see the header).
#include "checks/code/EntityLimitsCheck.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/EntityProperties.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Filter.h"
#include "core/ServiceLimits.h"

#include <clang/AST/ExprCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <cstdio>
#include <optional>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// One decoded character of a recovered string.
struct CodePoint {
  std::uint32_t Value = 0;
  bool Unknown = false; // a stretch not known at compile time
};

// Decodes UTF-8 (invalid bytes count as one character each).
std::vector<CodePoint> decode(const std::string &Text) {
  std::vector<CodePoint> Out;
  for (std::size_t I = 0; I < Text.size();) {
    const auto B = static_cast<unsigned char>(Text[I]);
    if (Text[I] == UnknownValueMarker) {
      Out.push_back({0, true});
      ++I;
      continue;
    }
    unsigned Len = B < 0x80           ? 1
                   : (B >> 5) == 0x6  ? 2
                   : (B >> 4) == 0xE  ? 3
                   : (B >> 3) == 0x1E ? 4
                                      : 1;
    if (I + Len > Text.size())
      Len = 1;
    std::uint32_t V = Len == 1 ? B : B & (0x7F >> Len);
    for (unsigned K = 1; K < Len; ++K)
      V = (V << 6) | (static_cast<unsigned char>(Text[I + K]) & 0x3F);
    Out.push_back({V, false});
    I += Len;
  }
  return Out;
}

bool isForbiddenInKey(std::uint32_t C) {
  return C == '/' || C == '\\' || C == '#' || C == '?' || C <= 0x1F ||
         (C >= 0x7F && C <= 0x9F);
}

std::string describeCharacter(std::uint32_t C) {
  if (C >= 0x20 && C < 0x7F)
    return std::string("'") + static_cast<char>(C) + "'";
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "the control character U+%04X",
                static_cast<unsigned>(C));
  return Buf;
}

// The value a property receives, when it is a string: a string, or the
// first argument of the property type's constructor
// (TableEntityProperty("...", EdmString), entity_property(U("..."))).
const Expr *stringValueOf(const Expr *E) {
  const Expr *S = stripStringWrappers(E);
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    if (C->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(C->getArg(0)))
      return C->getArg(0);
  return E;
}

} // namespace

EntityLimitsCheck::EntityLimitsCheck(StringRef Name,
                                     clang::tidy::ClangTidyContext *Context)
    : TablelintCheck(Name, Context),
      KeyWarnCharacters(unsignedOption("KeyWarnCharacters")) {}

void EntityLimitsCheck::registerCheckMatchers(MatchFinder *Finder) {
  matchPropertyMaps(roles(), Finder, this);
}

void EntityLimitsCheck::checkModel(const TableModel &Model, ASTContext &Ctx) {
  for (const KeySite &K : keySites(Model))
    checkKey(K.Value, K.Part == KeyPart::Partition, Ctx);
}

void EntityLimitsCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;

  StringRecovery SR(Ctx, roles());
  for (const PropertyAccess &A : propertyAccessesIn(Result)) {
    if (A.Value)
      checkValue(A.Value, Ctx);
    if (!A.Adds || !A.Name)
      continue;
    const ValueDecl *Entity = entityDeclOf(A.Entity);
    const FunctionDecl *F = enclosingFunction(Ctx, A.Name);
    const std::optional<std::string> Name = SR.recover(A.Name);
    if (!Entity || !F || !Name || !StringRecovery::fullyKnown(*Name) ||
        isServiceManagedPropertyName(*Name))
      continue;
    EntityProperties &P = Properties[{F, Entity}];
    P.EntityName = Entity->getNameAsString();
    if (P.Names.insert(*Name).second)
      P.FirstUse.push_back(A.Name->getBeginLoc());
  }
}

void EntityLimitsCheck::onEndOfTranslationUnit() {
  for (const auto &[Key, P] : Properties)
    if (P.Names.size() > limits::MaxUserProperties)
      diag(P.FirstUse[limits::MaxUserProperties],
           "entity '%0' gets %1 distinct properties in this function, more "
           "than the %2 user properties an entity may have (%3 with "
           "PartitionKey, RowKey and Timestamp): the write is rejected")
          << P.EntityName << static_cast<unsigned>(P.Names.size())
          << limits::MaxUserProperties << limits::MaxPropertiesIncludingSystem;
  Properties.clear();
}

void EntityLimitsCheck::checkKey(const Expr *Key, bool Partition,
                                 ASTContext &Ctx) {
  StringRecovery SR(Ctx, roles());
  const std::optional<std::string> Text = SR.recover(Key);
  if (!Text || StringRecovery::nothingKnown(*Text))
    return;
  const char *Which = Partition ? "partition key" : "row key";
  const std::vector<CodePoint> Chars = decode(*Text);
  bool UnknownBefore = false;
  for (std::size_t I = 0; I < Chars.size(); ++I) {
    if (Chars[I].Unknown) {
      UnknownBefore = true;
      continue;
    }
    if (!isForbiddenInKey(Chars[I].Value))
      continue;
    // A position is only meaningful when everything before it is known.
    const std::string Where =
        UnknownBefore ? "" : " at position " + std::to_string(I + 1);
    diag(Key->getBeginLoc(),
         "%0 \"%1\" contains %2%3: the service rejects '/', '\\', '#', '?' and "
         "control characters in keys")
        << Which << shownValue(*Text) << describeCharacter(Chars[I].Value)
        << Where;
    return;
  }
  std::size_t KnownBytes = 0, KnownChars = 0;
  for (char C : *Text)
    if (C != UnknownValueMarker) {
      ++KnownBytes;
      if ((static_cast<unsigned char>(C) & 0xC0) != 0x80)
        ++KnownChars;
    }
  const bool Known = StringRecovery::fullyKnown(*Text);
  if (KnownBytes > limits::MaxKeyBytes) {
    diag(Key->getBeginLoc(), "%0 \"%1\" is %2 bytes%3, over the %4 bytes the "
                             "service accepts for a key")
        << Which << shownValue(*Text) << static_cast<unsigned>(KnownBytes)
        << (Known ? "" : " before its run-time parts") << limits::MaxKeyBytes;
    return;
  }
  if (KnownChars > KeyWarnCharacters)
    diag(Key->getBeginLoc(),
         "%0 \"%1\" has %2 characters%3, more than the %4 that emulators "
         "(Azurite) accept, so it cannot be tested locally")
        << Which << shownValue(*Text) << static_cast<unsigned>(KnownChars)
        << (Known ? "" : " before its run-time parts") << KeyWarnCharacters;
}

void EntityLimitsCheck::checkValue(const Expr *Value, ASTContext &Ctx) {
  StringRecovery SR(Ctx, roles());
  const std::optional<std::string> Text = SR.recover(stringValueOf(Value));
  if (!Text)
    return;
  // Strings are stored as UTF-16: characters outside the BMP take two units.
  std::size_t Units = 0;
  for (const CodePoint &C : decode(*Text))
    if (!C.Unknown)
      Units += C.Value > 0xFFFF ? 2 : 1;
  if (Units > limits::MaxStringCharacters)
    diag(
        Value->getBeginLoc(),
        "string property value has %0 characters%1, more than the %2 a string "
        "property holds (%3 KiB in UTF-16): the write is rejected; store large "
        "values in a blob")
        << static_cast<unsigned>(Units)
        << (StringRecovery::fullyKnown(*Text) ? "" : " in its literal parts")
        << limits::MaxStringCharacters << limits::MaxPropertyBytes / 1024;
}

} // namespace tablelint::code
