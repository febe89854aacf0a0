// The check of a security-severity score (the scores are in the catalog).
#include "core/SecuritySeverity.h"

namespace tablelint {

bool isSecuritySeverity(const std::string &Score) {
  const std::size_t Dot = Score.find('.');
  if (Dot == std::string::npos || Dot == 0 || Dot > 2 ||
      Dot + 2 != Score.size() ||
      Score.find_first_not_of("0123456789.") != std::string::npos)
    return false;
  const double Value = std::stod(Score);
  return Value >= 0.1 && Value <= 10.0;
}

} // namespace tablelint
