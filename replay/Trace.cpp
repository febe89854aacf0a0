// The JSON-lines trace format: writing a workload, reading one back.
#include "replay/Trace.h"

#include "core/Text.h"
#include "core/schema/SchemaValues.h"
#include "replay/EntityText.h"
#include "replay/JsonInput.h"

#include <llvm/Support/Error.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

namespace tablelint::replay {

namespace {

llvm::json::Value valueJson(const EdmValue &V) {
  switch (V.Type) {
  case EdmType::String:
  case EdmType::Guid:
    return V.Text;
  case EdmType::Binary:
    return hexText(V.Text);
  case EdmType::Int32:
  case EdmType::Int64:
    return V.Int;
  case EdmType::Double:
    return V.Real;
  case EdmType::Boolean:
    return V.Bool;
  case EdmType::DateTime:
    return formatDateTimeTicks(V.Int);
  }
  return nullptr;
}

std::optional<EdmValue> valueFromJson(EdmType Type,
                                      const llvm::json::Value &J) {
  switch (Type) {
  case EdmType::Int32:
  case EdmType::Int64:
    if (std::optional<std::int64_t> I = J.getAsInteger()) {
      if (Type == EdmType::Int32 && (*I < INT32_MIN || *I > INT32_MAX))
        return std::nullopt;
      return Type == EdmType::Int32
                 ? EdmValue::int32(static_cast<std::int32_t>(*I))
                 : EdmValue::int64(*I);
    }
    return std::nullopt;
  case EdmType::Double:
    if (std::optional<double> D = J.getAsNumber())
      return EdmValue::real(*D);
    return std::nullopt;
  case EdmType::Boolean:
    if (std::optional<bool> B = J.getAsBoolean())
      return EdmValue::boolean(*B);
    return std::nullopt;
  default:
    if (std::optional<llvm::StringRef> S = J.getAsString())
      return parseValueText(Type, *S);
    return std::nullopt;
  }
}

// 1-based column of the value of "Key" in a trace line (of the key when
// no value follows; 1 when absent).
unsigned columnOf(const std::string &Line, const std::string &Key) {
  std::size_t Pos = Line.find("\"" + Key + "\"");
  if (Pos == std::string::npos)
    return 1;
  std::size_t Value = Line.find_first_not_of(" \t", Pos + Key.size() + 2);
  if (Value != std::string::npos && Line[Value] == ':')
    Value = Line.find_first_not_of(" \t", Value + 1);
  return static_cast<unsigned>((Value == std::string::npos ? Pos : Value) + 1);
}

} // namespace

std::string writeTrace(const Workload &W, const DesignPlan &Design) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::string Pk, Rk, FilterText;
  EdmValue Scratch;
  for (const WorkloadEvent &Ev : W.Events) {
    const LogicalOp &Op = W.Ops[Ev.Op];
    const EntityFamily &F = W.Families[W.familyOf(Ev.Entity)];
    llvm::json::Object Props;
    for (std::uint32_t P = 0; P < F.Properties.size(); ++P) {
      W.value(Ev.Entity, P, Scratch);
      Props[F.Properties[P].Name] = valueJson(Scratch);
    }
    llvm::json::Object Line{{"t", Ev.Time},
                            {"op", Op.Name},
                            {"kind", Op.IsQuery ? "query" : "write"}};
    if (Op.IsQuery) {
      if (const auto &Q = Design.Queries[Ev.Op]) {
        Line["table"] = Design.Tables[Q->Table].Name;
        Q->Filter.render(W, Ev.Entity, FilterText, Scratch);
        Line["filter"] = FilterText;
        if (Q->Decl->HasSelect) {
          llvm::json::Array Select;
          for (const std::string &S : Q->Decl->Select)
            Select.push_back(S);
          Line["select"] = std::move(Select);
        }
      }
    } else if (!Design.Writes[Ev.Op].empty()) {
      const WriteTarget &T = Design.Writes[Ev.Op].front();
      T.PartitionKey.render(W, Ev.Entity, Pk, Scratch);
      T.RowKey.render(W, Ev.Entity, Rk, Scratch);
      Line["table"] = Design.Tables[T.Table].Name;
      Line["keys"] = llvm::json::Object{{"PartitionKey", Pk}, {"RowKey", Rk}};
      Line["batch"] = static_cast<std::int64_t>(T.Decl->BatchSize);
    }
    Line["properties"] = std::move(Props);
    OS << llvm::json::Value(std::move(Line)) << "\n";
  }
  OS.flush();
  return Out;
}

void readTrace(const std::string &Text, const std::string &File, Workload &W,
               std::vector<InputError> &Errors) {
  W.Events.clear();
  double Last = 0;
  std::size_t Start = 0;
  unsigned LineNo = 0;
  while (Start < Text.size()) {
    std::size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    const std::string Line = Text.substr(Start, End - Start);
    Start = End + 1;
    ++LineNo;
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    auto Fail = [&](unsigned Column, const std::string &Message) {
      Errors.push_back({File, LineNo, Column, Message});
    };
    std::optional<llvm::json::Value> Parsed =
        parseJsonInput(Line, File, Errors, LineNo);
    if (!Parsed)
      continue;
    const llvm::json::Object *O = Parsed->getAsObject();
    if (!O) {
      Fail(1, "a trace line must be a JSON object");
      continue;
    }
    const std::optional<double> T = O->getNumber("t");
    if (!T || !(*T >= 0)) {
      Fail(columnOf(Line, "t"),
           "\"t\" must be a non-negative number of seconds");
      continue;
    }
    if (*T > MaxReplaySeconds) {
      Fail(columnOf(Line, "t"),
           "\"t\" is " + formatForMessage(*T) +
               " seconds; a trace spans at most " +
               schema::formatDuration(MaxReplaySeconds) + " (" +
               schema::formatNumber(MaxReplaySeconds) + " seconds)");
      continue;
    }
    const std::optional<llvm::StringRef> OpName = O->getString("op");
    const int Op = OpName ? W.opIndex(*OpName) : -1;
    if (Op < 0) {
      Fail(columnOf(Line, "op"),
           OpName ? "unknown operation '" + OpName->str() +
                        "': the current schema declares no write or query "
                        "of that name"
                  : std::string("\"op\" (a write or query name) is missing"));
      continue;
    }
    const std::uint32_t Family = W.Ops[Op].Family;
    const std::uint32_t Entity = W.addEntity(Family);
    bool Ok = true;
    if (const llvm::json::Object *Props = O->getObject("properties")) {
      for (const auto &[Key, Value] : *Props) {
        const int P = W.Families[Family].propertyIndex(Key.str());
        if (P < 0) {
          Fail(columnOf(Line, Key.str()), "property '" + Key.str() +
                                              "' is not declared in table '" +
                                              W.Families[Family].Table + "'");
          Ok = false;
          break;
        }
        PropertyDomain &D = W.Families[Family].Properties[P];
        std::optional<EdmValue> V = valueFromJson(D.Type, Value);
        if (!V) {
          Fail(columnOf(Line, Key.str()),
               "property '" + Key.str() + "' is not of type " +
                   std::string(edmShortName(D.Type)));
          Ok = false;
          break;
        }
        W.setCode(Entity, static_cast<std::uint32_t>(P), D.codeOf(*V));
      }
    }
    if (!Ok)
      continue;
    W.Events.push_back({*T, static_cast<std::uint16_t>(Op), Entity});
    Last = std::max(Last, *T);
  }
  // Entities are numbered in line order: ties keep the trace's order.
  std::sort(W.Events.begin(), W.Events.end(),
            [](const WorkloadEvent &A, const WorkloadEvent &B) {
              return A.Time < B.Time ||
                     (A.Time == B.Time && A.Entity < B.Entity);
            });
  W.DurationSeconds = std::max(Last, 1.0);
}

} // namespace tablelint::replay
