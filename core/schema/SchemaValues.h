// The small value languages of the schema format: rates ("6000/s",
// "1.5k/h"), durations ("800ms", "90d"), bandwidths ("1Gbps"), counts
// ("50000", "2M"), distributions ("zipf(0.99)"), and the enum keywords.
// Parsing and printing live together so the loader and the writer agree on
// one spelling; docs/schema.md describes the same grammar.
#pragma once

#include "core/schema/Schema.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tablelint::schema {

// Each parser returns nullopt and sets Error to a message that says what
// was expected ("expected a rate like 6000/s, 20/min, 1.5k/h or 2M/day").

// "<number>[k|M|G]/<unit>", unit s|sec|min|h|hour|d|day; normalised to per
// second. Negative numbers are rejected here; zero is allowed (the caller
// decides whether it means anything).
std::optional<double> parseRatePerSecond(std::string_view Text,
                                         std::string &Error);
// `rate: TODO`: a drafted schema's rate not filled in yet (`tablelint
// schema init`); it loads as declared with no load (PerSecond 0).
inline constexpr std::string_view UnknownRateText = "TODO";
bool isUnknownRate(const Rate &R);
// "<number><unit>", unit ms|s|m|h|d. A bare number is rejected: "60" could
// be seconds or milliseconds. At most MaxDurationSeconds.
std::optional<double> parseDurationSeconds(std::string_view Text,
                                           std::string &Error);
// 36500d: no delay, retention or run of a schema is longer; a larger value
// is a typo, and printing it back would need an exponent ("1e20d").
inline constexpr double MaxDurationSeconds = 36500 * 86400.0;
// "<number><unit>", unit bps|kbps|Mbps|Gbps; bits per second.
std::optional<double> parseBandwidthBitsPerSecond(std::string_view Text,
                                                  std::string &Error);
// A whole number with an optional k|M|G suffix ("50000", "50k", "2M").
std::optional<std::uint64_t> parseCount(std::string_view Text,
                                        std::string &Error);
// A plain non-negative decimal number ("0.97", "25").
std::optional<double> parseNumber(std::string_view Text, std::string &Error);
// uniform | zipf | zipf(s) | hotspot(data, ops) | latest | sequential.
std::optional<Distribution> parseDistribution(std::string_view Text,
                                              std::string &Error);

// Canonical spellings, read back to the same values by the parsers above.
std::string formatDuration(double Seconds);        // "800ms", "60s", "90d"
std::string formatBandwidth(double BitsPerSecond); // "1Gbps"
std::string formatNumber(double Value);            // shortest exact text
std::string formatRate(double PerSecond);          // "6000/s", "20/min"
std::string formatDistribution(const Distribution &D);

// Enum keywords as written in the schema.
std::string_view clientKindName(ClientKind K);
std::string_view authKindName(AuthKind K);
std::string_view retryPolicyName(RetryPolicyKind K);
std::string_view payloadFormatName(PayloadFormat F);
std::string_view writeKindName(WriteKind K);
// "service, browser, mobile": the accepted keywords, for messages.
std::string clientKindChoices();
std::string authKindChoices();
std::string retryPolicyChoices();
std::string payloadFormatChoices();
std::string writeKindChoices();
std::optional<ClientKind> parseClientKind(std::string_view Text);
std::optional<AuthKind> parseAuthKind(std::string_view Text);
std::optional<RetryPolicyKind> parseRetryPolicy(std::string_view Text);
std::optional<PayloadFormat> parsePayloadFormat(std::string_view Text);
std::optional<WriteKind> parseWriteKind(std::string_view Text);

} // namespace tablelint::schema
