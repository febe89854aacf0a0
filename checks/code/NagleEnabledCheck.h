// tablelint-nagle-enabled (checklist item 17): Nagle's algorithm turned
// back on, by curl_easy_setopt(h, CURLOPT_TCP_NODELAY, 0) or
// setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &v, ...) with v provably 0, in a
// file that talks to Table storage (model/TableModel.h). Small table requests
// then wait for the server's delayed acknowledgement (40-200 ms). A value
// not known at compile time is not reported, nor is a file with no table
// traffic.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

#include <vector>

namespace tablelint::code {

class NagleEnabledCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  struct Candidate {
    clang::SourceLocation Loc;
    bool Curl;
  };
  // The TU talks to Table storage: the candidates are findings only then.
  bool TalksToTable = false;
  std::vector<Candidate> Candidates;
};

} // namespace tablelint::code
