// `tablelint filter EXPR`: explains a `$filter` to a person: the query class
// and why, the keys it pins, the comparisons, and the problems tablelint
// would report for it.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/JsonText.h"

#include "core/Filter.h"
#include "core/FilterProblems.h"
#include "core/QueryScope.h"
#include "core/RuleCatalog.h"
#include "core/Utf8Text.h"

#include <fmt/format.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <iostream>
#include <map>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &filterOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"format", 0, true, "FORMAT", "output format", {"text", "json"}},
      {"table", 0, true, "NAME", "the table queried, for messages", {}},
      {"type", 0, true, "PROP:TYPE",
       "declare a property's EDM type (string, int32, int64, double, "
       "boolean, datetime, guid, binary) to check literal types; repeatable",
       {},
       true},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printFilterHelp() {
  std::cout
      << "Usage: tablelint filter [options] 'EXPR'\n\n"
         "Explains an OData $filter as the Table service runs it: the query "
         "class\n(point, row range, partition scan, partition range, table "
         "scan) and why, the\npartition keys it pins, its comparisons "
         "(the service allows "
      << limits::MaxFilterComparisons
      << "), the properties\nit names, and the problems tablelint reports "
         "for it.\n\nOptions:\n"
      << formatOptionsHelp(filterOptions())
      << "\nExit codes: 0 explained, no problem at warning or above; 1 "
         "problems at warning\nor above; 2 the filter does not parse (the "
         "error shows its column) or bad usage.\n";
}

struct Problem {
  std::string RuleId;
  Severity Level = Severity::Warning;
  std::string Message;
};

Severity severityOf(const std::string &RuleId) {
  const Rule *R = builtinCatalog().find(RuleId);
  return R ? R->DefaultSeverity : Severity::Warning;
}

// Line and column (1-based) of a byte offset, for filters with newlines.
std::pair<std::size_t, std::size_t> lineColumn(std::string_view S,
                                               std::size_t Offset) {
  std::size_t Line = 1, LineStart = 0;
  for (std::size_t I = 0; I < Offset && I < S.size(); ++I)
    if (S[I] == '\n') {
      ++Line;
      LineStart = I + 1;
    }
  return {Line, Offset - LineStart + 1};
}

bool isUtf8Continuation(char C) {
  return (static_cast<unsigned char>(C) & 0xC0) == 0x80;
}

// The source line holding Offset and a caret under it, clang style. A long
// line is shown around the error only, control bytes are escaped, and the
// caret counts characters, not bytes.
std::string caretSnippet(std::string_view S, std::size_t Offset) {
  constexpr std::size_t Context = 60;
  Offset = std::min(Offset, S.size());
  std::size_t Start =
      Offset == 0 ? 0 : S.rfind('\n', Offset - 1) == std::string_view::npos
                            ? 0
                            : S.rfind('\n', Offset - 1) + 1;
  std::size_t End = S.find('\n', Offset);
  if (End == std::string_view::npos)
    End = S.size();
  std::string Before, After;
  if (Offset - Start > Context) {
    Start = Offset - Context;
    while (Start < Offset && isUtf8Continuation(S[Start]))
      ++Start;
    Before = "...";
  }
  bool Cut = false;
  if (End - Offset > Context) {
    End = Offset + Context;
    while (End > Offset && isUtf8Continuation(S[End]))
      --End;
    Cut = true;
  }
  Before += escapeControlBytes(S.substr(Start, Offset - Start));
  After = escapeControlBytes(S.substr(Offset, End - Offset)) +
          (Cut ? "..." : "");
  const auto Columns = static_cast<std::size_t>(
      std::count_if(Before.begin(), Before.end(),
                    [](char C) { return !isUtf8Continuation(C); }));
  return Before + After + "\n" + std::string(Columns, ' ') + "^\n";
}

std::string pinnedList(const std::vector<PinnedKey> &Keys) {
  std::string Out;
  for (const PinnedKey &K : Keys)
    Out += (Out.empty() ? "" : ", ") + K.str();
  return Out;
}

std::string boundText(const std::optional<KeyBound> &Low,
                      const std::optional<KeyBound> &High) {
  std::string Out;
  if (Low)
    Out += (Low->Inclusive ? ">= " : "> ") + Low->Key.str();
  if (High)
    Out += std::string(Out.empty() ? "" : " and ") +
           (High->Inclusive ? "<= " : "< ") + High->Key.str();
  return Out;
}

} // namespace

int runFilterCommand(const std::vector<std::string> &Args) {
  ParsedArgs A;
  if (auto Error = parseArgs(filterOptions(), Args, A)) {
    std::cerr << "tablelint filter: error: " << *Error
              << "\n(see tablelint filter --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printFilterHelp();
    return ExitClean;
  }
  if (A.positional().size() != 1) {
    std::cerr << "tablelint filter: error: expected one filter expression "
                 "(quote it: tablelint filter \"PartitionKey eq 'a'\")\n";
    return ExitInputError;
  }
  std::map<std::string, EdmType, std::less<>> Types;
  for (const std::string &T : A.all("type")) {
    const auto Colon = T.find(':');
    std::optional<EdmType> Type =
        Colon == std::string::npos ? std::nullopt
                                   : parseEdmType(T.substr(Colon + 1));
    if (!Type || Colon == 0) {
      std::cerr << "tablelint filter: error: --type expects PROP:TYPE with "
                   "TYPE one of string, int32, int64, double, boolean, "
                   "datetime, guid, binary; got '"
                << T << "'\n";
      return ExitInputError;
    }
    Types[T.substr(0, Colon)] = *Type;
  }
  const bool Json = A.get("format", "text") == "json";
  const std::string &Source = A.positional().front();
  FilterParseResult Parsed = parseFilter(Source);
  if (!Parsed) {
    const FilterError &E = Parsed.error();
    const auto [Line, Column] = lineColumn(Source, E.Offset);
    if (Json) {
      llvm::json::Object Err{{"offset", static_cast<int64_t>(E.Offset)},
                             {"line", static_cast<int64_t>(Line)},
                             {"column", static_cast<int64_t>(Column)},
                             {"message", E.Message}};
      llvm::outs() << jsonText(
          llvm::json::Object{{"filter", Source}, {"error", std::move(Err)}});
    } else {
      std::cerr << fmt::format("<filter>:{}:{}: error: {} [tablelint-invalid-filter]\n",
                               Line, Column, E.Message)
                << caretSnippet(Source, E.Offset);
    }
    return ExitInputError;
  }
  const Filter &F = Parsed.filter();
  const QueryScope Scope = classifyFilter(F);
  std::vector<Problem> Problems;
  for (const FilterError &E :
       checkLiteralTypes(F, [&](std::string_view P) -> std::optional<EdmType> {
         auto It = Types.find(P);
         return It == Types.end() ? std::nullopt
                                  : std::optional<EdmType>(It->second);
       }))
    Problems.push_back({"invalid-filter", severityOf("invalid-filter"),
                        E.str()});
  FilterProblemOptions Options;
  Options.Table = A.get("table");
  for (const FilterProblem &P : findFilterProblems(&F, Scope, Options))
    Problems.push_back({P.RuleId, severityOf(P.RuleId), P.Message});
  if (Scope.Contradictory)
    Problems.push_back({"invalid-filter", Severity::Warning,
                        "the key conditions cannot all hold: the query "
                        "returns nothing"});
  const bool Failing = std::any_of(
      Problems.begin(), Problems.end(),
      [](const Problem &P) { return P.Level != Severity::Note; });

  if (Json) {
    llvm::json::Array Keys, ProblemArray;
    for (const PinnedKey &K : Scope.PartitionKeys)
      Keys.push_back(K.Known ? llvm::json::Value(K.Value) : llvm::json::Value(nullptr));
    for (const Problem &P : Problems)
      ProblemArray.push_back(llvm::json::Object{
          {"rule", P.RuleId},
          {"severity", std::string(severityName(P.Level))},
          {"message", P.Message}});
    llvm::json::Object Out{
        {"filter", Source},
        {"canonical", F.str()},
        {"class", std::string(queryClassName(Scope.Class))},
        {"reason", Scope.Reason},
        {"partitionKeys", std::move(Keys)},
        {"comparisons", Scope.Comparisons},
        {"maxComparisons", limits::MaxFilterComparisons},
        {"properties", llvm::json::Array(Scope.Properties)},
        {"nonKeyProperties", llvm::json::Array(Scope.NonKeyProperties)},
        {"contradictory", Scope.Contradictory},
        {"problems", std::move(ProblemArray)},
    };
    if (Scope.RowKey)
      Out["rowKey"] = Scope.RowKey->Known ? llvm::json::Value(Scope.RowKey->Value)
                                          : llvm::json::Value(nullptr);
    llvm::outs() << jsonText(std::move(Out));
    return Failing ? ExitFindings : ExitClean;
  }

  std::string Out;
  Out += fmt::format("filter:      {}\n", F.str());
  Out += fmt::format("class:       {} ({})\n", queryClassName(Scope.Class),
                     Scope.Reason);
  if (!Scope.PartitionKeys.empty())
    Out += fmt::format("partition:   {}\n", pinnedList(Scope.PartitionKeys));
  if (Scope.PartitionLow || Scope.PartitionHigh)
    Out += fmt::format("partitions:  PartitionKey {}\n",
                       boundText(Scope.PartitionLow, Scope.PartitionHigh));
  if (Scope.RowKey)
    Out += fmt::format("row key:     {}\n", Scope.RowKey->str());
  if (Scope.RowLow || Scope.RowHigh)
    Out += fmt::format("row keys:    RowKey {}\n",
                       boundText(Scope.RowLow, Scope.RowHigh));
  Out += fmt::format("comparisons: {} (the service allows {})\n",
                     Scope.Comparisons, limits::MaxFilterComparisons);
  std::string Props;
  for (const std::string &P : Scope.Properties)
    Props += (Props.empty() ? "" : ", ") + P;
  Out += fmt::format("properties:  {}\n", Props);
  if (Problems.empty()) {
    Out += "problems:    none\n";
  } else {
    Out += "problems:\n";
    for (const Problem &P : Problems)
      Out += fmt::format("  {}: {} [tablelint-{}]\n", severityName(P.Level),
                         P.Message, P.RuleId);
  }
  std::cout << Out;
  return Failing ? ExitFindings : ExitClean;
}

} // namespace tablelint
