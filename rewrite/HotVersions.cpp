//===- rewrite/HotVersions.cpp - Hot loops versioned per feature switch ---===//
//
// A feature switch (FeatureSwitches.cpp) tests its features on every call.
// Called from a hot loop (a one-line accessor in a 3x3 neighbourhood), the
// test stays in the loop: the compiler cannot prove the feature's value
// unchanged across the loop's stores, so it neither unswitches the loop
// nor inlines the variant into it, and the simulator runs far slower than
// the variant (MarkerPolicy.h's rules take the marker away, not the test).
//
// Here a C function with a loop that reaches feature switches (directly,
// or through functions defined earlier in the same file) gets one version
// per combination of the switches' variants, at most MaxHotVersions: each
// version calls the chosen variants directly (and the matching versions
// of the functions in between), so its inner code is the native
// variant's. The function itself becomes a dispatcher that tests the
// features once per call, outside its loops. Nothing else changes: the
// originals stay for every other caller (and for the address of a
// function), markers are copied with the code (same region ids, same
// calling contexts in the trace), and a function whose copying could
// change behaviour (a static local, an included file, C++ names that may
// be overloaded) is left alone.
//
// The copies are made from the rendered text (every other edit applied):
// sentinel comments mark each function's declaration, body and end, and
// versionHotLoops() replaces them in apply()'s output.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <functional>

namespace varsim::rewrite::detail {

namespace {

constexpr llvm::StringLiteral SentinelOpen = "/*varsim-hot:";

std::string sentinel(char Kind, unsigned Id) {
  return (SentinelOpen + llvm::Twine(Kind) + llvm::Twine(Id) + "*/").str();
}

} // namespace

std::string FileRewriter::hotVersionName(const HotFunction &H,
                                         const std::vector<unsigned> &Pick) {
  std::string Name = H.Name + "__varsim_hot";
  for (unsigned P : Pick)
    Name += "_" + std::to_string(P);
  return Name;
}

void FileRewriter::planHotVersions() {
  planSwitchVersions();
  planFeatureVersions();
}

void FileRewriter::planSwitchVersions() {
  // `--granularity all` keeps every switch's marker, which a version
  // calling the variants directly would skip.
  if (Ctx.Detail == Granularity::All)
    return;
  struct Switch {
    const SwitchPlan *SP;
    unsigned DefinedAt; ///< The switch is emitted at this #endif.
  };
  std::map<std::string, Switch> Switches;
  for (const SwitchPlan &SP : Ctx.Switches) {
    if (SP.OwnerFile != In.Path || SP.Variants.size() < 2 ||
        llvm::any_of(SP.Variants, [&](const SwitchPlan::Variant &V) {
          return V.File != In.Path || V.Fn->Member || V.Code.empty();
        }))
      continue;
    auto Group = outermostGroupAt(SP.Variants.back().Fn->DeclBegin);
    if (!Group)
      continue;
    Switches.emplace(SP.Name,
                     Switch{&SP, dir(FS.Groups[*Group].EndifIndex).End});
  }
  if (Switches.empty())
    return;
  std::set<std::string> SwitchNames;
  for (const auto &[Name, S] : Switches)
    SwitchNames.insert(Name);

  // Functions by name: C only (one name, one function), defined once.
  std::map<std::string, unsigned> NameCount = functionNameCounts();
  llvm::StringRef Text(In.Text);
  std::vector<const FunctionFact *> InOrder;
  for (const auto &[Begin, Fn] : Functions)
    InOrder.push_back(Fn);
  llvm::sort(InOrder, [](const FunctionFact *A, const FunctionFact *B) {
    return A->DeclBegin < B->DeclBegin;
  });
  for (const FunctionFact *Fn : InOrder) {
    if (!copyableWhole(*Fn, NameCount, SwitchNames) || Fn->Main)
      continue;
    llvm::StringRef Def = Text.slice(Fn->DeclBegin, Fn->BodyEnd + 1);
    // A copy would have its own static locals; an #include's text or a
    // counter would be expanded twice.
    llvm::StringRef Body = Text.slice(Fn->BodyBegin, Fn->BodyEnd + 1);
    if (namesIdentifier(Body, "static") ||
        namesIdentifier(Body, "__COUNTER__") || Def.contains("#include") ||
        Def.contains("#import") || Def.contains(SentinelOpen))
      continue;
    // What it calls: switches defined before it, and earlier versioned
    // functions (whose definitions end before it begins).
    std::set<std::string> Callable;
    for (const auto &[Name, S] : Switches)
      if (S.DefinedAt <= Fn->DeclBegin)
        Callable.insert(Name);
    for (const auto &[Name, H] : Hot)
      if (H.End <= Fn->DeclBegin)
        Callable.insert(Name);
    // Every use of a name the versions rename must be a plain call of the
    // function: not a member (`ops->at(`), not its address, not a local
    // that shadows it.
    Callable.insert(Fn->Name);
    auto Calls = callsOf(Body, Callable);
    bool Plain = llvm::all_of(Callable, [&](const std::string &Name) {
      size_t Uses =
          llvm::count_if(Calls, [&](const auto &C) { return C.first == Name; });
      return countIdentifier(Body, Name) == Uses;
    });
    Plain = Plain && llvm::none_of(Calls, [&](const auto &C) {
              llvm::StringRef Before = Body.take_front(C.second).rtrim();
              return Before.ends_with(".") || Before.ends_with("->") ||
                     Before.ends_with("::");
            });
    Callable.erase(Fn->Name);
    if (!Plain)
      continue;
    std::set<std::string> Reached;
    for (const auto &[Callee, At] : Calls) {
      if (!Callable.count(Callee))
        continue; // Itself.
      if (Switches.count(Callee))
        Reached.insert(Callee);
      else
        for (const std::string &S : Hot.at(Callee).Switches)
          Reached.insert(S);
    }
    if (Reached.empty())
      continue;
    unsigned Versions = 1;
    for (const std::string &S : Reached)
      Versions *= Switches.at(S).SP->Variants.size();
    if (Versions > MaxHotVersions)
      continue;
    HotFunction H;
    H.Name = Fn->Name;
    H.Fn = Fn;
    H.Id = static_cast<unsigned>(Hot.size());
    H.End = Fn->BodyEnd + 1;
    H.Switches.assign(Reached.begin(), Reached.end());
    for (const std::string &S : H.Switches)
      H.Variants.push_back(Switches.at(S).SP);
    H.Root = inAnyParse(Fn->BodyBegin, &FunctionFact::Loops) && Fn->ParamsNamed;
    // Between a loop and a switch: small code, worth inlining.
    if (!H.Root && Fn->EndLine - Fn->Line > MaxHotChainLines)
      continue;
    Hot.emplace(H.Name, std::move(H));
  }
  // Keep only what a root needs: a root and the functions it reaches.
  std::set<std::string> Needed;
  std::vector<std::string> Work;
  for (const auto &[Name, H] : Hot)
    if (H.Root)
      Work.push_back(Name);
  std::set<std::string> HotNames;
  for (const auto &[Name, H] : Hot)
    HotNames.insert(Name);
  while (!Work.empty()) {
    std::string N = Work.back();
    Work.pop_back();
    if (!Needed.insert(N).second)
      continue;
    const HotFunction &H = Hot.at(N);
    for (const auto &[Callee, At] :
         callsOf(Text.slice(H.Fn->BodyBegin, H.End), HotNames))
      if (Callee != N && Hot.at(Callee).End <= H.Fn->DeclBegin)
        Work.push_back(Callee);
  }
  for (auto It = Hot.begin(); It != Hot.end();)
    It = Needed.count(It->first) ? std::next(It) : Hot.erase(It);
  // A bound on the text added (compile time, code size): a file where
  // switches are called from everywhere (an amalgamation) is left alone.
  size_t Added = 0;
  for (const auto &[Name, H] : Hot) {
    size_t Versions = 1;
    for (const SwitchPlan *SP : H.Variants)
      Versions *= SP->Variants.size();
    Added += Versions * (H.End - H.Fn->DeclBegin);
  }
  if (Added > MaxHotBytes) {
    Hot.clear();
    return;
  }
  for (const auto &[Name, H] : Hot) {
    addEdit(H.Fn->DeclBegin, H.Fn->DeclBegin, sentinel('D', H.Id));
    addEdit(H.Fn->BodyBegin, H.Fn->BodyBegin, sentinel('B', H.Id));
    addEdit(H.End, H.End, sentinel('E', H.Id));
  }
}

std::string FileRewriter::renderHotVersion(const HotFunction &H,
                                           llvm::StringRef Def,
                                           const std::vector<unsigned> &Pick) {
  // Each call renamed: the function itself (recursion and its declarator)
  // to this version, a switch to the picked variant, an earlier versioned
  // function to its version under the same picks.
  std::map<std::string, std::string> To;
  To[H.Name] = hotVersionName(H, Pick);
  for (size_t I = 0; I < H.Switches.size(); ++I)
    To[H.Switches[I]] = H.Variants[I]->Variants[Pick[I]].Renamed;
  for (const auto &[Name, Callee] : Hot) {
    if (Name == H.Name || Callee.End > H.Fn->DeclBegin)
      continue;
    // Only a callee whose switches this function's picks decide (every
    // function it calls; planHotVersions collected them).
    std::vector<unsigned> Sub;
    for (const std::string &S : Callee.Switches) {
      auto It = llvm::find(H.Switches, S);
      if (It == H.Switches.end())
        break;
      Sub.push_back(Pick[It - H.Switches.begin()]);
    }
    if (Sub.size() == Callee.Switches.size())
      To[Name] = hotVersionName(Callee, Sub);
  }
  std::set<std::string> Names;
  for (const auto &[Name, New] : To)
    Names.insert(Name);
  std::string Out;
  size_t Pos = 0;
  for (const auto &[Name, At] : callsOf(Def, Names)) {
    Out += Def.slice(Pos, At);
    Out += To[Name];
    Pos = At + Name.size();
  }
  Out += Def.drop_front(Pos);
  return Out;
}

std::string FileRewriter::hotDispatch(const HotFunction &H) {
  std::string Args;
  for (const std::string &P : H.Fn->Params)
    Args += (Args.empty() ? "" : ", ") + P;
  std::vector<unsigned> Pick(H.Switches.size(), 0);
  // Nested tests in each switch's own order; the last variant is the
  // else (the switch's own dispatch).
  std::function<std::string(size_t)> Level = [&](size_t I) -> std::string {
    if (I == H.Switches.size()) {
      std::string Call = hotVersionName(H, Pick) + "(" + Args + ")";
      return H.Fn->ReturnsVoid ? "{ " + Call + "; return; }"
                               : "return " + Call + ";";
    }
    std::string S;
    const SwitchPlan &SP = *H.Variants[I];
    for (unsigned V = 0; V < SP.Variants.size(); ++V) {
      Pick[I] = V;
      std::string Inner = Level(I + 1);
      if (V + 1 < SP.Variants.size())
        S += "if (" + SP.Variants[V].Code + ") { " + Inner + " } ";
      else
        S += Inner;
    }
    return S;
  };
  return "{ " + Level(0) + " }";
}

std::string FileRewriter::versionHotLoops(std::string Out) {
  Out = versionFeatureReads(std::move(Out));
  if (Hot.empty())
    return Out;
  std::map<unsigned, const HotFunction *> ById;
  for (const auto &[Name, H] : Hot)
    ById[H.Id] = &H;
  llvm::StringRef T(Out);
  std::string Result;
  size_t Pos = 0;
  while (true) {
    size_t D = T.find(SentinelOpen, Pos);
    if (D == llvm::StringRef::npos)
      break;
    llvm::StringRef Tag = T.drop_front(D + SentinelOpen.size());
    char Kind = Tag.empty() ? 0 : Tag[0];
    unsigned Id = 0;
    llvm::StringRef Digits = Tag.drop_front(1).take_while(llvm::isDigit);
    if (Kind != 'D' || Digits.getAsInteger(10, Id) || !ById.count(Id)) {
      // A body or end sentinel out of place: drop it.
      size_t Close = T.find("*/", D);
      Result += T.slice(Pos, D);
      Pos = Close == llvm::StringRef::npos ? T.size() : Close + 2;
      continue;
    }
    const HotFunction &H = *ById.at(Id);
    std::string B = sentinel('B', Id), E = sentinel('E', Id);
    size_t HeaderBegin = D + sentinel('D', Id).size();
    size_t BodyMark = T.find(B, HeaderBegin), EndMark = T.find(E, HeaderBegin);
    Result += T.slice(Pos, D);
    if (BodyMark == llvm::StringRef::npos || EndMark == llvm::StringRef::npos ||
        EndMark < BodyMark) {
      Pos = HeaderBegin; // Leave this one as it is.
      continue;
    }
    llvm::StringRef Header = T.slice(HeaderBegin, BodyMark);
    llvm::StringRef Body = T.slice(BodyMark + B.size(), EndMark);
    std::string Def = (Header + Body).str();
    if (Def.find(SentinelOpen.str()) != std::string::npos) {
      Pos = HeaderBegin; // Nested sentinels: not a function we know.
      continue;
    }
    bool AtLineStart = Result.empty() || Result.back() == '\n';
    std::string Line = "#line " + std::to_string(presumedLine(T, D)) + "\n";
    std::string Versions;
    const std::string Unused = "__attribute__((unused)) ";
    std::vector<unsigned> Pick(H.Switches.size(), 0);
    while (true) {
      Versions += originalNameDefines(H.Name) + Line + Unused +
                  renderHotVersion(H, Def, Pick) + "\n" + originalNameUndefs();
      size_t I = 0;
      for (; I < Pick.size(); ++I) {
        if (++Pick[I] < H.Variants[I]->Variants.size())
          break;
        Pick[I] = 0;
      }
      if (I == Pick.size())
        break;
    }
    std::string After =
        "\n#line " + std::to_string(presumedLine(T, EndMark)) + "\n";
    if (!AtLineStart)
      Result += "\n";
    // Callers may now use only the versions: no unused-function warning
    // for the original.
    if (H.Root)
      Result +=
          Versions + Line + Unused + Header.str() + hotDispatch(H) + After;
    else
      Result += Line + Unused + Def + "\n" + Versions + After;
    Pos = EndMark + E.size();
  }
  Result += T.drop_front(Pos);
  return Result;
}

} // namespace varsim::rewrite::detail
