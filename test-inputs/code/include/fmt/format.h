// Test mock of {fmt} (<fmt/format.h>); the declarations live in fmt/core.h, as in {fmt} <= 10.
#pragma once

#include "fmt/core.h"
