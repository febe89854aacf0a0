// schema-drift (see the header) as named steps: match a code table to the
// declared tables, compare parsed filters, compare key templates.
#include "driver/SchemaDrift.h"

#include "core/Filter.h"
#include "core/ProjectConfig.h"
#include "core/schema/EntityTypes.h"
#include "driver/CodeAnalysis.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace tablelint {

namespace {

constexpr const char *RuleId = "schema-drift";

// A template as a sequence of literal text and placeholders ('\x1a' each),
// with the date format of each placeholder, for comparing code templates
// ({{ and }} escape braces) with schema templates.
struct Shape {
  std::string Text;
  std::vector<std::string> Formats;
};

Shape shapeOf(const std::string &Template) {
  Shape S;
  for (std::size_t I = 0; I < Template.size(); ++I) {
    const char C = Template[I];
    if ((C == '{' || C == '}') && I + 1 < Template.size() &&
        Template[I + 1] == C) {
      S.Text += C;
      ++I;
      continue;
    }
    const std::size_t Close = Template.find('}', I);
    if (C == '{' && Close != std::string::npos) {
      const std::string Inside = Template.substr(I + 1, Close - I - 1);
      const std::size_t Colon = Inside.find(':');
      const std::size_t Pipe = Inside.find('|');
      S.Formats.push_back(Colon == std::string::npos
                              ? ""
                              : Inside.substr(Colon + 1, Pipe == std::string::npos
                                                             ? std::string::npos
                                                             : Pipe - Colon - 1));
      S.Text += UnknownValueMarker;
      I = Close;
      continue;
    }
    S.Text += C;
  }
  return S;
}

std::string lower(std::string Text) {
  std::transform(Text.begin(), Text.end(), Text.begin(),
                 [](unsigned char C) { return static_cast<char>(std::tolower(C)); });
  return Text;
}

// Whether Pattern (placeholders match any run of characters) matches Text.
bool patternMatches(const std::string &Pattern, const std::string &Text) {
  if (Pattern.empty())
    return Text.empty();
  if (Pattern[0] == UnknownValueMarker)
    for (std::size_t Skip = 0; Skip <= Text.size(); ++Skip)
      if (patternMatches(Pattern.substr(1), Text.substr(Skip)))
        return true;
  return !Text.empty() && Pattern[0] == Text[0] &&
         patternMatches(Pattern.substr(1), Text.substr(1));
}

bool hasPlaceholder(const Shape &S) {
  return S.Text.find(UnknownValueMarker) != std::string::npos;
}

// Table names are case-insensitive in the service.
bool tableMatches(const Shape &Code, const schema::Table &T) {
  const Shape Declared = shapeOf(T.NameTemplate ? T.NameTemplate->Text : T.Name);
  const std::string C = lower(Code.Text), D = lower(Declared.Text);
  if (!hasPlaceholder(Code))
    return patternMatches(D, C);
  if (!hasPlaceholder(Declared))
    return patternMatches(C, D);
  return C == D;
}

// A code table the drift can be judged for: some of its name is known.
bool knownEnough(const Shape &Code) {
  return std::any_of(Code.Text.begin(), Code.Text.end(),
                     [](char C) { return C != UnknownValueMarker; });
}

struct DeclaredTable {
  const schema::Schema *In;
  const schema::Table *Table;
};

std::vector<DeclaredTable> tablesFor(const Shape &Code,
                                     const std::vector<schema::Schema> &Schemas) {
  std::vector<DeclaredTable> Out;
  for (const schema::Schema &S : Schemas)
    for (const schema::Table &T : S.Tables)
      if (tableMatches(Code, T))
        Out.push_back({&S, &T});
  return Out;
}

std::optional<Filter> parseTemplateFilter(const std::string &Template) {
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(shapeOf(Template).Text, Options);
  if (!R)
    return std::nullopt;
  return std::move(R.filter());
}

// The operands of a chain of And (or Or) nodes under Index.
void flatten(const Filter &F, std::uint32_t Index, FilterNodeKind Kind,
             std::vector<std::uint32_t> &Out) {
  const FilterNode &N = F.node(Index);
  if (N.Kind != Kind) {
    Out.push_back(Index);
    return;
  }
  flatten(F, N.Left, Kind, Out);
  flatten(F, N.Right, Kind, Out);
}

bool sameLiteral(const Filter &A, const FilterLiteral &L, const Filter &B,
                 const FilterLiteral &M) {
  if (!L.Known || !M.Known)
    return true; // a placeholder stands for any value
  return A.Source.substr(L.Offset, L.Length) == B.Source.substr(M.Offset, M.Length);
}

bool sameNode(const Filter &A, std::uint32_t I, const Filter &B,
              std::uint32_t J);

// Operands of one And/Or chain, in any order.
bool sameOperands(const Filter &A, std::uint32_t I, const Filter &B,
                  std::uint32_t J, FilterNodeKind Kind) {
  std::vector<std::uint32_t> Left, Right;
  flatten(A, I, Kind, Left);
  flatten(B, J, Kind, Right);
  if (Left.size() != Right.size())
    return false;
  std::vector<bool> Used(Right.size(), false);
  for (std::uint32_t L : Left) {
    bool Found = false;
    for (std::size_t R = 0; R < Right.size() && !Found; ++R)
      if (!Used[R] && sameNode(A, L, B, Right[R]))
        Used[R] = Found = true;
    if (!Found)
      return false;
  }
  return true;
}

bool sameNode(const Filter &A, std::uint32_t I, const Filter &B,
              std::uint32_t J) {
  const FilterNode &N = A.node(I), &M = B.node(J);
  if (N.Kind != M.Kind)
    return false;
  switch (N.Kind) {
  case FilterNodeKind::Compare:
    return N.Property == M.Property && N.Op == M.Op &&
           sameLiteral(A, N.Literal, B, M.Literal);
  case FilterNodeKind::BoolProperty:
    return N.Property == M.Property;
  case FilterNodeKind::Not:
    return sameNode(A, N.Left, B, M.Left);
  case FilterNodeKind::And:
  case FilterNodeKind::Or:
    return sameOperands(A, I, B, J, N.Kind);
  }
  return false;
}

// How a filter addresses the keys: "PartitionKey eq", "RowKey range" for
// each top-level comparison of a key.
std::set<std::string> keyShape(const Filter &F) {
  std::set<std::string> Out;
  for (std::uint32_t I : F.conjuncts()) {
    const FilterNode &N = F.node(I);
    if (N.Kind != FilterNodeKind::Compare ||
        (N.Property != "PartitionKey" && N.Property != "RowKey"))
      continue;
    Out.insert(N.Property + (N.Op == CompareOp::Eq   ? " eq"
                             : N.Op == CompareOp::Ne ? " ne"
                                                     : " range"));
  }
  return Out;
}

std::string describeShape(const std::set<std::string> &Shape) {
  if (Shape.empty())
    return "no key condition";
  std::string Out;
  for (const std::string &S : Shape)
    Out += (Out.empty() ? "" : ", ") + S;
  return Out;
}

// Whether Line carries Marker ("NOLINT", "NOLINTNEXTLINE") for this rule:
// bare, or with a list naming it (globs such as tablelint-* count).
bool nolintNames(const std::string &Line, const std::string &Marker) {
  std::size_t At = Line.find(Marker);
  while (At != std::string::npos) {
    const std::size_t After = At + Marker.size();
    const bool Longer = Line.compare(After, 8, "NEXTLINE") == 0 ||
                        Line.compare(After, 5, "BEGIN") == 0 ||
                        Line.compare(After, 3, "END") == 0;
    if (!Longer) {
      if (After >= Line.size() || Line[After] != '(')
        return true;
      const std::size_t Close = Line.find(')', After);
      std::string List = Line.substr(After + 1, Close == std::string::npos
                                                    ? std::string::npos
                                                    : Close - After - 1);
      std::size_t Start = 0;
      while (Start <= List.size()) {
        std::size_t Comma = std::min(List.find(',', Start), List.size());
        std::string Glob = List.substr(Start, Comma - Start);
        Glob.erase(0, Glob.find_first_not_of(' '));
        Glob.erase(Glob.find_last_not_of(' ') + 1);
        if (matchesRuleGlob(Glob, std::string("tablelint-") + RuleId))
          return true;
        Start = Comma + 1;
      }
    }
    At = Line.find(Marker, After);
  }
  return false;
}

class DriftFinder {
public:
  DriftFinder(const std::vector<schema::Schema> &Schemas,
              std::vector<Finding> &Findings)
      : Schemas(Schemas), Findings(Findings) {}

  void query(const code::CodeQueryFact &Q);
  void write(const code::CodeWriteFact &W);

private:
  // The declared tables of a code table; nullopt (after reporting it when
  // the name is known) when there are none.
  std::optional<std::vector<DeclaredTable>>
  declaredTables(const code::CodeTemplate &Table, const code::CodePlace &At);
  void keyDrift(const code::CodeTemplate &Key, const char *Which,
                const std::vector<DeclaredTable> &Tables,
                const code::CodePlace &At);
  Finding &report(const code::CodePlace &At, std::string Message);
  bool suppressed(const code::CodePlace &At);
  void note(Finding &F, const schema::Schema &S, schema::SourcePos Pos,
            std::string Message);
  const std::string &textOf(const std::string &File);

  const std::vector<schema::Schema> &Schemas;
  std::vector<Finding> &Findings;
  std::map<std::string, std::string> Texts;
  std::set<std::pair<std::string, unsigned>> ReportedTables;
  Finding Discarded;
};

const std::string &DriftFinder::textOf(const std::string &File) {
  auto It = Texts.find(File);
  if (It != Texts.end())
    return It->second;
  std::ifstream In(File, std::ios::binary);
  std::ostringstream Text;
  Text << In.rdbuf();
  return Texts[File] = Text.str();
}

// clang-tidy's NOLINT and NOLINTNEXTLINE, read from the text as it would.
bool DriftFinder::suppressed(const code::CodePlace &At) {
  const std::string &Text = textOf(At.File);
  return nolintNames(normalisedLine(Text, At.Line), "NOLINT") ||
         (At.Line > 1 &&
          nolintNames(normalisedLine(Text, At.Line - 1), "NOLINTNEXTLINE"));
}

// A suppressed finding is built as any other and dropped.
Finding &DriftFinder::report(const code::CodePlace &At, std::string Message) {
  if (suppressed(At)) {
    Discarded = Finding();
    return Discarded;
  }
  Finding F;
  F.RuleId = RuleId;
  F.Level = Severity::Warning;
  F.Origin = FindingOrigin::Code;
  F.File = At.File;
  F.Line = At.Line;
  F.Column = At.Column;
  F.Message = std::move(Message);
  F.Anchor = normalisedLine(textOf(At.File), At.Line);
  Findings.push_back(std::move(F));
  return Findings.back();
}

void DriftFinder::note(Finding &F, const schema::Schema &S,
                       schema::SourcePos Pos, std::string Message) {
  F.Notes.push_back({S.File, Pos.Line, Pos.Column, std::move(Message)});
}

std::optional<std::vector<DeclaredTable>>
DriftFinder::declaredTables(const code::CodeTemplate &Table,
                            const code::CodePlace &At) {
  const Shape Code = shapeOf(Table.Text);
  if (!knownEnough(Code))
    return std::nullopt;
  std::vector<DeclaredTable> Tables = tablesFor(Code, Schemas);
  if (!Tables.empty())
    return Tables;
  // One finding per line, though a line may both read and write the table.
  if (!ReportedTables.insert({At.File, At.Line}).second)
    return std::nullopt;
  Finding &F = report(At, "table '" + Table.Text +
                              "' is not declared in the schema: add it to "
                              "'tables', or correct the name");
  for (const schema::Schema &S : Schemas)
    note(F, S, S.Tables.empty() ? schema::SourcePos{1, 1} : S.Tables.front().Pos,
         "the tables this schema declares");
  return std::nullopt;
}

void DriftFinder::query(const code::CodeQueryFact &Q) {
  const auto Tables = declaredTables(Q.Table, Q.Place);
  // A point read addresses one entity: any schema reads it so.
  if (!Tables || Q.PointRead || !Q.Filter)
    return;
  const std::optional<Filter> Code = parseTemplateFilter(Q.Filter->Text);
  if (!Code)
    return;
  const std::set<std::string> CodeShape = keyShape(*Code);
  const schema::Query *SameShape = nullptr;
  const DeclaredTable *ShapeTable = nullptr;
  bool SameProperties = false;
  for (const DeclaredTable &T : *Tables)
    for (const schema::Query &D : T.Table->Queries) {
      if (D.Filter.empty()) { // a declared scan: no key condition either
        if (!SameShape && CodeShape.empty()) {
          SameShape = &D;
          ShapeTable = &T;
        }
        continue;
      }
      const std::optional<Filter> Declared = parseTemplateFilter(D.Filter);
      if (!Declared)
        return; // the schema's own error, reported by its load
      if (Declared && sameNode(*Code, Code->Root, *Declared, Declared->Root))
        return;
      // Of the queries of the same key shape, the one comparing the same
      // properties is the one the code meant.
      if (Declared && keyShape(*Declared) == CodeShape &&
          (!SameShape || (!SameProperties &&
                          Declared->properties() == Code->properties()))) {
        SameShape = &D;
        ShapeTable = &T;
        SameProperties = Declared->properties() == Code->properties();
      }
    }
  const DeclaredTable &Home = Tables->front();
  if (SameShape) {
    Finding &F = report(Q.Place, "the filter '" + Q.Filter->Text +
                                     "' differs from the declared query '" +
                                     SameShape->Name + "' of table '" +
                                     ShapeTable->Table->Name + "': " +
                                     (SameShape->Filter.empty()
                                          ? std::string("no filter")
                                          : "'" + SameShape->Filter + "'"));
    note(F, *ShapeTable->In,
         SameShape->FilterPos.Line ? SameShape->FilterPos : SameShape->Pos,
         "declared filter of " + SameShape->Path);
    return;
  }
  Finding &F = report(Q.Place, "a query of table '" + Home.Table->Name +
                                   "' that the schema does not declare: no "
                                   "declared query has its key shape (" +
                                   describeShape(CodeShape) + "); filter '" +
                                   Q.Filter->Text + "'");
  note(F, *Home.In, Home.Table->Pos,
       "the queries " + Home.Table->Path + " declares");
}

// Whether a key the code builds fits a declared key template: the same
// literal text, a placeholder where the schema has one (of the same date
// format when both say), or a constant the template can render.
bool keyFits(const Shape &Code, const schema::KeyTemplate &Declared) {
  const Shape D = shapeOf(Declared.Text);
  if (!hasPlaceholder(Code))
    return patternMatches(D.Text, Code.Text);
  if (Code.Text != D.Text)
    return false;
  for (std::size_t I = 0; I < Code.Formats.size() && I < D.Formats.size(); ++I)
    if (!Code.Formats[I].empty() && !D.Formats[I].empty() &&
        Code.Formats[I] != D.Formats[I])
      return false;
  return true;
}

const schema::KeyTemplate &keyOf(const schema::Table &T, const char *Which,
                                 int Type) {
  if (Type < 0)
    return std::string(Which) == "PartitionKey" ? T.PartitionKey : T.RowKey;
  return std::string(Which) == "PartitionKey"
             ? schema::entityPartitionKey(T, T.EntityTypes[Type].Name)
             : schema::entityRowKey(T, T.EntityTypes[Type].Name);
}

void DriftFinder::keyDrift(const code::CodeTemplate &Key, const char *Which,
                           const std::vector<DeclaredTable> &Tables,
                           const code::CodePlace &At) {
  const Shape Code = shapeOf(Key.Text);
  if (Code.Text == std::string(1, UnknownValueMarker))
    return; // a key passed in whole: it may be built as the schema says
  const schema::KeyTemplate *First = nullptr;
  const DeclaredTable *Home = nullptr;
  for (const DeclaredTable &T : Tables)
    for (int Type = T.Table->EntityTypes.empty() ? -1 : 0;
         Type < static_cast<int>(T.Table->EntityTypes.size()); ++Type) {
      const schema::KeyTemplate &Declared = keyOf(*T.Table, Which, Type);
      if (Declared.Text.empty() || keyFits(Code, Declared))
        return;
      if (!First) {
        First = &Declared;
        Home = &T;
      }
    }
  if (!First)
    return;
  Finding &F = report(At, std::string("the ") + Which + " '" + Key.Text +
                              "' differs from the template of table '" +
                              Home->Table->Name + "': '" + First->Text + "'");
  note(F, *Home->In, First->Pos,
       std::string("declared ") + Which + " of " + Home->Table->Path);
}

void DriftFinder::write(const code::CodeWriteFact &W) {
  const auto Tables = declaredTables(W.Table, W.Place);
  if (!Tables)
    return;
  if (W.PartitionKey)
    keyDrift(*W.PartitionKey, "PartitionKey", *Tables, W.Place);
  if (W.RowKey)
    keyDrift(*W.RowKey, "RowKey", *Tables, W.Place);
}

} // namespace

void findSchemaDrift(const std::vector<code::SchemaFacts> &Units,
                     const std::vector<schema::Schema> &Schemas,
                     std::vector<Finding> &Findings) {
  if (Schemas.empty())
    return;
  DriftFinder Finder(Schemas, Findings);
  for (const code::SchemaFacts &U : Units) {
    for (const code::CodeQueryFact &Q : U.Queries)
      Finder.query(Q);
    for (const code::CodeWriteFact &W : U.Writes)
      Finder.write(W);
  }
}

} // namespace tablelint
