// Test mock of {fmt}'s formatting entry points (<fmt/core.h>). Never run: format returns the
// format string unchanged (bodies so that lambda / local-type arguments still compile).
#pragma once

#include <string>

namespace fmt {

/// A format string only known at run time (fmt::runtime(s)).
struct runtime_format_string {
  std::string str;
};
runtime_format_string runtime(std::string const& s);

template <typename... T> std::string format(const char* fmt, T&&...) { return std::string(fmt); }
template <typename... T> std::string format(runtime_format_string fmt, T&&...) { return fmt.str; }
template <typename T> std::string to_string(T const&) { return std::string(); }
template <typename... T> void print(const char*, T&&...) {}

} // namespace fmt
