// Parsing each unit once for its schema facts (see the header).
#include "driver/SchemaFactsCollect.h"

#include "checks/code/model/QueryResults.h"
#include "checks/code/model/TableModel.h"
#include "core/ProjectConfig.h"
#include "driver/ClangResourceDir.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/Tooling.h>

#include <filesystem>

namespace tablelint {

namespace {

namespace tooling = clang::tooling;

// The compile commands of the units, by file.
class UnitsDatabase : public tooling::CompilationDatabase {
public:
  explicit UnitsDatabase(const std::vector<TranslationUnit> &Units)
      : Units(Units) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    for (const TranslationUnit &U : Units)
      if (U.File == File)
        return {U.Command};
    return {};
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files;
    for (const TranslationUnit &U : Units)
      Files.push_back(U.File);
    return Files;
  }

private:
  const std::vector<TranslationUnit> &Units;
};

class FactsConsumer : public clang::ASTConsumer {
public:
  FactsConsumer(std::string File, std::vector<code::SchemaFacts> &Out)
      : File(std::move(File)), Out(Out) {}
  // Before the parse: a model of an earlier unit (whose context may have
  // had the same address) must not be taken for this one's. The checks'
  // model of this unit, built after this, is reused.
  void Initialize(clang::ASTContext &) override {
    code::forgetTableModel();
    code::forgetQueryResults();
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Out.push_back(code::schemaFacts(Ctx, *apiRolesForFile(File)));
  }

private:
  std::string File;
  std::vector<code::SchemaFacts> &Out;
};

class FactsAction : public clang::ASTFrontendAction {
public:
  explicit FactsAction(std::vector<code::SchemaFacts> &Out) : Out(Out) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef File) override {
    return std::make_unique<FactsConsumer>(File.str(), Out);
  }

private:
  std::vector<code::SchemaFacts> &Out;
};

class FactsActionFactory : public tooling::FrontendActionFactory {
public:
  explicit FactsActionFactory(std::vector<code::SchemaFacts> &Out) : Out(Out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<FactsAction>(Out);
  }

private:
  std::vector<code::SchemaFacts> &Out;
};

} // namespace

std::unique_ptr<clang::ASTConsumer>
schemaFactsConsumer(std::string File, std::vector<code::SchemaFacts> &Out) {
  return std::make_unique<FactsConsumer>(std::move(File), Out);
}

void makePlacesAbsolute(code::SchemaFacts &Facts, const std::string &Directory) {
  auto Fix = [&](code::CodePlace &P) {
    std::filesystem::path File = P.File;
    if (!P.File.empty() && File.is_relative())
      P.File = (std::filesystem::path(Directory) / File).lexically_normal().string();
  };
  for (code::CodeWriteFact &W : Facts.Writes)
    Fix(W.Place);
  for (code::CodeQueryFact &Q : Facts.Queries)
    Fix(Q.Place);
  for (code::CodeRetryFact &R : Facts.Retries)
    Fix(R.Place);
}

// One tool per unit: clang's runner prints a progress line for each file
// of a run of several.
bool collectSchemaFacts(const std::vector<TranslationUnit> &Units,
                        std::vector<code::SchemaFacts> &Facts) {
  UnitsDatabase Database(Units);
  FactsActionFactory Factory(Facts);
  bool Compiled = true;
  for (const TranslationUnit &U : Units) {
    tooling::ClangTool Tool(Database, {U.File});
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        {"-resource-dir=" + clangResourceDir(), "-Xclang",
         "-disable-pragma-debug-crash"},
        tooling::ArgumentInsertPosition::BEGIN));
    const std::size_t Before = Facts.size();
    Compiled &= Tool.run(&Factory) == 0;
    for (std::size_t I = Before; I < Facts.size(); ++I)
      makePlacesAbsolute(Facts[I], U.Command.Directory);
  }
  return Compiled;
}

} // namespace tablelint
