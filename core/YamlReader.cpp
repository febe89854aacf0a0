// Strict YAML mapping reader: known keys, typed values, positioned errors.
#include "core/YamlReader.h"

#include "core/NameHint.h"
#include "core/schema/YamlLines.h"

#include <algorithm>

namespace tablelint {

InputError errorAt(const std::string &File, const YAML::Node &Node,
                   std::string Message) {
  InputError E;
  E.File = File;
  E.Message = std::move(Message);
  if (Node.IsDefined() && Node.Mark().line >= 0) {
    E.Line = static_cast<unsigned>(Node.Mark().line) + 1;
    E.Column = static_cast<unsigned>(Node.Mark().column) + 1;
  }
  return E;
}

std::optional<YAML::Node> parseYaml(const std::string &File,
                                    const std::string &Text,
                                    std::vector<InputError> &Errors) {
  try {
    return YAML::Load(Text);
  } catch (const YAML::ParserException &Ex) {
    InputError E;
    E.File = File;
    E.Line = static_cast<unsigned>(Ex.mark.line) + 1;
    E.Column = static_cast<unsigned>(Ex.mark.column) + 1;
    E.Message = "invalid YAML: " + Ex.msg;
    // Report the mistake where it is, and where the parser gave up.
    if (std::optional<schema::YamlSyntaxCause> Cause =
            schema::findYamlSyntaxCause(Text, E.Line, E.Column)) {
      E.Message = "invalid YAML: " + Cause->Message +
                  " (the parser gave up at " + std::to_string(E.Line) + ":" +
                  std::to_string(E.Column) + ": " + Ex.msg + ")";
      E.Line = Cause->Line;
      E.Column = Cause->Column;
    }
    Errors.push_back(std::move(E));
  } catch (const YAML::Exception &Ex) {
    Errors.push_back({File, 0, 0, std::string("invalid YAML: ") + Ex.what()});
  }
  return std::nullopt;
}

YamlMap::YamlMap(const YAML::Node &Node, const std::string &File,
                 std::vector<InputError> &Errors, std::string What)
    : Node(Node), File(File), Errors(Errors), What(std::move(What)) {
  if (!Node.IsMap()) {
    Valid = false;
    this->Errors.push_back(
        errorAt(File, Node, "expected a mapping for the " + this->What));
  }
}

void YamlMap::error(const YAML::Node &At, std::string Message) {
  Errors.push_back(errorAt(File, At.IsDefined() ? At : Node, std::move(Message)));
}

YAML::Node YamlMap::get(std::string_view Key, bool Required) {
  Known.emplace_back(Key);
  if (!Valid)
    return YAML::Node(YAML::NodeType::Undefined);
  for (const auto &KV : Node) {
    if (KV.first.IsScalar() && KV.first.Scalar() == Key)
      return KV.second;
  }
  if (Required)
    error(Node, "missing required key '" + std::string(Key) + "' in the " +
                    What);
  return YAML::Node(YAML::NodeType::Undefined);
}

std::optional<std::string> YamlMap::string(std::string_view Key,
                                           bool Required) {
  YAML::Node V = get(Key, Required);
  if (!V.IsDefined())
    return std::nullopt;
  if (!V.IsScalar()) {
    error(V, "'" + std::string(Key) + "' must be a string");
    return std::nullopt;
  }
  if (Required && V.Scalar().empty()) {
    error(V, "'" + std::string(Key) + "' must not be empty");
    return std::nullopt;
  }
  return V.Scalar();
}

std::optional<std::vector<std::string>>
YamlMap::strings(std::string_view Key, bool Required) {
  YAML::Node V = get(Key, Required);
  if (!V.IsDefined())
    return std::nullopt;
  if (!V.IsSequence()) {
    error(V, "'" + std::string(Key) + "' must be a list of strings");
    return std::nullopt;
  }
  std::vector<std::string> Out;
  for (const auto &Item : V) {
    if (!Item.IsScalar() || Item.Scalar().empty()) {
      error(Item, "'" + std::string(Key) + "' must be a list of strings");
      return std::nullopt;
    }
    Out.push_back(Item.Scalar());
  }
  return Out;
}

std::optional<unsigned> YamlMap::number(std::string_view Key, bool Required) {
  YAML::Node V = get(Key, Required);
  if (!V.IsDefined())
    return std::nullopt;
  const std::string S = V.IsScalar() ? V.Scalar() : std::string();
  if (S.empty() || S.size() > 9 ||
      !std::all_of(S.begin(), S.end(), [](char C) { return C >= '0' && C <= '9'; })) {
    error(V, "'" + std::string(Key) + "' must be a whole number");
    return std::nullopt;
  }
  return static_cast<unsigned>(std::stoul(S));
}

std::optional<std::vector<unsigned>>
YamlMap::numbers(std::string_view Key, bool Required) {
  YAML::Node V = get(Key, Required);
  if (!V.IsDefined())
    return std::nullopt;
  if (!V.IsSequence()) {
    error(V, "'" + std::string(Key) + "' must be a list of whole numbers");
    return std::nullopt;
  }
  std::vector<unsigned> Out;
  for (const auto &Item : V) {
    const std::string S = Item.IsScalar() ? Item.Scalar() : std::string();
    if (S.empty() || S.size() > 9 ||
        !std::all_of(S.begin(), S.end(),
                     [](char C) { return C >= '0' && C <= '9'; })) {
      error(Item, "'" + std::string(Key) + "' must be a list of whole numbers");
      return std::nullopt;
    }
    Out.push_back(static_cast<unsigned>(std::stoul(S)));
  }
  return Out;
}

std::optional<std::string>
YamlMap::oneOf(std::string_view Key, bool Required,
               std::initializer_list<std::string_view> Allowed) {
  YAML::Node V = get(Key, Required);
  auto S = V.IsDefined() && V.IsScalar() ? std::optional(V.Scalar())
                                         : std::nullopt;
  if (!V.IsDefined())
    return std::nullopt;
  if (S && std::find(Allowed.begin(), Allowed.end(), *S) != Allowed.end())
    return S;
  std::string List;
  for (std::string_view A : Allowed)
    List += (List.empty() ? "" : ", ") + std::string(A);
  error(V, "'" + std::string(Key) + "' must be one of " + List +
               (S ? ", got '" + *S + "'" : std::string()));
  return std::nullopt;
}

namespace {
// The value of a misplaced skew key when it is a short number, else "s":
// the hint echoes only what is safe and short to echo.
std::string skewText(const YAML::Node &V) {
  if (!V.IsScalar())
    return "s";
  const std::string &S = V.Scalar();
  const bool Number = !S.empty() && S.size() <= 8 &&
                      std::all_of(S.begin(), S.end(), [](char C) {
                        return (C >= '0' && C <= '9') || C == '.';
                      });
  return Number ? S : "s";
}
} // namespace

void YamlMap::finish() {
  if (!Valid)
    return;
  for (const auto &KV : Node) {
    const std::string K = KV.first.IsScalar() ? KV.first.Scalar() : "";
    if (std::find(Known.begin(), Known.end(), K) != Known.end())
      continue;
    // Three digits as a key: what is left of a number written with a
    // thousands separator inside { } (`distinct: 50,000`), where a comma
    // ends the value.
    const bool Thousands =
        K.size() == 3 && std::all_of(K.begin(), K.end(), [](char C) {
          return C >= '0' && C <= '9';
        });
    // A zipf exponent written as a key of its own (`skew: 0.8`), as other
    // generators spell it: here it is the distribution's argument.
    std::string Hint;
    if (Thousands)
      Hint = "; a comma ends a value inside { }: write numbers without "
             "thousands separators (50000 or 50k)";
    else if ((K == "skew" || K == "theta" || K == "exponent") &&
             std::find(Known.begin(), Known.end(), "distribution") !=
                 Known.end())
      Hint = "; a skew is part of the distribution: write `distribution: "
             "zipf(" +
             skewText(KV.second) + ")`";
    else
      Hint = didYouMean(K, Known);
    Errors.push_back(errorAt(File, KV.first,
                             "unknown key '" + K + "' in the " + What + Hint));
  }
}

} // namespace tablelint
