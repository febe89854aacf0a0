#include "core/schema/TableSize.h"

namespace tablelint::schema {

ModelledTableSize modelledTableSize(const Table &T, double InsertsPerSecond) {
  ModelledTableSize S;
  if (T.Entities) {
    S.Known = true;
    S.Declared = true;
    S.Entities = static_cast<double>(*T.Entities);
    return S;
  }
  if (T.RetentionSeconds && InsertsPerSecond > 0) {
    S.Known = true;
    S.InsertsPerSecond = InsertsPerSecond;
    S.Entities = InsertsPerSecond * *T.RetentionSeconds;
  }
  return S;
}

} // namespace tablelint::schema
