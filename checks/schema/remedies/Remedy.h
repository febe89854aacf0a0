// The remedies of `tablelint suggest`, one file each in this directory, the
// way a clang-tidy check is added: a class implementing Remedy (what it
// detects, what it proposes, the Note that explains it) and one line in the
// ordered registry (Remedies.cpp). SuggestDesign runs them in that order
// over a copy of the schema; RemedyContext holds what they share.
#pragma once

#include "checks/schema/SuggestDesign.h"

#include <cstddef>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

namespace tablelint::schema {

// The findings a remedy may answer: not suppressed, by rule and element.
class FindingIndex {
public:
  FindingIndex(const Schema &Design, const SchemaCheckOptions &Options);
  bool has(const std::string &Rule, const std::string &Path) const;
  // The rules of the findings on Path or on an element under it (its
  // writes, queries, properties), among Rules and in their order.
  std::vector<std::string>
  rulesUnder(const std::string &Path,
             const std::vector<std::string> &Rules) const;

private:
  static std::string key(const std::string &Rule, const std::string &Path);
  std::unordered_set<std::string> Keys;
};

// Whether each PartitionKey of T holds one entity: every property of the
// RowKey is in the PartitionKey whole (no format, no function), or the
// RowKey is constant. No bucket splits such a key's load.
bool oneEntityPerKey(const Table &T);

// Appends Text to a Note as a line of its own.
void addNote(std::string &Note, const std::string &Text);

// What the remedies share while suggest rewrites one design.
class RemedyContext {
public:
  RemedyContext(const Schema &Current, const SchemaCheckOptions &Options,
                const RemedyFilter &Allow, SuggestResult &R);

  // Whether the remedy of Rule may change the current design's element
  // at Path; sets it as the subject of the changes that follow.
  bool allowed(const char *Rule, const std::string &Path);
  // Writes Text on Note and records it as a change of the element at Path.
  void change(const char *Rule, const std::string &Path, std::string &Note,
              const std::string &Text);
  // A table name made of Base's letters and digits that no table of the
  // design has yet.
  std::string uniqueTableName(const std::string &Base) const;
  // The findings of the design the remedies work on: the current one's,
  // and for the tables remedies added, the suggested design's.
  const FindingIndex &found() const { return *Found; }
  void useFindings(const FindingIndex &F) { Found = &F; }

  const Schema &Current;
  const SchemaCheckOptions &Options;
  SuggestResult &R;
  std::string Subject; // of the remedy being applied
  // The subject of each table a remedy added (an index table's: the
  // query it was made for), in the order they were added.
  std::vector<std::string> AddedSubjects;
  // The tables (by path) whose partition key a remedy has replaced: the
  // key remedies after it leave them (one key design per table).
  std::set<std::string> KeyedTables;

private:
  const RemedyFilter &Allow;
  const FindingIndex CurrentFindings;
  const FindingIndex *Found = &CurrentFindings;
};

class Remedy {
public:
  virtual ~Remedy() = default;
  // A short name for the remedy ("hash-bucketing").
  virtual const char *id() const = 0;
  // The rules whose findings it answers.
  virtual std::vector<std::string> rules() const = 0;
  // Whether a table suggest keeps as it is gets advice for the findings
  // of these rules: not for a client remedy's, nor for one that answers
  // only some findings of its rule (a sweep among low-density-query's).
  virtual bool onTables() const { return true; }

  // Schema level, each client in turn.
  virtual void applyToClient(RemedyContext &, Client &) const {}
  // Tables added for the declared table at Index (R.Design.Tables grows),
  // before any remedy below runs on a table.
  virtual void addTables(RemedyContext &, std::size_t /*Index*/) const {}
  // Each declared table a remedy may change, in turn.
  virtual void apply(RemedyContext &, Table &) const {}
  // Whether apply(Table) runs on the added tables too, after the declared
  // ones, judged by the suggested design's findings.
  virtual bool onAddedTables() const { return false; }
};

// Every remedy, in the order suggest applies them.
const std::vector<const Remedy *> &remedies();

} // namespace tablelint::schema
