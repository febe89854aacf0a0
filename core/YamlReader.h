// Strict reading of YAML mappings for tablelint's input files: every key is
// either known or an error, every value has the expected type, and each
// problem is reported at the line and column of the offending node.
#pragma once

#include "core/InputError.h"

#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

// An error at a node's position (yaml-cpp marks are 0-based).
InputError errorAt(const std::string &File, const YAML::Node &Node,
                   std::string Message);

// Parses a whole document; a syntax error becomes one InputError.
std::optional<YAML::Node> parseYaml(const std::string &File,
                                    const std::string &Text,
                                    std::vector<InputError> &Errors);

// Reads the fields of one mapping. Each accessor marks its key as known;
// finish() reports the keys no accessor asked for.
class YamlMap {
public:
  // What names the mapping in messages ("rule", "checklist item").
  YamlMap(const YAML::Node &Node, const std::string &File,
          std::vector<InputError> &Errors, std::string What);

  bool valid() const { return Valid; }
  const YAML::Node &node() const { return Node; }

  // The raw node, or an undefined node when absent (reports a missing
  // required key).
  YAML::Node get(std::string_view Key, bool Required);
  std::optional<std::string> string(std::string_view Key, bool Required);
  std::optional<std::vector<std::string>> strings(std::string_view Key,
                                                  bool Required);
  std::optional<std::vector<unsigned>> numbers(std::string_view Key,
                                               bool Required);
  std::optional<unsigned> number(std::string_view Key, bool Required);
  // A string that must be one of Allowed.
  std::optional<std::string> oneOf(std::string_view Key, bool Required,
                                   std::initializer_list<std::string_view> Allowed);

  // Reports unknown keys.
  void finish();

  void error(const YAML::Node &At, std::string Message);

private:
  YAML::Node Node;
  const std::string &File;
  std::vector<InputError> &Errors;
  std::string What;
  std::vector<std::string> Known;
  bool Valid = true;
};

} // namespace tablelint
