// Identities that survive edits: the repository root and repo-relative
// paths, the stable hashes behind SARIF partialFingerprints, baselines and
// `--shard K/N`. Nothing here depends on line numbers.
#pragma once

#include "driver/LintResult.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

// The nearest directory at or above Start holding .git, else Start itself
// (absolute, no trailing '/').
std::string findRepoRoot(const std::string &Start);

// File relative to Root with '/' separators; File itself (absolute) when it
// lies outside Root.
std::string repoRelativePath(const std::string &Root, const std::string &File);

// SHA-256 of Text, the first 16 bytes in hex: stable across runs, machines
// and builds (std::hash is none of these).
std::string stableHashHex(std::string_view Text);
// The first 8 bytes of the same hash as an integer (shard assignment).
std::uint64_t stableHash64(std::string_view Text);

// The hash of a finding: rule, repo-relative path and anchor (the source
// line with whitespace normalised, or the schema element path).
std::string findingHash(const std::string &RuleId,
                        const std::string &RelativePath,
                        const std::string &Anchor);

// Whether RelativePath belongs to shard K of N (1 <= K <= N).
bool inShard(const std::string &RelativePath, unsigned K, unsigned N);

} // namespace tablelint
