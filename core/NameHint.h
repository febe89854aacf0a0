// "Did you mean" hints for names that refer to nothing: a rule id, an
// option, a command, a configuration key, or an account, client, property
// or write of a schema, one typo away from a known one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

// The closest candidate within a typo or two (one for names of four
// characters or fewer; swapping two neighbours counts as one), or nullopt
// when none is that close. Ties go to the earlier candidate.
std::optional<std::string>
closestName(std::string_view Name, const std::vector<std::string> &Candidates);

// "; did you mean 'telemetry'?" for closestName, or "".
std::string didYouMean(std::string_view Name,
                       const std::vector<std::string> &Candidates);

} // namespace tablelint
