// Percent-decoding (core/Uri.h), lenient for OData query strings and strict
// for LSP file: URIs, which share one decoder; and the file: URIs an
// editor sends, as `tablelint lsp` turns them into paths.
#include "core/Uri.h"
#include "driver/LspText.h"

#include <gtest/gtest.h>

namespace tablelint {
namespace {

TEST(Uri, PercentDecodeKeepsABrokenEscape) {
  EXPECT_EQ(percentDecode("Status%20eq%20%27open%27"), "Status eq 'open'");
  EXPECT_EQ(percentDecode("%2b%2B"), "++");
  EXPECT_EQ(percentDecode("100%"), "100%");
  EXPECT_EQ(percentDecode("a%2"), "a%2");
  EXPECT_EQ(percentDecode("%zz%41"), "%zzA");
}

TEST(Uri, StrictPercentDecodeRefusesABrokenEscape) {
  EXPECT_EQ(percentDecodeStrict("/home/a%20b/x.cpp"), "/home/a b/x.cpp");
  EXPECT_EQ(percentDecodeStrict("%e2%82%ac"), "\xe2\x82\xac");
  EXPECT_EQ(percentDecodeStrict("100%"), std::nullopt);
  EXPECT_EQ(percentDecodeStrict("a%2"), std::nullopt);
  EXPECT_EQ(percentDecodeStrict("%zz"), std::nullopt);
}

TEST(Uri, FileUrisBecomePathsAndBack) {
  EXPECT_EQ(pathOfFileUri("file:///home/a%20b/x.cpp"), "/home/a b/x.cpp");
  EXPECT_EQ(pathOfFileUri("FILE://localhost/srv/s.yaml"), "/srv/s.yaml");
  EXPECT_EQ(pathOfFileUri("file://server/share/x.cpp"), std::nullopt);
  EXPECT_EQ(pathOfFileUri("https://example.org/x.cpp"), std::nullopt);
  EXPECT_EQ(pathOfFileUri("file:///x%2"), std::nullopt);
  EXPECT_EQ(pathOfFileUri("file:///x%00y"), std::nullopt); // no NUL in a path
  EXPECT_EQ(pathOfFileUri(fileUriOfPath("/home/a b/#1.cpp")), "/home/a b/#1.cpp");
}

} // namespace
} // namespace tablelint
