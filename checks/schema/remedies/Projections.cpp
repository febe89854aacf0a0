// A projection for a query that declares what it uses: select = uses.
#include "checks/schema/remedies/Remedy.h"

#include <memory>

namespace tablelint::schema {

namespace {

class Projections : public Remedy {
public:
  const char *id() const override { return "projections"; }
  std::vector<std::string> rules() const override {
    return {"missing-projection"};
  }

  void apply(RemedyContext &Ctx, Table &T) const override {
    for (Query &Q : T.Queries) {
      if (!Ctx.found().has("missing-projection", Q.Path) || Q.Uses.empty() ||
          !Ctx.allowed("missing-projection", Q.Path))
        continue;
      Q.Select = Q.Uses;
      Q.HasSelect = true;
      std::string Names;
      for (const std::string &N : Q.Uses)
        Names += (Names.empty() ? "" : ", ") + N;
      Ctx.change("missing-projection", Q.Path, Q.Note,
                 "select only " + Names + " for missing-projection");
    }
  }
};

} // namespace

std::unique_ptr<Remedy> makeProjections() {
  return std::make_unique<Projections>();
}

} // namespace tablelint::schema
