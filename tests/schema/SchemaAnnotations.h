// The inline annotations of the schema golden files, shared by the rule
// files (SchemaChecksGoldenTest) and the whole designs
// (SchemaDesignsGoldenTest):
//
//   partitionKey: "{t:yyyyMMdd}"   # expect: time-based-partition-key:19 "leads"
//   - {name: ok, rate: 1/s}        # ok: partition-throughput
//
// `expect` lists rule ids, each optionally with :column and a quoted part
// of the message; `ok` marks a case where that rule must stay silent.
#pragma once

#include "core/Finding.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace tablelint::schema::testing_support {

struct Expectation {
  unsigned Line = 0;
  std::string Rule;
  unsigned Column = 0; // 0: any
  std::string MessagePart;
};

struct Annotations {
  std::vector<Expectation> Expected;
  std::vector<std::pair<unsigned, std::string>> Ok;
  std::set<std::string> Rules;
};

inline Annotations readAnnotations(const std::string &Text) {
  Annotations A;
  static const std::regex ExpectRe(R"(#\s*expect:\s*(.*)$)");
  static const std::regex ItemRe(
      R"(\s*([a-z0-9-]+)(:(\d+))?(\s+\"([^\"]*)\")?\s*,?)");
  static const std::regex OkRe(R"(#\s*ok:\s*([a-z0-9-]+))");
  std::istringstream In(Text);
  std::string Line;
  unsigned N = 0;
  while (std::getline(In, Line)) {
    ++N;
    std::smatch M;
    if (std::regex_search(Line, M, ExpectRe)) {
      std::string Items = M[1];
      std::smatch I;
      while (std::regex_search(Items, I, ItemRe) && I.position(0) == 0 &&
             I.length(0) > 0) {
        Expectation E;
        E.Line = N;
        E.Rule = I[1];
        if (I[3].matched)
          E.Column = static_cast<unsigned>(std::stoul(I[3]));
        E.MessagePart = I[5];
        A.Expected.push_back(E);
        A.Rules.insert(E.Rule);
        Items = I.suffix();
      }
    } else if (std::regex_search(Line, M, OkRe)) {
      A.Ok.push_back({N, M[1]});
      A.Rules.insert(M[1]);
    }
  }
  return A;
}

// Compares findings with the annotations: each finding of a rule in
// OnlyRules (all rules when null) must match one unmatched expectation on
// its line (rule, column when given, message part), and every expectation
// must be matched. Failures name FileName:line.
inline void expectFindingsMatch(const std::vector<Finding> &Findings,
                                const Annotations &A,
                                const std::string &FileName,
                                const std::set<std::string> *OnlyRules) {
  std::vector<bool> Matched(A.Expected.size(), false);
  for (const Finding &F : Findings) {
    if (OnlyRules && !OnlyRules->count(F.RuleId))
      continue;
    bool Found = false;
    for (std::size_t I = 0; I < A.Expected.size() && !Found; ++I) {
      const Expectation &E = A.Expected[I];
      if (Matched[I] || E.Line != F.Line || E.Rule != F.RuleId ||
          (E.Column && E.Column != F.Column) ||
          F.Message.find(E.MessagePart) == std::string::npos)
        continue;
      Matched[I] = Found = true;
    }
    EXPECT_TRUE(Found) << FileName << ":" << F.Line << ":" << F.Column
                       << ": unexpected " << F.RuleId << ": " << F.Message;
  }
  for (std::size_t I = 0; I < A.Expected.size(); ++I)
    EXPECT_TRUE(Matched[I])
        << FileName << ":" << A.Expected[I].Line << ": expected "
        << A.Expected[I].Rule
        << (A.Expected[I].MessagePart.empty()
                ? ""
                : " \"" + A.Expected[I].MessagePart + "\"")
        << " was not reported";
}

} // namespace tablelint::schema::testing_support
