// tablelint-entity-limits: an entity, key or property value that the Table
// service (or the emulator developers test with) rejects, proven from
// literals in the code:
//   - a PartitionKey or RowKey (written to an entity, or addressed by a
//     point read) longer than 1 KiB, or longer than the KeyWarnCharacters
//     option (Azurite's 512-character cap), or containing a forbidden
//     character (/ \ # ?, U+0000-U+001F, U+007F-U+009F);
//   - more than 252 distinct user properties added to one entity variable
//     in one function;
//   - a string property value longer than 32 K characters (64 KiB in
//     UTF-16).
// Only the known parts of a value count: a key built at run time is judged
// on its literal pieces, whose characters and length are certain.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tablelint::code {

class EntityLimitsCheck : public TablelintCheck {
public:
  EntityLimitsCheck(llvm::StringRef Name,
                    clang::tidy::ClangTidyContext *Context);
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  void checkKey(const clang::Expr *Key, bool Partition, clang::ASTContext &Ctx);
  void checkValue(const clang::Expr *Value, clang::ASTContext &Ctx);

  unsigned KeyWarnCharacters;
  // Distinct user property names added to one entity in one function, in
  // the order they appear, with where each first appears.
  struct EntityProperties {
    std::string EntityName;
    std::set<std::string> Names;
    std::vector<clang::SourceLocation> FirstUse;
  };
  std::map<std::pair<const clang::Decl *, const clang::Decl *>,
           EntityProperties>
      Properties;
};

} // namespace tablelint::code
