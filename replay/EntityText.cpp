// Printing values and logical entities for the comparison reports.
#include "replay/EntityText.h"

#include <cstdio>

namespace tablelint::replay {

std::string hexText(const std::string &Bytes) {
  static const char Digits[] = "0123456789abcdef";
  std::string Out;
  for (unsigned char C : Bytes) {
    Out += Digits[C >> 4];
    Out += Digits[C & 15];
  }
  return Out;
}

std::string edmValueText(const EdmValue *V) {
  if (!V)
    return "null";
  switch (V->Type) {
  case EdmType::String:
  case EdmType::Guid:
    return "'" + V->Text + "'";
  case EdmType::Binary:
    return "X'" + hexText(V->Text) + "'";
  case EdmType::Int32:
  case EdmType::Int64:
    return std::to_string(V->Int);
  case EdmType::DateTime:
    return formatDateTimeTicks(V->Int);
  case EdmType::Double: {
    char Buf[40];
    std::snprintf(Buf, sizeof Buf, "%.17g", V->Real);
    return Buf;
  }
  case EdmType::Boolean:
    return V->Bool ? "true" : "false";
  }
  return "?";
}

std::string logicalEntityText(const Workload &W, std::uint32_t Entity) {
  // Payload-sized values would drown the report: their start is enough to
  // tell the entity.
  constexpr std::size_t MaxValueChars = 48;
  const EntityFamily &F = W.Families[W.familyOf(Entity)];
  std::string Out = "{";
  EdmValue V;
  for (std::uint32_t P = 0; P < F.Properties.size(); ++P) {
    W.value(Entity, P, V);
    std::string Text = edmValueText(&V);
    if (Text.size() > MaxValueChars)
      Text = Text.substr(0, MaxValueChars) + "... (" +
             std::to_string(Text.size()) + " characters)";
    Out += (P ? ", " : "") + F.Properties[P].Name + ": " + Text;
  }
  return Out + "}";
}

} // namespace tablelint::replay
