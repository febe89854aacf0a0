// Minimal edits of a schema file: a three-way walk over the original text
// (O), the canonical print of the current design (A) and that of the
// changed design (B). A and B say what changed and how the new text reads;
// O says where it goes.
#include "core/schema/SchemaEdit.h"

#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaWriter.h"
#include "core/schema/YamlSpans.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <vector>

namespace tablelint::schema {

namespace {

// A node and the text it was parsed from, with whether it sits inside a
// flow collection (where plain scalars end at indicators).
struct At {
  std::string_view Text;
  YAML::Node Node;
  bool InFlow = false;

  // Assigning a yaml-cpp node writes through to the node it refers to:
  // an At is never reassigned.
  At(std::string_view Text, YAML::Node Node, bool InFlow = false)
      : Text(Text), Node(std::move(Node)), InFlow(InFlow) {}
  At(const At &) = default;
  At &operator=(const At &) = delete;

  bool flow() const {
    return InFlow || Node.Style() == YAML::EmitterStyle::Flow;
  }
  At child(const YAML::Node &N) const { return {Text, N, flow()}; }
  std::size_t begin() const {
    return static_cast<std::size_t>(std::max(0, Node.Mark().pos));
  }
  // The column of the node's first character (0-based).
  std::size_t column() const { return begin() - lineStart(Text, begin()); }
};

struct Replacement {
  std::size_t Begin = 0, End = 0;
  std::string Text;
  std::size_t Order = 0; // insertions at one place keep the order made
};

// Thrown when an edit meets a shape it cannot do for sure.
struct CannotEdit {
  std::string Why;
};

[[noreturn]] void cannot(std::string Why) { throw CannotEdit{std::move(Why)}; }

TextSpan spanOf(const At &N) {
  std::optional<TextSpan> S = nodeSpan(N.Text, N.Node, N.InFlow);
  if (!S) {
    const YAML::Mark M = N.Node.Mark();
    cannot("cannot measure the value at line " + std::to_string(M.line + 1) +
           ", column " + std::to_string(M.column + 1));
  }
  return *S;
}

std::string_view textOf(const At &N) {
  const TextSpan S = spanOf(N);
  return N.Text.substr(S.Begin, S.End - S.Begin);
}

bool singleLine(std::string_view S) {
  return S.find('\n') == std::string_view::npos;
}

bool blank(char C) { return C == ' ' || C == '\t'; }

// Whether only spaces come between the start of the line and Offset, or
// spaces and one sequence dash when Dash.
bool startsLine(std::string_view Text, std::size_t Offset, bool Dash) {
  std::size_t I = lineStart(Text, Offset);
  while (I < Offset && Text[I] == ' ')
    ++I;
  if (Dash && I < Offset && Text[I] == '-') {
    ++I;
    while (I < Offset && blank(Text[I]))
      ++I;
  }
  return I == Offset;
}

// Whether only blanks and a comment follow Offset on its line.
bool restOfLineEmpty(std::string_view Text, std::size_t Offset) {
  std::size_t I = Offset;
  while (I < Text.size() && blank(Text[I]))
    ++I;
  return I == Text.size() || Text[I] == '\n' || Text[I] == '\r' ||
         Text[I] == '#';
}

std::size_t indentOf(std::string_view Text, std::size_t LineBegin) {
  std::size_t I = LineBegin;
  while (I < Text.size() && Text[I] == ' ')
    ++I;
  return I - LineBegin;
}

std::string_view trimmedLine(std::string_view Text, std::size_t LineBegin) {
  std::size_t End = LineBegin;
  while (End < Text.size() && Text[End] != '\n' && Text[End] != '\r')
    ++End;
  std::size_t Begin = LineBegin;
  while (Begin < End && blank(Text[Begin]))
    ++Begin;
  return Text.substr(Begin, End - Begin);
}

// The comment lines directly above the line at LineBegin (no blank line
// between), top first, and where the first of them starts. Only those
// indented as Indent when given.
struct CommentBlock {
  std::vector<std::string_view> Lines; // from '#', trimmed
  std::size_t Begin = 0;
};

CommentBlock commentsAbove(std::string_view Text, std::size_t LineBegin,
                           std::optional<std::size_t> Indent = {}) {
  CommentBlock B;
  B.Begin = LineBegin;
  while (B.Begin > 0) {
    const std::size_t Above = lineStart(Text, B.Begin - 1);
    const std::string_view Line = trimmedLine(Text, Above);
    if (Line.empty() || Line.front() != '#' ||
        (Indent && indentOf(Text, Above) != *Indent))
      break;
    B.Lines.insert(B.Lines.begin(), Line);
    B.Begin = Above;
  }
  return B;
}

// The lines from LineBegin through the one holding End - 1, each moved
// right by Shift columns (left when negative), each ending in '\n'.
std::string shiftedLines(std::string_view Text, std::size_t LineBegin,
                         std::size_t End, long Shift) {
  std::string Out;
  std::size_t Line = LineBegin;
  while (Line < End) {
    std::size_t Stop = Line;
    while (Stop < Text.size() && Text[Stop] != '\n')
      ++Stop;
    std::string_view L = Text.substr(Line, Stop - Line);
    if (Shift < 0) {
      const std::size_t Drop = static_cast<std::size_t>(-Shift);
      if (indentOf(Text, Line) < Drop && !L.empty())
        cannot("cannot indent new text to its siblings");
      L.remove_prefix(std::min(Drop, L.size()));
    } else {
      Out.append(static_cast<std::size_t>(Shift), ' ');
    }
    Out += L;
    Out += '\n';
    Line = Stop + 1;
  }
  return Out;
}

// The items of a sequence, by iterating (indexing a yaml-cpp node looks
// the index up as a key in some cases).
std::vector<YAML::Node> itemsOf(const YAML::Node &Seq) {
  std::vector<YAML::Node> Out;
  for (YAML::const_iterator It = Seq.begin(); It != Seq.end(); ++It)
    Out.push_back(*It);
  return Out;
}

std::optional<YAML::Node> lookup(const YAML::Node &Map, const std::string &Key,
                                 YAML::Node *KeyNode = nullptr) {
  for (YAML::const_iterator It = Map.begin(); It != Map.end(); ++It)
    if (It->first.IsScalar() && It->first.Scalar() == Key) {
      if (KeyNode)
        KeyNode->reset(It->first); // rebinds; '=' would write through
      return It->second;
    }
  return std::nullopt;
}

// A list whose items are mappings with a distinct scalar `name`.
std::optional<std::map<std::string, std::size_t>>
namedItems(const YAML::Node &Seq) {
  if (!Seq.IsSequence())
    return std::nullopt;
  std::map<std::string, std::size_t> Out;
  const std::vector<YAML::Node> Items = itemsOf(Seq);
  for (std::size_t I = 0; I < Items.size(); ++I) {
    const YAML::Node &Item = Items[I];
    if (!Item.IsMap())
      return std::nullopt;
    std::optional<YAML::Node> Name = lookup(Item, "name");
    if (!Name || !Name->IsScalar() ||
        !Out.emplace(Name->Scalar(), I).second)
      return std::nullopt;
  }
  return Out;
}

// The names of a named list's items (one namedItems accepts), in order.
std::vector<std::string> namesOf(const std::vector<YAML::Node> &Items) {
  std::vector<std::string> Out;
  for (const YAML::Node &Item : Items)
    Out.push_back(lookup(Item, "name")->Scalar());
  return Out;
}

// A canonical print (core/schema/SchemaWriter.h) and where its tables
// start: they come last, after "tables:\n".
struct Print {
  std::string_view Text;
  std::vector<std::size_t> TableStarts;
  std::vector<std::string_view> Names; // of the tables, in order

  std::string_view table(std::size_t I) const {
    const std::size_t End =
        I + 1 < TableStarts.size() ? TableStarts[I + 1] : Text.size();
    return Text.substr(TableStarts[I], End - TableStarts[I]);
  }
  // The print without its tables (the "tables:" line included).
  std::optional<std::string_view> skeleton() const {
    static constexpr std::string_view Key = "tables:\n";
    if (TableStarts.empty() || TableStarts.front() < Key.size() ||
        Text.substr(TableStarts.front() - Key.size(), Key.size()) != Key)
      return std::nullopt;
    return Text.substr(0, TableStarts.front() - Key.size());
  }
};

// One table of a print, parsed on its own as the one item of "tables".
class TableDoc {
public:
  explicit TableDoc(std::string_view Table)
      : Text("tables:\n" + std::string(Table)), Root(YAML::Load(Text)),
        List(*lookup(Root, "tables")), Item(*List.begin()) {}
  TableDoc(const TableDoc &) = delete;
  TableDoc &operator=(const TableDoc &) = delete;
  At list() const { return {Text, List}; }
  At item() const { return {Text, Item}; }

private:
  const std::string Text;
  const YAML::Node Root, List, Item;
};

class Editor {
public:
  explicit Editor(std::string_view Original) : O(Original) {}

  // As run(A.Text, B.Text), with the tables taken one at a time: only O is
  // parsed whole, and a table of A and B only when its print changed, so a
  // large file is one tree in memory rather than three. The walk over the
  // tables is diffList's (walkNamed).
  void runByTable(const Print &A, const Print &B) {
    const std::optional<std::string_view> ASkeleton = A.skeleton(),
                                          BSkeleton = B.skeleton();
    const YAML::Node ORoot = YAML::Load(std::string(O));
    if (!ORoot.IsMap())
      cannot("the file is not one mapping");
    const std::optional<YAML::Node> OTables = lookup(ORoot, "tables");
    if (!ASkeleton || !BSkeleton || !OTables || !namedItems(*OTables)) {
      run(A.Text, B.Text);
      return;
    }
    {
      const YAML::Node ARoot = YAML::Load(std::string(*ASkeleton));
      const YAML::Node BRoot = YAML::Load(std::string(*BSkeleton));
      if (!ARoot.IsMap() || !BRoot.IsMap())
        cannot("the file is not one mapping");
      diffMap({O, ORoot}, {*ASkeleton, ARoot}, {*BSkeleton, BRoot});
    }
    const At OL = At(O, ORoot).child(*OTables);
    walkNamed(
        OL, A.Names, B.Names,
        [&](std::size_t J, const std::optional<At> &Anchor) {
          const TableDoc BDoc(B.table(J));
          insertItem(OL, BDoc.list(), BDoc.item(), Anchor);
        },
        [&](const At &OI, std::size_t I, std::size_t J) {
          if (A.table(I) == B.table(J))
            return; // printed the same, notes included
          const TableDoc ADoc(A.table(I)), BDoc(B.table(J));
          diffItem(OI, ADoc.item(), BDoc.item());
        });
  }

  void run(std::string_view A, std::string_view B) {
    const YAML::Node ORoot = YAML::Load(std::string(O));
    const YAML::Node ARoot = YAML::Load(std::string(A));
    const YAML::Node BRoot = YAML::Load(std::string(B));
    if (!ORoot.IsMap() || !ARoot.IsMap() || !BRoot.IsMap())
      cannot("the file is not one mapping");
    diffMap({O, ORoot}, {A, ARoot}, {B, BRoot});
  }

  // The original with the edits applied.
  std::string apply() const {
    std::vector<Replacement> Sorted = Edits;
    std::sort(Sorted.begin(), Sorted.end(),
              [](const Replacement &X, const Replacement &Y) {
                // Insertions before a change starting there.
                if (X.Begin != Y.Begin)
                  return X.Begin < Y.Begin;
                return X.End != Y.End ? X.End < Y.End : X.Order < Y.Order;
              });
    const bool Crlf = O.find("\r\n") != std::string_view::npos;
    std::string Out;
    std::size_t Done = 0;
    for (const Replacement &R : Sorted) {
      if (R.Begin < Done)
        cannot("two changes touch the same text");
      Out.append(O.substr(Done, R.Begin - Done));
      for (char C : R.Text) {
        if (C == '\n' && Crlf)
          Out += '\r';
        Out += C;
      }
      Done = R.End;
    }
    Out.append(O.substr(Done));
    return Out;
  }

  unsigned count() const { return static_cast<unsigned>(Edits.size()); }

private:
  void edit(std::size_t Begin, std::size_t End, std::string Text) {
    Edits.push_back({Begin, End, std::move(Text), Edits.size()});
  }

  // Lines inserted before the line starting at LineBegin; a last line
  // without a break gets one first.
  void insertLines(std::size_t LineBegin, std::string Lines) {
    if (LineBegin == O.size() && !O.empty() && O.back() != '\n')
      Lines.insert(0, "\n");
    edit(LineBegin, LineBegin, std::move(Lines));
  }

  // ------------------------------------------------------------ mappings

  void diffMap(const At &OM, const At &AM, const At &BM) {
    if (!OM.Node.IsMap())
      cannot("expected a mapping at line " +
             std::to_string(OM.Node.Mark().line + 1));
    std::vector<std::string> BKeys;
    for (YAML::const_iterator It = BM.Node.begin(); It != BM.Node.end();
         ++It) {
      const std::string Key = It->first.Scalar();
      BKeys.push_back(Key);
      const At BK = BM.child(It->first), BV = BM.child(It->second);
      YAML::Node AKeyNode, OKeyNode;
      const std::optional<YAML::Node> AV = lookup(AM.Node, Key, &AKeyNode);
      const std::optional<YAML::Node> OV = lookup(OM.Node, Key, &OKeyNode);
      if (AV && OV)
        addNote(OM.child(OKeyNode), AM.child(AKeyNode), BK, false);
      if (AV && textOf(AM.child(*AV)) == textOf(BV))
        continue; // printed the same: left as written
      if (!OV) {
        insertEntry(OM, BM, BK, BV);
        continue;
      }
      const At OValue = OM.child(*OV);
      if (AV) {
        const At AValue = AM.child(*AV);
        if (AV->IsMap() && BV.Node.IsMap() && OV->IsMap()) {
          diffMap(OValue, AValue, BV);
          continue;
        }
        if (namedItems(*AV) && namedItems(BV.Node) && namedItems(*OV)) {
          diffList(OValue, AValue, BV);
          continue;
        }
      }
      replaceValue(OM, OM.child(OKeyNode), OValue, BK, BV);
    }
    for (YAML::const_iterator It = AM.Node.begin(); It != AM.Node.end();
         ++It) {
      const std::string Key = It->first.Scalar();
      if (std::find(BKeys.begin(), BKeys.end(), Key) != BKeys.end())
        continue;
      YAML::Node OKeyNode;
      if (std::optional<YAML::Node> OV = lookup(OM.Node, Key, &OKeyNode))
        removeEntry(OM, OM.child(OKeyNode), OM.child(*OV));
    }
  }

  // Where an entry of a mapping ends: its value's end, or its colon when
  // the value is empty.
  TextSpan entrySpan(const At &Key, const At &Value) {
    if (!Value.Node.IsNull())
      return {Key.begin(), spanOf(Value).End};
    std::size_t End = spanOf(Key).End;
    while (End < Key.Text.size() && blank(Key.Text[End]))
      ++End;
    if (End >= Key.Text.size() || Key.Text[End] != ':')
      cannot("expected ':' after a key");
    return {Key.begin(), End + 1};
  }

  // B's value as flow text on one line.
  // A value that reads the same in a flow context: a scalar or a flow
  // collection on one line (a block list of one item is one line too).
  std::optional<std::string_view> inlineText(const At &V) {
    const std::string_view T = textOf(V);
    const bool Block = (V.Node.IsMap() || V.Node.IsSequence()) &&
                       V.Node.Style() != YAML::EmitterStyle::Flow;
    if (Block || !singleLine(T))
      return std::nullopt;
    return T;
  }

  std::string flowText(const At &V) {
    if (std::optional<std::string_view> T = inlineText(V))
      return std::string(*T);
    if (!V.Node.IsMap() && !V.Node.IsSequence())
      cannot("a new value spans several lines");
    std::string Out = V.Node.IsMap() ? "{" : "[";
    for (YAML::const_iterator It = V.Node.begin(); It != V.Node.end(); ++It) {
      Out += Out.size() > 1 ? ", " : "";
      if (V.Node.IsMap())
        Out += std::string(textOf(V.child(It->first))) + ": " +
               flowText(V.child(It->second));
      else
        Out += flowText(V.child(*It));
    }
    return Out + (V.Node.IsMap() ? "}" : "]");
  }

  // A key of B that O lacks, where B's order puts it: after the nearest
  // key before it that O has, else before the nearest one after it, else
  // after O's last entry.
  void insertEntry(const At &OM, const At &BM, const At &BK, const At &BV) {
    std::vector<std::string> BKeys;
    std::size_t Self = 0;
    for (YAML::const_iterator It = BM.Node.begin(); It != BM.Node.end();
         ++It) {
      if (It->first.Scalar() == BK.Node.Scalar())
        Self = BKeys.size();
      BKeys.push_back(It->first.Scalar());
    }
    std::optional<TextSpan> After;
    std::optional<At> Before; // the key of the entry it goes before
    for (std::size_t I = Self; I-- > 0 && !After;) {
      YAML::Node KeyNode;
      if (std::optional<YAML::Node> V = lookup(OM.Node, BKeys[I], &KeyNode))
        After = entrySpan(OM.child(KeyNode), OM.child(*V));
    }
    for (std::size_t I = Self + 1; I < BKeys.size() && !After && !Before;
         ++I) {
      YAML::Node KeyNode;
      if (lookup(OM.Node, BKeys[I], &KeyNode))
        Before.emplace(OM.child(KeyNode));
    }
    if (!After && !Before && OM.Node.size() > 0) {
      YAML::const_iterator Last = OM.Node.begin();
      for (YAML::const_iterator It = OM.Node.begin(); It != OM.Node.end();
           ++It)
        Last = It;
      After = entrySpan(OM.child(Last->first), OM.child(Last->second));
    }
    if (OM.flow()) {
      const std::string Text = std::string(textOf(BK)) + ": " + flowText(BV);
      if (After)
        edit(After->End, After->End, ", " + Text);
      else if (Before)
        edit(Before->begin(), Before->begin(), Text + ", ");
      else
        edit(OM.begin() + 1, OM.begin() + 1, Text);
      return;
    }
    if (!After && !Before)
      cannot("cannot add to an empty block mapping");
    if (Before && !startsLine(O, Before->begin(), false))
      cannot("cannot add a key before the first key of an item");
    const std::size_t KeyColumn = OM.column();
    std::string Lines;
    if (BM.flow()) {
      Lines = std::string(KeyColumn, ' ') + std::string(textOf(BK)) + ": " +
              flowText(BV) + "\n";
    } else {
      // B's lines: the entry's comments, its key and its value.
      const std::size_t BLine = lineStart(BK.Text, BK.begin());
      const CommentBlock Notes =
          commentsAbove(BK.Text, BLine, indentOf(BK.Text, BLine));
      Lines = shiftedLines(BK.Text, Notes.Begin, spanOf(BV).End,
                           static_cast<long>(KeyColumn) -
                               static_cast<long>(BK.column()));
    }
    if (After) {
      insertLines(nextLineStart(O, After->End), std::move(Lines));
      return;
    }
    // Above the following entry's comments, which stay with it.
    const std::size_t Line = lineStart(O, Before->begin());
    insertLines(commentsAbove(O, Line, indentOf(O, Line)).Begin,
                std::move(Lines));
  }

  void removeEntry(const At &OM, const At &OK, const At &OV) {
    const TextSpan Entry = entrySpan(OK, OV);
    if (OM.flow()) {
      removeFlowElement(Entry);
      return;
    }
    if (!startsLine(O, OK.begin(), false) || !restOfLineEmpty(O, Entry.End))
      cannot("cannot remove '" + OK.Node.Scalar() + "' at line " +
             std::to_string(OK.Node.Mark().line + 1) +
             " (it shares its line)");
    const std::size_t Line = lineStart(O, OK.begin());
    const CommentBlock Notes = commentsAbove(O, Line, indentOf(O, Line));
    edit(Notes.Begin, nextLineStart(O, Entry.End), "");
  }

  // An element of a flow collection and the comma that separates it.
  void removeFlowElement(TextSpan S) {
    std::size_t Before = S.Begin;
    while (Before > 0 && std::string_view(" \t\r\n").find(O[Before - 1]) !=
                             std::string_view::npos)
      --Before;
    if (Before > 0 && O[Before - 1] == ',') {
      edit(Before - 1, S.End, "");
      return;
    }
    std::size_t After = S.End;
    while (After < O.size() && blank(O[After]))
      ++After;
    if (After < O.size() && O[After] == ',') {
      ++After;
      while (After < O.size() && blank(O[After]))
        ++After;
      edit(S.Begin, After, "");
      return;
    }
    edit(S.Begin, S.End, "");
  }

  // The offset just after the colon that follows key K.
  std::size_t afterColon(const At &K) {
    std::size_t I = spanOf(K).End;
    while (I < O.size() && blank(O[I]))
      ++I;
    if (I >= O.size() || O[I] != ':')
      cannot("expected ':' after a key");
    return I + 1;
  }

  void replaceValue(const At &OM, const At &OK, const At &OV, const At &BK,
                    const At &BV) {
    const std::optional<std::string_view> New = inlineText(BV);
    const TextSpan Entry = entrySpan(OK, OV);
    // A scalar or flow value is replaced where it stands; a block
    // collection (it starts on the next line) or a missing value from just
    // after the colon.
    const bool InPlace =
        !OV.Node.IsNull() &&
        (OV.Node.IsScalar() || OV.Node.Style() == YAML::EmitterStyle::Flow);
    if (New || OM.flow()) {
      const std::string Text = New ? std::string(*New) : flowText(BV);
      if (InPlace)
        edit(spanOf(OV).Begin, Entry.End, Text);
      else
        edit(afterColon(OK), Entry.End, " " + Text);
      return;
    }
    // A block value: B's lines below its key, moved to O's key column.
    const std::size_t FirstLine = nextLineStart(BV.Text, spanOf(BK).End);
    std::string Lines = shiftedLines(
        BV.Text, FirstLine, spanOf(BV).End,
        static_cast<long>(OK.column()) - static_cast<long>(BK.column()));
    Lines.pop_back(); // the value ends where O's did, before its line break
    edit(afterColon(OK), Entry.End, "\n" + Lines);
  }

  // ------------------------------------------------- lists of named items

  // The walk over a list of named items: B's items in B's order, each
  // matched by name to A's item and O's (the matches must keep O's order);
  // an item only B has is inserted after the last match so far (before
  // O's first item when none), one only A has removed from O. ANames and
  // BNames are the items' names in order (distinct; for A, the first of
  // a name counts); how B's item J is inserted after an anchor,
  // Insert(J, Anchor), and how O's item OI is edited from A's item I to
  // B's item J, Match(OI, I, J), are the caller's.
  template <typename NameList, typename InsertFn, typename MatchFn>
  void walkNamed(const At &OL, const NameList &ANames, const NameList &BNames,
                 const InsertFn &Insert, const MatchFn &Match) {
    const auto ONames = *namedItems(OL.Node);
    const std::vector<YAML::Node> OItems = itemsOf(OL.Node);
    // The index in O of an item A has.
    auto InO = [&](std::string_view Name) {
      const auto It = ONames.find(std::string(Name));
      if (It == ONames.end())
        cannot("'" + std::string(Name) + "' is not in the file");
      return It->second;
    };
    std::map<std::string_view, std::size_t> InA;
    for (std::size_t I = 0; I < ANames.size(); ++I)
      InA.emplace(ANames[I], I);
    std::set<std::string_view> InB;
    std::optional<std::size_t> Anchor; // the last item of O kept so far
    for (std::size_t J = 0; J < BNames.size(); ++J) {
      const std::string_view Name = BNames[J];
      InB.insert(Name);
      const auto A = InA.find(Name);
      if (A == InA.end()) {
        Insert(J, Anchor ? std::optional<At>(OL.child(OItems[*Anchor]))
                         : std::nullopt);
        continue;
      }
      const std::size_t OIndex = InO(Name);
      if (Anchor && OIndex < *Anchor)
        cannot("the new design lists '" + std::string(Name) +
               "' in another order");
      Anchor = OIndex;
      Match(OL.child(OItems[OIndex]), A->second, J);
    }
    for (const auto &[Name, Index] : InA)
      if (!InB.count(Name))
        removeItem(OL, OL.child(OItems[InO(Name)]));
  }

  void diffList(const At &OL, const At &AL, const At &BL) {
    const std::vector<YAML::Node> AItems = itemsOf(AL.Node),
                                  BItems = itemsOf(BL.Node);
    walkNamed(
        OL, namesOf(AItems), namesOf(BItems),
        [&](std::size_t J, const std::optional<At> &Anchor) {
          insertItem(OL, BL, BL.child(BItems[J]), Anchor);
        },
        [&](const At &OI, std::size_t I, std::size_t J) {
          diffItem(OI, AL.child(AItems[I]), BL.child(BItems[J]));
        });
  }

  // An item of O that A and B both have: a note B adds, then its entries.
  void diffItem(const At &OI, const At &AI, const At &BI) {
    addNote(OI, AI, BI, true);
    if (textOf(AI) != textOf(BI))
      diffMap(OI, AI, BI);
  }

  void insertItem(const At &OL, const At &BL, const At &BI,
                  const std::optional<At> &Anchor) {
    if (OL.flow()) {
      const std::string Text = flowText(BI);
      if (Anchor)
        edit(spanOf(*Anchor).End, spanOf(*Anchor).End, ", " + Text);
      else if (OL.Node.size() > 0)
        edit(OL.child(*OL.Node.begin()).begin(),
             OL.child(*OL.Node.begin()).begin(), Text + ", ");
      else
        edit(OL.begin() + 1, OL.begin() + 1, Text);
      return;
    }
    if (OL.Node.size() == 0)
      cannot("cannot add to an empty block list");
    // The dash of O's items, and B's item in the style of O's first one.
    const std::size_t Dash = OL.column();
    const At First = OL.child(*OL.Node.begin());
    const bool FlowItems = First.Node.Style() == YAML::EmitterStyle::Flow;
    const std::size_t BLine = lineStart(BI.Text, BI.begin());
    const CommentBlock Notes =
        commentsAbove(BI.Text, BLine, indentOf(BI.Text, BLine));
    std::string Lines;
    for (std::string_view N : Notes.Lines)
      Lines += std::string(Dash, ' ') + std::string(N) + "\n";
    const bool BFlow = BI.Node.Style() == YAML::EmitterStyle::Flow;
    if (FlowItems && BI.Node.IsMap() && singleLine(flowText(BI))) {
      Lines += std::string(Dash, ' ') + "- " + flowText(BI) + "\n";
    } else if (!FlowItems && BFlow && BI.Node.IsMap()) {
      // A flow item among block ones: one key per line, as they are.
      const std::size_t KeyColumn = std::max(First.column(), Dash + 2);
      bool Head = true;
      for (YAML::const_iterator It = BI.Node.begin(); It != BI.Node.end();
           ++It) {
        Lines += Head ? std::string(Dash, ' ') + "-" +
                            std::string(KeyColumn - Dash - 1, ' ')
                      : std::string(KeyColumn, ' ');
        Lines += std::string(textOf(BI.child(It->first))) + ": " +
                 flowText(BI.child(It->second)) + "\n";
        Head = false;
      }
    } else {
      Lines += shiftedLines(BI.Text, BLine, spanOf(BI).End,
                            static_cast<long>(Dash) -
                                static_cast<long>(BL.column()));
    }
    if (Anchor) {
      insertLines(nextLineStart(O, spanOf(*Anchor).End), std::move(Lines));
      return;
    }
    const std::size_t Line = lineStart(O, First.begin());
    insertLines(commentsAbove(O, Line, Dash).Begin, std::move(Lines));
  }

  void removeItem(const At &OL, const At &OI) {
    const TextSpan Item = spanOf(OI);
    if (OL.flow()) {
      removeFlowElement(Item);
      return;
    }
    if (!startsLine(O, OI.begin(), true) || !restOfLineEmpty(O, Item.End))
      cannot("cannot remove the item at line " +
             std::to_string(OI.Node.Mark().line + 1) + " (it shares a line)");
    const std::size_t Line = lineStart(O, OI.begin());
    edit(commentsAbove(O, Line, OL.column()).Begin, nextLineStart(O, Item.End),
         "");
  }

  // ---------------------------------------------------------------- notes

  // The comment lines B has above an element and A has not (a note the
  // change adds), inserted above O's element when it starts its line.
  void addNote(const At &OE, const At &AE, const At &BE, bool Item) {
    const CommentBlock CA = commentsAbove(AE.Text, lineStart(AE.Text, AE.begin()));
    const CommentBlock CB = commentsAbove(BE.Text, lineStart(BE.Text, BE.begin()));
    std::size_t Prefix = 0, Suffix = 0;
    while (Prefix < CA.Lines.size() && Prefix < CB.Lines.size() &&
           CA.Lines[Prefix] == CB.Lines[Prefix])
      ++Prefix;
    while (Suffix + Prefix < CA.Lines.size() &&
           Suffix + Prefix < CB.Lines.size() &&
           CA.Lines[CA.Lines.size() - 1 - Suffix] ==
               CB.Lines[CB.Lines.size() - 1 - Suffix])
      ++Suffix;
    if (Prefix + Suffix != CA.Lines.size() ||
        Prefix + Suffix == CB.Lines.size())
      return; // nothing added, or not only added
    if (!Item && (!startsLine(AE.Text, AE.begin(), false) ||
                  !startsLine(BE.Text, BE.begin(), false)))
      return; // the first key of an item: its comments are the item's
    if (!startsLine(O, OE.begin(), Item))
      return; // shares its line: the note is said on standard error only
    std::size_t Line = lineStart(O, OE.begin());
    const std::size_t Indent = indentOf(O, Line);
    // Above the element's suppressions, which must stay next to it.
    while (Line > 0) {
      const std::size_t Above = lineStart(O, Line - 1);
      if (trimmedLine(O, Above).substr(0, 11) != "# tablelint")
        break;
      Line = Above;
    }
    std::string Lines;
    for (std::size_t I = Prefix; I < CB.Lines.size() - Suffix; ++I)
      Lines += std::string(Indent, ' ') + std::string(CB.Lines[I]) + "\n";
    insertLines(Line, std::move(Lines));
  }

  std::string_view O;
  std::vector<Replacement> Edits;
};

// A canonical print without comments other than suppressions: what the
// gate compares (notes are commentary; where one cannot go, it is said on
// standard error).
std::string withoutNotes(std::string_view Yaml) {
  std::string Out;
  std::size_t Line = 0;
  while (Line < Yaml.size()) {
    const std::size_t Next = nextLineStart(Yaml, Line);
    const std::string_view L = trimmedLine(Yaml, Line);
    if (L.empty() || L.front() != '#' || L.substr(0, 11) == "# tablelint")
      Out.append(Yaml.substr(Line, Next - Line));
    Line = Next;
  }
  return Out;
}

} // namespace

SchemaTextEdit editSchemaText(std::string_view Original, const Schema &Current,
                              const Schema &Design) {
  SchemaTextEdit R;
  // The prints compared leave the header out.
  auto Headless = [](const Schema &S, Print &P) {
    std::string Text = writeSchemaYaml(S, P.TableStarts);
    for (const Table &T : S.Tables)
      P.Names.push_back(T.Name);
    return Text;
  };
  // yaml-cpp's offsets start after a byte order mark: edit what follows it.
  const std::string_view Bom = "\xEF\xBB\xBF";
  const bool HasBom = Original.substr(0, Bom.size()) == Bom;
  Editor E(HasBom ? Original.substr(Bom.size()) : Original);
  std::string Edited(HasBom ? Bom : std::string_view());
  Print BeforePrint, IntendedPrint;
  const std::string Intended = Headless(Design, IntendedPrint);
  const std::string Before = Headless(Current, BeforePrint);
  if (Before == Intended) { // nothing changed, notes included
    R.Text = std::string(Original);
    return R;
  }
  BeforePrint.Text = Before;
  IntendedPrint.Text = Intended;
  try {
    E.runByTable(BeforePrint, IntendedPrint);
    Edited += E.apply();
  } catch (const CannotEdit &Problem) {
    R.Problem = Problem.Why;
    return R;
  } catch (const YAML::Exception &Problem) {
    R.Problem = std::string("cannot parse: ") + Problem.what();
    return R;
  }
  // The gate: the edited file must load as the intended design.
  SchemaLoadOptions Own;
  Own.MaxFileBytes = std::max<std::uint64_t>(Own.MaxFileBytes, Edited.size());
  Own.MaxNodes = std::numeric_limits<std::uint64_t>::max();
  const SchemaLoad Back = loadSchemaText(Edited, Current.File, Own);
  if (!Back.ok()) {
    R.Problem = "the edited file does not load: " + Back.Errors.front().str();
    return R;
  }
  if (withoutNotes(writeSchemaYaml(Back.Value)) != withoutNotes(Intended)) {
    R.Problem = "the edited file does not load as the suggested design";
    return R;
  }
  R.Edits = E.count();
  R.Text = std::move(Edited);
  return R;
}

} // namespace tablelint::schema
