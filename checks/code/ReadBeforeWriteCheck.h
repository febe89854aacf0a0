// tablelint-read-before-write (checklist item 27): a point read of a key
// whose only purpose is to choose between inserting the entity (where it
// is missing: a caught RequestFailedException, a 404 status) and replacing
// or merging it (where it exists). One upsert does both in one request and
// cannot race another writer between the read and the write.
//
// The suggestion follows the SDK generation of the called class, read from
// its declared methods (their write kinds in the role map):
// UpdateOrInsertEntity/MergeOrInsertEntity, UpsertEntity with an
// UpsertKind, or table_operation::insert_or_replace/merge_entity.
//
// Also flagged: a read whose result nothing uses (no status test, no catch
// of "not found") followed by an upsert of the same key: the upsert writes
// either way.
//
// Also flagged: the read's entity held in a local, changed and written
// back by an upsert through the same client, with no status test and no
// try around the read: a round trip an upsert of the changed properties
// saves, or, when the change uses the old values, a write that should carry
// the read's ETag.
//
// Not flagged: a read whose result is otherwise used for anything but its
// status (an ETag passed to the write, properties copied), a write with
// options (If-Match), a write of another key or through another client, a
// read followed by only an insert or only an update (no upsert does that).
#pragma once

#include <optional>
#include <string>

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class ReadBeforeWriteCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

};

// The finding's message for a point read (F its role entry), or nullopt
// when the read decides something or nothing writes its key back.
std::optional<std::string> readBeforeWriteProblem(const clang::CallExpr *Call,
                                                  const ApiFunction *F,
                                                  clang::ASTContext &Ctx,
                                                  const ApiRoles &Roles);

// True when this rule reports the point read Call. Such a read inside a
// loop over a query's results is its problem, not n-plus-one-reads': the
// read exists only to write the entity back, and dropping it (or making the
// write conditional) is the fix for every pass of the loop.
bool readBeforeWriteReports(const clang::CallExpr *Call, clang::ASTContext &Ctx,
                            const ApiRoles &Roles);

} // namespace tablelint::code
