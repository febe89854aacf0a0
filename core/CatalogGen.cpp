// tablelint-catalog-gen SOURCE_DIR OUTPUT: loads rules/*.yaml and
// rules/apis/*.yaml under SOURCE_DIR with the catalog's own loaders and
// writes them as C++ to OUTPUT (see core/CatalogCode.h). A catalog with
// errors is a build error: each is printed as file:line:col and the exit
// code is 1; OUTPUT is then left as it was. OUTPUT is rewritten only when
// its text changes (so nothing recompiles otherwise), through a temporary
// file renamed over it.
#include "core/CatalogCode.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace tablelint;

bool sameText(const std::string &Path, const std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::ostringstream Old;
  Old << In.rdbuf();
  return Old.str() == Text;
}

bool writeAtomically(const std::string &Path, const std::string &Text) {
  const std::string Temporary = Path + ".tmp";
  {
    std::ofstream Out(Temporary, std::ios::binary | std::ios::trunc);
    Out << Text;
    if (!Out.flush())
      return false;
  }
  return std::rename(Temporary.c_str(), Path.c_str()) == 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: tablelint-catalog-gen SOURCE_DIR OUTPUT\n";
    return 2;
  }
  std::vector<InputError> Errors;
  std::vector<CatalogSource> Rules, Apis;
  for (CatalogSource &S : readCatalogSources(argv[1], Errors))
    (S.Path.rfind("rules/apis/", 0) == 0 ? Apis : Rules).push_back(std::move(S));
  CatalogLoad Catalog = loadCatalog(Rules);
  ApiRolesLoad Roles = loadApiRoles(Apis);
  for (const auto *List : {&Errors, &Catalog.Errors, &Roles.Errors})
    for (const InputError &E : *List)
      std::cerr << E.str() << "\n";
  if (!Errors.empty() || !Catalog.ok() || !Roles.Errors.empty()) {
    std::cerr << "tablelint-catalog-gen: the rule catalog is invalid\n";
    return 1;
  }
  const std::string Code =
      catalogCode(Catalog.Value, Roles.Value, securityScores(Rules));
  if (sameText(argv[2], Code))
    return 0;
  if (!writeAtomically(argv[2], Code)) {
    std::cerr << "tablelint-catalog-gen: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
