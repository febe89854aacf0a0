// The live backend's wire formats without a server: JSON, entity encoding,
// endpoint URLs, base64 and the $batch multipart request/response.
#include "replay/live/BatchMultipart.h"
#include "replay/live/LiveJson.h"
#include "replay/live/RestEntity.h"
#include "replay/live/RestUrl.h"
#include "replay/live/SharedKeySigner.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tablelint::live {
namespace {

llvm::json::Value parseOk(std::string_view Text) {
  std::string Error;
  std::optional<llvm::json::Value> V = parseJson(Text, Error);
  EXPECT_TRUE(V) << Error;
  return V ? std::move(*V) : llvm::json::Value(nullptr);
}

TEST(LiveJsonTest, ParsesEscapesAndSurrogatePairs) {
  const llvm::json::Value V =
      parseOk(R"({"a":"q\"b\\s\/\n\u00e9\ud83d\ude00","n":-12.5e3,"t":true,)"
              R"("z":null,"l":[1,2]})");
  const llvm::json::Object *O = V.getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getString("a"), "q\"b\\s/\n\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(O->getNumber("n"), -12500.0);
  EXPECT_EQ(O->getBoolean("t"), true);
  EXPECT_EQ(O->get("z")->kind(), llvm::json::Value::Null);
  EXPECT_EQ(O->getArray("l")->size(), 2u);
  EXPECT_EQ(O->get("missing"), nullptr);
}

TEST(LiveJsonTest, RejectsMalformedInputWithOffset) {
  std::string Error;
  EXPECT_FALSE(parseJson(R"({"a":1,})", Error));
  EXPECT_EQ(Error, "offset 8: Expected object key");
  EXPECT_FALSE(parseJson(R"({"a":tru})", Error));
  EXPECT_EQ(Error, "offset 9: Invalid JSON value (true?)");
  EXPECT_FALSE(parseJson("", Error));
  // Deeper than any Table service body: refused before parsing, at the
  // first bracket too many (a string holding brackets does not count).
  EXPECT_FALSE(parseJson(std::string(100, '['), Error));
  EXPECT_EQ(Error, "offset 64: nesting deeper than 64 levels");
  EXPECT_TRUE(parseJson("[\"" + std::string(100, '[') + "\"]", Error)) << Error;
  EXPECT_TRUE(parseJson(std::string(64, '[') + std::string(64, ']'), Error))
      << Error;
}

TEST(LiveJsonTest, WriterEscapesControlCharactersAndRoundTrips) {
  const llvm::json::Value O =
      llvm::json::Object{{"k", std::string("a\"\\\x01\t", 5)},
                         {"n", std::int64_t{123456789012345678}}};
  const std::string Text = writeJson(O);
  EXPECT_EQ(Text, R"({"k":"a\"\\\u0001\t","n":123456789012345678})");
  EXPECT_EQ(writeJson(parseOk(Text)), Text);
}

TEST(LiveBase64Test, EncodesAndDecodesStrictly) {
  EXPECT_EQ(base64Encode("hello"), "aGVsbG8=");
  EXPECT_EQ(base64Encode(std::string("\x00\xff\x10", 3)), "AP8Q");
  EXPECT_EQ(base64Decode("aGVsbG8="), std::optional<std::string>("hello"));
  EXPECT_EQ(base64Decode("AP8Q"),
            std::optional<std::string>(std::string("\x00\xff\x10", 3)));
  EXPECT_FALSE(base64Decode("aGVsbG8"));   // length not a multiple of 4
  EXPECT_FALSE(base64Decode("aG=sbG8="));  // padding inside
  EXPECT_FALSE(base64Decode("aGVs bG8=")); // whitespace
}

TEST(LiveSigningTest, Rfc1123DateIsEnglishGmt) {
  // 2026-11-22T05:40:00Z (date -u -d "2026-11-22 05:40:00" +%s).
  EXPECT_EQ(rfc1123Date(1795326000), "Sun, 22 Nov 2026 05:40:00 GMT");
}

TEST(LiveEndpointTest, PathStyleAndAccountHost) {
  std::string Error;
  auto E =
      parseTableEndpoint("http://127.0.0.1:10002/devstoreaccount1/", Error);
  ASSERT_TRUE(E) << Error;
  EXPECT_EQ(E->BaseUrl, "http://127.0.0.1:10002/devstoreaccount1");
  EXPECT_EQ(E->PathPrefix, "/devstoreaccount1");
  EXPECT_EQ(E->Account, "devstoreaccount1");
  E = parseTableEndpoint("https://contoso.table.core.windows.net", Error);
  ASSERT_TRUE(E) << Error;
  EXPECT_EQ(E->BaseUrl, "https://contoso.table.core.windows.net");
  EXPECT_EQ(E->PathPrefix, "");
  EXPECT_EQ(E->Account, "contoso");
  E = parseTableEndpoint("http://127.0.0.1:10002", Error);
  ASSERT_TRUE(E) << Error;
  EXPECT_EQ(E->Account, "");
}

TEST(LiveEndpointTest, RejectsWhatIsNotAnEndpoint) {
  std::string Error;
  EXPECT_FALSE(parseTableEndpoint("ftp://x/y", Error));
  EXPECT_EQ(Error,
            "endpoint 'ftp://x/y' does not start with http:// or https://");
  EXPECT_FALSE(
      parseTableEndpoint("https://a.table.core.windows.net/?sv=1", Error));
  EXPECT_NE(Error.find("query"), std::string::npos);
  EXPECT_FALSE(parseTableEndpoint("http://h/acct/table", Error));
  EXPECT_NE(Error.find("more than one path segment"), std::string::npos);
}

TEST(LiveEndpointTest, EntityResourceDoublesQuotesAndEncodes) {
  EXPECT_EQ(entityResource("orders", "a b", "o'k/\xC3\xA9"),
            "orders(PartitionKey='a%20b',RowKey='o%27%27k%2F%C3%A9')");
  EXPECT_EQ(percentEncode("PartitionKey eq 'x'"),
            "PartitionKey%20eq%20%27x%27");
}

TEST(LiveEntityJsonTest, AnnotatesTheTypesJsonCannotCarry) {
  RestEntity E{"p",
               "r",
               {{"S", EdmValue::string("x\"y")},
                {"I", EdmValue::int32(-7)},
                {"L", EdmValue::int64(9007199254740993)},
                {"D", EdmValue::real(2.5)},
                {"W", EdmValue::real(3)},
                {"B", EdmValue::boolean(true)},
                {"T", EdmValue::dateTimeTicks(
                          *parseDateTimeTicks("2024-02-29T12:00:00.5Z"))},
                {"G", EdmValue::guid("0f8fad5b-d9cb-469f-a165-70867728950e")},
                {"X", EdmValue::binary(std::string("\x00\x01", 2))}}};
  EXPECT_EQ(encodeEntityJson(E),
            R"({"PartitionKey":"p","RowKey":"r","S":"x\"y","I":-7,)"
            R"("L@odata.type":"Edm.Int64","L":"9007199254740993","D":2.5,)"
            R"("W@odata.type":"Edm.Double","W":3.0,"B":true,)"
            R"("T@odata.type":"Edm.DateTime","T":"2024-02-29T12:00:00.5Z",)"
            R"("G@odata.type":"Edm.Guid",)"
            R"("G":"0f8fad5b-d9cb-469f-a165-70867728950e",)"
            R"("X@odata.type":"Edm.Binary","X":"AAE="})");
  std::string Error;
  std::optional<RestEntity> Back =
      decodeEntityJson(parseOk(encodeEntityJson(E)), Error);
  ASSERT_TRUE(Back) << Error;
  EXPECT_TRUE(sameEntity(E, *Back));
}

TEST(LiveEntityJsonTest, DecodesMinimalMetadataAndSkipsSystemMembers) {
  std::string Error;
  std::optional<RestEntity> E = decodeEntityJson(
      parseOk(R"({"odata.etag":"W/\"x\"","PartitionKey":"p","RowKey":"r",)"
              R"("Timestamp@odata.type":"Edm.DateTime",)"
              R"("Timestamp":"2024-01-01T00:00:00Z","N":5,"F":0.25,)"
              R"("Inf@odata.type":"Edm.Double","Inf":"-Infinity"})"),
      Error);
  ASSERT_TRUE(E) << Error;
  EXPECT_EQ(E->ETag, "W/\"x\"");
  ASSERT_EQ(E->Properties.size(), 3u);
  EXPECT_EQ(E->find("N")->Type, EdmType::Int32);
  EXPECT_EQ(E->find("F")->Type, EdmType::Double);
  EXPECT_TRUE(std::isinf(E->find("Inf")->Real));
  EXPECT_EQ(E->find("Timestamp"), nullptr);
}

TEST(LiveEntityJsonTest, AWholeDoubleWithoutAnnotationStaysADouble) {
  // Azurite answers a whole Double as "3.0" without its annotation.
  std::string Error;
  std::optional<RestEntity> E = decodeEntityJson(
      parseOk(R"({"PartitionKey":"p","RowKey":"r","W":3.0,"I":3,"E":1e2,)"
              R"("N":-7,"Big":3000000000})"),
      Error);
  ASSERT_TRUE(E) << Error;
  EXPECT_EQ(E->find("W")->Type, EdmType::Double);
  EXPECT_EQ(E->find("W")->Real, 3.0);
  EXPECT_EQ(E->find("E")->Type, EdmType::Double);
  EXPECT_EQ(E->find("I")->Type, EdmType::Int32);
  EXPECT_EQ(E->find("N")->Type, EdmType::Int32);
  EXPECT_EQ(E->find("N")->Int, -7);
  // Too large for an Int32 and not annotated as Int64: a Double.
  EXPECT_EQ(E->find("Big")->Type, EdmType::Double);
}

TEST(LiveEntityJsonTest, RejectsValuesThatContradictTheirAnnotation) {
  std::string Error;
  EXPECT_FALSE(decodeEntityJson(
      parseOk(R"({"L@odata.type":"Edm.Int64","L":"12x"})"), Error));
  EXPECT_EQ(Error, "property 'L' is not a valid Edm.Int64 value");
  EXPECT_FALSE(decodeEntityJson(
      parseOk(R"({"G@odata.type":"Edm.Money","G":"1"})"), Error));
  EXPECT_EQ(Error, "property 'G' has an unknown type annotation");
}

TEST(LiveBatchTest, BuildsOneChangeSetWithAbsoluteUrls) {
  std::vector<BatchOperation> Ops = {
      {BatchAction::Insert, RestEntity{"p", "1", {}}},
      {BatchAction::Delete, RestEntity{"p", "2", {}}},
      {BatchAction::InsertOrMerge, RestEntity{"p", "3", {}}}};
  const BatchRequestBody B =
      buildBatchBody("http://h:1/acct", "tbl", Ops, "application/json", "ID");
  EXPECT_EQ(B.ContentType, "multipart/mixed; boundary=batch_ID");
  EXPECT_EQ(
      B.Body,
      "--batch_ID\r\nContent-Type: multipart/mixed; boundary=changeset_ID\r\n"
      "\r\n"
      "--changeset_ID\r\nContent-Type: application/http\r\n"
      "Content-Transfer-Encoding: binary\r\n\r\n"
      "POST http://h:1/acct/tbl HTTP/1.1\r\nAccept: application/json\r\n"
      "DataServiceVersion: 3.0;\r\nPrefer: return-no-content\r\n"
      "Content-Type: application/json\r\n\r\n"
      "{\"PartitionKey\":\"p\",\"RowKey\":\"1\"}\r\n"
      "--changeset_ID\r\nContent-Type: application/http\r\n"
      "Content-Transfer-Encoding: binary\r\n\r\n"
      "DELETE http://h:1/acct/tbl(PartitionKey='p',RowKey='2') HTTP/1.1\r\n"
      "Accept: application/json\r\nDataServiceVersion: 3.0;\r\n"
      "If-Match: *\r\n\r\n"
      "--changeset_ID\r\nContent-Type: application/http\r\n"
      "Content-Transfer-Encoding: binary\r\n\r\n"
      "MERGE http://h:1/acct/tbl(PartitionKey='p',RowKey='3') HTTP/1.1\r\n"
      "Accept: application/json\r\nDataServiceVersion: 3.0;\r\n"
      "Content-Type: application/json\r\n\r\n"
      "{\"PartitionKey\":\"p\",\"RowKey\":\"3\"}\r\n"
      "--changeset_ID--\r\n--batch_ID--\r\n");
}

TEST(LiveBatchTest, ParsesNestedChangeSetResponses) {
  const std::string Body =
      "--batchresponse_1\r\n"
      "Content-Type: multipart/mixed; boundary=changesetresponse_2\r\n\r\n"
      "--changesetresponse_2\r\nContent-Type: application/http\r\n"
      "Content-Transfer-Encoding: binary\r\n\r\n"
      "HTTP/1.1 204 No Content\r\nContent-ID: 1\r\nETag: W/\"a\"\r\n\r\n\r\n"
      "--changesetresponse_2\r\nContent-Type: application/http\r\n"
      "Content-Transfer-Encoding: binary\r\n\r\n"
      "HTTP/1.1 409 Conflict\r\nContent-ID: 2\r\n"
      "Content-Type: application/json\r\n\r\n"
      "{\"odata.error\":{\"code\":\"EntityAlreadyExists\"}}\r\n"
      "--changesetresponse_2--\r\n--batchresponse_1--\r\n";
  std::string Error;
  auto Parts = parseBatchResponse("multipart/mixed; boundary=batchresponse_1",
                                  Body, Error);
  ASSERT_TRUE(Parts) << Error;
  ASSERT_EQ(Parts->size(), 2u);
  EXPECT_EQ((*Parts)[0].Status, 204);
  EXPECT_EQ((*Parts)[0].header("etag"), "W/\"a\"");
  EXPECT_EQ((*Parts)[1].Status, 409);
  EXPECT_EQ((*Parts)[1].Body,
            "{\"odata.error\":{\"code\":\"EntityAlreadyExists\"}}");
  EXPECT_FALSE(parseBatchResponse("multipart/mixed", Body, Error));
  EXPECT_EQ(Error,
            "batch response Content-Type 'multipart/mixed' has no boundary");
}

TEST(LiveBatchTest, SkipsTheStrayBoundaryLineAzuriteWritesOnWholeBatchErrors) {
  // Azurite 3.37's answer to a 101-operation batch, shortened.
  const std::string Body =
      "--batchresponse_9\r\n"
      "Content-Type: multipart/mixed; boundary=changesetresponse_9\r\n\r\n"
      "--changesetresponse_9\r\nContent-Type: application/http\r\n"
      "Content-Transfer-Encoding: binary\r\n\r\n"
      "changesetresponse_9\r\n"
      "HTTP/1.1 400 Bad Request\r\nDataServiceVersion: 3.0;\r\n\r\n"
      "{\"odata.error\":{\"code\":\"InvalidInput\"}}\r\n"
      "--changesetresponse_9--\r\n--batchresponse_9--\r\n";
  std::string Error;
  auto Parts = parseBatchResponse(
      "multipart/mixed; boundary=\"batchresponse_9\"", Body, Error);
  ASSERT_TRUE(Parts) << Error;
  ASSERT_EQ(Parts->size(), 1u);
  EXPECT_EQ((*Parts)[0].Status, 400);
  EXPECT_EQ((*Parts)[0].header("DATASERVICEVERSION"), "3.0;");
}

} // namespace
} // namespace tablelint::live
