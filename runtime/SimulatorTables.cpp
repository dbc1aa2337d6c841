//===- runtime/SimulatorTables.cpp - Writes varsim_generated.h -----------===//
//
// The generated header is C and C++ at once: it includes varsim_runtime.h,
// defines the program's tables as weak objects (identical in every TU that
// includes it, one survives the link) and the VARSIM_F_<Macro> reads.
//
//===----------------------------------------------------------------------===//

#include "runtime/SimulatorTables.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include "varsim/Version.h"

#include <limits>

namespace varsim::runtime {

namespace {

/// The text of varsim_runtime.h, embedded by CMake (RuntimeHeaderText.inc).
constexpr char RuntimeHeaderText[] = {
#include "runtime/RuntimeHeaderText.inc"
};

/// A C string literal for S (the header is read by C and C++ compilers).
std::string cString(llvm::StringRef S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        // Octal escapes stop after three digits; hex ones do not.
        Out += '\\';
        Out += static_cast<char>('0' + ((C >> 6) & 7));
        Out += static_cast<char>('0' + ((C >> 3) & 7));
        Out += static_cast<char>('0' + (C & 7));
      } else {
        Out += static_cast<char>(C);
      }
    }
  }
  return Out + "\"";
}

/// A C integer literal of type long long, also for INT64_MIN.
std::string cInteger(int64_t V) {
  if (V == INT64_MIN)
    return "(-9223372036854775807LL - 1)";
  return std::to_string(V) + "LL";
}

/// A macro name that is a valid identifier whatever the feature is called.
std::string macroIdentifier(llvm::StringRef Macro) {
  std::string Out;
  for (char C : Macro)
    Out += llvm::isAlnum(C) || C == '_' ? C : '_';
  return Out;
}

void writeFeatures(const SimulatorTables &T, llvm::raw_ostream &OS) {
  size_t N = T.Features.size();
  size_t Size = N ? N : 1;
  OS << "VARSIM_WEAK long long varsim_feature_values[" << Size << "];\n";
  // With Clang, the program reads the values through a const view of the
  // array (a second name, set in assembly where the compiler cannot see
  // it): the runtime writes them once, before the program's own code runs,
  // and never again. A compiler may not keep a mutable global in a
  // register across a store through a char pointer (it may alias), so a
  // feature test in a loop that writes bytes was a load per iteration
  // (RapidJSON's Writer::WriteString: two per character); from constant
  // memory the load leaves the loop. Not with GCC: its link-time
  // optimization does not see symbols defined in assembly.
  //
  // Each name is weak and the linker (or the dynamic linker) keeps the
  // first definition of each: where that of the array is a GCC unit's (no
  // view) or another shared object's, the view is another copy's storage.
  // A constructor of each Clang unit, after the runtime's start-up (101)
  // has set the values, copies them there (through a laundered pointer: a
  // store to a const object could be dropped); a plugin loaded later runs
  // its own.
  OS << "#if defined(__clang__) && !defined(VARSIM_MUTABLE_FEATURE_READS)\n"
     << "__asm__(\".weak varsim_feature_view\\n"
        ".set varsim_feature_view, varsim_feature_values\");\n"
     << "extern const long long varsim_feature_view[" << Size << "];\n"
     << "__attribute__((constructor(102), unused)) static void\n"
     << "varsim_copy_feature_view(void) {\n"
     << "  long long *view = (long long *)varsim_feature_view;\n"
     << "  unsigned i;\n"
     << "  __asm__(\"\" : \"+r\"(view));\n"
     << "  if (view != varsim_feature_values)\n"
     << "    for (i = 0; i < " << Size << "u; ++i)\n"
     << "      view[i] = varsim_feature_values[i];\n"
     << "}\n"
     << "#define VARSIM_FEATURE_READS varsim_feature_view\n"
     << "#else\n"
     << "#define VARSIM_FEATURE_READS varsim_feature_values\n"
     << "#endif\n\n";
  OS << "VARSIM_WEAK VARSIM_CONST_DEF varsim_feature_desc "
        "varsim_feature_table["
     << (N ? N : 1) << "] = {\n";
  for (const FeatureDesc &F : T.Features)
    OS << "    {" << cString(F.Name) << ", " << cString(F.Macro) << ", "
       << (F.Numeric ? 1 : 0) << ", " << cInteger(F.Min) << ", "
       << cInteger(F.Max) << ", " << cInteger(F.Default) << ", "
       << (F.Mandatory ? 1 : 0) << ", " << (F.Abstract ? 1 : 0) << ", "
       << (F.Parent ? static_cast<long long>(*F.Parent) : -1LL) << "},\n";
  if (!N)
    OS << "    {\"\", \"\", 0, 0, 0, 0, 0, 0, -1},\n";
  OS << "};\n\n";
  // Each feature is read twice over: VARSIM_F_<Macro> where the program's
  // code reads it (the data-flow checks follow these), and
  // featureDispatchExpr's VARSIM_D_<Macro> in the tests of a dispatcher
  // between per-configuration versions (rewrite/FeatureVersions.cpp),
  // which read the feature only to pick a version whose own reads say the
  // same thing: not a feature's influence on control flow.
  for (size_t I = 0; I != N; ++I) {
    OS << "#define " << featureValueExpr(T.Features[I])
       << " ((long long)VARSIM_FEATURE_READS[" << I << "])\n";
    OS << "#define " << featureDispatchExpr(T.Features[I])
       << " ((long long)VARSIM_FEATURE_READS[" << I << "])\n";
  }
  OS << "\n";
}

void writeRegions(const SimulatorTables &T, llvm::raw_ostream &OS) {
  size_t N = T.Regions.size();
  OS << "VARSIM_WEAK VARSIM_CONST_DEF varsim_region_desc "
        "varsim_region_table["
     << (N ? N : 1) << "] = {\n";
  for (const RegionDesc &R : T.Regions)
    OS << "    {" << cString(regionKindName(R.Kind)) << ", "
       << cString(R.Function) << ", " << cString(R.Condition) << ", "
       << cString(R.File) << ", " << R.Line << "u, " << R.EndLine << "u},\n";
  if (!N)
    OS << "    {\"function\", \"\", \"1\", \"\", 0u, 0u},\n";
  OS << "};\n\n";
  // Per region: may it fold, is it folded (varsim_runtime.h); written at
  // run time, so not const.
  // Two more: the start-up calibration enters regions 0 and 1.
  OS << "VARSIM_WEAK unsigned char varsim_region_fold[" << N + 2 << "];\n\n";
}

void writeFoldDefault(const SimulatorTables &T, llvm::raw_ostream &OS) {
  OS << "VARSIM_WEAK VARSIM_CONST_DEF int varsim_fold_default = "
     << (T.FoldByDefault ? 1 : 0) << ";\n\n";
}

void writeConstraints(const SimulatorTables &T, llvm::raw_ostream &OS) {
  size_t N = T.Constraints.size();
  OS << "VARSIM_WEAK VARSIM_CONST_DEF varsim_constraint_desc "
        "varsim_constraint_table["
     << (N ? N : 1) << "] = {\n";
  for (const ConstraintDesc &C : T.Constraints)
    OS << "    {" << cString(C.Expression) << ", " << cString(C.Description)
       << "},\n";
  if (!N)
    OS << "    {\"1\", \"\"},\n";
  OS << "};\n\n";
  OS << "VARSIM_WEAK int varsim_constraint_holds(unsigned index);\n";
  OS << "VARSIM_WEAK int varsim_constraint_holds(unsigned index) {\n"
        "  switch (index) {\n";
  for (size_t I = 0; I != N; ++I)
    OS << "  case " << I << "u:\n    return (" << T.Constraints[I].Expression
       << ") != 0;\n";
  OS << "  default:\n    return 1;\n  }\n}\n\n";
}

} // namespace

llvm::StringRef regionKindName(RegionKind K) {
  switch (K) {
  case RegionKind::Function:
    return "function";
  case RegionKind::Region:
    return "region";
  case RegionKind::Switch:
    return "switch";
  }
  return "function";
}

void writeGeneratedHeader(const SimulatorTables &Tables,
                          llvm::raw_ostream &OS) {
  OS << "/* " << GeneratedHeaderName
     << ": written by varsim rewrite; do not edit.\n"
        " * The program's features, regions and constraints for "
     << RuntimeHeaderName
     << " (docs/runtime.md). */\n"
        "#ifndef VARSIM_GENERATED_H\n"
        "#define VARSIM_GENERATED_H\n"
        "#ifndef VARSIM_NO_SYSTEM_HEADER\n"
        "#pragma GCC system_header\n"
        "#endif\n\n"
        "#include \""
     << RuntimeHeaderName
     << "\"\n\n"
        "VARSIM_BEGIN_C\n\n";
  writeFeatures(Tables, OS);
  writeRegions(Tables, OS);
  writeFoldDefault(Tables, OS);
  writeConstraints(Tables, OS);
  OS << "VARSIM_WEAK VARSIM_CONST_DEF varsim_program varsim_program_tables = "
        "{\n"
     << "    " << cString(VARSIM_VERSION_STRING) << ",\n"
     << "    " << cString(Tables.DefaultConfig) << ",\n"
     << "    varsim_feature_table, " << Tables.Features.size() << "u,\n"
     << "    varsim_region_table, " << Tables.Regions.size() << "u,\n"
     << "    varsim_constraint_table, " << Tables.Constraints.size() << "u,\n"
     << "    varsim_constraint_holds,\n"
     << "    varsim_feature_values,\n"
     << "    " << cString(Tables.BuildId) << "};\n\n"
     << "VARSIM_END_C\n\n"
     // Left in force for the program's code after the include.
     << "/* Where the program compared a feature's literal with an unsigned\n"
        " * value (Lua: `size_t l <= LUAI_MAXSHORTLEN`), the simulator "
        "compares\n"
        " * its run-time value, a long long (the same comparison): GCC and\n"
        " * Clang would warn (-Wsign-compare; an error under -Werror) where\n"
        " * the variant, comparing a non-negative constant, does not. */\n"
        "#if defined(__GNUC__) && !defined(VARSIM_KEEP_SIGN_COMPARE)\n"
        "#pragma GCC diagnostic ignored \"-Wsign-compare\"\n"
        "#endif\n\n"
     << "#endif /* VARSIM_GENERATED_H */\n";
}

llvm::StringRef runtimeHeaderText() {
  return llvm::StringRef(RuntimeHeaderText, sizeof(RuntimeHeaderText) - 1);
}

std::string forkChildTracePath(llvm::StringRef TracePath, int64_t Pid) {
  // Mirrors varsim_child_path() in varsim_runtime.h.
  if (TracePath.empty())
    return std::string();
  llvm::StringRef Stem = TracePath;
  if (Stem.size() > 5 && Stem.ends_with(".json"))
    Stem = Stem.drop_back(5);
  return (Stem + "." + llvm::Twine(Pid) + ".json").str();
}

std::string featureValueExpr(const FeatureDesc &F) {
  return "VARSIM_F_" + macroIdentifier(F.Macro);
}

std::string featureDispatchExpr(const FeatureDesc &F) {
  return "VARSIM_D_" + macroIdentifier(F.Macro);
}

std::string featureValueUse(const FeatureDesc &F) {
  if (F.Min >= std::numeric_limits<int>::min() &&
      F.Max <= std::numeric_limits<int>::max())
    return "VARSIM_INT(" + featureValueExpr(F) + ")";
  return "(" + featureValueExpr(F) + ")";
}

std::string regionMarker(RegionKind K, unsigned Id) {
  // One marker for every kind: the kind is in the region table.
  (void)K;
  return "VARSIM_REGION(" + std::to_string(Id) + ");";
}

} // namespace varsim::runtime
