//===- test/rewrite/ParseSharingTest.cpp - One parse per text and config --===//
//
// Issue 18: the passes that parse every unit in the rewrite's parse
// configurations (the designated initializers', the global lowering's,
// the record pass's) parse a unit once per configuration while no pass
// changes a file it reads (rewrite/passes/EarlyRecordings.h). The parse
// counts of the manifest say which pass parsed.
//
//===----------------------------------------------------------------------===//

#include "test/common/RewriteHarness.h"

#include "manifest/Manifest.h"

#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;

namespace {

const char *TwoFeatures =
    "<?xml version=\"1.0\"?>\n<featureModel><struct><and abstract=\"true\" "
    "mandatory=\"true\" name=\"R\"><feature name=\"WITH_TLS\"/><feature "
    "name=\"WITH_QUOTA\"/></and></struct></featureModel>\n";

/// Of each row of OUT's parse counts, the parses of the passes that
/// record in the rewrite's parse configurations.
std::vector<unsigned> recordingParses(const TempProject &P, bool &SawInits) {
  auto M = varsim::manifest::readManifestFile(P.out() + "/manifest.json");
  EXPECT_TRUE(static_cast<bool>(M)) << llvm::toString(M.takeError());
  std::vector<unsigned> Out;
  if (!M)
    return Out;
  for (const auto &Row : M->Parses) {
    unsigned N = 0;
    for (const char *Pass : {"designated-inits", "global-lowering", "record"})
      if (auto It = Row.ByPass.find(Pass); It != Row.ByPass.end())
        N += It->second;
    SawInits = SawInits || Row.ByPass.count("designated-inits");
    Out.push_back(N);
  }
  return Out;
}

TEST(RewriteParseSharing, RecordTakesTheDesignatedInitializersParse) {
  // A member under a feature inside a record body makes the designated
  // initializers' pass parse; there is no positional list to designate,
  // so the texts stay and the record pass takes its parse.
  TempProject P({{"main.c", "#include <stdio.h>\n"
                            "struct conf {\n  int port;\n"
                            "#ifdef WITH_TLS\n  int tls_port;\n#endif\n};\n"
                            "static int limit = 10;\n"
                            "int main(void) {\n  struct conf c;\n"
                            "  c.port = 80;\n"
                            "#ifdef WITH_TLS\n  c.tls_port = 443;\n"
                            "  printf(\"%d\\n\", c.tls_port);\n#endif\n"
                            "#ifdef WITH_QUOTA\n  limit = 20;\n#endif\n"
                            "  printf(\"%d %d\\n\", c.port, limit);\n"
                            "  return 0;\n}\n"},
                 {"model.xml", TwoFeatures}});
  ASSERT_EQ(P.rewrite(), "");
  bool SawInits = false;
  for (unsigned N : recordingParses(P, SawInits))
    EXPECT_LE(N, 1u);
  EXPECT_TRUE(SawInits);
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

} // namespace
