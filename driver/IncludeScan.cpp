// Following #include lines through a compile command's include paths.
#include "driver/IncludeScan.h"

#include "core/AtomicFile.h"

#include <deque>
#include <filesystem>

namespace tablelint {

namespace fs = std::filesystem;

namespace {

struct IncludePaths {
  std::vector<std::string> Quote; // -iquote
  std::vector<std::string> Angled; // -I
};

// -I and -iquote of a command line, absolute against its directory.
IncludePaths includePaths(const clang::tooling::CompileCommand &Command) {
  IncludePaths Out;
  auto Absolute = [&](const std::string &Dir) {
    return (fs::path(Command.Directory) / Dir).lexically_normal().string();
  };
  const std::vector<std::string> &Args = Command.CommandLine;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    for (const auto &[Flag, List] :
         {std::pair<std::string, std::vector<std::string> *>("-iquote", &Out.Quote),
          std::pair<std::string, std::vector<std::string> *>("-I", &Out.Angled)}) {
      if (A.rfind(Flag, 0) != 0)
        continue;
      if (A.size() > Flag.size())
        List->push_back(Absolute(A.substr(Flag.size())));
      else if (I + 1 < Args.size())
        List->push_back(Absolute(Args[++I]));
      break;
    }
  }
  return Out;
}

// The directive of one line, when it is an #include with a name.
bool parseInclude(std::string_view Line, std::string &Name, bool &Angled) {
  std::size_t I = Line.find_first_not_of(" \t");
  if (I == std::string_view::npos || Line[I] != '#')
    return false;
  I = Line.find_first_not_of(" \t", I + 1);
  if (I == std::string_view::npos || Line.substr(I, 7) != "include")
    return false;
  I = Line.find_first_not_of(" \t", I + 7);
  if (I == std::string_view::npos || (Line[I] != '"' && Line[I] != '<'))
    return false;
  Angled = Line[I] == '<';
  const std::size_t End = Line.find(Angled ? '>' : '"', I + 1);
  if (End == std::string_view::npos || End == I + 1)
    return false;
  Name = std::string(Line.substr(I + 1, End - I - 1));
  return true;
}

std::string firstExisting(const std::vector<std::string> &Dirs,
                          const std::string &Name) {
  for (const std::string &Dir : Dirs) {
    std::error_code EC;
    const fs::path Candidate = (fs::path(Dir) / Name).lexically_normal();
    if (fs::is_regular_file(Candidate, EC))
      return Candidate.string();
  }
  return {};
}

} // namespace

const std::vector<IncludeScanner::Directive> &
IncludeScanner::directivesOf(const std::string &File) {
  auto [It, New] = Directives.try_emplace(File);
  if (!New)
    return It->second;
  const std::optional<std::string> Text = readFile(File);
  if (!Text)
    return It->second;
  std::string_view Rest = *Text;
  while (!Rest.empty()) {
    const std::size_t End = std::min(Rest.find('\n'), Rest.size());
    Directive D;
    if (parseInclude(Rest.substr(0, End), D.Name, D.Angled))
      It->second.push_back(std::move(D));
    Rest.remove_prefix(std::min(End + 1, Rest.size()));
  }
  return It->second;
}

std::set<std::string> IncludeScanner::headersOf(const TranslationUnit &Unit) {
  const IncludePaths Paths = includePaths(Unit.Command);
  std::set<std::string> Seen;
  std::deque<std::string> Queue = {Unit.File};
  while (!Queue.empty()) {
    const std::string File = std::move(Queue.front());
    Queue.pop_front();
    for (const Directive &D : directivesOf(File)) {
      std::vector<std::string> Dirs;
      if (!D.Angled) {
        Dirs.push_back(fs::path(File).parent_path().string());
        Dirs.insert(Dirs.end(), Paths.Quote.begin(), Paths.Quote.end());
      }
      Dirs.insert(Dirs.end(), Paths.Angled.begin(), Paths.Angled.end());
      std::string Found = firstExisting(Dirs, D.Name);
      if (!Found.empty() && Found != Unit.File && Seen.insert(Found).second)
        Queue.push_back(std::move(Found));
    }
  }
  return Seen;
}

} // namespace tablelint
