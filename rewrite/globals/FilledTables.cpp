//===- rewrite/globals/FilledTables.cpp - Tables filled at start-up -------===//
//
// A C table of scalars whose entries are chosen by many features (SQLite's
// `sqlite3azCompileOpt`, one string per compile-time option) has one copy
// per combination of them: 2^n copies of the table and of every function
// that reads it. When those copies exceed the budget (CopyBudget.h), such a
// table is instead one array of the largest size, filled at start-up by a
// constructor whose body is the initializer list written as assignments:
// the #if rewriter turns its feature #ifs into run-time tests like any code.
// An entry that spells a feature's value gets one assignment per value,
// under a #if chain. `sizeof t / sizeof t[0]` reads the count it filled.
//
// Reads the Discovered record and an item; adds the edits to Additions.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "rewrite/ErrorText.h"
#include "rewrite/SourceText.h"
#include "rewrite/globals/CopyBudget.h"
#include "support/SourceFiles.h"

namespace varsim::rewrite::globals::lowering {

namespace {

size_t skipSpace(llvm::StringRef T, size_t At) {
  while (At < T.size() && llvm::isSpace(T[At]))
    ++At;
  return At;
}

/// Whether offsets A and B lie in different branches of one group: no
/// configuration has both.
bool exclusive(const FileStructure &FS, unsigned A, unsigned B) {
  for (const CondGroup &G : FS.Groups) {
    std::optional<size_t> InA, InB;
    for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &Br = G.Branches[BI];
      if (A >= Br.ContentBegin && A < Br.ContentEnd)
        InA = BI;
      if (B >= Br.ContentBegin && B < Br.ContentEnd)
        InB = BI;
    }
    if (InA && InB && *InA != *InB)
      return true;
  }
  return false;
}

/// The identifier ending right before At (spaces skipped), if any.
llvm::StringRef wordBefore(llvm::StringRef T, size_t At) {
  while (At > 0 && llvm::isSpace(T[At - 1]))
    --At;
  size_t B = At;
  while (B > 0 && isIdentifierChar(T[B - 1]))
    --B;
  return T.slice(B, At);
}

char charBefore(llvm::StringRef T, size_t At) {
  while (At > 0 && llvm::isSpace(T[At - 1]))
    --At;
  return At > 0 ? T[At - 1] : '\0';
}

/// The span of `sizeof t / sizeof t[0]` starting at the first `sizeof`
/// (At), with optional parentheses and `*t` for `t[0]`, if it is one.
std::optional<std::pair<unsigned, unsigned>>
countIdiom(llvm::StringRef T, size_t At, llvm::StringRef Name) {
  size_t P = At;
  auto Take = [&](llvm::StringRef S) {
    if (!T.substr(P).starts_with(S) ||
        (isIdentifierChar(S.back()) && P + S.size() < T.size() &&
         isIdentifierChar(T[P + S.size()])))
      return false;
    P = skipSpace(T, P + S.size());
    return true;
  };
  if (!Take("sizeof"))
    return std::nullopt;
  bool Paren = Take("(");
  if (!Take(Name) || (Paren && !Take(")")) || !Take("/") || !Take("sizeof"))
    return std::nullopt;
  Paren = Take("(");
  bool Deref = Take("*");
  if (!Take(Name))
    return std::nullopt;
  if (!Deref && !(Take("[") && Take("0") && Take("]")))
    return std::nullopt;
  if (Paren && !Take(")"))
    return std::nullopt;
  // The end of the last token taken (spaces after it stay).
  size_t End = P;
  while (End > At && llvm::isSpace(T[End - 1]))
    --End;
  return std::pair{static_cast<unsigned>(At), static_cast<unsigned>(End)};
}

} // namespace

/// The layout of a fillable table's text, if its declaration is
/// `<head> name[] = { <scalar entries> };`.
std::optional<FilledLayout> filledLayout(const Discovered &Dx, const Item &I,
                                         std::string &Why) {
  if (I.Kind != "variable" || I.Defs.size() != 1) {
    Why = "not one variable";
    return std::nullopt;
  }
  const EntityDef &D = *I.Defs.front();
  if (isCxxFileName(D.File) != std::optional(false) || Dx.cxxFile(D.File)) {
    Why = "not in a C source";
    return std::nullopt;
  }
  if (D.ExternalLinkage || !D.Unsupported.empty() || !D.Opaque.empty()) {
    Why = "not a static table";
    return std::nullopt;
  }
  llvm::StringRef T = Dx.text(D.File);
  FilledLayout L;
  size_t At = skipSpace(T, D.NameOffset + D.Name.size());
  auto Expect = [&](char C) {
    if (At >= T.size() || T[At] != C)
      return false;
    At = skipSpace(T, At + 1);
    return true;
  };
  if (!Expect('[') || !Expect(']') || !Expect('=') || At >= T.size() ||
      T[At] != '{') {
    Why = "not an array of unspecified size with an initializer list";
    return std::nullopt;
  }
  L.Open = static_cast<unsigned>(At);
  // The entries: split at top-level commas (tokens outside comments and
  // directive lines, rewrite/SourceText.h); none holds braces (an
  // aggregate entry cannot be assigned as written). An entry ends at its
  // last token; one without its comma before a directive line (the last
  // entry, or one of exclusive branches) ends there, unless string
  // literals continue it across the directive ("A" #ifdef X "B" #endif).
  size_t Close = matchingClose(T, L.Open, "{([", "})]");
  if (Close == llvm::StringRef::npos || Close >= D.End) {
    Why = "the initializer list does not end the declaration";
    return std::nullopt;
  }
  L.Close = static_cast<unsigned>(Close);
  std::vector<std::pair<unsigned, unsigned>> Directives;
  for (const auto &[B, E] : directiveRanges(Dx.structure(D.File)))
    if (B > L.Open && B < L.Close)
      Directives.push_back({B - L.Open, E - L.Open});
  llvm::StringRef List = T.slice(L.Open, L.Close);
  auto DirectiveBetween = [&](unsigned From, unsigned To) {
    auto It = std::lower_bound(Directives.begin(), Directives.end(),
                               std::pair<unsigned, unsigned>{From, 0});
    return It != Directives.end() && It->first < To;
  };
  unsigned Depth = 0;
  bool InEntry = false, Continues = false, Braces = false, Empty = false;
  unsigned EntryBegin = 0, LastEnd = 0;
  auto EndEntry = [&] {
    L.Entries.push_back({L.Open + EntryBegin, L.Open + LastEnd, std::nullopt});
    InEntry = false;
  };
  forEachToken(
      List,
      [&](const SourceToken &Tok) {
        if (Tok.Begin == 0)
          return; // The '{'.
        char C = List[Tok.Begin];
        if (InEntry && DirectiveBetween(LastEnd, Tok.Begin))
          EndEntry();
        if (Tok.K == SourceToken::Punctuator && C == '{')
          Braces = true;
        if (Tok.K == SourceToken::Punctuator && Depth == 0 && C == ',') {
          if (InEntry)
            EndEntry();
          else if (L.Entries.empty() || L.Entries.back().Comma)
            Empty = true;
          if (!L.Entries.empty())
            L.Entries.back().Comma = L.Open + Tok.Begin;
          return;
        }
        if (Tok.K == SourceToken::Punctuator && (C == '(' || C == '['))
          ++Depth;
        else if (Tok.K == SourceToken::Punctuator && (C == ')' || C == ']') &&
                 Depth > 0)
          --Depth;
        if (!InEntry) {
          if (!L.Entries.empty() && !L.Entries.back().Comma &&
              T[L.Entries.back().End - 1] == '"' && C == '"' &&
              !exclusive(Dx.structure(D.File), L.Entries.back().End - 1,
                         L.Open + Tok.Begin))
            Continues = true;
          InEntry = true;
          EntryBegin = Tok.Begin;
        }
        LastEnd = Tok.End;
      },
      Directives);
  if (InEntry)
    EndEntry();
  if (Braces) {
    Why = "an entry holds braces";
    return std::nullopt;
  }
  if (Empty) {
    Why = "an empty entry";
    return std::nullopt;
  }
  if (Continues) {
    Why = "string literals continue an entry across a directive line";
    return std::nullopt;
  }
  if (!L.Close || skipSpace(T, L.Close + 1) + 1 != D.End || L.Entries.empty()) {
    Why = "the initializer list does not end the declaration";
    return std::nullopt;
  }
  // Every macro an entry spells is one whose value can be written there.
  for (const auto &[_, E] : Dx.Facts.Expansions) {
    if (E.File != D.File || E.Offset < L.Open || E.Offset >= L.Close ||
        Dx.onDirectiveLine(D.File, E.Offset))
      continue;
    auto Defs = Dx.MacroDefs.find(E.Macro);
    bool FunctionLike = Defs != Dx.MacroDefs.end() &&
                        llvm::any_of(Defs->second, [](const MacroDef &M) {
                          return M.FunctionLike;
                        });
    if (!E.Direct || FunctionLike) {
      Why = "an entry uses '" + E.Macro + "' through another macro";
      return std::nullopt;
    }
  }
  // Its uses: in function bodies, as a pointer or an element, or in the
  // count idiom `sizeof t / sizeof t[0]` (also `sizeof(t)/sizeof(*t)`).
  for (const auto &[_, R] : Dx.Facts.Refs) {
    if (R.Target != I.Key || R.File != D.File)
      continue;
    if (R.Offset >= D.Begin && R.Offset < D.End)
      continue;
    if (R.Context.rfind("F:", 0) != 0 || R.ViaMacro || R.InMacroArg) {
      Why = "used outside a function body, or through a macro, at line " +
            std::to_string(R.Line);
      return std::nullopt;
    }
    if (llvm::any_of(L.CountUses, [&](const std::pair<unsigned, unsigned> &S) {
          return R.Offset >= S.first && R.Offset < S.second;
        }))
      continue;
    size_t NameEnd = R.Offset + D.Name.size();
    bool Element = T.substr(skipSpace(T, NameEnd)).starts_with("[");
    // `sizeof t` or `sizeof(t)`: only as the idiom's numerator.
    size_t Before = R.Offset;
    while (Before > 0 && llvm::isSpace(T[Before - 1]))
      --Before;
    bool Paren = Before > 0 && T[Before - 1] == '(';
    llvm::StringRef Op = wordBefore(T, Paren ? Before - 1 : Before);
    if (Op == "sizeof" && !Element) {
      auto Span =
          countIdiom(T, static_cast<size_t>(Op.data() - T.data()), D.Name);
      if (!Span) {
        Why = "its size is read at line " + std::to_string(R.Line) +
              " other than as `sizeof " + D.Name + " / sizeof " + D.Name +
              "[0]`";
        return std::nullopt;
      }
      L.CountUses.push_back(*Span);
      continue;
    }
    if (!Element && (charBefore(T, R.Offset) == '&' || Op == "typeof" ||
                     Op == "__typeof__" || Op == "_Alignof" ||
                     Op == "__typeof" || Op == "alignof")) {
      Why = "its type or address is taken at line " + std::to_string(R.Line);
      return std::nullopt;
    }
  }
  for (const auto &[_, R] : Dx.Facts.Redecls)
    if (R.Key == I.Key) {
      Why = "declared again at line " + std::to_string(R.Line);
      return std::nullopt;
    }
  return L;
}

/// The function item copied per configuration that holds Offset of File.
static const Item *copiedFunctionAt(const ItemTable &Tab,
                                    const std::string &File, unsigned Offset) {
  for (const auto &[_, Other] : Tab.Items)
    if (Other.IsFunction && Other.variant() && !Tab.withdrawn(Other) &&
        Other.File == File && Offset >= Other.Fn->DeclBegin &&
        Offset <= Other.Fn->BodyEnd)
      return &Other;
  return nullptr;
}

std::string filledTableReadInACopy(const Discovered &Dx, const ItemTable &Tab) {
  for (const std::string &Key : Tab.Filled) {
    std::string Why;
    auto L = filledLayout(Dx, Tab.Items.at(Key), Why);
    if (!L)
      continue;
    for (const auto &[B, E] : L->CountUses)
      if (copiedFunctionAt(Tab, Tab.Items.at(Key).File, B))
        return Key;
  }
  return "";
}

llvm::Expected<std::string> renderFilledTable(const Discovered &Dx,
                                              const ItemTable &Tab,
                                              Additions &Add, const Item &I) {
  std::string Why;
  auto L = filledLayout(Dx, I, Why);
  const EntityDef &D = *I.Defs.front();
  if (!L)
    return Dx.located(D.File, D.Line, D.Column,
                      describe(Dx, I) +
                          " cannot be filled at start-up: " + Why);
  llvm::StringRef T = Dx.text(D.File);
  const std::string &Name = D.Name;
  std::string Count = Name + "__varsim_count";
  // The count reads: not inside a function copied per configuration (its
  // copies are made of the original text; filledTableReadInACopy).
  for (const auto &[B, E] : L->CountUses)
    if (const Item *Other = copiedFunctionAt(Tab, D.File, B))
      return Dx.located(D.File, presumedLine(T, B), 1,
                        describe(Dx, I) + " is filled at start-up, and '" +
                            Other->Name +
                            "', which reads its count here, is copied per "
                            "configuration of " +
                            featuresOf(Dx, *Other));
  for (const auto &[B, E] : L->CountUses)
    Add.Edits[D.File].insert(
        {B, E - B,
         "((__typeof__(sizeof 0))" + Count + ")" + newlinesOf(T.slice(B, E))});
  // The head: its top-level `const`s dropped (the constructor writes it;
  // the program never does), the size the union's.
  llvm::StringRef Head = T.slice(D.Begin, D.NameOffset);
  size_t Star = Head.rfind('*');
  std::string NewHead;
  size_t From = 0;
  forIdentifiers(Head, [&](size_t B, llvm::StringRef Id) {
    if (Id == "const" && (Star == llvm::StringRef::npos || B > Star)) {
      NewHead += Head.slice(From, B).str();
      From = B + Id.size();
    }
  });
  NewHead += Head.substr(From).str();
  std::string Open = NewHead + Name + "[" + std::to_string(L->Entries.size()) +
                     "]; static __typeof__(sizeof 0) " + Count +
                     "; __attribute__((constructor(102))) static void " + Name +
                     "__varsim_fill(void) { __typeof__(sizeof 0) varsim_n = 0;";
  Add.Edits[D.File].insert({D.Begin, L->Open + 1 - D.Begin,
                            Open + newlinesOf(T.slice(D.Begin, L->Open + 1))});
  Add.Edits[D.File].insert(
      {L->Close, D.End - L->Close,
       " " + Count + " = varsim_n; }" + newlinesOf(T.slice(L->Close, D.End))});
  // The features its entries depend on: the feature groups around them,
  // the values they spell.
  std::set<std::string> Macros;
  const FileStructure &FS = Dx.structure(D.File);
  const FileGroups &FG = Dx.Groups.at(D.File);
  for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
    unsigned If =
        FS.Directives[FS.Groups[GI].Branches.front().DirectiveIndex].Begin;
    if (FG.Groups[GI].IsFeature && If > L->Open && If < L->Close)
      for (const CondGroup::Branch &Br : FS.Groups[GI].Branches)
        if (Br.Condition)
          collectMacros(*Br.Condition, Macros);
  }
  // Each entry an assignment; one per value of the features it spells.
  for (size_t K = 0; K < L->Entries.size(); ++K) {
    auto [B, E, Comma] = L->Entries[K];
    std::string Assign = Name + "[varsim_n++] = ";
    // The entry as an item of its own: the table's, deciding only what
    // the entry spells.
    Item Entry = I;
    Entry.Decisions.clear();
    Entry.Copies.clear();
    for (const auto &[_, X] : Dx.Facts.Expansions)
      if (X.File == D.File && X.Offset >= B && X.Offset < E &&
          !Dx.onDirectiveLine(X.File, X.Offset))
        macroDecisions(Dx, X.Macro, Entry.Decisions, X.File, X.Offset);
    for (const DecisionKey &DK : Entry.Decisions)
      if (DK.Kind == 1)
        Macros.insert(DK.Macro);
    if (Entry.Decisions.empty()) {
      Add.Edits[D.File].insert({B, 0, Assign});
      if (Comma)
        Add.Edits[D.File].insert({*Comma, 1, ";"});
      else
        Add.Edits[D.File].insert({E, 0, ";"});
      continue;
    }
    auto Plan = planCopies(decisionsOf(Dx, Entry), Dx.In.Features, I.Presence,
                           MaxSmallItemCopies);
    if (!Plan)
      return Dx.located(D.File, presumedLine(T, B), 1,
                        describe(Dx, I) + ": an entry filled at start-up: " +
                            errorText(Plan.takeError()));
    std::string Chain = "\n";
    bool First = true;
    for (const FunctionCopy &FC : Plan->Copies) {
      auto Cfg =
          findSatisfying(*makeAnd({I.Presence, FC.Condition}), Dx.In.Features);
      if (!Cfg)
        continue;
      Copy C;
      C.Condition = FC.Condition;
      C.Cfg = *Cfg;
      C.Def = 0;
      std::set<Edit> Edits;
      std::map<std::string, std::string> Defines;
      if (llvm::Error Err =
              copyEdits(Dx, Tab, Entry, C, D.File, B, E, false, Edits, Defines))
        return Err;
      if (!Defines.empty())
        return Dx.located(D.File, presumedLine(T, B), 1,
                          describe(Dx, I) +
                              ": an entry filled at start-up names a "
                              "function-like macro defined per feature");
      auto Text = applyEdits(D.File, T.slice(B, E), B, Edits);
      if (!Text)
        return Text.takeError();
      Chain += std::string(First ? "#if " : "#elif ") +
               ppCondition(*FC.Condition) + "\n" + Assign + oneLine(*Text) +
               ";\n";
      First = false;
    }
    if (First) { // No configuration has it.
      Add.Edits[D.File].insert({B, E - B, newlinesOf(T.slice(B, E))});
      if (Comma)
        Add.Edits[D.File].insert({*Comma, 1, " "});
      continue;
    }
    // The rest of the entry's last line keeps its number.
    Chain += "#endif\n#line " + std::to_string(presumedLine(T, E)) + "\n";
    Add.Edits[D.File].insert({B, E - B, Chain});
    if (Comma)
      Add.Edits[D.File].insert({*Comma, 1, " "});
  }
  std::vector<std::string> Features;
  for (const std::string &M : Macros)
    if (Dx.In.Features.isFeatureMacro(M))
      Features.push_back(M);
  return llvm::join(Features, ", ");
}

} // namespace varsim::rewrite::globals::lowering
