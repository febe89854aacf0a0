// Minimal edits of a schema file (what `suggest` writes): only the changed
// values, entries and notes are touched; everything else stays byte for
// byte; the edited file loads as the intended design; a shape the editor
// cannot edit for sure is refused, never written wrong.
#include "core/schema/SchemaEdit.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaWriter.h"
#include "core/schema/YamlSpans.h"

#include <gtest/gtest.h>

namespace tablelint::schema {
namespace {

Schema load(const std::string &Text) {
  SchemaLoad L = loadSchemaText(Text, "orders.yaml");
  EXPECT_TRUE(L.ok()) << (L.Errors.empty() ? "" : L.Errors.front().str());
  return L.Value;
}

KeyTemplate key(const std::string &Text) {
  std::string Error;
  std::optional<KeyTemplate> K = parseKeyTemplate(Text, Error);
  EXPECT_TRUE(K) << Error;
  return K.value_or(KeyTemplate{});
}

// Replaces the one occurrence of From.
void replaceOnce(std::string &Text, const std::string &From,
                 const std::string &To) {
  const std::size_t At = Text.find(From);
  ASSERT_NE(At, std::string::npos) << From;
  ASSERT_EQ(Text.find(From, At + 1), std::string::npos) << From;
  Text.replace(At, From.size(), To);
}

// A design as the writer prints it without its comments (notes, header).
std::string withoutComments(Schema S) {
  S.Header.clear();
  for (Account &A : S.Accounts)
    A.Note.clear();
  for (Client &C : S.Clients)
    C.Note.clear();
  for (Table &T : S.Tables) {
    T.Note.clear();
    for (Property &P : T.Properties)
      P.Note.clear();
    for (Write &W : T.Writes)
      W.Note.clear();
    for (Query &Q : T.Queries)
      Q.Note.clear();
    for (Transaction &X : T.Transactions)
      X.Note.clear();
  }
  return writeSchemaYaml(S);
}

// The edited text, which must load as Design (comments aside).
std::string edited(const std::string &Original, const Schema &Current,
                   const Schema &Design) {
  SchemaTextEdit E = editSchemaText(Original, Current, Design);
  EXPECT_TRUE(E.Text) << E.Problem;
  if (!E.Text)
    return "";
  const SchemaLoad Back = loadSchemaText(*E.Text, "edited.yaml");
  EXPECT_TRUE(Back.ok()) << *E.Text;
  EXPECT_EQ(withoutComments(Back.Value), withoutComments(Design));
  return *E.Text;
}

// A file as people write them: comments everywhere, a dash at column 0,
// odd spacing, single quotes, 50000 and 50000/h, a flow mapping over two
// lines, a retry policy equal to the defaults, keys out of the usual order.
const std::string Odd = "# Orders service (team checkout)\n"
                        "version: 1\n"
                        "\n"
                        "accounts:\n"
                        "- name: shop        # one region only\n"
                        "  region: westeurope\n"
                        "clients:\n"
                        "  - {name: app, kind: service, region: westeurope,\n"
                        "     retry: {policy: exponential, baseDelay: 800ms, "
                        "maxDelay: 60s, maxRetries: 3}}\n"
                        "tables:\n"
                        "- name:   Orders\n"
                        "  rowKey:   '{orderId}'\n"
                        "  account: shop\n"
                        "  partitionKey: \"{customerId}\"   # one customer\n"
                        "  entities: 50000\n"
                        "  properties: {customerId: {type: string, distinct: "
                        "50000}, orderId: {type: guid}}\n"
                        "  writes:\n"
                        "  - name: place\n"
                        "    op: insert\n"
                        "    rate: 50000/h\n"
                        "\n"
                        "  # cancelled orders go too\n"
                        "  - {name: cancel, op: delete, rate: 1/s}\n"
                        "  queries:\n"
                        "      # the customer's orders\n"
                        "    - {name: mine, client: app, filter: "
                        "\"PartitionKey eq '{customerId}'\", uses: [orderId], "
                        "rate: 5/s}\n"
                        "    - name: recent\n"
                        "      filter: \"PartitionKey eq '{customerId}'\"\n"
                        "      top: 10\n"
                        "      rate: 1/s\n";

TEST(SchemaEdit, AnUnchangedDesignIsTheFileItself) {
  const Schema Current = load(Odd);
  SchemaTextEdit E = editSchemaText(Odd, Current, Current);
  ASSERT_TRUE(E.Text) << E.Problem;
  EXPECT_EQ(*E.Text, Odd);
  EXPECT_EQ(E.Edits, 0u);
}

TEST(SchemaEdit, ChangesOnlyTheChangedValuesAndAddsNotesAboveThem) {
  const Schema Current = load(Odd);
  Schema Design = Current;
  Table &T = Design.Tables[0];
  T.PartitionKey = key("{customerId}_{orderId|hash:4}");
  T.Note = "bucketed partition key";
  Query &Mine = T.Queries[0];
  Mine.Select = {"orderId"};
  Mine.HasSelect = true;
  Mine.Note += "\nselect only orderId";
  Design.Clients[0].Auth = AuthKind::Sas;
  // The original with exactly these edits.
  std::string Expected = Odd;
  replaceOnce(Expected, "region: westeurope,\n",
              "region: westeurope, auth: sas,\n");
  replaceOnce(Expected, "tables:\n- name:",
              "tables:\n# bucketed partition key\n- name:");
  replaceOnce(Expected, "partitionKey: \"{customerId}\"   #",
              "partitionKey: \"{customerId}_{orderId|hash:4}\"   #");
  replaceOnce(Expected, "    - {name: mine",
              "    # select only orderId\n    - {name: mine");
  replaceOnce(Expected, "'{customerId}'\", uses:",
              "'{customerId}'\", select: [orderId], uses:");
  EXPECT_EQ(edited(Odd, Current, Design), Expected);
}

TEST(SchemaEdit, RemovesEntriesWithTheirCommentsAndKeepsListsInTheirStyle) {
  const Schema Current = load(Odd);
  Schema Design = Current;
  Table &T = Design.Tables[0];
  T.Writes.pop_back(); // cancel, with its comment
  T.Queries[1].Top.reset();
  Query ById = T.Queries[1];
  ById.Name = "by-id";
  ById.Filter = "PartitionKey eq '{customerId}' and RowKey eq '{orderId}'";
  ById.Note = "point read";
  T.Queries.push_back(ById);
  Write Ship = T.Writes[0];
  Ship.Name = "ship";
  Ship.Op = WriteKind::Merge;
  T.Writes.push_back(Ship);
  const std::string Out = edited(Odd, Current, Design);
  const std::string Expected =
      "  writes:\n"
      "  - name: place\n"
      "    op: insert\n"
      "    rate: 50000/h\n"
      // A new write among block items is a block item, the rate as written.
      "  - name: ship\n"
      "    op: merge\n"
      "    rate: 50000/h\n"
      "\n"
      "  queries:\n"
      "      # the customer's orders\n"
      "    - {name: mine, client: app, filter: \"PartitionKey eq "
      "'{customerId}'\", uses: [orderId], rate: 5/s}\n"
      "    - name: recent\n"
      "      filter: \"PartitionKey eq '{customerId}'\"\n"
      "      rate: 1/s\n"
      // A new query among flow ones... the first item sets the style.
      "    # point read\n"
      "    - {name: by-id, filter: \"PartitionKey eq '{customerId}' and "
      "RowKey eq '{orderId}'\", rate: 1/s}\n";
  EXPECT_NE(Out.find(Expected), std::string::npos) << Out;
  EXPECT_EQ(Out.find("cancel"), std::string::npos) << Out;
  EXPECT_EQ(Out.substr(0, Out.find("  writes:\n")),
            Odd.substr(0, Odd.find("  writes:\n")));
}

TEST(SchemaEdit, ANewTableFollowsTheIndentationOfItsSiblings) {
  const Schema Current = load(Odd);
  Schema Design = Current;
  Table Index = Design.Tables[0];
  Index.Name = "OrdersByDay";
  Index.Path = "tables[OrdersByDay]";
  Index.Note = "index table";
  Index.Writes.resize(1);
  Index.Queries.clear();
  Index.Entities.reset();
  Design.Tables.push_back(Index);
  const std::string Out = edited(Odd, Current, Design);
  ASSERT_EQ(Out.substr(0, Odd.size()), Odd);
  EXPECT_EQ(Out.substr(Odd.size()),
            "# index table\n"
            "- name: OrdersByDay\n"
            "  account: shop\n"
            "  partitionKey: \"{customerId}\"\n"
            "  rowKey: \"{orderId}\"\n"
            "  properties:\n"
            "    customerId: {type: string, distinct: 50k}\n"
            "    orderId: {type: guid}\n"
            "  writes:\n"
            "    - {name: place, op: insert, rate: 50000/h}\n");
}

// One table T keyed by property k, for the small cases below.
const std::string TableT = "version: 1\n"
                           "accounts: [{name: a, region: westeurope}]\n"
                           "tables:\n"
                           "  - name: T\n"
                           "    account: a\n"
                           "    partitionKey: \"{k}\"\n";
const std::string KeyedByK = TableT + "    rowKey: r\n"
                                      "    properties: {k: {type: string}}\n";

// Tables in a flow list: a new one is a flow mapping too, its lists (a
// block list of one item in the writer's print) in flow style.
TEST(SchemaEdit, ANewTableInAFlowListIsAFlowMapping) {
  const std::string Text =
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "tables: [{name: T, account: a, partitionKey: \"{k}\", rowKey: r,\n"
      "          properties: {k: {type: string}},\n"
      "          writes: [{name: w, op: insert, rate: 1/s}]}]   # one table\n";
  const Schema Current = load(Text);
  Schema Design = Current;
  Table Copy = Design.Tables[0];
  Copy.Name = "U";
  Copy.Path = "tables[U]";
  Copy.Note = "a copy";
  Design.Tables.push_back(Copy);
  std::string Expected = Text;
  replaceOnce(Expected, "1/s}]}]",
              "1/s}]}, {name: U, account: a, partitionKey: \"{k}\", rowKey: "
              "\"r\", properties: {k: {type: string}}, writes: [{name: w, op: "
              "insert, rate: 1/s}]}]");
  EXPECT_EQ(edited(Text, Current, Design), Expected);
}

TEST(SchemaEdit, RemovesKeysFromFlowAndBlockMappings) {
  const std::string Text = KeyedByK + "    queries:\n"
                           "      - {name: q, filter: \"PartitionKey eq "
                           "'{k}'\", top: 5, rate: 1/s}\n"
                           "    retention: 30d # a month\n"
                           "    entities: 1000\n";
  const Schema Current = load(Text);
  Schema Design = Current;
  Design.Tables[0].Queries[0].Top.reset();
  Design.Tables[0].RetentionSeconds.reset();
  EXPECT_EQ(edited(Text, Current, Design),
            KeyedByK + "    queries:\n"
            "      - {name: q, filter: \"PartitionKey eq '{k}'\", rate: 1/s}\n"
            "    entities: 1000\n");
}

std::string withCrlf(const std::string &Text) {
  std::string Out;
  for (char C : Text)
    Out += C == '\n' ? std::string("\r\n") : std::string(1, C);
  return Out;
}

// A new property first in the design's order goes before the first one the
// file has (above that one's comments), in a block and in a flow mapping.
TEST(SchemaEdit, ANewKeyGoesWhereTheDesignOrdersIt) {
  const std::string Text = TableT + "    rowKey: r\n"
                                    "    properties:\n"
                                    "      # the key\n"
                                    "      k: {type: string}\n";
  const Schema Current = load(Text);
  Schema Design = Current;
  Property First;
  First.Name = "a";
  Design.Tables[0].Properties.insert(Design.Tables[0].Properties.begin(),
                                     First);
  std::string Expected = Text;
  replaceOnce(Expected, "      # the key\n",
              "      a: {type: string}\n      # the key\n");
  EXPECT_EQ(edited(Text, Current, Design), Expected);

  const Schema FlowCurrent = load(KeyedByK);
  Schema FlowDesign = FlowCurrent;
  FlowDesign.Tables[0].Properties.insert(
      FlowDesign.Tables[0].Properties.begin(), First);
  Expected = KeyedByK;
  replaceOnce(Expected, "{k: {type", "{a: {type: string}, k: {type");
  EXPECT_EQ(edited(KeyedByK, FlowCurrent, FlowDesign), Expected);
}

TEST(SchemaEdit, KeepsWindowsLineBreaks) {
  const std::string Text = withCrlf(KeyedByK);
  const Schema Current = load(Text);
  Schema Design = Current;
  Design.Tables[0].RowKey = key("{k}");
  Design.Tables[0].Note = "row per key";
  std::string Expected = KeyedByK;
  Expected.insert(Expected.find("  - name: T"), "  # row per key\n");
  Expected.replace(Expected.find("rowKey: r"), 9, "rowKey: \"{k}\"");
  EXPECT_EQ(edited(Text, Current, Design), withCrlf(Expected));
}

// yaml-cpp counts offsets after a byte order mark; the mark stays.
TEST(SchemaEdit, KeepsAByteOrderMark) {
  const std::string Bom = "\xEF\xBB\xBF";
  const Schema Current = load(Bom + KeyedByK);
  Schema Design = Current;
  Design.Tables[0].RowKey = key("{k}");
  std::string Expected = Bom + KeyedByK;
  Expected.replace(Expected.find("rowKey: r"), 9, "rowKey: \"{k}\"");
  EXPECT_EQ(edited(Bom + KeyedByK, Current, Design), Expected);
}

// A plain scalar folded over two lines cannot be measured for sure: no
// edited text, and why.
TEST(SchemaEdit, RefusesAValueItCannotMeasure) {
  const std::string Text = KeyedByK + "    queries:\n"
                           "      - name: q\n"
                           "        filter: PartitionKey eq\n"
                           "          '{k}'\n"
                           "        rate: 1/s\n";
  const Schema Current = load(Text);
  Schema Design = Current;
  Design.Tables[0].Queries[0].Filter = "PartitionKey eq 'x'";
  SchemaTextEdit E = editSchemaText(Text, Current, Design);
  EXPECT_FALSE(E.Text);
  EXPECT_EQ(E.Problem, "cannot measure the value at line 11, column 17");
}

// An anchor shared by two properties: editing one would change both. The
// reloaded file is not the design, so the gate refuses it.
TEST(SchemaEdit, TheGateRefusesAnEditThatLoadsAsAnotherDesign) {
  const std::string Text = TableT + "    rowKey: \"{j}\"\n"
                           "    properties:\n"
                           "      k: &id {type: string}\n"
                           "      j: *id\n";
  const Schema Current = load(Text);
  Schema Design = Current;
  Design.Tables[0].Properties[0].Distinct = 100;
  SchemaTextEdit E = editSchemaText(Text, Current, Design);
  EXPECT_FALSE(E.Text);
  EXPECT_EQ(E.Problem, "the edited file does not load as the suggested design");
}

TEST(YamlSpans, EndsOfScalarsAndCollections) {
  const std::string Text = "a: 'it''s' # c\n"
                           "b: {x: [1, \"]\"], y: z}\n"
                           "c:\n"
                           "  - p\n"
                           "  - q   # last\n"
                           "d: |\n"
                           "  one\n"
                           "  two\n"
                           "e: f\n";
  const YAML::Node Root = YAML::Load(Text);
  auto Span = [&](const char *Key) {
    std::optional<TextSpan> S = nodeSpan(Text, Root[Key], false);
    return S ? Text.substr(S->Begin, S->End - S->Begin) : "(none)";
  };
  EXPECT_EQ(Span("a"), "'it''s'");
  EXPECT_EQ(Span("b"), "{x: [1, \"]\"], y: z}");
  EXPECT_EQ(Span("c"), "- p\n  - q");
  EXPECT_EQ(Span("d"), "|\n  one\n  two");
  EXPECT_EQ(Span("e"), "f");
  EXPECT_EQ(Span("missing"), "(none)");
}

} // namespace
} // namespace tablelint::schema
