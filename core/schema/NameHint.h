// "Did you mean" hints for names that refer to nothing: an account, client,
// property, write or rule id one typo away from a declared one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tablelint::schema {

// "; did you mean 'telemetry'?" for the closest candidate within a typo or
// two (a transposition counts as one), or "" when none is that close.
std::string didYouMean(std::string_view Name,
                       const std::vector<std::string> &Candidates);

} // namespace tablelint::schema
