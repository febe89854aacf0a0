// Query rewriting for a change of keys. A filter written on the physical
// keys ("PartitionKey eq '{placedAt:yyyyMMdd}' and RowKey ge '{customerId}_'
// and RowKey lt '{customerId}`'") is read through the table's key templates
// as what it asks of the entity's own properties (the day of placedAt, and
// customerId), then written again on other key templates so that it returns
// the same entities ("PartitionKey eq '{customerId}' and RowKey ge
// '{placedAt:yyyyMMdd}_{customerId}_' and ...").
//
// Mapped: an equality on a key, matched part by part against its template
// (placeholders of the same property, format and functions; the same
// literal text), and a RowKey prefix range (`ge 'P'` with `lt` P with its
// last character one higher) whose P is the key's leading parts up to a
// literal. A prefix range is read as the equality its author meant: the
// values before the literal do not contain it. Conditions on other
// properties are kept as written.
//
// Not mapped, with the reason in plain words: a range over the
// PartitionKey or any other RowKey range (it selects by the key's text,
// which other keys order differently), a key condition inside `or` or
// `not`, a constant key value where the key has placeholders, a
// placeholder that pins only a hash bucket or a format that keeps part of
// a value (a day of a time) where the new keys render it otherwise, a new
// key made of a property the filter does not give, a `top` read whose rows
// the new keys would order differently, and a fan-out read.
#pragma once

#include "core/schema/Schema.h"

#include <string>
#include <vector>

namespace tablelint::schema {

// What a filter asks of the entity's properties through the key templates.
struct LogicalFilter {
  // The placeholders the key conditions pin, as the current keys render
  // them (property, format, functions); a property may appear more than
  // once with different renderings. With Why set, what is known to be
  // pinned all the same (a PartitionKey equality, the values of a RowKey
  // range's prefix up to its last literal).
  std::vector<KeyPart> Pins;
  // Whether the filter pins one partition (an equality on the PartitionKey).
  bool PinsPartition = false;
  // The RowKey parts after those the filter pins, as template text: what
  // orders the rows it returns within the partition.
  std::string RowOrder;
  // The conditions that are not on the keys, as written (an `or` in
  // parentheses).
  std::vector<std::string> Rest;
  // Non-empty: no mapping, and why.
  std::string Why;
};

// Reads Filter (a query's filter template) through the keys Pk and Rk.
LogicalFilter mapKeyConditions(const std::string &Filter,
                               const KeyTemplate &Pk, const KeyTemplate &Rk);

// Whether L gives the whole value of Property: a key condition pins it as
// it is (no hash, no format that keeps part of it), or a condition on the
// properties names its placeholder. What a reader needs to know a hash
// bucket of Property.
bool givesWholeValue(const LogicalFilter &L, const std::string &Property);

struct RewrittenFilter {
  std::string Filter; // the filter template on the new keys
  std::string Why;    // non-empty: no rewrite, and why
};

// Writes L on the keys Pk and Rk of T's entities (T gives the properties'
// types): the PartitionKey and the longest RowKey prefix the pins render,
// the rest of the pins as equalities on the properties, then L.Rest.
// OrderMatters: the query keeps the first rows in key order (`top`), so the
// rows of the partition must stay in the same order.
RewrittenFilter renderInKeys(const LogicalFilter &L, const Table &T,
                             const KeyTemplate &Pk, const KeyTemplate &Rk,
                             bool OrderMatters);

// Q of T rewritten from T's keys onto Pk and Rk (both steps above).
RewrittenFilter rewriteQueryForKeys(const Table &T, const Query &Q,
                                    const KeyTemplate &Pk,
                                    const KeyTemplate &Rk);

} // namespace tablelint::schema
