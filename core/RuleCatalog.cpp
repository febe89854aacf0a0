// Loading and validating the rule catalog (rules/*.yaml).
#include "core/RuleCatalog.h"

#include "core/SecuritySeverity.h"
#include "core/YamlReader.h"

#include <algorithm>
#include <map>

namespace tablelint {

namespace {

constexpr unsigned ChecklistItemCount = 29;
constexpr std::size_t MaxTitleLength = 80;

std::string stemOf(const std::string &Path) {
  std::string Name = Path.substr(Path.find_last_of('/') + 1);
  const std::size_t Dot = Name.rfind(".yaml");
  return Dot == std::string::npos ? Name : Name.substr(0, Dot);
}

bool isRuleId(const std::string &Id) {
  if (Id.empty() || Id.front() < 'a' || Id.front() > 'z' || Id.back() == '-')
    return false;
  return std::all_of(Id.begin(), Id.end(), [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '-';
  });
}

std::optional<RuleExample> readExample(YamlMap &Parent, std::string_view Key,
                                       const std::string &File,
                                       std::vector<InputError> &Errors) {
  YAML::Node N = Parent.get(Key, true);
  if (!N.IsDefined())
    return std::nullopt;
  YamlMap M(N, File, Errors, std::string(Key) + " example");
  if (!M.valid())
    return std::nullopt;
  RuleExample E;
  auto Language = M.oneOf("language", true, {"cpp", "yaml"});
  auto Code = M.string("code", true);
  M.finish();
  if (!Language || !Code)
    return std::nullopt;
  E.Language = *Language;
  E.Code = *Code;
  return E;
}

void loadChecklist(const CatalogSource &Source, Catalog &Out,
                   std::vector<InputError> &Errors) {
  auto Doc = parseYaml(Source.Path, Source.Text, Errors);
  if (!Doc)
    return;
  YamlMap Top(*Doc, Source.Path, Errors, "checklist");
  YAML::Node Items = Top.get("items", true);
  Top.finish();
  if (!Items.IsDefined())
    return;
  if (!Items.IsSequence()) {
    Errors.push_back(errorAt(Source.Path, Items, "'items' must be a list"));
    return;
  }
  for (const auto &Node : Items) {
    YamlMap M(Node, Source.Path, Errors, "checklist item");
    if (!M.valid())
      continue;
    ChecklistItem I;
    auto Number = M.number("number", true);
    auto Anchor = M.string("anchor", true);
    auto Category = M.string("category", true);
    auto Question = M.string("question", true);
    M.finish();
    if (!Number || !Anchor || !Category || !Question)
      continue;
    if (*Number != Out.Items.size() + 1) {
      Errors.push_back(errorAt(Source.Path, Node["number"],
                               "checklist item numbers must run 1, 2, 3...: "
                               "expected " +
                                   std::to_string(Out.Items.size() + 1) +
                                   ", got " + std::to_string(*Number)));
      continue;
    }
    I.Number = *Number;
    I.Anchor = *Anchor;
    I.Category = *Category;
    I.Question = *Question;
    Out.Items.push_back(std::move(I));
  }
  if (Out.Items.size() != ChecklistItemCount)
    Errors.push_back({Source.Path, 0, 0,
                      "the checklist has " + std::to_string(ChecklistItemCount) +
                          " items, found " + std::to_string(Out.Items.size())});
}

std::optional<Rule> loadRule(const CatalogSource &Source,
                             std::vector<InputError> &Errors) {
  auto Doc = parseYaml(Source.Path, Source.Text, Errors);
  if (!Doc)
    return std::nullopt;
  const std::size_t ErrorsBefore = Errors.size();
  YamlMap M(*Doc, Source.Path, Errors, "rule");
  if (!M.valid())
    return std::nullopt;
  Rule R;
  R.SourceFile = Source.Path;
  auto Id = M.string("id", true);
  auto Title = M.string("title", true);
  auto Checklist = M.numbers("checklist", true);
  auto Design = M.strings("design", false);
  auto Detection = M.strings("detection", true);
  auto Severity = M.oneOf("severity", true, {"note", "warning", "error"});
  auto Category = M.oneOf(
      "category", true,
      {"scalability-targets", "networking", "direct-client-access", "batching",
       "client-configuration", "parallelism", "client-libraries", "retries",
       "payload", "tables-and-partitions", "queries", "writes", "data-model"});
  auto Tags = M.strings("tags", true);
  auto Precision =
      M.oneOf("precision", true, {"very-high", "high", "medium", "low"});
  auto SecuritySeverity = M.string("security-severity", false);
  auto Summary = M.string("summary", true);
  auto Rationale = M.string("rationale", true);
  auto Bad = readExample(M, "bad", Source.Path, Errors);
  auto Good = readExample(M, "good", Source.Path, Errors);
  auto Help = M.string("help", true);
  auto Observes = M.string("observes", false);
  YAML::Node Options = M.get("options", false);
  M.finish();

  if (Id && !isRuleId(*Id))
    M.error((*Doc)["id"], "rule id '" + *Id +
                              "' must be lower-case words joined by '-'");
  else if (Id && *Id != stemOf(Source.Path))
    M.error((*Doc)["id"], "rule id '" + *Id + "' does not match the file name '" +
                              stemOf(Source.Path) + ".yaml'");
  if (Title && (Title->size() > MaxTitleLength || Title->back() == '.'))
    M.error((*Doc)["title"], "the title must be one line of at most " +
                                 std::to_string(MaxTitleLength) +
                                 " characters without a final period");
  if (Detection) {
    for (const std::string &D : *Detection) {
      if (D == "code")
        R.DetectionMask |= static_cast<unsigned>(Detector::Code);
      else if (D == "schema")
        R.DetectionMask |= static_cast<unsigned>(Detector::Schema);
      else if (D == "replay")
        R.DetectionMask |= static_cast<unsigned>(Detector::Replay);
      else if (D == "advisory")
        R.DetectionMask |= static_cast<unsigned>(Detector::Advisory);
      else
        M.error((*Doc)["detection"],
                "unknown detection '" + D +
                    "': expected code, schema, replay or advisory");
    }
    if (Detection->empty())
      M.error((*Doc)["detection"], "'detection' must name at least one of "
                                   "code, schema, replay, advisory");
    R.Detection = *Detection;
  }
  const bool Advisory = R.isAdvisory();
  if (Advisory && !Observes)
    M.error(*Doc, "a rule with advisory detection needs 'observes': what "
                  "tablelint can observe to answer the question");
  if (!Advisory && Observes)
    M.error((*Doc)["observes"], "'observes' is only for rules with advisory detection");
  if (Checklist && Checklist->empty() && (!Design || Design->empty()))
    M.error((*Doc)["checklist"], "a rule cites at least one checklist item or "
                                 "design-page topic");
  // Code scanning ranks security alerts by this score; a security rule
  // without one would be listed with no severity at all.
  const bool Security =
      Tags && std::find(Tags->begin(), Tags->end(), "security") != Tags->end();
  if (SecuritySeverity && !isSecuritySeverity(*SecuritySeverity))
    M.error((*Doc)["security-severity"],
            "'security-severity' must be a score from 0.1 to 10.0 with one "
            "decimal, e.g. 7.5");
  if (Security && !SecuritySeverity)
    M.error((*Doc)["tags"], "a rule tagged 'security' needs a "
                            "'security-severity' (0.1 to 10.0)");
  if (!Security && SecuritySeverity)
    M.error((*Doc)["security-severity"],
            "'security-severity' is only for rules tagged 'security'");
  if (Options.IsDefined()) {
    if (!Options.IsSequence()) {
      M.error(Options, "'options' must be a list");
    } else {
      for (const auto &O : Options) {
        YamlMap OM(O, Source.Path, Errors, "rule option");
        if (!OM.valid())
          continue;
        auto Name = OM.string("name", true);
        auto Default = OM.string("default", true);
        auto Description = OM.string("description", true);
        OM.finish();
        if (Name && Default && Description)
          R.Options.push_back({*Name, *Default, *Description});
      }
    }
  }
  if (Errors.size() != ErrorsBefore || !Id || !Title || !Checklist ||
      !Severity || !Category || !Tags || !Precision || !Summary || !Rationale ||
      !Bad || !Good || !Help)
    return std::nullopt;
  R.Id = *Id;
  R.Title = *Title;
  R.Checklist = *Checklist;
  if (Design)
    R.Design = *Design;
  R.DefaultSeverity = parseSeverity(*Severity).value_or(Severity::Warning);
  R.Category = *Category;
  R.Tags = *Tags;
  R.Precision = *Precision;
  R.Summary = *Summary;
  R.Rationale = *Rationale;
  R.Bad = *Bad;
  R.Good = *Good;
  R.Help = *Help;
  if (Observes)
    R.Observes = *Observes;
  return R;
}

} // namespace

std::string_view severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

std::optional<Severity> parseSeverity(std::string_view Name) {
  if (Name == "note")
    return Severity::Note;
  if (Name == "warning")
    return Severity::Warning;
  if (Name == "error")
    return Severity::Error;
  return std::nullopt;
}

const RuleOption *Rule::option(std::string_view Name) const {
  for (const RuleOption &O : Options)
    if (O.Name == Name)
      return &O;
  return nullptr;
}

const Rule *Catalog::find(std::string_view Id) const {
  auto It = std::lower_bound(
      Rules.begin(), Rules.end(), Id,
      [](const Rule &R, std::string_view K) { return R.Id < K; });
  return It != Rules.end() && It->Id == Id ? &*It : nullptr;
}

const ChecklistItem *Catalog::item(unsigned Number) const {
  return Number >= 1 && Number <= Items.size() ? &Items[Number - 1] : nullptr;
}

std::vector<const Rule *> Catalog::rulesForItem(unsigned Number) const {
  std::vector<const Rule *> Out;
  for (const Rule &R : Rules)
    if (std::find(R.Checklist.begin(), R.Checklist.end(), Number) !=
        R.Checklist.end())
      Out.push_back(&R);
  return Out;
}

CatalogLoad loadCatalog(const std::vector<CatalogSource> &Sources) {
  CatalogLoad Load;
  const CatalogSource *ChecklistFile = nullptr;
  for (const CatalogSource &S : Sources)
    if (stemOf(S.Path) == "checklist")
      ChecklistFile = &S;
  if (!ChecklistFile)
    Load.Errors.push_back({"rules/checklist.yaml", 0, 0,
                           "the catalog has no checklist.yaml"});
  else
    loadChecklist(*ChecklistFile, Load.Value, Load.Errors);

  std::map<std::string, std::string> SeenIds; // id -> file
  for (const CatalogSource &S : Sources) {
    // rules/apis/ holds the API role maps (core/ApiRoles.h), not rules.
    if (&S == ChecklistFile || S.Path.find("/apis/") != std::string::npos)
      continue;
    std::optional<Rule> R = loadRule(S, Load.Errors);
    if (!R)
      continue;
    if (auto [It, New] = SeenIds.emplace(R->Id, S.Path); !New) {
      Load.Errors.push_back({S.Path, 0, 0,
                             "rule id '" + R->Id + "' is also defined in " +
                                 It->second});
      continue;
    }
    for (unsigned N : R->Checklist)
      if (ChecklistFile && !Load.Value.item(N))
        Load.Errors.push_back({S.Path, 0, 0,
                               "rule '" + R->Id + "' cites checklist item " +
                                   std::to_string(N) + ", which does not exist"});
    Load.Value.Rules.push_back(std::move(*R));
  }
  std::sort(Load.Value.Rules.begin(), Load.Value.Rules.end(),
            [](const Rule &A, const Rule &B) { return A.Id < B.Id; });
  // Every checklist item is answered by a rule or an advisory entry.
  if (Load.Errors.empty())
    for (const ChecklistItem &I : Load.Value.Items)
      if (Load.Value.rulesForItem(I.Number).empty())
        Load.Errors.push_back({ChecklistFile->Path, 0, 0,
                               "checklist item " + std::to_string(I.Number) +
                                   " (" + I.Anchor +
                                   ") is answered by no rule or advisory entry"});
  return Load;
}

} // namespace tablelint
