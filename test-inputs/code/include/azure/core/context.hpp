// Test mock of azure-core's Azure::Core::Context (<azure/core/context.hpp>).
#pragma once

#include "azure/core/datetime.hpp"

namespace Azure { namespace Core {

/// Cancellation and deadline carrier passed to every SDK call.
class Context final {
public:
  Context();
  explicit Context(DateTime const& deadline);

  Context WithDeadline(DateTime const& deadline) const;
  DateTime GetDeadline() const;
  void Cancel();
  bool IsCancelled() const;
  void ThrowIfCancelled() const;

  static const Context ApplicationContext;
};

}} // namespace Azure::Core
