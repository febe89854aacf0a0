// Secrets never reach an output: account keys, SAS signatures, SharedKey
// signatures and URL passwords are replaced by a redacted form wherever a
// text could carry one (finding messages and anchors, baseline entries,
// live endpoint URLs and the live client's errors). One definition, so every
// report, the baseline fingerprints and the checks redact alike.
#pragma once

#include <string>
#include <string_view>

namespace tablelint {

// The redacted form of a secret: its length, and its first 4 characters
// when it is long enough for them to reveal nothing (a random key or
// signature of 40 characters or more): "QUJD… (88 characters, redacted)".
std::string redactedSecret(std::string_view Secret);

// Text with every secret it carries replaced by redactedSecret():
//  - the values of AccountKey=, SharedAccessSignature=, sig=, Password= and
//    pwd= (connection strings, SAS query strings; names in any case);
//  - the signature of "SharedKey account:signature" (and SharedKeyLite);
//  - the password of a URL's "user:password@";
//  - a base64 run of 40 characters or more, '='-padded, with upper- and
//    lower-case letters and digits (a key or signature on its own).
// Already redacted text is left as it is (the function is idempotent), so
// is text without secrets.
std::string redactSecrets(std::string_view Text);

} // namespace tablelint
