// The names a table-name template ("Logs{loggedAt:yyyyMMdd}",
// "Orders{tenantId}") can render, judged by the service's naming rules:
// letters and digits only, 3 to 63 characters, a letter first.
#include "checks/schema/SchemaContext.h"

#include "core/ServiceLimits.h"

#include <algorithm>
#include <cctype>

namespace tablelint::schema {

namespace {

bool isAlnum(char C) { return std::isalnum(static_cast<unsigned char>(C)); }
bool isAlpha(char C) { return std::isalpha(static_cast<unsigned char>(C)); }

// What one part renders: its length range (Max 0: unbounded), whether its
// first character is surely a letter, and the first character it renders
// that a table name cannot hold (0: none known).
struct Rendering {
  unsigned Min = 0, Max = 0;
  bool LetterFirst = false;
  char Bad = 0;
};

Rendering ofTexts(const std::vector<std::string> &Texts) {
  Rendering R;
  R.Min = ~0u;
  R.LetterFirst = true;
  for (const std::string &T : Texts) {
    R.Min = std::min<unsigned>(R.Min, static_cast<unsigned>(T.size()));
    R.Max = std::max<unsigned>(R.Max, static_cast<unsigned>(T.size()));
    R.LetterFirst = R.LetterFirst && !T.empty() && isAlpha(T[0]);
    for (char C : T)
      if (!isAlnum(C) && !R.Bad)
        R.Bad = C;
  }
  return R;
}

Rendering digits(unsigned Min, unsigned Max) {
  Rendering R;
  R.Min = Min;
  R.Max = Max;
  return R;
}

Rendering placeholder(const KeyPart &Part, const Property *P) {
  unsigned Pad = 0;
  for (const KeyFunction &F : Part.Functions) {
    if (F.Fn == KeyFunction::Hash) {
      const auto W = static_cast<unsigned>(std::to_string(F.Arg - 1).size());
      return digits(W, W);
    }
    if (F.Fn == KeyFunction::Reverse)
      return digits(19, 19);
    Pad = static_cast<unsigned>(F.Arg);
  }
  Rendering R;
  if (!P)
    return R;
  switch (P->Type) {
  case EdmType::DateTime:
    if (Part.Format.empty()) {
      R = digits(20, 28);
      R.Bad = '-';
    } else if (Part.Format == "ticks") {
      R = digits(19, 19);
    } else {
      const auto Width =
          static_cast<unsigned>(renderedWidth(Part.DateFormat));
      R = digits(Width, Width);
      // A letter first only from literal text that no reader of the
      // format would take for a unit (.NET reads "yy" as the year).
      const char First = Part.Format[0];
      R.LetterFirst = !isDotNetDateLetter(First) && isAlpha(First);
      // Units render digits: what a name cannot hold is in the literals.
      for (const DateToken &T : Part.DateFormat)
        if (T.Unit == DateUnit::Literal)
          for (char C : T.Text)
            if (!isAlnum(C) && !R.Bad)
              R.Bad = C;
    }
    break;
  case EdmType::Int32:
  case EdmType::Int64: {
    if (!P->Values.empty())
      return ofTexts(P->Values);
    unsigned Width = 0;
    if (Part.Format.size() > 1 &&
        (Part.Format[0] == 'D' || Part.Format[0] == 'd'))
      Width = static_cast<unsigned>(std::atoi(Part.Format.c_str() + 1));
    const unsigned Most = P->Type == EdmType::Int32 ? 10 : 19;
    R = digits(std::max(1u, Width), std::max(Most, Width));
    break;
  }
  case EdmType::Boolean:
    return ofTexts({"true", "false"});
  case EdmType::Double:
    R = digits(1, 24);
    R.Bad = '.';
    break;
  case EdmType::Guid:
    R = digits(36, 36);
    R.Bad = '-';
    break;
  case EdmType::Binary: {
    const unsigned Hex = P->Bytes ? static_cast<unsigned>(2 * *P->Bytes) : 0;
    R = digits(Hex ? Hex : 2, Hex);
    break;
  }
  case EdmType::String:
    if (!P->Values.empty())
      return ofTexts(P->Values);
    // Unknown characters: only the declared size is judged.
    R.Min = R.Max = P->Bytes ? static_cast<unsigned>(*P->Bytes) : 0;
    R.Min = std::max(R.Min, 1u);
    R.LetterFirst = true; // not known otherwise: no finding
    break;
  }
  if (Pad) {
    R.Min = std::max(R.Min, Pad);
    if (R.Max)
      R.Max = std::max(R.Max, Pad);
    R.LetterFirst = false; // padded with '0'
  }
  return R;
}

} // namespace

std::string tableNameTemplateProblem(const Table &T, const KeyTemplate &Name) {
  unsigned Min = 0, Max = 0;
  bool Bounded = true;
  for (std::size_t I = 0; I < Name.Parts.size(); ++I) {
    const KeyPart &Part = Name.Parts[I];
    const Rendering R = Part.IsPlaceholder
                            ? placeholder(Part, T.property(Part.Text))
                            : ofTexts({Part.Text});
    const std::string Shown =
        Part.IsPlaceholder
            ? "'{" + Part.Text +
                  (Part.Format.empty() ? "" : ":" + Part.Format) + "}'"
            : "'" + Part.Text + "'";
    if (R.Bad)
      return "renders '" + std::string(1, R.Bad) + "' from " + Shown +
             " (letters and digits only)";
    if (I == 0 && !R.LetterFirst)
      return "can start with a digit (from " + Shown + ")";
    Min += R.Min;
    if (R.Max == 0)
      Bounded = false;
    Max += R.Max;
  }
  if (Min < limits::MinTableNameLength)
    return "renders names of " + std::to_string(Min) +
           " characters (3 to 63 allowed)";
  if (Bounded && Max > limits::MaxTableNameLength)
    return "renders names of up to " + std::to_string(Max) +
           " characters (3 to 63 allowed)";
  if (Min > limits::MaxTableNameLength)
    return "renders names of at least " + std::to_string(Min) +
           " characters (3 to 63 allowed)";
  return {};
}

} // namespace tablelint::schema
