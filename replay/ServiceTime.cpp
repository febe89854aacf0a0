// The simulated service's time per request (see ServiceTime.h).
#include "replay/ServiceTime.h"

#include <cmath>

namespace tablelint::replay {

ServiceTime::ServiceTime(const ServiceTimeModel &Model, std::uint64_t Seed)
    : Model(Model), Stream(streamSeed(Seed, "service-time")) {}

const ServiceTimeModel::Kind &ServiceTime::kind(RequestType Type) const {
  switch (Type) {
  case RequestType::PointRead:
    return Model.PointRead;
  case RequestType::Write:
    return Model.Write;
  case RequestType::Batch:
    return Model.Batch;
  case RequestType::QueryPage:
    return Model.QueryPage;
  case RequestType::Rejected:
    break;
  }
  return Model.Rejected;
}

double ServiceTime::standardNormal() {
  if (HasSpare) {
    HasSpare = false;
    return Spare;
  }
  // Box-Muller on the replay's own generator (std::normal_distribution
  // differs between standard libraries); 1 - u keeps the log finite.
  const double U1 = 1.0 - Stream.uniform(), U2 = Stream.uniform();
  const double Radius = std::sqrt(-2.0 * std::log(U1));
  const double Angle = 2.0 * M_PI * U2;
  Spare = Radius * std::sin(Angle);
  HasSpare = true;
  return Radius * std::cos(Angle);
}

double ServiceTime::draw(RequestType Type, std::uint64_t Entities) {
  const ServiceTimeModel::Kind &K = kind(Type);
  const double Median =
      K.MedianSeconds + static_cast<double>(Entities) * K.PerEntitySeconds;
  const double Service =
      K.Sigma > 0 ? Median * std::exp(K.Sigma * standardNormal()) : Median;
  return Model.RoundTripSeconds + Service;
}

} // namespace tablelint::replay
