// Formatting the answer check (replay/AnswerCheck.h) for the report.
#include "replay/AnswerReport.h"

#include "core/Text.h"

#include <cctype>
#include <cstdio>
#include <string_view>

namespace tablelint::replay {

namespace {

std::string seconds(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.3f s", V);
  return Buf;
}

// 1335 as "1,335".
std::string grouped(std::uint64_t N) {
  std::string Digits = std::to_string(N), Out;
  for (std::size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

// "on every entity", "on a 1% sample of entities".
std::string share(const AnswerCheck &A) {
  if (A.SampleShare >= 1)
    return "on every entity";
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3g%%", A.SampleShare * 100);
  // "an 8.47% sample", "an 11% sample", "a 1% sample".
  const std::string_view P(Buf);
  const bool An =
      P[0] == '8' || ((P.substr(0, 2) == "11" || P.substr(0, 2) == "18") &&
                      !std::isdigit(static_cast<unsigned char>(P[2])));
  std::string Out =
      std::string(An ? "on an " : "on a ") + Buf + " sample of entities";
  if (!A.WholeTables.empty()) {
    Out += " (every entity of the tables `top` queries read:";
    for (const std::string &T : A.WholeTables)
      Out += (&T == &A.WholeTables.front() ? " " : ", ") + T;
    Out += ")";
  }
  return Out;
}

std::string summary(const AnswerCheck &A) {
  if (!A.Ran)
    return "not compared (--answers none)";
  std::string Out = grouped(A.Compared) + " executions compared " + share(A) +
                    ", " + grouped(A.Equal) + " same, " + grouped(A.Different) +
                    " different";
  if (!A.NotInBoth.empty()) {
    Out += "; not compared (declared in one design only):";
    for (const std::string &N : A.NotInBoth)
      Out += " " + N;
  }
  return Out;
}

std::string differenceText(const AnswerDifference &D,
                           const std::vector<std::string> &Labels) {
  std::string Out = D.Query + " at " + seconds(D.Time) + ": ";
  for (std::size_t I = 0; I < D.Filters.size(); ++I) {
    Out += (I ? "; " : "") + (I < Labels.size() ? Labels[I] : "?") +
           " returned " + std::to_string(D.Counts[I]) + " (filter " +
           (D.Filters[I].empty() ? std::string("none") : D.Filters[I]);
    if (D.Reads[I] > 1)
      Out += ", the first of " + std::to_string(D.Reads[I]) + " fan-out reads";
    Out += ")";
  }
  return Out + "; " + D.Detail;
}

} // namespace

std::string answerCheckText(const AnswerCheck &A,
                            const std::vector<std::string> &Labels) {
  std::string Out = "\nanswers: " + summary(A) + "\n";
  // Every query, so that one compared in full reads as checked, not as
  // left out.
  for (const QueryComparison &Q : A.PerQuery)
    Out += "  " + Q.Query + ": " +
           (Q.Executions == 0
                ? std::string("no execution in the run")
                : std::to_string(Q.Compared) + " of " +
                      std::to_string(Q.Executions) + " executions compared, " +
                      std::to_string(Q.Different) + " different") +
           "\n";
  for (const AnswerDifference &D : A.Differences)
    Out += "  different: " + differenceText(D, Labels) + "\n";
  for (const std::string &C : A.Causes)
    Out += "  why: " + C + "\n";
  return Out;
}

llvm::json::Object answerCheckJson(const AnswerCheck &A) {
  llvm::json::Array PerQuery, Differences, NotInBoth;
  for (const QueryComparison &Q : A.PerQuery)
    PerQuery.push_back(llvm::json::Object{
        {"query", Q.Query},
        {"executions", static_cast<std::int64_t>(Q.Executions)},
        {"compared", static_cast<std::int64_t>(Q.Compared)},
        {"different", static_cast<std::int64_t>(Q.Different)}});
  for (const AnswerDifference &D : A.Differences) {
    llvm::json::Array Filters, Reads, Counts;
    for (std::size_t I = 0; I < D.Filters.size(); ++I) {
      Filters.push_back(D.Filters[I]);
      Reads.push_back(static_cast<std::int64_t>(D.Reads[I]));
      Counts.push_back(static_cast<std::int64_t>(D.Counts[I]));
    }
    Differences.push_back(llvm::json::Object{{"query", D.Query},
                                             {"time", D.Time},
                                             {"filters", std::move(Filters)},
                                             {"reads", std::move(Reads)},
                                             {"counts", std::move(Counts)},
                                             {"detail", D.Detail}});
  }
  for (const std::string &N : A.NotInBoth)
    NotInBoth.push_back(N);
  llvm::json::Array Causes;
  for (const std::string &C : A.Causes)
    Causes.push_back(C);
  return llvm::json::Object{
      {"checked", A.Ran},
      {"sampleShare", A.SampleShare},
      {"wholeTables", llvm::json::Array(A.WholeTables)},
      {"compared", static_cast<std::int64_t>(A.Compared)},
      {"same", static_cast<std::int64_t>(A.Equal)},
      {"different", static_cast<std::int64_t>(A.Different)},
      {"agree", A.Different == 0},
      {"notInBoth", std::move(NotInBoth)},
      {"perQuery", std::move(PerQuery)},
      {"differences", std::move(Differences)},
      {"causes", std::move(Causes)}};
}

std::string answerCheckHtml(const AnswerCheck &A,
                            const std::vector<std::string> &Labels) {
  std::string Out = "<h2>Answers</h2>\n<p>" + htmlEscape(summary(A)) + "</p>\n";
  if (A.Differences.empty())
    return Out;
  Out += "<ul class=\"notes\">";
  for (const AnswerDifference &D : A.Differences)
    Out += "<li>" + htmlEscape(differenceText(D, Labels)) + "</li>";
  for (const std::string &C : A.Causes)
    Out += "<li>why: " + htmlEscape(C) + "</li>";
  return Out + "</ul>\n";
}

} // namespace tablelint::replay
