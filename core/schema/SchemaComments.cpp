// Notes and suppressions from the schema's comments, and suppression lookup.
#include "core/schema/SchemaComments.h"

#include "core/NameHint.h"
#include "core/RuleCatalog.h"
#include "core/RuleIds.h"
#include "core/schema/Suppressions.h"

namespace tablelint::schema {

namespace {

// One element of the loaded schema, with what is needed to find it by line.
struct ElementRef {
  const std::string *Path;
  SourcePos Pos;
  // Lines indented at least this much (0-based) continue the element: the
  // column of a sequence item's first key, one past a mapping key.
  unsigned ContainIndent;
  std::string *Note;
};

template <typename T>
void addItems(std::vector<T> &Items, std::vector<ElementRef> &Out) {
  for (T &E : Items)
    if (E.Pos.Line)
      Out.push_back({&E.Path, E.Pos, E.Pos.Column - 1, &E.Note});
}

std::vector<ElementRef> collectElements(Schema &S) {
  std::vector<ElementRef> Out;
  addItems(S.Accounts, Out);
  addItems(S.Clients, Out);
  addItems(S.Tables, Out);
  for (Table &T : S.Tables) {
    for (Property &P : T.Properties)
      if (P.Pos.Line)
        Out.push_back({&P.Path, P.Pos, P.Pos.Column, &P.Note});
    addItems(T.EntityTypes, Out);
    for (EntityType &Type : T.EntityTypes)
      for (Property &P : Type.Properties)
        if (P.Pos.Line)
          Out.push_back({&P.Path, P.Pos, P.Pos.Column, &P.Note});
    addItems(T.Writes, Out);
    addItems(T.Queries, Out);
    addItems(T.Transactions, Out);
  }
  return Out;
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && (S.front() == ' ' || S.front() == '\t'))
    S.remove_prefix(1);
  while (!S.empty() && (S.back() == ' ' || S.back() == '\t'))
    S.remove_suffix(1);
  return S;
}

// A comment's text as a note line: without the one space after '#'.
std::string noteText(std::string_view Comment) {
  if (!Comment.empty() && Comment.front() == ' ')
    Comment.remove_prefix(1);
  while (!Comment.empty() && (Comment.back() == ' ' || Comment.back() == '\t'))
    Comment.remove_suffix(1);
  return std::string(Comment);
}

bool isDirective(std::string_view Comment) {
  return trim(Comment).substr(0, 10) == "tablelint:";
}

class CommentAttacher {
public:
  CommentAttacher(const std::vector<YamlLine> &Lines, Schema &S,
                  std::vector<InputError> &Errors)
      : Lines(Lines), S(S), Errors(Errors), Elements(collectElements(S)),
        StartingOn(Lines.size() + 1) {
    for (std::size_t I = 0; I < Elements.size(); ++I)
      if (Elements[I].Pos.Line <= Lines.size())
        StartingOn[Elements[I].Pos.Line].push_back(I);
  }

  void run() {
    std::size_t First = 0; // the first line with content (0-based)
    while (First < Lines.size() &&
           (Lines[First].Blank || Lines[First].CommentOnly))
      ++First;
    for (std::size_t I = 0; I < First; ++I)
      if (Lines[I].CommentOnly && !isDirective(Lines[I].Comment))
        S.Header.push_back(noteText(Lines[I].Comment));
    for (std::size_t I = 0; I < Lines.size(); ++I)
      if (Lines[I].CommentColumn && !Lines[I].InBlockScalar &&
          isDirective(Lines[I].Comment))
        readDirective(I);
    for (std::size_t Line = First + 2; Line < StartingOn.size(); ++Line)
      for (std::size_t E : outermost(Line))
        *Elements[E].Note = noteAbove(Line);
  }

private:
  // At the byte Offset after the '#' (the '#' itself when nullopt).
  void error(std::size_t LineIndex, std::optional<std::size_t> Offset,
             std::string Message) {
    const YamlLine &L = Lines[LineIndex];
    Errors.push_back(
        {S.File, static_cast<unsigned>(LineIndex) + 1,
         L.CommentColumn + (Offset ? 1 + static_cast<unsigned>(*Offset) : 0),
         std::move(Message)});
  }

  // The elements starting on Line (1-based) that are not inside another
  // element starting on the same line.
  std::vector<std::size_t> outermost(std::size_t Line) const {
    std::vector<std::size_t> Out;
    for (std::size_t E : StartingOn[Line]) {
      bool Inner = false;
      for (std::size_t Other : StartingOn[Line])
        Inner = Inner ||
                (Other != E && *Elements[Other].Path != *Elements[E].Path &&
                 elementCovers(*Elements[Other].Path, *Elements[E].Path));
      if (!Inner)
        Out.push_back(E);
    }
    return Out;
  }

  // The elements a comment about Line (1-based) applies to: those starting
  // on it, or else the innermost one whose block contains it.
  std::vector<std::size_t> elementsAt(std::size_t Line) const {
    std::vector<std::size_t> Here = outermost(Line);
    if (!Here.empty())
      return Here;
    unsigned MinIndent = Lines[Line - 1].Indent;
    for (std::size_t Start = Line - 1; Start >= 1; --Start) {
      for (std::size_t E : StartingOn[Start])
        if (MinIndent >= Elements[E].ContainIndent)
          return {E};
      const YamlLine &L = Lines[Start - 1];
      if (!L.Blank && !L.CommentOnly && !L.InBlockScalar && !L.InFlowOrQuote)
        MinIndent = std::min(MinIndent, L.Indent);
    }
    return {};
  }

  // The note of an element starting on Line: the comment lines directly
  // above it, directives left out.
  std::string noteAbove(std::size_t Line) const {
    std::size_t Top = Line - 1; // 1-based line above
    while (Top >= 1 && Lines[Top - 1].CommentOnly)
      --Top;
    std::string Note;
    for (std::size_t L = Top + 1; L < Line; ++L) {
      if (isDirective(Lines[L - 1].Comment))
        continue;
      Note += (Note.empty() ? "" : "\n") + noteText(Lines[L - 1].Comment);
    }
    return Note;
  }

  void readDirective(std::size_t LineIndex) {
    const std::string_view Comment = Lines[LineIndex].Comment;
    const std::string Usage = "expected '# tablelint: ignore[rule-id] reason'";
    std::size_t At = Comment.find("tablelint:") + 10;
    while (At < Comment.size() && Comment[At] == ' ')
      ++At;
    if (Comment.compare(At, 7, "ignore[") != 0) {
      error(LineIndex, At,
            "unknown tablelint comment '" +
                std::string(trim(Comment.substr(At))) + "'; " + Usage);
      return;
    }
    const std::size_t Close = Comment.find(']', At);
    if (Close == std::string_view::npos) {
      error(LineIndex, At + 6, "unclosed '[' in the suppression; " + Usage);
      return;
    }
    std::vector<std::pair<std::string, std::size_t>> Ids;
    for (std::size_t Start = At + 7; Start <= Close;) {
      std::size_t End = Comment.find(',', Start);
      if (End == std::string_view::npos || End > Close)
        End = Close;
      const std::string_view Raw = Comment.substr(Start, End - Start);
      const std::string_view Id = trim(Raw);
      const std::size_t IdOffset =
          Start + (Id.empty() ? 0 : Raw.find(Id.front()));
      if (Id.empty())
        error(LineIndex, IdOffset,
              "empty rule id in the suppression; " + Usage);
      else if (!builtinCatalog().find(Id))
        error(LineIndex, IdOffset,
              "unknown rule '" + std::string(Id) + "' in the suppression" +
                  didYouMean(Id, builtinRuleIds()));
      else
        Ids.emplace_back(std::string(Id), IdOffset);
      Start = End + 1;
    }
    const std::string Reason = std::string(trim(Comment.substr(Close + 1)));
    if (Reason.empty()) {
      error(LineIndex, Close,
            "the suppression needs a reason after ']': say why the finding "
            "is acceptable here");
      return;
    }
    if (Ids.empty())
      return;
    std::size_t Target = LineIndex + 1; // 1-based line the comment is about
    if (Lines[LineIndex].CommentOnly) {
      while (Target < Lines.size() && Lines[Target].CommentOnly)
        ++Target;
      Target = Target < Lines.size() && !Lines[Target].Blank ? Target + 1 : 0;
    }
    const std::vector<std::size_t> On =
        Target ? elementsAt(Target) : std::vector<std::size_t>();
    if (On.empty()) {
      error(LineIndex, std::nullopt,
            "the suppression is not attached to an element; put it at the end "
            "of the element's line or on the line directly above it");
      return;
    }
    for (std::size_t E : On)
      for (const auto &Id : Ids) {
        Suppression Sup;
        Sup.RuleId = Id.first;
        Sup.Reason = Reason;
        Sup.ElementPath = *Elements[E].Path;
        Sup.Pos = {static_cast<unsigned>(LineIndex) + 1,
                   Lines[LineIndex].CommentColumn};
        S.Suppressions.push_back(std::move(Sup));
      }
  }

  const std::vector<YamlLine> &Lines;
  Schema &S;
  std::vector<InputError> &Errors;
  std::vector<ElementRef> Elements;
  std::vector<std::vector<std::size_t>> StartingOn; // by 1-based line
};

} // namespace

void attachComments(const std::vector<YamlLine> &Lines, Schema &S,
                    std::vector<InputError> &Errors) {
  CommentAttacher(Lines, S, Errors).run();
}

bool elementCovers(std::string_view Ancestor, std::string_view ElementPath) {
  if (ElementPath.substr(0, Ancestor.size()) != Ancestor)
    return false;
  return ElementPath.size() == Ancestor.size() ||
         ElementPath[Ancestor.size()] == '.';
}

bool isSuppressed(Schema &S, std::string_view RuleId,
                  std::string_view ElementPath) {
  bool Suppressed = false;
  for (Suppression &Sup : S.Suppressions)
    if (Sup.RuleId == RuleId && elementCovers(Sup.ElementPath, ElementPath)) {
      Sup.Used = true;
      Suppressed = true;
    }
  return Suppressed;
}

} // namespace tablelint::schema
