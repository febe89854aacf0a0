// The catalog written as C++ (see the header).
#include "core/CatalogCode.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <yaml-cpp/yaml.h>

namespace tablelint {

namespace {

namespace fs = std::filesystem;

std::string quoted(const std::string &S) { return cppStringLiteral(S); }

std::string stringList(const std::vector<std::string> &Strings) {
  std::string Out = "{";
  for (const std::string &S : Strings)
    Out += quoted(S) + ", ";
  return Out + "}";
}

std::string numberList(const std::vector<unsigned> &Numbers) {
  std::string Out = "{";
  for (unsigned N : Numbers)
    Out += std::to_string(N) + "u, ";
  return Out + "}";
}

template <typename Map> std::string stringMap(const Map &M) {
  std::string Out = "{";
  for (const auto &[Key, Value] : M)
    Out += "{" + quoted(Key) + ", " + quoted(Value) + "}, ";
  return Out + "}";
}

std::string numberMap(const std::map<std::string, unsigned, std::less<>> &M) {
  std::string Out = "{";
  for (const auto &[Key, Value] : M)
    Out += "{" + quoted(Key) + ", " + std::to_string(Value) + "u}, ";
  return Out + "}";
}

std::string example(const RuleExample &E) {
  return "{" + quoted(E.Language) + ", " + quoted(E.Code) + "}";
}

// One function per rule: each field assigned by name, so the code reads
// like the YAML it came from.
void writeRule(std::ostringstream &Out, const Rule &R, std::size_t Index) {
  Out << "Rule rule" << Index << "() {\n  Rule R;\n"
      << "  R.Id = " << quoted(R.Id) << ";\n"
      << "  R.Title = " << quoted(R.Title) << ";\n"
      << "  R.Checklist = " << numberList(R.Checklist) << ";\n"
      << "  R.Design = " << stringList(R.Design) << ";\n"
      << "  R.Detection = " << stringList(R.Detection) << ";\n"
      << "  R.DetectionMask = " << R.DetectionMask << "u;\n"
      << "  R.DefaultSeverity = static_cast<Severity>("
      << static_cast<unsigned>(R.DefaultSeverity) << ");\n"
      << "  R.Category = " << quoted(R.Category) << ";\n"
      << "  R.Tags = " << stringList(R.Tags) << ";\n"
      << "  R.Precision = " << quoted(R.Precision) << ";\n"
      << "  R.Summary = " << quoted(R.Summary) << ";\n"
      << "  R.Rationale = " << quoted(R.Rationale) << ";\n"
      << "  R.Bad = " << example(R.Bad) << ";\n"
      << "  R.Good = " << example(R.Good) << ";\n"
      << "  R.Help = " << quoted(R.Help) << ";\n";
  for (const RuleOption &O : R.Options)
    Out << "  R.Options.push_back({" << quoted(O.Name) << ", "
        << quoted(O.Default) << ", " << quoted(O.Description) << "});\n";
  Out << "  R.Observes = " << quoted(R.Observes) << ";\n"
      << "  R.SourceFile = " << quoted(R.SourceFile) << ";\n"
      << "  return R;\n}\n\n";
}

void writeCatalog(std::ostringstream &Out, const Catalog &C) {
  for (std::size_t I = 0; I < C.Rules.size(); ++I)
    writeRule(Out, C.Rules[I], I);
  Out << "} // namespace\n\nCatalog generatedCatalog() {\n  Catalog C;\n";
  for (const ChecklistItem &I : C.Items)
    Out << "  C.Items.push_back({" << I.Number << "u, " << quoted(I.Anchor)
        << ", " << quoted(I.Category) << ", " << quoted(I.Question) << "});\n";
  Out << "  C.Rules.reserve(" << C.Rules.size() << ");\n";
  for (std::size_t I = 0; I < C.Rules.size(); ++I)
    Out << "  C.Rules.push_back(rule" << I << "());\n";
  Out << "  return C;\n}\n\n";
}

void writeApiRoles(std::ostringstream &Out, const ApiRoles &Roles) {
  Out << "ApiRoles generatedApiRoles() {\n  ApiRoles Roles;\n";
  for (const ApiFunction &F : Roles.Functions)
    Out << "  Roles.Functions.push_back({" << stringList(F.QualifiedNames)
        << ", static_cast<ApiRole>(" << static_cast<unsigned>(F.Role)
        << "), " << numberMap(F.Args) << ", " << stringMap(F.Attrs) << ", "
        << quoted(F.Api) << ", " << quoted(F.Source) << "});\n";
  for (const ApiType &T : Roles.Types)
    Out << "  Roles.Types.push_back({" << stringList(T.QualifiedNames)
        << ", static_cast<TypeRole>(" << static_cast<unsigned>(T.Role) << "), "
        << stringMap(T.Fields) << ", " << quoted(T.Api) << ", "
        << quoted(T.Source) << "});\n";
  Out << "  return Roles;\n}\n\n";
}

void writeSecurityScores(std::ostringstream &Out, const SecurityScores &Scores) {
  Out << "std::vector<std::pair<std::string, std::string>> "
         "generatedSecurityScores() {\n  return {\n";
  for (const auto &[Id, Score] : Scores)
    Out << "      {" << quoted(Id) << ", " << quoted(Score) << "},\n";
  Out << "  };\n}\n\n";
}

} // namespace

SecurityScores securityScores(const std::vector<CatalogSource> &Rules) {
  SecurityScores Out;
  for (const CatalogSource &S : Rules) {
    const YAML::Node Doc = YAML::Load(S.Text);
    if (Doc.IsMap() && Doc["id"] && Doc["security-severity"])
      Out.emplace_back(Doc["id"].as<std::string>(),
                       Doc["security-severity"].as<std::string>());
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::string cppStringLiteral(const std::string &Text) {
  std::string Out = "\"";
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C < 0x20 || C >= 0x7f) {
      // Three octal digits: a following digit cannot extend the escape.
      char Escape[5];
      std::snprintf(Escape, sizeof Escape, "\\%03o", C);
      Out += Escape;
    } else {
      Out += static_cast<char>(C);
    }
  }
  return Out + "\"";
}

std::string catalogCode(const Catalog &C, const ApiRoles &Roles,
                        const SecurityScores &Scores) {
  std::ostringstream Out;
  Out << "// Generated from rules/*.yaml and rules/apis/*.yaml by "
         "tablelint-catalog-gen\n// (core/CatalogGen.cpp). Do not edit.\n"
         "#include \"core/ApiRoles.h\"\n#include \"core/RuleCatalog.h\"\n\n"
         "namespace tablelint {\n\nnamespace {\n\n";
  writeCatalog(Out, C);
  writeApiRoles(Out, Roles);
  writeSecurityScores(Out, Scores);
  Out << "} // namespace tablelint\n";
  return Out.str();
}

std::vector<CatalogSource> readCatalogSources(const std::string &SourceDir,
                                              std::vector<InputError> &Errors) {
  std::vector<CatalogSource> Sources;
  for (const char *Dir : {"rules", "rules/apis"}) {
    std::error_code EC;
    for (fs::directory_iterator It(fs::path(SourceDir) / Dir, EC), End;
         !EC && It != End; It.increment(EC)) {
      if (It->path().extension() != ".yaml" || !It->is_regular_file())
        continue;
      const std::string Name =
          std::string(Dir) + "/" + It->path().filename().string();
      std::ifstream In(It->path(), std::ios::binary);
      std::ostringstream Text;
      if (In)
        Text << In.rdbuf();
      if (!In || In.bad())
        Errors.push_back({Name, 0, 0, "cannot be read"});
      else
        Sources.push_back({Name, Text.str()});
    }
    if (EC)
      Errors.push_back({(fs::path(SourceDir) / Dir).string(), 0, 0,
                        "cannot be listed: " + EC.message()});
  }
  std::sort(Sources.begin(), Sources.end(),
            [](const CatalogSource &A, const CatalogSource &B) {
              return A.Path < B.Path;
            });
  return Sources;
}

} // namespace tablelint
