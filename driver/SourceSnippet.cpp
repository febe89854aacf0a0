// Source lines and carets for the text report.
#include "driver/SourceSnippet.h"

#include "driver/TerminalColor.h"

#include "core/Redact.h"

#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <sstream>

namespace tablelint {

namespace {

constexpr unsigned TabStop = 8;
// A line longer than this is shown as a window around the column (a
// generated 300 KB literal would otherwise flood the terminal).
constexpr std::size_t MaxShownBytes = 160;
constexpr std::size_t WindowBefore = 60;

// Display columns of Text, tabs expanded as clang expands them, and a
// multi-byte UTF-8 character counted once.
struct DisplayLine {
  std::string Text;
  // Display column (0-based) at which each byte of the original line starts.
  std::vector<unsigned> ColumnOfByte;
};

DisplayLine expand(const std::string &Line) {
  DisplayLine D;
  unsigned Column = 0;
  for (const char C : Line) {
    D.ColumnOfByte.push_back(Column);
    if (C == '\t') {
      const unsigned Next = (Column / TabStop + 1) * TabStop;
      D.Text.append(Next - Column, ' ');
      Column = Next;
      continue;
    }
    D.Text += C;
    if ((static_cast<unsigned char>(C) & 0xC0) != 0x80)
      ++Column;
  }
  D.ColumnOfByte.push_back(Column); // one past the end
  return D;
}

} // namespace

const std::vector<std::string> *SourceSnippets::lines(const std::string &File) {
  auto It = Files.find(File);
  if (It == Files.end()) {
    std::optional<std::vector<std::string>> Lines;
    std::ifstream In(File, std::ios::binary);
    if (In) {
      Lines.emplace();
      std::string L;
      while (std::getline(In, L)) {
        if (!L.empty() && L.back() == '\r')
          L.pop_back();
        Lines->push_back(std::move(L));
      }
    }
    It = Files.emplace(File, std::move(Lines)).first;
  }
  return It->second ? &*It->second : nullptr;
}

std::string SourceSnippets::render(const std::string &File, unsigned Line,
                                   unsigned Column, unsigned EndLine,
                                   unsigned EndColumn, bool Color) {
  const std::vector<std::string> *Lines = Line ? lines(File) : nullptr;
  if (!Lines || Line > Lines->size())
    return {};
  // What is shown: the line with its secrets redacted (the columns moved
  // by what redaction removed before them), and of a very long line only a
  // window around the column.
  const std::string &Raw = (*Lines)[Line - 1];
  std::string Shown = redactSecrets(Raw);
  auto ShownColumn = [&](unsigned ByteColumn) -> unsigned {
    if (!ByteColumn || Shown.size() == Raw.size())
      return ByteColumn;
    const std::string Before = redactSecrets(
        std::string_view(Raw).substr(0, std::min<std::size_t>(ByteColumn - 1, Raw.size())));
    return Shown.compare(0, Before.size(), Before) == 0
               ? static_cast<unsigned>(Before.size() + 1)
               : std::min<unsigned>(ByteColumn,
                                    static_cast<unsigned>(Shown.size() + 1));
  };
  Column = ShownColumn(Column);
  if (EndLine == Line)
    EndColumn = ShownColumn(EndColumn);
  if (Shown.size() > MaxShownBytes) {
    auto IsContinuation = [&](std::size_t At) {
      return At < Shown.size() &&
             (static_cast<unsigned char>(Shown[At]) & 0xC0) == 0x80;
    };
    std::size_t Start = Column > WindowBefore + 1 ? Column - 1 - WindowBefore : 0;
    while (IsContinuation(Start))
      ++Start;
    std::size_t End = std::min(Shown.size(), Start + MaxShownBytes);
    while (IsContinuation(End))
      --End;
    const std::string Lead = Start ? "..." : "";
    const std::string Window = Lead + Shown.substr(Start, End - Start) +
                               (End < Shown.size() ? "..." : "");
    auto Moved = [&](unsigned C) {
      return C <= Start ? static_cast<unsigned>(Lead.size() + 1)
                        : static_cast<unsigned>(C - Start + Lead.size());
    };
    Column = Moved(Column);
    if (EndLine == Line)
      EndColumn = Moved(EndColumn);
    Shown = Window;
  }
  const DisplayLine D = expand(Shown);
  const std::size_t Bytes = D.ColumnOfByte.size() - 1;
  auto DisplayColumn = [&](unsigned ByteColumn) {
    return D.ColumnOfByte[std::min<std::size_t>(ByteColumn ? ByteColumn - 1 : 0,
                                                Bytes)];
  };
  const unsigned Caret = DisplayColumn(Column);
  unsigned RangeEnd = Caret + 1;
  if (EndLine == Line && EndColumn > Column + 1)
    RangeEnd = std::max(RangeEnd, DisplayColumn(EndColumn));

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS.enable_colors(Color);
  const std::string Number = std::to_string(Line);
  const std::size_t Width = std::max<std::size_t>(5, Number.size() + 1);
  OS << std::string(Width - Number.size(), ' ') << Number << " | " << D.Text
     << "\n"
     << std::string(Width, ' ') << " | " << std::string(Caret, ' ');
  {
    llvm::WithColor Marker(OS, llvm::raw_ostream::GREEN, /*Bold=*/true,
                           /*BG=*/false, colorMode(Color));
    Marker << '^' << std::string(RangeEnd - Caret - 1, '~');
  }
  OS << "\n";
  return Out;
}

} // namespace tablelint
