//===- rewrite/templates/ValueArguments.cpp - Feature values as arguments -===//
//
// See ValueArguments.h. Each C++ unit is parsed in configurations that
// reach every feature branch naming a candidate enumerator; every textual
// occurrence of a lowered enumerator's name must be a use a parse
// classified, or lie in code every parse skipped (dead in every
// configuration) or in a file no unit reads (a quilt patch's saved copy),
// so a use nobody classified is refused, not left reading the rewritten
// initializer.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/ValueArguments.h"
#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/MacroUses.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/SourceText.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/TextEdits.h"
#include "rewrite/templates/DefaultArguments.h"
#include "rewrite/templates/LoweringParses.h"
#include "rewrite/templates/ValueArgumentFacts.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

namespace varsim::rewrite::templates {
namespace {

using namespace valueargs;

/// The names X of `X = M` in Text, M a numeric feature macro, outside
/// directives (a cheap test before any parse: the candidate enumerators).
std::set<std::string> namesBeforeEquals(llvm::StringRef Text,
                                        const std::set<std::string> &Numeric) {
  std::set<std::string> Names;
  for (const auto &[Off, M] : findIdentifiers(Text, Numeric)) {
    size_t LineBegin = Text.rfind('\n', Off);
    LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
    llvm::StringRef Before = Text.slice(LineBegin, Off).rtrim();
    if (Before.ltrim().starts_with("#") || !Before.ends_with("=") ||
        Before.ends_with("=="))
      continue;
    Before = Before.drop_back().rtrim();
    size_t B = Before.size();
    while (B > 0 && isIdentifierChar(Before[B - 1]))
      --B;
    if (B < Before.size())
      Names.insert(Before.substr(B).str());
  }
  return Names;
}

void lineAndColumn(llvm::StringRef Text, unsigned Offset, unsigned &Line,
                   unsigned &Column) {
  llvm::StringRef Before = Text.take_front(Offset);
  Line = static_cast<unsigned>(Before.count('\n')) + 1;
  size_t NL = Before.rfind('\n');
  Column = static_cast<unsigned>(NL == llvm::StringRef::npos ? Offset + 1
                                                             : Offset - NL);
}

/// The presence conditions of the feature branches that name one of Names.
std::vector<CondPtr> coverOf(const LoweringInput &In,
                             const std::set<std::string> &Names) {
  std::vector<CondPtr> ToCover;
  for (const auto &[File, Text] : In.Texts) {
    std::vector<std::pair<unsigned, std::string>> Occurrences =
        findIdentifiers(Text, Names);
    if (Occurrences.empty() || !llvm::StringRef(Text).contains("#if"))
      continue;
    auto FS = scanDirectives(File, Text);
    if (!FS) {
      llvm::consumeError(FS.takeError()); // The rewriter reports it.
      continue;
    }
    FileGroups G = analyzeGroups(*FS, In.Features);
    for (const auto &[Off, _] : Occurrences)
      if (CondPtr P = G.presenceAt(*FS, Off))
        ToCover.push_back(P);
  }
  return ToCover;
}

/// Every occurrence of a family template's name that no parse saw must lie
/// in code outside every feature branch (then it is dead in every
/// configuration): a use under a feature the parses did not reach might
/// rely on the default unlowered.
llvm::Error
checkFamilyNames(const std::string &EnumKey, const EnumFact &E,
                 const std::map<std::string, FamilyFact> &Families,
                 const LoweringInput &In,
                 const std::function<bool(const std::string &, unsigned)> &Dead,
                 const std::function<bool(const std::string &)> &Read) {
  std::set<std::string> Names;
  for (const auto &[_, F] : Families)
    if (F.EnumKey == EnumKey)
      Names.insert(F.Name);
  if (Names.empty())
    return llvm::Error::success();
  for (const auto &[File, Text] : In.Texts) {
    if (!Read(File))
      continue; // No unit reads it (a quilt patch's saved copy).
    std::optional<FileStructure> FS;
    std::optional<FileGroups> G;
    for (const auto &[Off, Name] : findIdentifiers(Text, Names)) {
      if (!Dead(File, Off))
        continue;
      if (!FS) {
        auto Scanned = scanDirectives(File, Text);
        if (!Scanned)
          return Scanned.takeError();
        FS = std::move(*Scanned);
        G = analyzeGroups(*FS, In.Features);
      }
      CondPtr P = G->presenceAt(*FS, Off);
      if (!P || (P->K == Cond::Int && P->Value != 0))
        continue; // Outside every feature branch: dead everywhere.
      unsigned Line = 0, Column = 0;
      lineAndColumn(Text, Off, Line, Column);
      return makeError(File, Line, Column,
                       "'" + Name +
                           "' (a class template whose default argument is '" +
                           E.Name + "', the numeric feature '" + E.Macro +
                           "') is named here under a feature branch no parse "
                           "of the value-argument lowering reached; its uses "
                           "must all be lowered, or none");
    }
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<LoweringResult> lowerValueArguments(const LoweringInput &In) {
  LoweringResult Result;
  std::set<std::string> Numeric;
  std::vector<fm::FeatureId> Core = In.Features.Model.coreFeatures();
  for (const auto &[Macro, Id] : In.Features.ByMacro)
    if (In.Features.isNumeric(Macro) &&
        std::find(Core.begin(), Core.end(), Id) != Core.end() &&
        !In.Features.Model.feature(Id).Values.empty())
      Numeric.insert(Macro);
  if (Numeric.empty())
    return Result;
  std::set<std::string> Names;
  for (const auto &[File, Text] : In.Texts)
    Names.merge(namesBeforeEquals(Text, Numeric));
  std::vector<const CompileEntry *> Cxx;
  for (const CompileEntry &E : In.Project.Entries)
    if (isCxxCompile(E.File, E.Arguments))
      Cxx.push_back(&E);
  if (Names.empty() || Cxx.empty())
    return Result;

  // Parse configurations that reach every feature branch naming a
  // candidate: its uses there are then classified too.
  std::vector<CondPtr> ToCover = coverOf(In, Names);
  std::vector<std::string> FeatureMacros = In.Features.macros();
  std::set<std::vector<std::string>> Parsed;
  std::vector<ParseResult> Results;
  auto ParseIn = [&](const std::vector<fm::Configuration> &Configs) {
    std::vector<LoweringParse> Jobs;
    for (const fm::Configuration &C : Configs)
      if (Parsed.insert(In.Features.defines(C)).second)
        for (const CompileEntry *E : Cxx)
          Jobs.push_back({E, In.Features.defines(C)});
    size_t Base = Results.size();
    Results.resize(Base + Jobs.size());
    parseInParallel(In.Jobs, Jobs.size(), [&](size_t I) {
      ParseResult &Out = Results[Base + I];
      auto F = actionFactory(
          [&] { return makeFactsAction(In.Project, Numeric, Out); });
      runLoweringActions(Jobs[I], FeatureMacros, In.Overlay, F, Out);
    });
  };
  ParseIn(chooseParseConfigurations(ToCover, In.Features));
  // The uses of family templates (DefaultArguments.h) under feature
  // branches those parses did not reach: parse configurations reaching
  // them too.
  std::set<std::string> FamilyNames;
  for (const ParseResult &R : Results)
    for (const auto &[_, F] : R.Families)
      FamilyNames.insert(F.Name);
  if (!FamilyNames.empty()) {
    std::vector<CondPtr> More = coverOf(In, FamilyNames);
    ToCover.insert(ToCover.end(), More.begin(), More.end());
    ParseIn(chooseParseConfigurations(ToCover, In.Features));
  }
  // A unit that does not compile: the later passes report it.
  for (const ParseResult &R : Results)
    if (R.Failed)
      return Result;

  std::map<std::string, EnumFact> Enums;
  // By enum key, then by place (file, offset).
  std::map<std::string, std::map<std::pair<std::string, unsigned>, RefFact>>
      Refs;
  // An occurrence in code every parse that read its file skipped is dead in
  // every configuration (the parses reach every feature branch holding a
  // candidate); files no unit reads cannot matter either.
  auto Dead = [&](const std::string &File, unsigned Off) {
    for (const ParseResult &R : Results) {
      if (!R.Files.count(File))
        continue;
      auto It = R.Skipped.find(File);
      if (It == R.Skipped.end() ||
          std::none_of(It->second.begin(), It->second.end(),
                       [Off](const std::pair<unsigned, unsigned> &S) {
                         return S.first <= Off && Off < S.second;
                       }))
        return false;
    }
    return true;
  };
  auto Read = [&](const std::string &File) {
    return std::any_of(
        Results.begin(), Results.end(),
        [&](const ParseResult &R) { return R.Files.count(File); });
  };
  std::map<std::string, FamilyFact> Families;
  TypeUses FamilyUses;
  for (ParseResult &R : Results) {
    Enums.merge(R.Enums);
    Families.merge(R.Families);
    for (RefFact &F : R.Refs)
      Refs[F.EnumKey].try_emplace({F.File, F.NameOffset}, std::move(F));
    for (TypeUseFact &U : R.TypeUses)
      FamilyUses[U.FamilyKey].try_emplace({U.File, U.NameOffset}, std::move(U));
  }
  // The default arguments of family templates (DefaultArguments.h).
  std::set<std::pair<std::string, unsigned>> Defaults;
  for (const auto &[_, F] : Families)
    Defaults.insert({F.File, F.DefaultOffset});
  if (Enums.empty())
    return Result;

  std::map<std::string, std::set<TextEdit>> Edits;
  // Statements to turn into switches: file -> begin -> (end, refs).
  struct SwitchStmt {
    unsigned End = 0;
    bool Return = false;
    std::string Macro;
    std::vector<const RefFact *> Refs;
  };
  std::map<std::string, std::map<unsigned, SwitchStmt>> Switches;
  std::vector<SpecializationCopy> Specs;
  for (const auto &[Key, E] : Enums) {
    const auto &Uses = Refs[Key];
    for (const auto &[_, R] : Uses)
      if (R.Kind == UseKind::Other && !Defaults.count({R.File, R.NameOffset}))
        return makeError(
            R.File, R.Line, R.Column,
            "the enumerator '" + E.Name + "' stands for the numeric feature '" +
                E.Macro + "', selected at run time; it is used here " + R.Why +
                ", so its value cannot be selected here: use it "
                "as an explicit template argument of a call in "
                "a `return` or expression statement, or in a "
                "run-time expression");
    if (E.NextImplicit)
      return makeError(E.File, E.Line, E.Column,
                       "the enumerator '" + E.Name +
                           "' stands for the numeric feature '" + E.Macro +
                           "' and the next enumerator's value follows it; "
                           "give the next enumerator an explicit value");
    // Every textual occurrence must be a classified use.
    for (const auto &[File, Text] : In.Texts)
      for (const auto &[Off, _] : findIdentifiers(Text, {E.Name})) {
        if ((File == E.File && Off == E.NameOffset) ||
            Uses.count(std::make_pair(File, Off)) || Dead(File, Off))
          continue;
        unsigned Line = 0, Column = 0;
        lineAndColumn(Text, Off, Line, Column);
        return makeError(File, Line, Column,
                         "'" + E.Name +
                             "' (the enumerator that stands for "
                             "the numeric feature '" +
                             E.Macro +
                             "') is named here in code no parse of the "
                             "value-argument lowering saw; its uses must all "
                             "be lowered, or none");
      }
    const fm::Feature &Feat =
        In.Features.Model.feature(In.Features.ByMacro.at(E.Macro));
    // No lowered use reads the initializer, but an unscoped enumeration's
    // range of values comes from its enumerators: the value of largest
    // magnitude keeps every value the switches cast to in that range.
    int64_t Widest = Feat.DefaultValue;
    for (int64_t V : Feat.Values)
      if ((V < 0 ? -V : V) > (Widest < 0 ? -Widest : Widest))
        Widest = V;
    Edits[E.File].insert({E.InitOffset, E.InitLength, std::to_string(Widest)});
    for (const auto &[_, R] : Uses) {
      if (R.Kind == UseKind::RunTimeRead) {
        llvm::StringRef Text =
            llvm::StringRef(In.Texts.at(R.File)).substr(R.Offset, R.Length);
        Edits[R.File].insert(
            {R.Offset, R.Length,
             "static_cast<decltype(" + Text.str() + ")>(" + E.Macro + ")"});
        continue;
      }
      if (R.Kind != UseKind::TemplateArgument)
        continue; // A family template's default: below.
      SwitchStmt &S = Switches[R.File][R.StmtBegin];
      if (!S.Macro.empty() && S.Macro != E.Macro)
        return makeError(R.File, R.Line, R.Column,
                         "this statement passes the values of two numeric "
                         "features ('" +
                             S.Macro + "', '" + E.Macro +
                             "') as template arguments; one per statement is "
                             "supported");
      S.End = R.StmtEnd;
      S.Return = R.Return;
      S.Macro = E.Macro;
      S.Refs.push_back(&R);
    }
    if (llvm::Error Err = lowerDefaultArguments(
            Key, E, Feat.Values, Families, FamilyUses, In.Texts, Edits, Specs))
      return Err;
    if (llvm::Error Err = checkFamilyNames(Key, E, Families, In, Dead, Read))
      return Err;
    Result.Sites.push_back({E.File, E.Line, "value argument", E.Macro});
  }

  for (const auto &[File, Stmts] : Switches) {
    llvm::StringRef Text = In.Texts.at(File);
    for (const auto &[Begin, S] : Stmts) {
      llvm::StringRef Stmt = Text.slice(Begin, S.End);
      const RefFact &First = *S.Refs.front();
      if (Stmt.contains("//") || Stmt.contains('#'))
        return makeError(File, First.Line, First.Column,
                         "the statement that passes '" + S.Macro +
                             "' as a template argument holds a `//` comment "
                             "or a `#`; it cannot be put on one line as a "
                             "switch over the feature's values");
      const fm::Feature &Feat =
          In.Features.Model.feature(In.Features.ByMacro.at(S.Macro));
      auto Body = [&](int64_t V) {
        std::string Out;
        unsigned At = Begin;
        std::vector<const RefFact *> Sorted = S.Refs;
        llvm::sort(Sorted, [](const RefFact *A, const RefFact *B) {
          return A->Offset < B->Offset;
        });
        for (const RefFact *R : Sorted) {
          Out += Text.slice(At, R->Offset).str();
          Out += "static_cast<decltype(" +
                 Text.substr(R->Offset, R->Length).str() + ")>(" +
                 std::to_string(V) + ")";
          At = R->Offset + R->Length;
        }
        Out += Text.slice(At, S.End).str();
        std::replace(Out.begin(), Out.end(), '\n', ' ');
        return Out + (S.Return ? "" : " break;");
      };
      std::string Switch = "switch (" + S.Macro + ") {";
      for (size_t I = 0; I < Feat.Values.size(); ++I)
        Switch += (I + 1 < Feat.Values.size()
                       ? " case " + std::to_string(Feat.Values[I]) + ":"
                       : std::string(" default:")) +
                  " " + Body(Feat.Values[I]);
      Switch += " }" + std::string(Stmt.count('\n'), '\n');
      Edits[File].insert({Begin, S.End - Begin, Switch});
    }
  }

  if (llvm::Error Err = copySpecializations(
          Specs, In.Texts,
          [&](const std::string &File) {
            return std::none_of(
                In.Project.Entries.begin(), In.Project.Entries.end(),
                [&](const CompileEntry &C) { return C.File == File; });
          },
          Edits))
    return Err;
  for (const auto &[File, E] : Edits) {
    auto Text = applyTextEdits(File, In.Texts.at(File), 0, E,
                               "value-argument lowering");
    if (!Text)
      return Text.takeError();
    Result.Files.emplace(File, std::move(*Text));
  }
  return Result;
}

} // namespace varsim::rewrite::templates
