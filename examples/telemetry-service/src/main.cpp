// The telemetry service's entry point: wires the stores to the handlers.
#include "Telemetry.h"

#include <iostream>

int main() {
  telemetry::ReadingStore store("https://contosotelemetry.table.core.windows.net");
  for (std::string const &device : store.FailingDevices())
    std::cout << device << "\n";
  return 0;
}
