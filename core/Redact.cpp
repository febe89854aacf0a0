// Secret redaction (see Redact.h).
#include "core/Redact.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace tablelint {

namespace {

constexpr std::string_view Ellipsis = "\u2026";
constexpr std::string_view RedactedTail = " characters, redacted)";

struct Span {
  std::size_t Begin, End;
};

bool isWordChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

bool isBase64Char(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '+' || C == '/';
}

bool startsWithNoCase(std::string_view Text, std::size_t At,
                      std::string_view Prefix) {
  if (Text.size() - At < Prefix.size())
    return false;
  for (std::size_t I = 0; I < Prefix.size(); ++I)
    if (std::tolower(static_cast<unsigned char>(Text[At + I])) !=
        std::tolower(static_cast<unsigned char>(Prefix[I])))
      return false;
  return true;
}

// Where a value that starts at Begin ends: at a separator of connection
// strings, query strings, quotes, whitespace or code punctuation.
std::size_t valueEnd(std::string_view Text, std::size_t Begin,
                     std::string_view Stops) {
  std::size_t End = Begin;
  while (End < Text.size() &&
         !std::isspace(static_cast<unsigned char>(Text[End])) &&
         Stops.find(Text[End]) == std::string_view::npos)
    ++End;
  return End;
}

// A value already in redacted form ("QUJD… (88 characters, redacted)").
bool alreadyRedacted(std::string_view Text, Span S) {
  const std::string_view Value = Text.substr(S.Begin, S.End - S.Begin);
  return Value.find(Ellipsis) != std::string_view::npos ||
         Text.substr(S.End, 40).find(RedactedTail) != std::string_view::npos;
}

void addSpan(std::string_view Text, Span S, std::vector<Span> &Out) {
  if (S.End > S.Begin && !alreadyRedacted(Text, S))
    Out.push_back(S);
}

// name=value pairs whose value is a secret. A SAS signature is the
// base64 of an HMAC-SHA256 (44 characters, more once URL-encoded); a
// shorter sig= is something else ("'sig=1'" in a filter).
void findNamedValues(std::string_view Text, std::vector<Span> &Out) {
  struct Name {
    std::string_view Text;
    std::size_t MinLength;
  };
  static constexpr Name Names[] = {{"AccountKey=", 1},
                                   {"SharedAccessSignature=", 1},
                                   {"sig=", 16},
                                   {"Password=", 1},
                                   {"pwd=", 1}};
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (I > 0 && isWordChar(Text[I - 1]))
      continue;
    for (const Name &N : Names)
      if (startsWithNoCase(Text, I, N.Text)) {
        const std::size_t Begin = I + N.Text.size();
        // A SAS as a whole ends at ';' (it holds '&'); a sig= at '&'.
        const std::string_view Stops =
            N.Text == "SharedAccessSignature=" ? ";\"'`<>" : ";&\"'`<>,)";
        const std::size_t End = valueEnd(Text, Begin, Stops);
        if (End - Begin >= N.MinLength)
          addSpan(Text, {Begin, End}, Out);
        break;
      }
  }
}

// "SharedKey account:signature" and "SharedKeyLite account:signature".
void findSharedKeySignatures(std::string_view Text, std::vector<Span> &Out) {
  for (std::size_t At = 0; At < Text.size(); ++At) {
    if ((At > 0 && isWordChar(Text[At - 1])) ||
        !startsWithNoCase(Text, At, "SharedKey"))
      continue;
    std::size_t I = At + 9;
    if (startsWithNoCase(Text, I, "Lite"))
      I += 4;
    if (I >= Text.size() || Text[I] != ' ')
      continue;
    const std::size_t AccountEnd = valueEnd(Text, I + 1, ":\"'");
    if (AccountEnd >= Text.size() || Text[AccountEnd] != ':')
      continue;
    addSpan(Text, {AccountEnd + 1, valueEnd(Text, AccountEnd + 1, "\"'`<>,)")},
            Out);
  }
}

// The password of scheme://user:password@host.
void findUrlPasswords(std::string_view Text, std::vector<Span> &Out) {
  for (std::size_t At = Text.find("://"); At != std::string_view::npos;
       At = Text.find("://", At + 3)) {
    const std::size_t Begin = At + 3;
    const std::size_t End = valueEnd(Text, Begin, "/?#@\"'`<>");
    if (End >= Text.size() || Text[End] != '@')
      continue;
    const std::size_t Colon = Text.substr(Begin, End - Begin).find(':');
    if (Colon != std::string_view::npos)
      addSpan(Text, {Begin + Colon + 1, End}, Out);
  }
}

// Keys and signatures written on their own: long padded base64 runs.
void findBase64Runs(std::string_view Text, std::vector<Span> &Out) {
  std::size_t I = 0;
  while (I < Text.size()) {
    if (!isBase64Char(Text[I]) || (I > 0 && isWordChar(Text[I - 1]))) {
      ++I;
      continue;
    }
    std::size_t End = I;
    bool Upper = false, Lower = false, Digit = false;
    while (End < Text.size() && isBase64Char(Text[End])) {
      const auto C = static_cast<unsigned char>(Text[End]);
      Upper |= std::isupper(C) != 0;
      Lower |= std::islower(C) != 0;
      Digit |= std::isdigit(C) != 0;
      ++End;
    }
    for (int Padding = 0; Padding < 2 && End < Text.size() && Text[End] == '=';
         ++Padding)
      ++End;
    const bool Bounded = End >= Text.size() || !isWordChar(Text[End]);
    // Keys (64 bytes) and signatures (32 bytes) end in '=' padding; a long
    // identifier or test string ("0123...xyzABC...") does not.
    const bool Padded = Text[End - 1] == '=' && (End - I) % 4 == 0;
    if (End - I >= 40 && Upper && Lower && Digit && Padded && Bounded)
      addSpan(Text, {I, End}, Out);
    I = End;
  }
}

} // namespace

std::string redactedSecret(std::string_view Secret) {
  const std::size_t Shown = Secret.size() >= 40 ? 4 : 0;
  return std::string(Secret.substr(0, Shown)) + std::string(Ellipsis) + " (" +
         std::to_string(Secret.size()) + std::string(RedactedTail);
}

std::string redactSecrets(std::string_view Text) {
  std::vector<Span> Spans;
  findNamedValues(Text, Spans);
  findSharedKeySignatures(Text, Spans);
  findUrlPasswords(Text, Spans);
  findBase64Runs(Text, Spans);
  if (Spans.empty())
    return std::string(Text);
  std::sort(Spans.begin(), Spans.end(), [](const Span &A, const Span &B) {
    return A.Begin < B.Begin || (A.Begin == B.Begin && A.End > B.End);
  });
  std::string Out;
  std::size_t Done = 0;
  for (const Span &S : Spans) {
    if (S.Begin < Done)
      continue; // inside a span already redacted
    Out.append(Text.substr(Done, S.Begin - Done));
    Out += redactedSecret(Text.substr(S.Begin, S.End - S.Begin));
    Done = S.End;
  }
  Out.append(Text.substr(Done));
  return Out;
}

} // namespace tablelint
