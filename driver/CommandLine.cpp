// Parsing of subcommand options.
#include "driver/CommandLine.h"

#include "core/AtomicFile.h"
#include "core/NameHint.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>
#include <thread>

namespace tablelint {

namespace {

bool isPathValue(const OptionSpec &S) {
  return S.ValueName == "FILE" || S.ValueName == "DIR" ||
         S.ValueName == "BUILD_DIR";
}

// Whether an argument that looks like an option names something on disk
// (a file a repository commits as "-oschema.yaml", which a hook passes).
bool namesAFile(const std::string &Arg) {
  struct stat Info;
  return ::lstat(Arg.c_str(), &Info) == 0;
}

} // namespace

std::string ParsedArgs::get(std::string_view Long,
                            const std::string &Default) const {
  auto It = Values.find(std::string(Long));
  return It == Values.end() || It->second.empty() ? Default : It->second.back();
}

std::vector<std::string> ParsedArgs::all(std::string_view Long) const {
  auto It = Values.find(std::string(Long));
  return It == Values.end() ? std::vector<std::string>{} : It->second;
}

namespace {

// "unknown option '--fial-on'; did you mean '--fail-on'?"
std::string unknownOption(const std::vector<OptionSpec> &Specs,
                          const std::string &Typed) {
  std::vector<std::string> Names;
  for (const OptionSpec &S : Specs)
    Names.push_back(S.Long.size() == 1 ? "-" + S.Long : "--" + S.Long);
  Names.push_back("--color");
  std::string Name = Typed.substr(0, Typed.find('='));
  return "unknown option '" + Typed + "'" + didYouMean(Name, Names);
}

} // namespace

std::optional<std::string> parseArgs(const std::vector<OptionSpec> &Specs,
                                     const std::vector<std::string> &Args,
                                     ParsedArgs &Out) {
  bool OptionsEnded = false;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (OptionsEnded || A.size() < 2 || A[0] != '-') {
      Out.Positional.push_back(A);
      continue;
    }
    if (A == "--") {
      OptionsEnded = true;
      continue;
    }
    // A file name that looks like an option is never read as one ("-o"
    // would overwrite schema.yaml): with --hook-filenames (a hook's file
    // names, which pre-commit appends without "--") it is a file name,
    // otherwise it is refused.
    if (namesAFile(A)) {
      if (Out.has("hook-filenames")) {
        Out.Positional.push_back(A);
        continue;
      }
      return "'" + A +
             "' names a file but looks like an option; write './" + A +
             "' for the file";
    }
    const OptionSpec *Spec = nullptr;
    std::optional<std::string> Inline;
    if (A.rfind("--", 0) == 0) {
      std::string Name = A.substr(2);
      if (auto Eq = Name.find('='); Eq != std::string::npos) {
        Inline = Name.substr(Eq + 1);
        Name = Name.substr(0, Eq);
      }
      for (const OptionSpec &S : Specs)
        if (S.Long == Name)
          Spec = &S;
    } else if (A.size() >= 2) {
      for (const OptionSpec &S : Specs)
        if (S.Short && S.Short == A[1])
          Spec = &S;
      if (Spec && A.size() > 2)
        Inline = A.substr(2);
    }
    if (!Spec)
      return unknownOption(Specs, A);
    std::string Value;
    if (Spec->TakesValue) {
      if (Inline) {
        Value = *Inline;
      } else if (I + 1 < Args.size()) {
        Value = Args[++I];
      } else {
        return "option '--" + Spec->Long + "' needs a value (" +
               Spec->ValueName + ")";
      }
      if (!Spec->Choices.empty() &&
          std::find(Spec->Choices.begin(), Spec->Choices.end(), Value) ==
              Spec->Choices.end()) {
        std::string List;
        for (const std::string &C : Spec->Choices)
          List.append(List.empty() ? "" : ", ").append(C);
        return "invalid value '" + Value + "' for '--" + Spec->Long +
               "': expected one of " + List;
      }
      // A path is fixed when it is read: nothing run later (a worker
      // moving a working directory) can change what it names.
      if (isPathValue(*Spec) && !Value.empty() && Value != "-") {
        Out.Spelled[Spec->Long] = Value;
        Value = std::filesystem::absolute(Value).lexically_normal().string();
      }
    } else if (Inline) {
      return "option '--" + Spec->Long + "' takes no value";
    }
    auto &Slot = Out.Values[Spec->Long];
    if (!Slot.empty() && !Spec->Repeatable && !Spec->TakesValue)
      continue;
    Slot.push_back(Value);
  }
  return std::nullopt;
}

std::vector<std::string>
splitAtDoubleDash(const std::vector<std::string> &Args,
                  std::optional<std::vector<std::string>> &After) {
  std::vector<std::string> Before;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "--") {
      After.emplace(Args.begin() + static_cast<long>(I) + 1, Args.end());
      break;
    }
    Before.push_back(Args[I]);
  }
  return Before;
}

bool writeReport(const ParsedArgs &A, const std::string &Command,
                 const std::string &Text) {
  if (auto Error = A.has("output") ? writeFileAtomically(A.get("output"), Text)
                                    : writeStandardOutput(Text)) {
    std::cerr << "tablelint " << Command << ": error: " << *Error << "\n";
    return false;
  }
  return true;
}

std::string formatOptionsHelp(const std::vector<OptionSpec> &Specs) {
  std::vector<std::pair<std::string, std::string>> Rows;
  std::size_t Width = 0;
  for (const OptionSpec &S : Specs) {
    // "-p BUILD_DIR", "-o, --output FILE", "    --format FORMAT".
    std::string Left = "  ";
    if (S.Long.size() == 1)
      Left += "-" + S.Long;
    else
      Left += (S.Short ? std::string("-") + S.Short + ", " : "    ") + "--" +
              S.Long;
    if (S.TakesValue)
      Left += " " + S.ValueName;
    Width = std::max(Width, Left.size());
    std::string Help = S.Help;
    if (!S.Choices.empty()) {
      std::string List;
      for (const std::string &C : S.Choices)
        List.append(List.empty() ? "" : "|").append(C);
      Help += " (" + List + ")";
    }
    Rows.emplace_back(std::move(Left), std::move(Help));
  }
  // Taken by main before the command sees its arguments (TerminalColor.h).
  Rows.emplace_back("      --color WHEN",
                    "colour on a terminal (auto, the default), always or "
                    "never; NO_COLOR=1 turns auto off");
  Width = std::max(Width, Rows.back().first.size());
  std::string Out;
  for (auto &[Left, Help] : Rows)
    Out += Left + std::string(Width + 2 - Left.size(), ' ') + Help + "\n";
  return Out;
}

std::optional<unsigned> positiveNumber(const std::string &Text) {
  if (Text.empty() || Text.size() > 6 ||
      Text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const unsigned V = static_cast<unsigned>(std::stoul(Text));
  return V ? std::optional<unsigned>(V) : std::nullopt;
}

std::optional<std::string> jobsOption(const ParsedArgs &A, unsigned &Jobs) {
  Jobs = std::max(1u, std::thread::hardware_concurrency());
  if (!A.has("jobs"))
    return std::nullopt;
  const std::optional<unsigned> J = positiveNumber(A.get("jobs"));
  if (!J)
    return "invalid value '" + A.get("jobs") +
           "' for '--jobs': expected a positive number";
  Jobs = *J;
  return std::nullopt;
}

} // namespace tablelint
