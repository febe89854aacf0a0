// A schema drafted from the facts the code model found in every
// translation unit (checks/code/model/SchemaFacts.h), for `tablelint schema
// init`: one table per table name (a name template when the code builds the
// name), keys from the writes' key-building code, a query per query call,
// a write per write call, a client per retry policy. Where each element
// comes from is its note ("from src/x.cpp:42"); what the code cannot know
// (rates, entity counts, distributions, retention, regions) is a TODO note
// with the docs' guidance, and a rate is written `TODO`, never a number.
#pragma once

#include "checks/code/model/SchemaFacts.h"
#include "core/schema/Schema.h"

#include <string>
#include <vector>

namespace tablelint {

// Facts of the units, in input order. Places are shown relative to Root
// (the project directory) when under it.
schema::Schema draftSchema(const std::vector<code::SchemaFacts> &Units,
                           const std::string &Root);

} // namespace tablelint
