// Workload of the real-programs suite for RapidJSON: builds a JSON text of a
// few MB (nested objects, numbers, escaped strings, indentation whitespace),
// then parses it into a Document several times (kParseDefaultFlags), walks
// it, writes it back with Writer and PrettyWriter, and parses the written
// text again. Prints checksums of every step; about 1 s native.
#include "rapidjson/document.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

std::string makeText(int records) {
  std::string s = "{\n    \"records\": [\n";
  unsigned seed = 7;
  char buf[256];
  for (int i = 0; i < records; ++i) {
    seed = seed * 1103515245u + 12345u;
    std::snprintf(buf, sizeof buf,
                  "        {\"id\": %d, \"name\": \"item \\\"%u\\\"\\n\", "
                  "\"price\": %u.%02u, \"tags\": [\"a\", \"bb\", \"ccc\"], "
                  "\"ok\": %s, \"ratio\": %.17g, \"nested\": {\"x\": %d, "
                  "\"y\": null}}%s\n",
                  i, seed % 1000, seed % 5000, seed % 100,
                  seed % 2 ? "true" : "false", (seed % 1000003) / 7.0, -i,
                  i + 1 < records ? "," : "");
    s += buf;
  }
  s += "    ]\n}\n";
  return s;
}

struct Sums {
  double Prices = 0;
  std::int64_t Ids = 0;
  std::size_t Strings = 0;
  void add(const rapidjson::Value &v) {
    switch (v.GetType()) {
    case rapidjson::kObjectType:
      for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) {
        Strings += m->name.GetStringLength();
        add(m->value);
      }
      break;
    case rapidjson::kArrayType:
      for (auto e = v.Begin(); e != v.End(); ++e)
        add(*e);
      break;
    case rapidjson::kStringType:
      Strings += v.GetStringLength();
      break;
    case rapidjson::kNumberType:
      if (v.IsInt64())
        Ids += v.GetInt64();
      else
        Prices += v.GetDouble();
      break;
    default:
      break;
    }
  }
};

} // namespace

int main(int argc, char **argv) {
  int records = argc > 1 ? std::atoi(argv[1]) : 40000;
  int rounds = argc > 2 ? std::atoi(argv[2]) : 8;
  std::string text = makeText(records);
  std::printf("text %zu bytes\n", text.size());
  for (int r = 0; r < rounds; ++r) {
    rapidjson::Document doc;
    doc.Parse(text.c_str());
    if (doc.HasParseError()) {
      std::printf("parse error %d at %zu\n", (int)doc.GetParseError(),
                  doc.GetErrorOffset());
      return 1;
    }
    Sums sums;
    sums.add(doc);
    rapidjson::StringBuffer compact;
    rapidjson::Writer<rapidjson::StringBuffer> writer(compact);
    doc.Accept(writer);
    rapidjson::StringBuffer pretty;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> pw(pretty);
    doc.Accept(pw);
    rapidjson::Document again;
    again.Parse(compact.GetString());
    Sums check;
    check.add(again);
    std::printf("round %d: ids %lld prices %.6f strings %zu compact %zu "
                "pretty %zu reparsed %s\n",
                r, (long long)sums.Ids, sums.Prices, sums.Strings,
                compact.GetSize(), pretty.GetSize(),
                check.Ids == sums.Ids && check.Strings == sums.Strings ? "same"
                                                                      : "DIFFERENT");
  }
  return 0;
}
