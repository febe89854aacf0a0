// Test mock of azure-core's Azure::Nullable<T> (<azure/core/nullable.hpp>).
#pragma once

#include <type_traits>
#include <utility>

namespace Azure {

/// A value that may be absent. Empty by default.
template <class T> class Nullable final {
public:
  Nullable() : m_hasValue(false), m_value() {}
  Nullable(T const& value) : m_hasValue(true), m_value(value) {}
  Nullable(T&& value) : m_hasValue(true), m_value(std::move(value)) {}

  /// Assign anything a T can be built from (e.g. a string literal into Nullable<std::string>).
  template <class Other = T,
            class = std::enable_if_t<!std::is_same<std::decay_t<Other>, Nullable>::value &&
                                     std::is_constructible<T, Other&&>::value>>
  Nullable& operator=(Other&& value) {
    m_value = T(std::forward<Other>(value));
    m_hasValue = true;
    return *this;
  }

  bool HasValue() const noexcept { return m_hasValue; }
  explicit operator bool() const noexcept { return m_hasValue; }
  void Reset() noexcept { m_hasValue = false; }

  T& Value() & noexcept { return m_value; }
  T const& Value() const& noexcept { return m_value; }
  T&& Value() && noexcept { return std::move(m_value); }

  template <class Other> T ValueOr(Other&& fallback) const {
    return m_hasValue ? m_value : static_cast<T>(std::forward<Other>(fallback));
  }

  T* operator->() { return &m_value; }
  T const* operator->() const { return &m_value; }
  T& operator*() & { return m_value; }
  T const& operator*() const& { return m_value; }

private:
  bool m_hasValue;
  T m_value;
};

} // namespace Azure
