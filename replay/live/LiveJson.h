// A small JSON value, parser and writer for exactly what the Table service
// exchanges: entity objects, query pages ({"value": [...]}) and error bodies
// ({"odata.error": {...}}). The live backend must not depend on LLVM, so it
// cannot use llvm::json.
//
// Numbers keep their source text: an Edm.Int64 or a Double must not lose
// digits on the way through, and "is it an integer" is a question about the
// text ("2" vs "2.0"), not about the value.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tablelint::live {

class JsonValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  static JsonValue null() { return JsonValue(); }
  static JsonValue boolean(bool B);
  // Text must be a valid JSON number; the writer copies it verbatim.
  static JsonValue number(std::string Text);
  static JsonValue string(std::string S);
  static JsonValue array(std::vector<JsonValue> Items = {});
  static JsonValue object(std::vector<Member> Members = {});

  Kind kind() const { return K; }
  bool isNull() const { return K == Kind::Null; }
  bool isBool() const { return K == Kind::Bool; }
  bool isNumber() const { return K == Kind::Number; }
  bool isString() const { return K == Kind::String; }
  bool isArray() const { return K == Kind::Array; }
  bool isObject() const { return K == Kind::Object; }

  bool asBool() const { return Bool; }
  // The number's source text, or the string's decoded UTF-8 value.
  const std::string &text() const { return Text; }
  const std::vector<JsonValue> &items() const { return Items; }
  // Members in document order (duplicate names are kept as they came).
  const std::vector<Member> &members() const { return Members; }
  // The first member named Name, or null when absent or not an object.
  const JsonValue *find(std::string_view Name) const;

  // Appends to an array / object (no-op on other kinds).
  void push(JsonValue V);
  void set(std::string Name, JsonValue V);

private:
  Kind K = Kind::Null;
  bool Bool = false;
  std::string Text;
  std::vector<JsonValue> Items;
  std::vector<Member> Members;
};

// Parses one JSON document (RFC 8259; surrounding whitespace allowed). On
// error returns nullopt and sets Error to "offset N: what was expected".
std::optional<JsonValue> parseJson(std::string_view Text, std::string &Error);

// Compact single-line JSON (the batch format needs each body on one line).
std::string writeJson(const JsonValue &V);
// Appends S as a quoted JSON string, escaping quotes, backslashes and control
// characters; other UTF-8 passes through unchanged.
void appendJsonString(std::string &Out, std::string_view S);

} // namespace tablelint::live
