// Colour in what tablelint prints, as LLVM tools do it (llvm::WithColor):
// on when the stream is a terminal, off when NO_COLOR is set (and not empty,
// https://no-color.org) or TERM is "dumb", and forced either way by
// `--color=always|never`, which every command accepts.
#pragma once

#include <llvm/Support/WithColor.h>

#include <optional>
#include <string>
#include <vector>

namespace tablelint {

enum class ColorWhen { Auto, Always, Never };

// Takes `--color WHEN` / `--color=WHEN` out of Args (before any "--") and
// records it; an error message when WHEN is not auto, always or never.
std::optional<std::string> takeColorOption(std::vector<std::string> &Args);

// Whether text written to file descriptor Fd gets colour.
bool colorFor(int Fd);

// The mode for llvm::WithColor: decided here, never by LLVM's own --color.
// The stream must also have enable_colors(Color).
inline llvm::ColorMode colorMode(bool Color) {
  return Color ? llvm::ColorMode::Enable : llvm::ColorMode::Disable;
}

// "tablelint lint: error: MESSAGE" on stderr, "error:" in bold red on a
// terminal, as clang prints its own errors.
void printCommandError(const std::string &Prefix, const std::string &Message);

} // namespace tablelint
