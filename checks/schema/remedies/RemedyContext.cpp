// What the remedies of `tablelint suggest` share: the findings they answer,
// the filter of those a user allows, and the changes they record.
#include "checks/schema/remedies/Remedy.h"

#include "core/ServiceLimits.h"
#include "core/schema/Suppressions.h"

#include <algorithm>
#include <cctype>

namespace tablelint::schema {

FindingIndex::FindingIndex(const Schema &Design,
                           const SchemaCheckOptions &Options) {
  Schema Marks = Design; // isSuppressed marks suppressions as used
  for (const Finding &F : runSchemaChecks(Design, Options))
    if (!isSuppressed(Marks, F.RuleId, F.Anchor))
      Keys.insert(key(F.RuleId, F.Anchor));
}

bool FindingIndex::has(const std::string &Rule, const std::string &Path) const {
  return Keys.count(key(Rule, Path)) != 0;
}

std::vector<std::string>
FindingIndex::rulesUnder(const std::string &Path,
                         const std::vector<std::string> &Rules) const {
  std::vector<std::string> Out;
  for (const std::string &Rule : Rules) {
    const std::string Prefix = key(Rule, Path);
    for (const std::string &K : Keys)
      if (K.compare(0, Prefix.size(), Prefix) == 0 &&
          (K.size() == Prefix.size() || K[Prefix.size()] == '.')) {
        Out.push_back(Rule);
        break;
      }
  }
  return Out;
}

std::string FindingIndex::key(const std::string &Rule,
                              const std::string &Path) {
  return Rule + '\n' + Path;
}

bool oneEntityPerKey(const Table &T) {
  std::vector<std::string> Whole;
  for (const KeyPart &P : T.PartitionKey.Parts)
    if (P.IsPlaceholder && P.Format.empty() && P.Functions.empty())
      Whole.push_back(P.Text);
  for (const std::string &P : T.RowKey.properties())
    if (std::find(Whole.begin(), Whole.end(), P) == Whole.end())
      return false;
  return true;
}

void addNote(std::string &Note, const std::string &Text) {
  Note += (Note.empty() ? "" : "\n") + Text;
}

RemedyContext::RemedyContext(const Schema &Current,
                             const SchemaCheckOptions &Options,
                             const RemedyFilter &Allow, SuggestResult &R)
    : Current(Current), Options(Options), R(R), Allow(Allow),
      CurrentFindings(Current, Options) {}

bool RemedyContext::allowed(const char *Rule, const std::string &Path) {
  Subject = Path;
  return !Allow || Allow(Rule, Path);
}

void RemedyContext::change(const char *Rule, const std::string &Path,
                           std::string &Note, const std::string &Text) {
  addNote(Note, Text);
  R.Changes.push_back({Rule, Path, Text, Subject});
}

std::string RemedyContext::uniqueTableName(const std::string &Base) const {
  std::string Name;
  for (char C : Base)
    if (std::isalnum(static_cast<unsigned char>(C)))
      Name += C;
  Name = Name.substr(0, limits::MaxTableNameLength - 4);
  std::string Candidate = Name;
  for (unsigned N = 2; R.Design.table(Candidate); ++N)
    Candidate = Name + std::to_string(N);
  return Candidate;
}

} // namespace tablelint::schema
