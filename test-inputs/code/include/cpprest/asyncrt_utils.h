// Test mock of cpprestsdk's utility::conversions and utility::datetime (<cpprest/asyncrt_utils.h>).
#pragma once

#include "cpprest/details/basic_types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace utility {

namespace conversions {
  /// Identity on Linux (string_t is already UTF-8).
  std::string to_utf8string(std::string value);
  utility::string_t to_string_t(std::string value);
  std::string to_base64(std::vector<unsigned char> const& data);
  std::vector<unsigned char> from_base64(utility::string_t const& str);
  template <typename T> utility::string_t print_string(T const& value);
  template <typename T> T scan_string(utility::string_t const& str);
} // namespace conversions

/// A UTC point in time, in 100 ns ticks since 1601-01-01.
class datetime {
public:
  typedef uint64_t interval_type;
  enum date_format { RFC_1123, ISO_8601 };

  datetime();
  static datetime utc_now();
  static datetime from_string(utility::string_t const& timestring, date_format format = RFC_1123);
  utility::string_t to_string(date_format format = RFC_1123) const;
  interval_type to_interval() const;
  bool is_initialized() const;

  static interval_type from_milliseconds(unsigned int milliseconds);
  static interval_type from_seconds(unsigned int seconds);
  static interval_type from_minutes(unsigned int minutes);
  static interval_type from_hours(unsigned int hours);
  static interval_type from_days(unsigned int days);

  datetime operator+(interval_type value) const;
  datetime operator-(interval_type value) const;
  bool operator==(datetime const& other) const;
  bool operator!=(datetime const& other) const;
};

} // namespace utility
