// Test mock of azure-core's Azure::DateTime (<azure/core/datetime.hpp>).
#pragma once

#include <chrono>
#include <string>

namespace Azure {

namespace _detail {
  /// The SDK's clock (the real one counts 100 ns ticks since year 1).
  struct Clock {
    static std::chrono::system_clock::time_point now();
  };
} // namespace _detail

/// A point in time (the real type is a std::chrono::time_point with its own clock).
class DateTime {
public:
  enum class DateFormat { Rfc1123, Rfc3339 };
  using clock = _detail::Clock;

  DateTime();
  DateTime(std::chrono::system_clock::time_point const& systemTime); // implicit, as in the SDK
  explicit operator std::chrono::system_clock::time_point() const;

  static DateTime Parse(std::string const& dateTime, DateFormat format);
  std::string ToString(DateFormat format = DateFormat::Rfc3339) const;

  DateTime operator+(std::chrono::system_clock::duration offset) const;
  DateTime operator-(std::chrono::system_clock::duration offset) const;
  bool operator==(DateTime const& other) const;
  bool operator!=(DateTime const& other) const;
  bool operator<(DateTime const& other) const;
};

} // namespace Azure
