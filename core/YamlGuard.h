// Guards for the YAML files tablelint reads from users (schemas,
// .tablelint.yaml): the hostile shapes are refused with a positioned error
// before they can cost much, and what yaml-cpp accepts silently is an error.
//
// - Nesting is measured on the raw text before yaml-cpp parses it, because
//   yaml-cpp recurses once per level (10,000 levels overflow the stack).
// - The parsed document is walked once: nodes are counted with aliases
//   expanded (an alias bomb is small as text and huge as a tree), the depth
//   is bounded again (an alias may refer to its own ancestor), and duplicate
//   keys are reported (yaml-cpp keeps one of them without a word).
#pragma once

#include "core/InputError.h"
#include "core/schema/YamlLines.h"

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

struct YamlGuardLimits {
  unsigned MaxDepth = 64;             // nested collections
  std::uint64_t MaxNodes = 2'000'000; // nodes after expanding aliases
};

// Nesting measured on the text, then parseYaml, then checkYamlDocument.
// Returns the document unless it could not be parsed or was refused;
// duplicate keys are errors in Errors but the document is returned.
std::optional<YAML::Node> parseGuardedYaml(const std::string &File,
                                           const std::string &Text,
                                           const YamlGuardLimits &Limits,
                                           std::vector<InputError> &Errors);

// The nesting of the raw text (its lines, scanned by the caller): an error
// at the first place deeper than MaxDepth, or nullopt.
std::optional<InputError>
findDeepYamlNesting(const std::string &File,
                    const std::vector<schema::YamlLine> &Lines,
                    unsigned MaxDepth);

// The walk of a parsed document. False when it was refused (too many nodes
// or too deep through aliases); duplicate keys are reported and keep it
// usable.
bool checkYamlDocument(const YAML::Node &Root, const std::string &File,
                       const YamlGuardLimits &Limits,
                       std::vector<InputError> &Errors);

} // namespace tablelint
