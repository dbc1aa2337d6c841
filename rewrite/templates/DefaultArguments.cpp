//===- rewrite/templates/DefaultArguments.cpp - Feature values as defaults ===//
//
// See DefaultArguments.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/DefaultArguments.h"
#include "rewrite/DirectiveScanner.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::rewrite::templates::valueargs {
namespace {

/// Text on one line: comments and line breaks become spaces. Empty, with
/// Why set, if it holds a directive, a raw string or a line splice.
std::string oneLine(llvm::StringRef Text, std::string &Why) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'') {
      if (C == '"' && I > 0 && Text[I - 1] == 'R') {
        Why = "a raw string literal";
        return "";
      }
      size_t J = I + 1;
      while (J < Text.size() && Text[J] != C && Text[J] != '\n')
        J += Text[J] == '\\' ? 2 : 1;
      Out += Text.slice(I, J + 1).str();
      I = J;
      continue;
    }
    if (Text.substr(I).starts_with("//")) {
      size_t NL = Text.find('\n', I);
      I = (NL == llvm::StringRef::npos ? Text.size() : NL) - 1;
      Out += ' ';
      continue;
    }
    if (Text.substr(I).starts_with("/*")) {
      size_t End = Text.find("*/", I + 2);
      if (End == llvm::StringRef::npos) {
        Why = "an unterminated comment";
        return "";
      }
      I = End + 1;
      Out += ' ';
      continue;
    }
    if (C == '#' || (C == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n')) {
      Why = "a directive or a line splice";
      return "";
    }
    Out += C == '\n' ? ' ' : C;
  }
  return Out;
}

bool isIdent(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The specialization U with Inside's edits and Value as the first template
/// argument of the family's alias.
llvm::Expected<std::string> specializationFor(const TypeUseFact &U,
                                              llvm::StringRef Text,
                                              const std::set<TextEdit> &Inside,
                                              int64_t Value) {
  std::set<TextEdit> Mine = Inside;
  Mine.insert(
      {U.ArgsOffset, 0, std::to_string(Value) + (U.NumArgs ? ", " : "")});
  return applyTextEdits(U.File, Text.slice(U.DeclBegin, U.DeclEnd), U.DeclBegin,
                        Mine, "default-argument copy");
}

/// The copies of S for the values after the first, after the file's last
/// line: behind a guard in a header, under the feature-independent and
/// feature `#if`s around the original (an include guard aside) and inside
/// its namespaces, nested as around the original (RapidJSON's writer.h
/// opens its namespace, then the SSE `#if`: a feature group that opened
/// the namespace would keep the feature specializations' lowering from
/// placing a specialization after its `#endif`), each under `#line` of the
/// original.
llvm::Expected<std::string> appendedCopies(const SpecializationCopy &S,
                                           llvm::StringRef Text,
                                           const std::set<TextEdit> &Inside,
                                           bool Header, unsigned &At) {
  const TypeUseFact &U = *S.Use;
  auto FS = scanDirectives(U.File, Text);
  if (!FS)
    return FS.takeError();
  // What opens around the copies, by where it opens around the original:
  // a namespace (name, inline) or an #if (its condition).
  struct Opening {
    unsigned At;
    bool Namespace;
    std::string Text;
  };
  std::vector<Opening> Openings;
  for (size_t I = 0; I < U.Namespaces.size(); ++I)
    Openings.push_back({I < U.NamespaceOpens.size() ? U.NamespaceOpens[I] : 0u,
                        true,
                        std::string(U.Namespaces[I].second ? "inline " : "") +
                            "namespace " + U.Namespaces[I].first + " {\n"});
  const Directive *GuardEnd = nullptr;
  for (const CondGroup &G : FS->Groups)
    for (unsigned B = 0; B < G.Branches.size(); ++B) {
      const CondGroup::Branch &Br = G.Branches[B];
      if (Br.ContentBegin > U.DeclBegin || U.DeclBegin >= Br.ContentEnd)
        continue;
      const Directive &Open = FS->Directives[Br.DirectiveIndex];
      // An include guard: `#ifndef X` / `#define X` around the file.
      bool Guard = !G.ParentGroup && G.Branches.size() == 1 &&
                   Open.Kind == DirectiveKind::Ifndef &&
                   llvm::any_of(Br.Directives, [&](unsigned D) {
                     return FS->Directives[D].Kind == DirectiveKind::Define &&
                            FS->Directives[D].Macro == Open.Macro;
                   });
      if (!Guard) {
        std::string C = branchCondition(*FS, G, B);
        Openings.push_back(
            {Open.Begin, false,
             "#if " + (C.empty() ? std::string("1") : C) + "\n"});
      } else
        GuardEnd = &FS->Directives[G.EndifIndex];
    }
  std::string Name;
  for (char C : U.File + "_" + std::to_string(U.DeclBegin))
    Name += isIdent(C) ? C : '_';
  // Inside the include guard, before its `#endif` (the file's reading
  // order and guard stay as they were), else after the last line.
  At = GuardEnd ? GuardEnd->Begin : static_cast<unsigned>(Text.size());
  if (GuardEnd)
    Header = false;
  std::string Out = GuardEnd ? "" : "\n";
  if (Header)
    Out += "#ifndef VARSIM_DEFARG_" + Name + "\n#define VARSIM_DEFARG_" + Name +
           "\n";
  // Namespaces opened elsewhere (0) outermost; equal places keep their
  // order (a namespace's parents first).
  std::stable_sort(
      Openings.begin(), Openings.end(),
      [](const Opening &A, const Opening &B) { return A.At < B.At; });
  for (const Opening &O : Openings)
    Out += O.Text;
  for (size_t I = 1; I < S.Values.size(); ++I) {
    auto Copy = specializationFor(U, Text, Inside, S.Values[I]);
    if (!Copy)
      return Copy.takeError();
    Out += "#line " + std::to_string(FS->lineOf(U.DeclBegin)) + "\n" + *Copy +
           "\n";
  }
  for (auto O = Openings.rbegin(); O != Openings.rend(); ++O)
    Out += O->Namespace ? "}\n" : "#endif\n";
  if (Header)
    Out += "#endif\n";
  if (GuardEnd)
    Out += "#line " + std::to_string(GuardEnd->Line) + "\n";
  return Out;
}

} // namespace

llvm::Error
lowerDefaultArguments(const std::string &EnumKey, const EnumFact &E,
                      const std::vector<int64_t> &Values,
                      const std::map<std::string, FamilyFact> &Families,
                      const TypeUses &Uses,
                      const std::map<std::string, std::string> &,
                      std::map<std::string, std::set<TextEdit>> &Edits,
                      std::vector<SpecializationCopy> &Specs) {
  for (const auto &[Key, F] : Families) {
    if (F.EnumKey != EnumKey)
      continue;
    std::string Head = "the class template '" + F.Name +
                       "' takes the enumerator '" + E.Name +
                       "' (the numeric feature '" + E.Macro +
                       "', selected at run time) as a default template "
                       "argument";
    if (!F.Why.empty())
      return makeError(F.File, F.Line, F.Column,
                       Head + ", but " + F.Why +
                           ", so its uses relying on the default cannot be "
                           "given the configuration's value");
    Edits[F.File].insert({F.AliasOffset, 0, F.AliasText});
    auto It = Uses.find(Key);
    if (It == Uses.end())
      continue;
    for (const auto &[Place, U] : It->second) {
      switch (U.Kind) {
      case TypeUseKind::Kept:
        break;
      case TypeUseKind::Other:
        return makeError(U.File, U.Line, U.Column,
                         Head + "; '" + F.Name + "' is used here " + U.Why +
                             ", so the value this use takes cannot be "
                             "selected per configuration");
      case TypeUseKind::Alias: {
        std::string Value = U.Value.empty() ? E.Macro : U.Value;
        Edits[U.File].insert(
            {U.NameOffset, U.NameLength, F.Name + "__varsim_d"});
        Edits[U.File].insert(
            {U.ArgsOffset, 0, Value + (U.NumArgs ? ", " : "")});
        break;
      }
      case TypeUseKind::ExplicitSpecialization:
        Specs.push_back({&U, &F, &E, Values});
        break;
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error
copySpecializations(const std::vector<SpecializationCopy> &Specs,
                    const std::map<std::string, std::string> &Texts,
                    const std::function<bool(const std::string &)> &Header,
                    std::map<std::string, std::set<TextEdit>> &Edits) {
  for (const SpecializationCopy &S : Specs) {
    const TypeUseFact &U = *S.Use;
    const FamilyFact &F = *S.Family;
    llvm::StringRef Text = Texts.at(U.File);
    // The edits inside the specialization (run-time reads of the
    // enumerator) go into every copy.
    std::set<TextEdit> &FileEdits = Edits[U.File];
    std::set<TextEdit> Inside;
    for (auto It = FileEdits.begin(); It != FileEdits.end();) {
      if (It->Offset >= U.DeclBegin && It->Offset + It->Length <= U.DeclEnd) {
        Inside.insert(*It);
        It = FileEdits.erase(It);
      } else {
        ++It;
      }
    }
    Inside.insert({U.NameOffset, U.NameLength, F.Name + "__varsim_d"});
    std::string Copies;
    for (size_t I = 0; I < S.Values.size(); ++I) {
      auto Copy = specializationFor(U, Text, Inside, S.Values[I]);
      if (!Copy)
        return Copy.takeError();
      if (I == 0) {
        Copies = *Copy;
        continue;
      }
      std::string Why;
      std::string Line = oneLine(*Copy, Why);
      if (Line.empty() && Why == "a directive or a line splice") {
        // Directives inside: the copies after the file's last line.
        unsigned At = 0;
        auto Block = appendedCopies(S, Text, Inside, Header(U.File), At);
        if (!Block)
          return Block.takeError();
        FileEdits.insert({At, 0, *Block});
        break;
      }
      if (Line.empty())
        return makeError(
            U.File, U.Line, U.Column,
            "the class template '" + F.Name + "' takes the enumerator '" +
                S.Enum->Name + "' (the numeric feature '" + S.Enum->Macro +
                "', selected at run time) as a default template argument; "
                "this explicit specialization of a member of '" +
                F.Name +
                "' relies on the default, so it is made once per value on "
                "its last line, but it holds " +
                Why);
      Copies += " " + Line;
    }
    FileEdits.insert({U.DeclBegin, U.DeclEnd - U.DeclBegin, std::move(Copies)});
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::templates::valueargs
