// invalid-name (data model): table names outside ^[A-Za-z][A-Za-z0-9]{2,62}$
// or reserved ("tables"), and table-name templates that can render such a
// name; property names that are not C# identifiers, longer
// than 255 characters, or the system properties' names.
#include "checks/schema/Checks.h"

#include "core/ServiceLimits.h"

#include <algorithm>
#include <cctype>

namespace tablelint::schema {

namespace {

// The character starting at byte I, whole: a UTF-8 sequence is quoted as
// the character it is ('Ü'), never as one of its bytes.
std::string characterAt(const std::string &Name, std::size_t I) {
  const auto Lead = static_cast<unsigned char>(Name[I]);
  std::size_t Length = Lead < 0x80 ? 1 : Lead >= 0xF0 ? 4 : Lead >= 0xE0 ? 3
                                                      : Lead >= 0xC0 ? 2 : 1;
  Length = std::min(Length, Name.size() - I);
  for (std::size_t K = 1; K < Length; ++K)
    if ((static_cast<unsigned char>(Name[I + K]) & 0xC0) != 0x80)
      return Name.substr(I, K);
  return Name.substr(I, Length);
}

std::string tableNameProblem(const std::string &Name) {
  if (Name.size() < limits::MinTableNameLength ||
      Name.size() > limits::MaxTableNameLength)
    return "has " + std::to_string(Name.size()) +
           " characters (3 to 63 allowed)";
  if (!std::isalpha(static_cast<unsigned char>(Name[0])))
    return "must start with an ASCII letter (A-Z, a-z), not '" +
           characterAt(Name, 0) + "'";
  for (std::size_t I = 0; I < Name.size(); ++I)
    if (!std::isalnum(static_cast<unsigned char>(Name[I])))
      return "contains '" + characterAt(Name, I) +
             "' (ASCII letters and digits only)";
  std::string Lower;
  for (char C : Name)
    Lower += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  if (Lower == "tables")
    return "is reserved";
  return {};
}

std::string propertyNameProblem(const std::string &Name) {
  if (Name.empty())
    return "is empty";
  if (Name.size() > limits::MaxPropertyNameLength)
    return "has " + std::to_string(Name.size()) + " characters (at most 255)";
  if (Name == "PartitionKey" || Name == "RowKey" || Name == "Timestamp")
    return "is a system property's name";
  const unsigned char First = static_cast<unsigned char>(Name[0]);
  if (!std::isalpha(First) && First != '_')
    return "must start with an ASCII letter or '_', not '" +
           characterAt(Name, 0) + "'";
  for (std::size_t I = 0; I < Name.size(); ++I)
    if (!std::isalnum(static_cast<unsigned char>(Name[I])) && Name[I] != '_')
      return "contains '" + characterAt(Name, I) +
             "' (ASCII letters, digits and '_' only)";
  return {};
}

} // namespace

void checkInvalidName(const SchemaContext &C, FindingSink &Sink) {
  for (const Table &T : C.S.Tables) {
    const std::string Problem =
        T.NameTemplate ? tableNameTemplateProblem(T, *T.NameTemplate)
                       : tableNameProblem(T.Name);
    if (!Problem.empty())
      Sink.report(T.Path, T.Pos,
                  std::string(T.NameTemplate ? "table name template '"
                                             : "table name '") +
                      T.Name + "' " + Problem +
                      "; table names match ^[A-Za-z][A-Za-z0-9]{2,62}$");
    auto CheckProperties = [&](const std::vector<Property> &Properties) {
      for (const Property &P : Properties) {
        const std::string PropProblem = propertyNameProblem(P.Name);
        if (!PropProblem.empty())
          Sink.report(P.Path, P.Pos,
                      "property name '" + P.Name + "' " + PropProblem +
                          "; property names follow C# identifier rules");
      }
    };
    CheckProperties(T.Properties);
    for (const EntityType &Type : T.EntityTypes)
      CheckProperties(Type.Properties);
  }
}

} // namespace tablelint::schema
