// The base of the checks that judge a query call (table-scan,
// partition-scan, low-density-query, filter-too-complex, invalid-filter):
// one matcher on every function with the Query role, one model per call
// (shared by all these checks through a per-AST cache), and the filter
// parsed and classified once.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class QueryCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

protected:
  virtual void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) = 0;
  // Whether this check also judges queries written as REST URLs
  // (`.../Orders()?$filter=...`); their model has no Call.
  virtual bool wantsUrlQueries() const { return false; }
  // The location of a byte of the filter in the source, when the filter is
  // one string literal; otherwise the query's location.
  clang::SourceLocation filterLocation(const AnalyzedQuery &Q,
                                       std::size_t Offset,
                                       clang::ASTContext &Ctx) const;
  // Where the filter's text is written: the value given to the filter
  // setter, or the initializer of the variable it names (followed through a
  // few variables). Invalid when the query has no filter in the source.
  clang::SourceLocation filterOrigin(const AnalyzedQuery &Q) const;
  // Reports Message at Primary, with a note saying OtherNote at Other when
  // Other is valid and on another line; a NOLINT for this check on that
  // other line silences the finding too (clang-tidy reads only Primary's).
  void reportAt(clang::SourceLocation Primary, clang::SourceLocation Other,
                llvm::StringRef OtherNote, llvm::StringRef Message,
                clang::ASTContext &Ctx);
};

} // namespace tablelint::code
