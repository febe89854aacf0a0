// Tables with several entity types (an order header and its lines under one
// PartitionKey, employee entities and their index entities in the same
// partition) seen as one single-type table per type: what the schema checks
// judge and the replay builds entities from. A table without `entityTypes`
// is its own only view.
#pragma once

#include "core/schema/Schema.h"

#include <string>
#include <vector>

namespace tablelint::schema {

// One Table per entity type, in declaration order: the table's name, path,
// account, retention and transactions; the type's keys (the table's
// PartitionKey unless it declares its own); the table's shared properties
// followed by the type's own; the writes that name the type; the queries
// that name it (those naming none belong to the first type); the type's
// `entities`. A table without entityTypes gives one view equal to itself.
std::vector<Table> entityTypeViews(const Table &T);

// The index of the entity type a write or query names (0 when it names
// none or the table has one type); -1 when the name is not declared.
int entityTypeIndex(const Table &T, const std::string &Name);

// The keys and properties of the entity type a write or query names (the
// table's own for a table with one type; the first type's for an unknown
// name, which the loader has reported).
const KeyTemplate &entityPartitionKey(const Table &T, const std::string &Type);
const KeyTemplate &entityRowKey(const Table &T, const std::string &Type);
// Pointers into T: its shared properties, then the type's own.
std::vector<const Property *> entityProperties(const Table &T,
                                               const std::string &Type);

// A write name declared in several tables is one logical write mirrored
// into each (an index table kept by the same write). Its entities are
// those of its home: the first declaring table whose entity type has every
// property the declaring tables' key templates use. Null when the name is
// not a write, or no declaring table has them all (the loader reports
// that, and two declarations with different ops).
const Table *writeHomeTable(const Schema &S, const std::string &WriteName);
// For the loader: the properties of the declaring tables' keys that Home's
// entities lack, in the order the tables declare them.
std::vector<std::string> mirroredKeyPropertiesMissing(
    const Schema &S, const std::string &WriteName, const Table &Home);

} // namespace tablelint::schema
