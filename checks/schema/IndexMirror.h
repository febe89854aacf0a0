// What the index-table remedies of `suggest` share: an index table holds
// some of its source's properties and receives its writes under the same
// names, so the replay writes both; a write that can change the indexed
// value of a stored entity would leave the old index row behind.
#pragma once

#include "core/schema/Schema.h"

#include <string>
#include <vector>

namespace tablelint::schema {

// A write that can give a stored entity another value of Name: an update
// or upsert that writes it (a merge naming other properties cannot). Null
// when none.
const Write *changesProperty(const Table &T, const std::string &Name);

// The index entities' properties: the source's, in its order, that Keep
// names (all of them when Keep is empty), with paths under IdxPath.
std::vector<Property> indexEntityProperties(
    const Table &Source, const std::vector<std::string> &Keep,
    const std::string &IdxPath);

// The source's writes mirrored into the index Idx (its properties set): a
// merge sends only the properties the index holds, and none when it holds
// none of them; a sparse index's writes reach it only for When.
std::vector<Write> mirroredWrites(const Table &Source, const Table &Idx,
                                  const std::string &When);

} // namespace tablelint::schema
