// tablelint-invalid-name: a table or property name, written as a literal,
// that the Table service rejects with 400 Bad Request every time.
//   - table names given to a client, a table reference (GetTableClient,
//     get_table_reference) or CreateTable/DeleteTable (role table-admin)
//     that do not match ^[A-Za-z][A-Za-z0-9]{2,62}$, or are `tables`;
//   - property names used through an entity's property map, a
//     QueryEntitiesOptions::SelectColumns list or set_select_columns that
//     are not C# identifiers, contain `-`, or are longer than 255 characters.
// Names built at run time are judged only on their known parts (a `-` in a
// literal prefix is already fatal); the SDK's own entries of the property
// map (PartitionKey, odata.etag, X@odata.type) are not the user's names.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class InvalidNameCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkTableName(const clang::Expr *Name, clang::ASTContext &Ctx);
  void checkPropertyName(const clang::Expr *Name, clang::ASTContext &Ctx);
  void checkColumnList(const clang::Expr *List, clang::ASTContext &Ctx);
};

} // namespace tablelint::code
