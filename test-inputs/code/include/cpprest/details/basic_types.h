// Test mock of cpprestsdk's platform string types (<cpprest/details/basic_types.h>), Linux flavour.
#pragma once

#include <cstdint>
#include <string>

namespace utility {
typedef char char_t;
typedef std::string string_t;
typedef uint64_t size64_t;
} // namespace utility

// On Linux string_t is std::string, so the literal macros are the identity.
#define _XPLATSTR(x) x
#ifndef _TURN_OFF_PLATFORM_STRING
#define U(x) _XPLATSTR(x)
#endif
