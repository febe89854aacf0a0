// Hostile-YAML guards shared by the schema loader and the configuration
// reader (see YamlGuard.h).
#include "core/YamlGuard.h"

#include "core/YamlReader.h"

#include <set>
#include <unordered_map>

namespace tablelint {

namespace {

class DocumentWalk {
public:
  DocumentWalk(const YamlGuardLimits &Limits, const std::string &File,
               std::vector<InputError> &Errors)
      : Limits(Limits), File(File), Errors(Errors), Budget(Limits.MaxNodes) {}

  bool check(const YAML::Node &Root) {
    walk(Root, 0);
    return !Stopped;
  }

private:
  // Recursion is bounded by MaxDepth, checked before going deeper.
  void walk(const YAML::Node &N, unsigned Depth) {
    if (Stopped)
      return;
    if (Budget-- == 0) {
      Errors.push_back(errorAt(
          File, N,
          "the document expands to more than " +
              std::to_string(Limits.MaxNodes) +
              " nodes through anchors and aliases; refusing to read it"));
      Stopped = true;
      return;
    }
    if (Depth > Limits.MaxDepth) {
      Errors.push_back(
          errorAt(File, N,
                  "aliases nest collections more than " +
                      std::to_string(Limits.MaxDepth) +
                      " levels deep (an alias inside the node it refers to?); "
                      "refusing to read it"));
      Stopped = true;
      return;
    }
    if (N.IsSequence()) {
      for (const auto &Item : N)
        walk(Item, Depth + 1);
    } else if (N.IsMap()) {
      checkDuplicateKeys(N);
      for (const auto &KV : N) {
        walk(KV.first, Depth + 1);
        walk(KV.second, Depth + 1);
      }
    }
  }

  void checkDuplicateKeys(const YAML::Node &Map) {
    // An aliased map is visited once per alias; report it once.
    const auto Where = std::make_pair(Map.Mark().line, Map.Mark().column);
    if (!CheckedMaps.insert(Where).second)
      return;
    std::unordered_map<std::string, int> FirstLine;
    for (const auto &KV : Map) {
      if (!KV.first.IsScalar())
        continue;
      auto [It, New] =
          FirstLine.emplace(KV.first.Scalar(), KV.first.Mark().line + 1);
      if (!New)
        Errors.push_back(errorAt(File, KV.first,
                                 "duplicate key '" + KV.first.Scalar() +
                                     "' (first at line " +
                                     std::to_string(It->second) + ")"));
    }
  }

  const YamlGuardLimits &Limits;
  const std::string &File;
  std::vector<InputError> &Errors;
  std::uint64_t Budget;
  bool Stopped = false;
  std::set<std::pair<int, int>> CheckedMaps;
};

} // namespace

std::optional<InputError>
findDeepYamlNesting(const std::string &File,
                    const std::vector<schema::YamlLine> &Lines,
                    unsigned MaxDepth) {
  const std::optional<schema::NestingProblem> Deep =
      schema::findDeepNesting(Lines, MaxDepth);
  if (!Deep)
    return std::nullopt;
  return InputError{File, Deep->Line, Deep->Column,
                    "collections nest more than " + std::to_string(MaxDepth) +
                        " levels deep here; refusing to read the file"};
}

bool checkYamlDocument(const YAML::Node &Root, const std::string &File,
                       const YamlGuardLimits &Limits,
                       std::vector<InputError> &Errors) {
  return DocumentWalk(Limits, File, Errors).check(Root);
}

std::optional<YAML::Node> parseGuardedYaml(const std::string &File,
                                           const std::string &Text,
                                           const YamlGuardLimits &Limits,
                                           std::vector<InputError> &Errors) {
  if (std::optional<InputError> Deep = findDeepYamlNesting(
          File, schema::scanYamlLines(Text), Limits.MaxDepth)) {
    Errors.push_back(std::move(*Deep));
    return std::nullopt;
  }
  std::optional<YAML::Node> Root = parseYaml(File, Text, Errors);
  if (!Root || !checkYamlDocument(*Root, File, Limits, Errors))
    return std::nullopt;
  return Root;
}

} // namespace tablelint
