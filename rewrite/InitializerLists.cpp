//===- rewrite/InitializerLists.cpp - #ifs in initializer lists -----------===//
//
// The part of FileRewriter (FileRewriterImpl.h) that resolves a feature
// group around entries of a constructor's initializer list: kept when
// unobservable, one entry selecting its value at run time when a member is
// initialized in several branches, else a located error.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::detail {

/// An #if around entries of a constructor's initializer list: the entries
/// are kept (the directives removed) when that is unobservable: each entry
/// initializes a member (not a base), without side effects, and the member
/// exists only where an entry for it does (so no variant has the member
/// without its initialization). A member initialized in several branches
/// (`#if A , x_(1) #else , x_(2) #endif`) keeps one entry selecting its
/// value at run time (`x_((c1) ? (1) : (2))`). Else a located error.
llvm::Error FileRewriter::resolveInitializerLists() {
  std::map<unsigned, const InitializerFact *> Entries;
  for (const ParseView &V : In.Parses)
    for (const InitializerFact &I : V.Facts->Initializers)
      Entries.try_emplace(I.Begin, &I);
  if (Entries.empty())
    return llvm::Error::success();
  llvm::StringRef Text(In.Text);
  std::vector<unsigned> Resolved;
  for (const auto &[GI, Pr] : Problems) {
    const CondGroup &G = FS.Groups[GI];
    struct Use {
      size_t Branch;
      const InitializerFact *Entry;
    };
    std::map<std::string, std::vector<Use>> ByMember;
    std::string Why;
    const InitializerFact *Any = nullptr;
    bool OnlyEntries = true;
    for (size_t BI = 0; BI < G.Branches.size() && OnlyEntries; ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (Plans[GI].Dead[BI])
        continue;
      if (!B.Children.empty() || !B.Directives.empty()) {
        OnlyEntries = false;
        break;
      }
      std::string Rest;
      unsigned Pos = B.ContentBegin;
      for (auto It = Entries.lower_bound(B.ContentBegin);
           It != Entries.end() && It->second->End <= B.ContentEnd; ++It) {
        const InitializerFact &I = *It->second;
        Any = &I;
        Rest += Text.slice(Pos, I.Begin);
        Pos = I.End;
        if (I.Member.empty())
          Why = "it initializes a base class or delegates";
        else if (I.SideEffects)
          Why = "the initializer of '" + I.Member + "' may have side effects";
        else
          ByMember[I.Member].push_back({BI, &I});
      }
      Rest += Text.slice(Pos, B.ContentEnd);
      if (!llvm::StringRef(Rest).trim(" \t\r\n,").empty())
        OnlyEntries = false;
    }
    if (!OnlyEntries || !Any)
      continue;
    if (Why.empty() && hasPlatformPart(GI))
      Why = "the conditional also tests platform or project macros";
    std::vector<Edit> Merges;
    for (const auto &[Member, Uses] : ByMember) {
      if (!Why.empty())
        break;
      const InitializerFact &I = *Uses.front().Entry;
      if (Ctx.PresenceAt) {
        std::vector<CondPtr> Where;
        for (const Use &U : Uses)
          Where.push_back(FG.Groups[GI].Presence[U.Branch]);
        CondPtr M = I.MemberFile.empty()
                        ? makeInt(1)
                        : Ctx.PresenceAt(I.MemberFile, I.MemberOffset);
        if (isSatisfiable(*makeAnd({M, makeNot(makeOr(Where))}), F)) {
          Why = "the member '" + Member +
                "' also exists in variants without this initializer (its "
                "value there would differ)";
          break;
        }
      }
      if (Uses.size() == 1)
        continue;
      // One entry selecting the value; the others (and a comma) dropped.
      std::string Sel;
      for (size_t U = 0; U < Uses.size(); ++U) {
        const InitializerFact &E = *Uses[U].Entry;
        llvm::StringRef Entry = Text.slice(E.Begin, E.End);
        size_t Open = Entry.find('(');
        llvm::StringRef Arg =
            Open == llvm::StringRef::npos || !Entry.ends_with(")")
                ? llvm::StringRef()
                : Entry.slice(Open + 1, Entry.size() - 1);
        int Depth = 0;
        bool TopComma = false;
        for (char C : Arg) {
          Depth += C == '(' || C == '[' || C == '{';
          Depth -= C == ')' || C == ']' || C == '}';
          TopComma |= C == ',' && Depth == 0;
        }
        if (Arg.trim().empty() || TopComma) {
          Why = "'" + Member +
                "' is initialized in several branches, not all with one "
                "expression in parentheses";
          break;
        }
        std::string Value = "(" + Arg.trim().str() + ")";
        Sel += U + 1 == Uses.size()
                   ? Value
                   : "(" +
                         conditionCode(*FG.Groups[GI].Own[Uses[U].Branch], F) +
                         ") ? " + Value + " : ";
        if (U == 0)
          continue;
        // Drop the entry with the comma before it (or after it).
        const CondGroup::Branch &B = G.Branches[Uses[U].Branch];
        unsigned From = E.Begin, To = E.End;
        llvm::StringRef Before = Text.slice(B.ContentBegin, E.Begin);
        llvm::StringRef After = Text.slice(E.End, B.ContentEnd);
        if (size_t C = Before.rfind(',');
            C != llvm::StringRef::npos && Before.substr(C + 1).trim().empty())
          From = B.ContentBegin + static_cast<unsigned>(C);
        else if (size_t C2 = After.find(',');
                 C2 != llvm::StringRef::npos &&
                 After.take_front(C2).trim().empty())
          To = E.End + static_cast<unsigned>(C2) + 1;
        Merges.push_back({From, To, newlines(Text.slice(From, To)), 0});
      }
      if (!Why.empty())
        break;
      const InitializerFact &E0 = *Uses.front().Entry;
      llvm::StringRef Entry0 = Text.slice(E0.Begin, E0.End);
      Merges.push_back({E0.Begin, E0.End,
                        Entry0.take_front(Entry0.find('(')).str() + "(" + Sel +
                            ")" + newlines(Entry0),
                        0});
    }
    if (!Why.empty())
      return error(Pr.Offset, "conditional on feature " + featuresOf(G) +
                                  " inside the initializer list of the "
                                  "constructor '" +
                                  Any->Constructor +
                                  "' cannot be kept in the simulator: " + Why);
    for (Edit &E : Merges)
      addEdit(E.Begin, E.End, std::move(E.Text));
    Resolved.push_back(GI);
  }
  for (unsigned GI : Resolved) {
    Problems.erase(GI);
    Plans[GI].L = Level::Declarations;
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::detail
