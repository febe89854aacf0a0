// Secrets never reach an output: account keys, SAS signatures, SharedKey
// signatures, URL passwords and the common token shapes (JWTs, GitHub, AWS,
// Slack, Entra client secrets, private key blocks) are replaced by a redacted form wherever a
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
//    lower-case letters and digits (a key or signature on its own);
//  - client_secret= and ClientSecret= values of 8 characters or more;
//  - the token of "Bearer <token>" (16 characters or more) and a JSON Web
//    Token on its own (eyJ....eyJ....signature);
//  - GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_ + 36 characters;
//    github_pat_ + 70 or more), AWS access key ids (AKIA/ASIA + 16),
//    Slack tokens (xoxb-, xoxp-, xoxa-, xoxr-, xoxs- + 10 or more);
//  - Microsoft Entra ID client secrets (40 characters, "Q~" after the
//    fourth: what ClientSecretCredential takes);
//  - the body of a "-----BEGIN ... PRIVATE KEY-----" block.
// Shorter look-alikes ("ghp_token", "Bearer tokens", "AKIA_LIMIT") are not
// secrets and are left alone.
// Already redacted text is left as it is (the function is idempotent), so
// is text without secrets.
std::string redactSecrets(std::string_view Text);

// A message that quotes an input (a schema value, a trace line, a path, a
// URL) as it may reach a terminal: secrets redacted, then control bytes
// escaped (escapeControlBytes: an ESC or a newline of the input cannot move
// the cursor or forge a line). Every command prints its input errors so.
std::string safeMessage(std::string_view Text);

} // namespace tablelint
