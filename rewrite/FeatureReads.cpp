//===- rewrite/FeatureReads.cpp - Which features a piece of code reads ---===//

#include "rewrite/FeatureReads.h"

#include "rewrite/MarkerPolicy.h"
#include "runtime/SimulatorTables.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::rewrite {

FeatureReads::FeatureReads(const ProjectContext &Ctx) : Ctx(Ctx) {
  const FeatureSetup &F = Ctx.Features;
  for (const auto &[Macro, Id] : F.ByMacro) {
    if (Macro.empty())
      continue;
    const fm::Feature &Feat = F.Model.feature(Id);
    runtime::FeatureDesc D = F.descOf(Macro);
    VersionedFeature V;
    V.Name = Feat.Name;
    V.Macro = Macro;
    V.Read = runtime::featureValueExpr(D);
    V.DispatchRead = runtime::featureDispatchExpr(D);
    if (Feat.Kind == fm::FeatureKind::Numeric) {
      V.Values = Feat.Values;
      llvm::sort(V.Values);
      V.Values.erase(std::unique(V.Values.begin(), V.Values.end()),
                     V.Values.end());
      if (V.Values.empty())
        continue; // Any value: nothing to version for.
      // The runtime accepts every integer in [min, max].
      V.Complete =
          static_cast<uint64_t>(V.Values.back() - V.Values.front()) + 1 ==
          V.Values.size();
    } else {
      V.Values = {0, 1};
    }
    ReadByMacro[Macro] = V.Read;
    ByRead.emplace(V.Read, std::move(V));
  }
}

const VersionedFeature *FeatureReads::feature(llvm::StringRef Read) const {
  auto It = ByRead.find(Read.str());
  return It == ByRead.end() ? nullptr : &It->second;
}

void FeatureReads::addReadsOf(llvm::StringRef Identifier,
                              std::set<std::string> &Out) {
  if (ByRead.count(Identifier.str())) {
    Out.insert(Identifier.str());
    return;
  }
  // A feature macro named in a macro body is read at run time there.
  if (auto It = ReadByMacro.find(Identifier.str()); It != ReadByMacro.end()) {
    Out.insert(It->second);
    return;
  }
  const std::set<std::string> &R = macroReads(Identifier.str());
  Out.insert(R.begin(), R.end());
}

const std::set<std::string> &
FeatureReads::macroReads(const std::string &Macro) {
  static const std::set<std::string> None;
  if (auto It = Memo.find(Macro); It != Memo.end())
    return It->second;
  auto Sites = Ctx.DefinedAt.find(Macro);
  auto PerFeature = Ctx.PerFeatureMacros.find(Macro);
  if (Sites == Ctx.DefinedAt.end() && PerFeature == Ctx.PerFeatureMacros.end())
    return None; // Not a project macro: a function, a variable, a type.
  if (!Expanding.insert(Macro).second)
    return None;
  std::set<std::string> Out;
  auto AddMacros = [&](const std::set<std::string> &Ms) {
    for (const std::string &M : Ms)
      if (auto It = ReadByMacro.find(M); It != ReadByMacro.end())
        Out.insert(It->second);
  };
  auto AddBody = [&](llvm::StringRef Body) {
    forEachIdentifier(Body, [&](llvm::StringRef W, bool, unsigned) {
      if (W != Macro)
        addReadsOf(W, Out);
    });
  };
  if (PerFeature != Ctx.PerFeatureMacros.end()) {
    // Selected at run time between its branches' definitions.
    llvm::SmallVector<llvm::StringRef, 4> Fs;
    llvm::StringRef(PerFeature->second.Features).split(Fs, ',');
    std::set<std::string> Ms;
    for (llvm::StringRef M : Fs)
      Ms.insert(M.trim().str());
    AddMacros(Ms);
    for (const std::string &D : PerFeature->second.Definitions)
      AddBody(D);
  }
  if (Sites != Ctx.DefinedAt.end())
    for (const ProjectContext::DefineSite &S : Sites->second) {
      AddBody(S.Replacement);
      // A definition under a feature conditional is selected at run time
      // by the features of its presence condition.
      if (Ctx.PresenceAt)
        if (CondPtr P = Ctx.PresenceAt(S.File, S.Offset)) {
          std::set<std::string> Ms;
          collectMacros(*P, Ms);
          AddMacros(Ms);
        }
    }
  Expanding.erase(Macro);
  return Memo[Macro] = std::move(Out);
}

std::map<std::string, unsigned> FeatureReads::readsIn(llvm::StringRef Code) {
  std::map<std::string, unsigned> Counts;
  forEachIdentifier(Code, [&](llvm::StringRef W, bool, unsigned) {
    std::set<std::string> R;
    addReadsOf(W, R);
    for (const std::string &Read : R)
      ++Counts[Read];
  });
  return Counts;
}

} // namespace varsim::rewrite
