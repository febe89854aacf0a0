// Secret redaction (see Redact.h).
#include "core/Redact.h"

#include "core/Utf8Text.h"

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
                                   {"pwd=", 1},
                                   {"client_secret=", 8},
                                   {"ClientSecret=", 8}};
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

bool isTokenChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '-';
}

bool isAlnum(char C) { return std::isalnum(static_cast<unsigned char>(C)) != 0; }

// How many characters from At satisfy Pred.
template <typename Pred>
std::size_t runLength(std::string_view Text, std::size_t At, Pred P) {
  std::size_t End = At;
  while (End < Text.size() && P(Text[End]))
    ++End;
  return End - At;
}

// Whether the text at At starts a new word (nothing of a word before it).
bool wordStart(std::string_view Text, std::size_t At) {
  return At == 0 || !isTokenChar(Text[At - 1]);
}

// Whether the text at End ends a word.
bool wordEnd(std::string_view Text, std::size_t End) {
  return End >= Text.size() || !isTokenChar(Text[End]);
}

// "Bearer <token>" (an Authorization header of OAuth 2.0, RFC 6750): the
// token, when it is long enough to be one (not "Bearer tokens").
void findBearerTokens(std::string_view Text, std::vector<Span> &Out) {
  constexpr std::string_view Bearer = "Bearer ";
  for (std::size_t At = 0; At + Bearer.size() < Text.size(); ++At) {
    if (!wordStart(Text, At) || !startsWithNoCase(Text, At, Bearer))
      continue;
    const std::size_t Begin = At + Bearer.size();
    std::size_t End = Begin + runLength(Text, Begin, [](char C) {
                        return isTokenChar(C) || C == '.' || C == '~' ||
                               C == '+' || C == '/';
                      });
    End += runLength(Text, End, [](char C) { return C == '='; });
    if (End - Begin >= 16)
      addSpan(Text, {Begin, End}, Out);
  }
}

// A JSON Web Token on its own: three base64url segments, the first two
// JSON objects ("eyJ" is the base64 of '{"'): header.payload.signature.
void findJsonWebTokens(std::string_view Text, std::vector<Span> &Out) {
  auto Segment = [&](std::size_t At) {
    return runLength(Text, At, [](char C) { return isTokenChar(C); });
  };
  for (std::size_t At = Text.find("eyJ"); At != std::string_view::npos;
       At = Text.find("eyJ", At + 1)) {
    if (!wordStart(Text, At))
      continue;
    const std::size_t Header = Segment(At);
    std::size_t I = At + Header;
    if (Header < 10 || I >= Text.size() || Text[I] != '.' ||
        Text.substr(I + 1, 2) != "ey")
      continue;
    const std::size_t Payload = Segment(I + 1);
    I += 1 + Payload;
    if (Payload < 10 || I >= Text.size() || Text[I] != '.')
      continue;
    I += 1 + Segment(I + 1); // the signature (empty when unsigned)
    addSpan(Text, {At, I}, Out);
  }
}

// Tokens whose prefix names them: GitHub's (ghp_ and its kin: 36
// characters after the prefix; github_pat_: 82), AWS access key ids
// (AKIA and kin: 16 upper-case letters or digits after the prefix) and
// Slack's (xoxb-, xoxp-...). A shorter run after the prefix is a
// look-alike ("ghp_token", "AKIA_NAME") and left alone.
void findPrefixedTokens(std::string_view Text, std::vector<Span> &Out) {
  struct Shape {
    std::string_view Prefix;
    std::size_t MinRest, MaxRest;
    bool (*Char)(char);
  };
  static constexpr Shape Shapes[] = {
      {"ghp_", 36, 36, isAlnum},
      {"gho_", 36, 36, isAlnum},
      {"ghu_", 36, 36, isAlnum},
      {"ghs_", 36, 36, isAlnum},
      {"ghr_", 36, 36, isAlnum},
      {"github_pat_", 70, 255,
       [](char C) { return isAlnum(C) || C == '_'; }},
      {"AKIA", 16, 16,
       [](char C) { return std::isupper(static_cast<unsigned char>(C)) ||
                           std::isdigit(static_cast<unsigned char>(C)); }},
      {"ASIA", 16, 16,
       [](char C) { return std::isupper(static_cast<unsigned char>(C)) ||
                           std::isdigit(static_cast<unsigned char>(C)); }},
      {"xoxb-", 10, 255, [](char C) { return isAlnum(C) || C == '-'; }},
      {"xoxp-", 10, 255, [](char C) { return isAlnum(C) || C == '-'; }},
      {"xoxa-", 10, 255, [](char C) { return isAlnum(C) || C == '-'; }},
      {"xoxr-", 10, 255, [](char C) { return isAlnum(C) || C == '-'; }},
      {"xoxs-", 10, 255, [](char C) { return isAlnum(C) || C == '-'; }},
  };
  for (std::size_t At = 0; At < Text.size(); ++At) {
    if (!wordStart(Text, At))
      continue;
    for (const Shape &S : Shapes) {
      if (Text.substr(At, S.Prefix.size()) != S.Prefix)
        continue;
      const std::size_t Begin = At + S.Prefix.size();
      const std::size_t Rest = runLength(Text, Begin, S.Char);
      if (Rest >= S.MinRest && Rest <= S.MaxRest && wordEnd(Text, Begin + Rest))
        addSpan(Text, {At, Begin + Rest}, Out);
      break;
    }
  }
}

// A Microsoft Entra ID (Azure AD) client secret: 40 characters, the fourth
// a digit, then "Q~" ("abc8Q~" + 34 more), as secret scanners match it.
void findEntraClientSecrets(std::string_view Text, std::vector<Span> &Out) {
  auto SecretChar = [](char C) {
    return isAlnum(C) || C == '_' || C == '~' || C == '.' || C == '-';
  };
  for (std::size_t At = Text.find("Q~"); At != std::string_view::npos;
       At = Text.find("Q~", At + 1)) {
    if (At < 4 || !std::isdigit(static_cast<unsigned char>(Text[At - 1])))
      continue;
    const std::size_t Begin = At - 4;
    if (runLength(Text, Begin, SecretChar) < 6 ||
        (Begin > 0 && SecretChar(Text[Begin - 1])))
      continue;
    const std::size_t Rest = runLength(Text, At + 2, SecretChar);
    if (Rest >= 31 && Rest <= 34)
      addSpan(Text, {Begin, At + 2 + Rest}, Out);
  }
}

// The body of a PEM private key block, "-----BEGIN ... PRIVATE KEY-----" to
// its END line (or to the end of the text when it is cut).
void findPrivateKeyBlocks(std::string_view Text, std::vector<Span> &Out) {
  constexpr std::string_view Begin = "-----BEGIN ", Dashes = "-----";
  for (std::size_t At = Text.find(Begin); At != std::string_view::npos;
       At = Text.find(Begin, At + 1)) {
    const std::size_t LabelEnd = Text.find(Dashes, At + Begin.size());
    if (LabelEnd == std::string_view::npos)
      return;
    const std::string_view Label =
        Text.substr(At + Begin.size(), LabelEnd - At - Begin.size());
    if (Label.size() < 11 || Label.substr(Label.size() - 11) != "PRIVATE KEY")
      continue;
    const std::size_t Body = LabelEnd + Dashes.size();
    const std::size_t End = std::min(Text.find("-----END ", Body), Text.size());
    addSpan(Text, {Body, End}, Out);
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
  findBearerTokens(Text, Spans);
  findJsonWebTokens(Text, Spans);
  findPrefixedTokens(Text, Spans);
  findEntraClientSecrets(Text, Spans);
  findPrivateKeyBlocks(Text, Spans);
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

std::string safeMessage(std::string_view Text) {
  return escapeControlBytes(redactSecrets(Text));
}

} // namespace tablelint
