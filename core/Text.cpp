// Small text helpers (see Text.h).
#include "core/Text.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace tablelint {

std::string htmlEscape(std::string_view Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (const char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string foldWhitespace(std::string_view Text) {
  std::string Out;
  bool Space = false;
  for (const char C : Text) {
    if (std::isspace(static_cast<unsigned char>(C))) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

std::string formatForMessage(double Value) {
  char Buf[32];
  if (std::fabs(Value) < 1e15)
    std::snprintf(Buf, sizeof Buf, "%.0f", std::trunc(Value));
  else
    std::snprintf(Buf, sizeof Buf, "%.3g", Value);
  return Buf;
}

int hexDigitValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

void appendUtf8(std::string &Out, unsigned CodePoint) {
  if (CodePoint < 0x80) {
    Out += static_cast<char>(CodePoint);
  } else if (CodePoint < 0x800) {
    Out += static_cast<char>(0xC0 | (CodePoint >> 6));
    Out += static_cast<char>(0x80 | (CodePoint & 0x3F));
  } else if (CodePoint < 0x10000) {
    Out += static_cast<char>(0xE0 | (CodePoint >> 12));
    Out += static_cast<char>(0x80 | ((CodePoint >> 6) & 0x3F));
    Out += static_cast<char>(0x80 | (CodePoint & 0x3F));
  } else {
    Out += static_cast<char>(0xF0 | (CodePoint >> 18));
    Out += static_cast<char>(0x80 | ((CodePoint >> 12) & 0x3F));
    Out += static_cast<char>(0x80 | ((CodePoint >> 6) & 0x3F));
    Out += static_cast<char>(0x80 | (CodePoint & 0x3F));
  }
}

bool readHex4(std::string_view Text, std::size_t &At, unsigned &Out) {
  if (At + 4 > Text.size())
    return false;
  Out = 0;
  for (int I = 0; I < 4; ++I) {
    const int Digit = hexDigitValue(Text[At++]);
    if (Digit < 0)
      return false;
    Out = (Out << 4) | static_cast<unsigned>(Digit);
  }
  return true;
}

std::string quotedList(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "'" : ", '") + N + "'";
  return Out;
}

std::string quotedListWithAnd(const std::vector<std::string> &Names) {
  std::string Out;
  for (std::size_t I = 0; I < Names.size(); ++I) {
    if (I)
      Out += I + 1 == Names.size() ? " and " : ", ";
    Out += "'" + Names[I] + "'";
  }
  return Out;
}

} // namespace tablelint
