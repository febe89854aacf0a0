// A small command-line parser for tablelint's subcommands: long and short
// options with values (`--format json`, `--format=json`, `-o FILE`), flags,
// and positional arguments. Errors are returned as text; the caller prints
// them and exits with ExitInputError.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

struct OptionSpec {
  std::string Long;      // "format"
  char Short = 0;        // 'o', or 0
  bool TakesValue = false;
  std::string ValueName; // "FILE", for help
  std::string Help;
  // Allowed values, or empty for any.
  std::vector<std::string> Choices;
  bool Repeatable = false;
};

class ParsedArgs {
public:
  bool has(std::string_view Long) const { return Values.count(std::string(Long)) != 0; }
  // The last value given, or Default.
  std::string get(std::string_view Long, const std::string &Default = "") const;
  std::vector<std::string> all(std::string_view Long) const;
  // A path option's last value as the user wrote it (get() has it made
  // absolute when it was read): for messages.
  std::string spelled(std::string_view Long) const {
    auto It = Spelled.find(std::string(Long));
    return It != Spelled.end() ? It->second : get(Long);
  }
  const std::vector<std::string> &positional() const { return Positional; }

private:
  friend std::optional<std::string>
  parseArgs(const std::vector<OptionSpec> &, const std::vector<std::string> &,
            ParsedArgs &);
  std::map<std::string, std::vector<std::string>> Values;
  std::map<std::string, std::string> Spelled;
  std::vector<std::string> Positional;
};

// Parses Args (without the program and subcommand names) into Out; returns
// an error message on bad usage. "--" ends the options. An argument that
// looks like an option but names a file on disk ("-oschema.yaml") is
// refused, or, once a flag "hook-filenames" was given, is a positional
// file name (see docs/pre-commit.md).
std::optional<std::string> parseArgs(const std::vector<OptionSpec> &Specs,
                                     const std::vector<std::string> &Args,
                                     ParsedArgs &Out);

// A positive whole number of at most six digits (--jobs, --shard K/N);
// nullopt otherwise.
std::optional<unsigned> positiveNumber(const std::string &Text);

// --jobs N of lint, replay and suggest into Jobs: N, or without the option
// the number of cores this process may use. An error message when N is
// not a positive number.
std::optional<std::string> jobsOption(const ParsedArgs &A, unsigned &Jobs);

// Splits Args at the first "--": what follows (compiler arguments) goes to
// After, which stays empty when there is no "--".
std::vector<std::string>
splitAtDoubleDash(const std::vector<std::string> &Args,
                  std::optional<std::vector<std::string>> &After);

// Writes a command's report to the file of -o/--output (atomically) or to
// stdout; false (after saying why on stderr) when the file cannot be written.
bool writeReport(const ParsedArgs &A, const std::string &Command,
                 const std::string &Text);

// The options part of a --help text, aligned.
std::string formatOptionsHelp(const std::vector<OptionSpec> &Specs);

} // namespace tablelint
