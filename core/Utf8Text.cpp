// UTF-8 cutting and escaping for messages (see Utf8Text.h).
#include "core/Utf8Text.h"

namespace tablelint {

namespace {

bool isContinuation(unsigned char C) { return (C & 0xC0) == 0x80; }

} // namespace

std::size_t utf8SequenceLength(std::string_view Text, std::size_t Pos) {
  if (Pos >= Text.size())
    return 0;
  const auto Lead = static_cast<unsigned char>(Text[Pos]);
  if (Lead < 0x80)
    return 1;
  // RFC 3629: C0, C1 and F5..FF never appear; E0, ED, F0, F4 restrict the
  // second byte (no overlong forms, no surrogates, nothing past U+10FFFF).
  std::size_t Length = 0;
  unsigned char Low = 0x80, High = 0xBF;
  if (Lead >= 0xC2 && Lead <= 0xDF) {
    Length = 2;
  } else if (Lead >= 0xE0 && Lead <= 0xEF) {
    Length = 3;
    if (Lead == 0xE0)
      Low = 0xA0;
    else if (Lead == 0xED)
      High = 0x9F;
  } else if (Lead >= 0xF0 && Lead <= 0xF4) {
    Length = 4;
    if (Lead == 0xF0)
      Low = 0x90;
    else if (Lead == 0xF4)
      High = 0x8F;
  } else {
    return 0;
  }
  if (Pos + Length > Text.size())
    return 0;
  const auto Second = static_cast<unsigned char>(Text[Pos + 1]);
  if (Second < Low || Second > High)
    return 0;
  for (std::size_t I = 2; I < Length; ++I)
    if (!isContinuation(static_cast<unsigned char>(Text[Pos + I])))
      return 0;
  return Length;
}

std::string_view utf8Prefix(std::string_view Text, std::size_t MaxBytes) {
  if (Text.size() <= MaxBytes)
    return Text;
  std::size_t End = MaxBytes;
  // Back up over the continuation bytes of a character cut in two (at
  // most three of them).
  for (std::size_t Back = 0;
       Back < 3 && End > 0 &&
       isContinuation(static_cast<unsigned char>(Text[End]));
       ++Back)
    --End;
  if (End < MaxBytes && utf8SequenceLength(Text, End) == 0)
    End = MaxBytes; // not a character we cut: bytes are bytes
  return Text.substr(0, End);
}

std::string ellipsize(std::string_view Text, std::size_t MaxChars) {
  if (Text.size() <= MaxChars)
    return std::string(Text);
  const std::size_t Keep = MaxChars > 3 ? MaxChars - 3 : 0;
  return std::string(utf8Prefix(Text, Keep)) + "...";
}

std::string escapeControlBytes(std::string_view Text) {
  static const char Hex[] = "0123456789ABCDEF";
  std::string Out;
  Out.reserve(Text.size());
  for (std::size_t I = 0; I < Text.size();) {
    const auto C = static_cast<unsigned char>(Text[I]);
    const std::size_t Length = utf8SequenceLength(Text, I);
    if (Length > 1 || (Length == 1 && C >= 0x20 && C != 0x7F)) {
      Out.append(Text.substr(I, Length));
      I += Length;
      continue;
    }
    if (C == '\n')
      Out += "\\n";
    else if (C == '\r')
      Out += "\\r";
    else if (C == '\t')
      Out += "\\t";
    else {
      Out += "\\x";
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
    ++I;
  }
  return Out;
}

} // namespace tablelint
