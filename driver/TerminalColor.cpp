// Deciding colour once per stream, from --color, NO_COLOR, TERM and isatty.
#include "driver/TerminalColor.h"

#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace tablelint {

namespace {
ColorWhen Chosen = ColorWhen::Auto;
} // namespace

std::optional<std::string> takeColorOption(std::vector<std::string> &Args) {
  for (std::size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "--")
      break;
    std::string Value;
    std::size_t Taken = 1;
    if (Args[I].rfind("--color=", 0) == 0) {
      Value = Args[I].substr(8);
    } else if (Args[I] == "--color") {
      if (I + 1 >= Args.size())
        return std::string("option '--color' needs a value (auto, always "
                           "or never)");
      Value = Args[I + 1];
      Taken = 2;
    } else {
      continue;
    }
    if (Value == "auto")
      Chosen = ColorWhen::Auto;
    else if (Value == "always")
      Chosen = ColorWhen::Always;
    else if (Value == "never")
      Chosen = ColorWhen::Never;
    else
      return "invalid value '" + Value +
             "' for '--color': expected one of auto, always, never";
    Args.erase(Args.begin() + static_cast<long>(I),
               Args.begin() + static_cast<long>(I + Taken));
    --I;
  }
  return std::nullopt;
}

bool colorFor(int Fd) {
  if (Chosen != ColorWhen::Auto)
    return Chosen == ColorWhen::Always;
  const char *NoColor = std::getenv("NO_COLOR");
  if (NoColor && *NoColor)
    return false;
  const char *Term = std::getenv("TERM");
  if (Term && std::strcmp(Term, "dumb") == 0)
    return false;
  return ::isatty(Fd) != 0;
}

void printCommandError(const std::string &Prefix, const std::string &Message) {
  const bool Color = colorFor(2);
  llvm::errs().enable_colors(Color);
  llvm::errs() << Prefix << ": ";
  llvm::WithColor(llvm::errs(), llvm::HighlightColor::Error, colorMode(Color))
      << "error: ";
  llvm::errs() << Message << "\n";
  llvm::errs().flush();
}

} // namespace tablelint
