// tablelint-unbatched-writes (checklist items 8 and 26): single-entity
// writes that could travel as one entity group transaction. Each write is a
// round trip and a billed transaction; a transaction carries up to
// limits::MaxBatchOperations writes to one partition in one request.
//
// Flags
// - a write in a loop whose partition key is the same on every pass (a
//   literal, a constant, or a variable the loop does not modify) and whose
//   row key comes from the loop variable or something derived from it;
// - MinWrites or more writes in a row in one block, to one table, with the
//   same partition key and different literal row keys.
// Not flagged: repeated writes to the same entity (not batchable), a
// partition key that changes per pass, a loop that already adds to a batch,
// a fallback loop inside a catch handler.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/TableModel.h"

#include <set>

namespace tablelint::code {

class UnbatchedWritesCheck : public TablelintCheck {
public:
  UnbatchedWritesCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context);
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;
  void onStartOfTranslationUnit() override {
    TablelintCheck::onStartOfTranslationUnit();
    SeenBlocks.clear();
  }

private:
  // A write of the role maps (F its entry).
  void checkWrite(const clang::CallExpr *Call, const ApiFunction *F,
                  clang::ASTContext &Ctx);
  // A call of the project's function: judged when its summary says it
  // writes.
  void checkWrapperCall(const clang::CallExpr *Call, clang::ASTContext &Ctx);
  // ClientFixed: the caller knows the client is the same on every pass
  // (a wrapper's object, which the wrapper call itself may "modify").
  // WrapperKeys: the keys a wrapper call writes, seen through its body.
  void checkLoop(const EntityRequest &R, const clang::Stmt *Loop,
                 clang::ASTContext &Ctx, bool ClientFixed = false,
                 const EntityKeys *WrapperKeys = nullptr);
  void checkBlock(const clang::CompoundStmt *Block, clang::ASTContext &Ctx);
  // "up to 100 writes per SubmitTransaction", from the client's methods.
  std::string batchHint(const EntityRequest &R) const;
  bool loopBatches(const clang::Stmt *Loop) const;

  unsigned MinWrites;
  std::set<const clang::CompoundStmt *> SeenBlocks;
};

} // namespace tablelint::code
