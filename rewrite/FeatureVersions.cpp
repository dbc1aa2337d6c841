//===- rewrite/FeatureVersions.cpp - Hot functions versioned per feature --===//
//
// The simulator keeps every feature test the variants settle at compile
// time: a lowered #if region, a macro selected per feature (`lua_assert`
// under LUAI_ASSERT, a whole `assert` per use), a feature value. In a hot
// function these cost more than the load and branch: the code of the other
// branch stays in the loop (register pressure, no vectorisation, no
// unrolling of what the variant folds away). Measured on Lua, features
// fixed to constants take the simulator from about 1.23x to 1.10x native.
//
// Here a hot C function (one with a loop or a goto, or a copy of one that
// was duplicated per configuration; a small function such a function
// calls) that reads features gets one version per combination of the
// values of the features its body reads, at most MaxFeatureVersions: each
// version is the rendered function (markers and all) under
//
//   #pragma push_macro("VARSIM_F_A")
//   #undef VARSIM_F_A
//   #define VARSIM_F_A ((long long)1)
//   ... version ...
//   #pragma pop_macro("VARSIM_F_A")
//
// so every read inside it, direct or through any macro expanded there, is
// a constant the compiler folds; the native variant's code is what is left.
// The function itself becomes a dispatcher that tests the features once per
// call and calls its version. A version calls the matching versions of the
// versioned functions defined before it in the file (and its own version
// when it recurses), so a loop reaching small helpers tests nothing.
//
// A static function called from one place (OnceCalled.h) is inlined there
// natively; one call per version would keep it out of line. If its
// features are among its caller's, it is versioned along with the caller,
// features or not: a copy per version of the caller, called by that one
// only (VARSIM_ONE_CALLER keeps GCC from folding equal copies back into
// one). A caller whose once-called callee cannot be copied is not
// versioned: the lost inlining costs more than the tests it would save.
//
// Behaviour cannot change: a feature's value is set before main and never
// changes, so the dispatcher's test and the version's constants agree. A
// numeric feature whose model lists values with gaps gets one more version
// that keeps the run-time read (values in the gaps run it). What copying
// could change is left alone: a static local (unless it is immutable), an
// #include in a body (except in a copy, whose lifting admitted it), a
// variadic function, anything but C.
//
// The choice is static and bounded: features read most often first while
// the versions stay at most MaxFeatureVersions; functions with loops first,
// then by reads, while a file gains at most MaxFeatureBytes (a function
// together with the copies made along with it).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FeatureReads.h"
#include "rewrite/FileRewriterImpl.h"
#include "rewrite/MarkerPolicy.h"

#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <tuple>

namespace varsim::rewrite::detail {

namespace {

constexpr llvm::StringLiteral SentinelOpen = FeatureSentinelOpen;

/// Whether every `static` in Body declares an immutable local: `const`
/// before the declarator and every `*` followed by `const` (a jump table
/// of label addresses); a copy of it per version is unobservable.
bool onlyImmutableStatics(llvm::StringRef Body) {
  bool Ok = true;
  forEachIdentifier(Body, [&](llvm::StringRef W, bool, unsigned At) {
    if (W != "static" || !Ok)
      return;
    llvm::StringRef Decl = Body.drop_front(At);
    Decl = Decl.take_until([](char C) { return C == '=' || C == ';'; });
    if (!namesIdentifier(Decl, "const")) {
      Ok = false;
      return;
    }
    for (size_t P = Decl.find('*'); P != llvm::StringRef::npos;
         P = Decl.find('*', P + 1))
      if (!Decl.drop_front(P + 1).ltrim().starts_with("const"))
        Ok = false;
  });
  return Ok;
}

/// One function between its sentinels in the rendered text.
struct Span {
  unsigned Id = 0;
  size_t D = 0, B = 0, E = 0; ///< Offsets of the three sentinels.
  llvm::StringRef Header, Body;
  std::vector<const VersionedFeature *> Features; ///< Fixed, by read name.
  size_t Versions = 1;
  unsigned Reads = 0;          ///< Of the fixed features, in the body.
  bool Copyable = false;       ///< Its copies would behave as it does.
  const Span *Along = nullptr; ///< Versioned with its only caller's picks.
  bool Accepted = false;
};

/// A pick per feature: an index into its Values, or Values.size() for the
/// version that keeps the run-time read.
using Pick = std::vector<size_t>;

size_t choices(const VersionedFeature &F) {
  return F.Values.size() + (F.Complete ? 0 : 1);
}

std::string versionName(llvm::StringRef Name, const Pick &P) {
  std::string Out = Name.str() + "__varsim_fv";
  for (size_t I : P)
    Out += "_" + std::to_string(I);
  return Out;
}

std::string valueText(int64_t V) {
  if (V == INT64_MIN)
    return "(-9223372036854775807LL - 1)";
  return std::to_string(V) + "LL";
}

/// Every pick of Fs, the first feature varying fastest.
std::vector<Pick> allPicks(const std::vector<const VersionedFeature *> &Fs) {
  std::vector<Pick> Out;
  Pick P(Fs.size(), 0);
  while (true) {
    Out.push_back(P);
    size_t I = 0;
    for (; I < P.size(); ++I) {
      if (++P[I] < choices(*Fs[I]))
        break;
      P[I] = 0;
    }
    if (I == P.size())
      return Out;
  }
}

} // namespace

std::string FileRewriter::versionFeatureReads(std::string Out) {
  if (VersionCandidates.empty())
    return Out;
  llvm::StringRef T(Out);
  auto Tag = [&](size_t At, char &Kind, unsigned &Id) -> size_t {
    llvm::StringRef R = T.drop_front(At + SentinelOpen.size());
    Kind = R.empty() ? 0 : R[0];
    llvm::StringRef Digits = R.drop_front(1).take_while(llvm::isDigit);
    if (Digits.getAsInteger(10, Id))
      Kind = 0;
    size_t Close = T.find("*/", At);
    return Close == llvm::StringRef::npos ? T.size() : Close + 2;
  };

  // The functions between well-formed sentinels, in text order.
  std::vector<Span> Spans;
  for (size_t Pos = T.find(SentinelOpen); Pos != llvm::StringRef::npos;) {
    char Kind = 0;
    unsigned Id = 0;
    size_t After = Tag(Pos, Kind, Id);
    if (Kind != 'D' || Id >= VersionCandidates.size()) {
      Pos = T.find(SentinelOpen, After);
      continue;
    }
    std::string B = featureSentinel('B', Id), E = featureSentinel('E', Id);
    size_t BAt = T.find(B, After), EAt = T.find(E, After);
    size_t Next = T.find(SentinelOpen, After);
    if (BAt == llvm::StringRef::npos || EAt == llvm::StringRef::npos ||
        BAt > EAt || Next != BAt ||
        T.find(SentinelOpen, BAt + B.size()) != EAt) {
      Pos = Next; // Nested or out of place: not a function we know.
      continue;
    }
    Span S;
    S.Id = Id;
    S.D = Pos;
    S.B = BAt;
    S.E = EAt;
    S.Header = T.slice(After, BAt);
    S.Body = T.slice(BAt + B.size(), EAt);
    Spans.push_back(S);
    Pos = T.find(SentinelOpen, EAt + E.size());
  }

  // What each may fix, and whether copying it is safe. A function also
  // counts the features of the versioned functions before it that it
  // calls: fixing them too lets its versions call theirs directly.
  FeatureReads Reads(Ctx);
  std::map<std::string, const Span *> Earlier;
  for (Span &S : Spans) {
    const VersionCandidate &C = VersionCandidates[S.Id];
    llvm::StringRef H = S.Header.trim();
    bool Inline = namesIdentifier(H, "inline") ||
                  namesIdentifier(H, "__inline") ||
                  namesIdentifier(H, "__inline__");
    if (H.contains(';') || H.contains('#') ||
        (Inline && !namesIdentifier(H, "static")) ||
        callsOf(H, {C.Name}).empty() ||
        namesIdentifier(S.Body, "__COUNTER__") ||
        (!C.Copy &&
         (S.Body.contains("#include") || S.Body.contains("#import"))) ||
        !onlyImmutableStatics(S.Body))
      continue;
    S.Copyable = true;
    std::map<std::string, unsigned> Own = Reads.readsIn(S.Body), Total = Own;
    std::set<std::string> Names;
    for (const auto &[Name, E] : Earlier)
      Names.insert(Name);
    for (const auto &[Callee, At] : callsOf(S.Body, Names))
      for (const VersionedFeature *VF : Earlier.at(Callee)->Features)
        ++Total[VF->Read];
    struct Rank {
      unsigned Total, Own;
      const VersionedFeature *VF;
    };
    std::vector<Rank> Ranked;
    for (const auto &[Read, N] : Total)
      if (const VersionedFeature *VF = Reads.feature(Read))
        if (!C.Excluded.count(Read))
          Ranked.push_back({N, Own.count(Read) ? Own.at(Read) : 0u, VF});
    // The most read first; at a tie the one with fewer values (more
    // features fit in the versions).
    llvm::stable_sort(Ranked, [](const Rank &A, const Rank &B) {
      size_t CA = choices(*A.VF), CB = choices(*B.VF);
      return std::tie(A.Total, A.Own, CB) > std::tie(B.Total, B.Own, CA);
    });
    for (const Rank &R : Ranked)
      if (S.Versions * choices(*R.VF) <= MaxFeatureVersions) {
        S.Versions *= choices(*R.VF);
        S.Features.push_back(R.VF);
        S.Reads += R.Own;
      }
    llvm::sort(S.Features,
               [](const VersionedFeature *A, const VersionedFeature *B) {
                 return A->Read < B->Read;
               });
    if (!S.Features.empty() && !C.Copy)
      Earlier[C.Name] = &S;
  }

  // A function called from one place gets its caller's features (a copy
  // per version of the caller, each called once) if they include its own;
  // a caller whose only-called callee cannot be copied stays whole, and so
  // on up the chain (a callee's id is below its caller's).
  std::map<unsigned, Span *> SpanOf;
  for (Span &S : Spans)
    SpanOf[S.Id] = &S;
  for (unsigned Id = 0; Id < VersionCandidates.size(); ++Id) {
    const VersionCandidate &C = VersionCandidates[Id];
    if (!C.OnlyCaller || !SpanOf.count(*C.OnlyCaller))
      continue;
    if (!SpanOf.count(Id) || !SpanOf.at(Id)->Copyable) {
      SpanOf.at(*C.OnlyCaller)->Copyable = false;
      SpanOf.at(*C.OnlyCaller)->Features.clear();
    }
  }
  std::map<const Span *, std::vector<Span *>> Along;
  for (Span &S : llvm::reverse(Spans)) { // A caller follows its callee.
    const VersionCandidate &C = VersionCandidates[S.Id];
    const Span *P = C.OnlyCaller && SpanOf.count(*C.OnlyCaller)
                        ? SpanOf.at(*C.OnlyCaller)
                        : nullptr;
    if (S.Copyable && P && P->Copyable && !P->Features.empty() &&
        llvm::all_of(S.Features, [&](const VersionedFeature *VF) {
          return llvm::is_contained(P->Features, VF);
        })) {
      S.Features = P->Features;
      S.Versions = P->Versions;
      S.Along = P;
      Along[P].push_back(&S);
    } else if (!C.OwnVersions) {
      S.Features.clear();
    }
  }

  // Within the budget: loops first, then the most reads; a function with
  // the functions versioned along with it.
  std::vector<Span *> ByPriority;
  for (Span &S : Spans)
    if (!S.Features.empty() && !S.Along)
      ByPriority.push_back(&S);
  llvm::stable_sort(ByPriority, [&](const Span *A, const Span *B) {
    bool RA = VersionCandidates[A->Id].Root, RB = VersionCandidates[B->Id].Root;
    if (RA != RB)
      return RA;
    return A->Reads > B->Reads;
  });
  std::function<size_t(const Span *)> SizeOf = [&](const Span *S) {
    size_t Size = S->Versions * (S->Header.size() + S->Body.size());
    for (const Span *A : Along[S])
      Size += SizeOf(A);
    return Size;
  };
  std::function<void(Span *)> Accept = [&](Span *S) {
    S->Accepted = true;
    for (Span *A : Along[S])
      Accept(A);
  };
  size_t Added = 0;
  for (Span *S : ByPriority) {
    size_t Size = SizeOf(S);
    if (Added + Size > MaxFeatureBytes)
      continue;
    Added += Size;
    Accept(S);
  }

  // The text: each accepted function replaced by its versions (and its
  // dispatcher), every sentinel dropped.
  struct Made {
    std::vector<const VersionedFeature *> Features;
  };
  std::map<std::string, Made> Versioned; ///< Functions before this one.
  std::string Result;
  size_t Pos = 0;
  auto CopyClean = [&](size_t From, size_t To) {
    // Text between, without sentinels (of functions left as they are).
    llvm::StringRef R = T.slice(From, To);
    while (true) {
      size_t At = R.find(SentinelOpen);
      if (At == llvm::StringRef::npos)
        break;
      Result += R.take_front(At);
      size_t Close = R.find("*/", At);
      R = R.drop_front(Close == llvm::StringRef::npos ? R.size() : Close + 2);
    }
    Result += R;
  };
  for (const Span &S : Spans) {
    if (!S.Accepted)
      continue;
    const VersionCandidate &C = VersionCandidates[S.Id];
    CopyClean(Pos, S.D);
    std::string E = featureSentinel('E', S.Id);
    Pos = S.E + E.size();
    bool AtLineStart = Result.empty() || Result.back() == '\n';
    if (!AtLineStart)
      Result += "\n";
    std::string Line = "#line " + std::to_string(presumedLine(T, S.D)) + "\n";
    std::string After =
        "\n#line " + std::to_string(presumedLine(T, S.E)) + "\n";

    // Calls a version renames: its own (recursion), and those of the
    // versioned functions before it whose every use here is a call.
    std::set<std::string> Renamable;
    std::set<std::string> Names;
    for (const auto &[Name, M] : Versioned)
      Names.insert(Name);
    Names.insert(C.Name);
    auto Calls = callsOf(S.Body, Names);
    for (const std::string &Name : Names) {
      size_t Uses = 0;
      bool Plain = true;
      for (const auto &[Callee, At] : Calls) {
        if (Callee != Name)
          continue;
        ++Uses;
        llvm::StringRef Before = S.Body.take_front(At).rtrim();
        Plain = Plain && !Before.ends_with(".") && !Before.ends_with("->") &&
                !Before.ends_with("::");
      }
      if (Uses && Plain && Uses == countIdentifier(S.Body, Name))
        Renamable.insert(Name);
    }
    // A version that does not rename a use of the function's own name
    // (its address) needs it declared.
    if (!C.Copy && namesIdentifier(S.Body, C.Name) && !Renamable.count(C.Name))
      Result += Line + S.Header.rtrim().str() + ";\n";

    auto Render = [&](const Pick &P) {
      std::map<std::string, int64_t> Fixed; ///< Read -> value.
      for (size_t I = 0; I < S.Features.size(); ++I)
        if (P[I] < S.Features[I]->Values.size())
          Fixed[S.Features[I]->Read] = S.Features[I]->Values[P[I]];
      std::map<std::string, std::string> To;
      for (const std::string &Name : Renamable) {
        if (Name == C.Name) {
          To[Name] = versionName(C.Name, P);
          continue;
        }
        // The callee's version under the same picks (the one keeping a
        // run-time read included).
        Pick Sub;
        for (const VersionedFeature *VF : Versioned.at(Name).Features) {
          auto It = llvm::find(S.Features, VF);
          if (It == S.Features.end())
            break;
          Sub.push_back(P[It - S.Features.begin()]);
        }
        if (Sub.size() == Versioned.at(Name).Features.size())
          To[Name] = versionName(Name, Sub);
      }
      std::string Body;
      size_t From = 0;
      for (const auto &[Callee, At] : Calls) {
        auto It = To.find(Callee);
        if (It == To.end())
          continue;
        Body += S.Body.slice(From, At);
        Body += It->second;
        From = At + Callee.size();
      }
      Body += S.Body.drop_front(From);
      if (C.Fn->Main && !C.Copy) {
        // main returns 0 when it falls off its end; a version must too.
        size_t Close = Body.rfind('}');
        if (Close != std::string::npos)
          Body.insert(Close, " return 0; ");
      }
      std::string Header = S.Header.str();
      auto Decl = callsOf(Header, {C.Name});
      Header.replace(Decl.front().second, C.Name.size(),
                     versionName(C.Name, P));
      std::string V, Pop;
      if (!C.Copy) {
        V += originalNameDefines(C.Original);
        Pop = originalNameUndefs();
      }
      for (const auto &[Read, Value] : Fixed) {
        V += "#pragma push_macro(\"" + Read + "\")\n#undef " + Read +
             "\n#define " + Read + " ((long long)" + valueText(Value) + ")\n";
        Pop = "#pragma pop_macro(\"" + Read + "\")\n" + Pop;
      }
      // A copy for one version of the only caller: VARSIM_ONE_CALLER keeps
      // GCC from folding it with the others (varsim_runtime.h).
      return V + Line +
             (S.Along ? "VARSIM_ONE_CALLER " : "__attribute__((unused)) ") +
             Header + Body + "\n" + Pop;
    };

    std::string Versions;
    std::vector<Pick> Picks = allPicks(S.Features);
    for (const Pick &P : Picks)
      Versions += Render(P);
    if (C.Root && !S.Along) {
      // Nested tests, one feature per level; the last choice is the else.
      std::string Args;
      for (const std::string &Param : C.Fn->Params)
        Args += (Args.empty() ? "" : ", ") + Param;
      Pick P(S.Features.size(), 0);
      std::function<std::string(size_t)> Level = [&](size_t I) {
        if (I == S.Features.size()) {
          std::string Call = versionName(C.Name, P) + "(" + Args + ")";
          return C.Fn->ReturnsVoid ? "{ " + Call + "; return; }"
                                   : "return " + Call + ";";
        }
        const VersionedFeature &VF = *S.Features[I];
        std::string Tests;
        for (size_t V = 0; V < choices(VF); ++V) {
          P[I] = V;
          std::string Inner = Level(I + 1);
          Tests += V + 1 < choices(VF) ? "if (" + VF.DispatchRead +
                                             " == " + valueText(VF.Values[V]) +
                                             ") { " + Inner + " } "
                                       : Inner;
        }
        return Tests;
      };
      // The dispatcher: its callers' own versions may call the versions
      // directly (main's call smooth's), leaving it called from nowhere.
      Result += Versions + Line + "__attribute__((unused)) " + S.Header.str() +
                "{ " + Level(0) + " }" + After;
    } else {
      // Its callers' versions call its versions: the original may be
      // called from nowhere now (Lua's precallC), and a -Werror build must
      // not fail on an unused-function warning the variant does not have.
      Result += Line + "__attribute__((unused)) " + S.Header.str() +
                S.Body.str() + "\n" + Versions + After.substr(1);
    }
    if (!C.Copy)
      Versioned[C.Name] = {S.Features};
    FeatureVersioned R;
    R.Name = C.Original;
    R.File = In.Path;
    R.Line = C.Fn->Line;
    for (const VersionedFeature *VF : S.Features)
      R.Features.push_back(VF->Name);
    R.Versions = static_cast<unsigned>(Picks.size());
    R.Dispatch = C.Root && !S.Along ? "entry" : "callers";
    Ctx.FeatureVersions.push_back(std::move(R));
  }
  CopyClean(Pos, T.size());
  return Result;
}

} // namespace varsim::rewrite::detail
