// Repository-relative paths and stable hashes.
#include "driver/Fingerprint.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/SHA256.h>

#include <filesystem>

namespace tablelint {

namespace fs = std::filesystem;

std::string findRepoRoot(const std::string &Start) {
  std::error_code EC;
  const fs::path Begin = fs::absolute(Start, EC).lexically_normal();
  for (fs::path D = Begin; !D.empty(); D = D.parent_path()) {
    if (fs::exists(D / ".git", EC)) {
      std::string S = D.string();
      while (S.size() > 1 && S.back() == '/')
        S.pop_back();
      return S;
    }
    if (D == D.root_path())
      break;
  }
  std::string S = Begin.string();
  while (S.size() > 1 && S.back() == '/')
    S.pop_back();
  return S;
}

std::string repoRelativePath(const std::string &Root, const std::string &File) {
  const fs::path Abs = fs::absolute(File).lexically_normal();
  const fs::path Rel = Abs.lexically_relative(Root);
  if (Rel.empty() || *Rel.begin() == "..")
    return Abs.generic_string();
  return Rel.generic_string();
}

namespace {
std::array<std::uint8_t, 32> sha256(std::string_view Text) {
  return llvm::SHA256::hash(llvm::ArrayRef<std::uint8_t>(
      reinterpret_cast<const std::uint8_t *>(Text.data()), Text.size()));
}
} // namespace

std::string stableHashHex(std::string_view Text) {
  static const char Digits[] = "0123456789abcdef";
  const auto Hash = sha256(Text);
  std::string Out;
  for (std::size_t I = 0; I < 16; ++I) {
    Out += Digits[Hash[I] >> 4];
    Out += Digits[Hash[I] & 15];
  }
  return Out;
}

std::uint64_t stableHash64(std::string_view Text) {
  const auto Hash = sha256(Text);
  std::uint64_t V = 0;
  for (std::size_t I = 0; I < 8; ++I)
    V = (V << 8) | Hash[I];
  return V;
}

std::string findingHash(const std::string &RuleId,
                        const std::string &RelativePath,
                        const std::string &Anchor) {
  // NUL separators: no two different triples concatenate alike.
  std::string Key = RuleId;
  Key += '\0';
  Key += RelativePath;
  Key += '\0';
  Key += Anchor;
  return stableHashHex(Key);
}

bool inShard(const std::string &RelativePath, unsigned K, unsigned N) {
  return N <= 1 || stableHash64(RelativePath) % N == K - 1;
}

} // namespace tablelint
