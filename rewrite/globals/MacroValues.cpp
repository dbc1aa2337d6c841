//===- rewrite/globals/MacroValues.cpp - Watched macros' values -----------===//
//
// Reads the Discovered record's macro table and facts; adds nothing: it
// answers which decisions fix a watched macro's value (macroDecisions) and
// what text the macro stands for in a configuration (macroValue).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "llvm/Support/Path.h"

namespace varsim::rewrite::globals::lowering {

/// The decisions that fix a watched macro's value.
void macroDecisions(const Discovered &Dx, const std::string &Macro,
                    DecisionSet &Out, int Depth) {
  if (Depth > 8)
    return;
  if (Dx.In.Features.isFeatureMacro(Macro))
    Out.insert({1, "", 0, Macro});
  auto It = Dx.MacroDefs.find(Macro);
  if (It == Dx.MacroDefs.end())
    return;
  for (const MacroDef &D : It->second) {
    if (!Dx.unitsRead(D.File))
      continue;
    if (D.Decides)
      Out.insert(*D.Decides);
    forIdentifiers(D.Replacement, [&](size_t, llvm::StringRef Id) {
      if (Dx.Watched.count(Id.str()) && Id != Macro)
        macroDecisions(Dx, Id.str(), Out, Depth + 1);
    });
  }
}

/// The text a watched object-like macro stands for under Cfg, its
/// watched names replaced recursively; nullopt if it cannot be told
/// (function-like, undefined).
std::optional<std::string>
macroValue(const Discovered &Dx, const std::string &Macro,
           const fm::Configuration &Cfg, const std::string &File,
           unsigned Offset, int Depth,
           std::map<std::string, std::string> *FunctionLike) {
  if (Depth > 8)
    return std::nullopt;
  const MacroDef *Chosen = nullptr;
  auto It = Dx.MacroDefs.find(Macro);
  if (It != Dx.MacroDefs.end()) {
    for (const MacroDef &D : It->second)
      if (D.File == File && D.Offset < Offset &&
          holds(*D.Presence, Cfg, Dx.In.Features))
        Chosen = &D; // The last one before the use.
    if (!Chosen)
      for (const MacroDef &D : It->second)
        if (D.File != File && Dx.unitsRead(D.File) &&
            holds(*D.Presence, Cfg, Dx.In.Features)) {
          Chosen = &D;
          break;
        }
  }
  if (!Chosen) {
    if (!Dx.In.Features.isFeatureMacro(Macro))
      return std::nullopt;
    auto V = Dx.In.Features.macroValue(Cfg, Macro);
    if (!V)
      return std::nullopt;
    return std::to_string(*V);
  }
  if (Chosen->FunctionLike && !FunctionLike)
    return std::nullopt;
  std::string Body = Chosen->Replacement;
  std::string Out;
  size_t Pos = 0;
  bool Failed = false;
  forIdentifiers(Body, [&](size_t B, llvm::StringRef Id) {
    if (!Dx.Watched.count(Id.str()) || Id == Macro)
      return;
    // A function-like macro in the body (an X-macro table's `V(a, b, c,
    // d)` in `#define FT V(..), V(..), ...`) gets its own macro too.
    auto V =
        macroValue(Dx, Id.str(), Cfg, File, Offset, Depth + 1, FunctionLike);
    if (!V) {
      Failed = true;
      return;
    }
    Out += Body.substr(Pos, B - Pos) + *V;
    Pos = B + Id.size();
  });
  if (Failed)
    return std::nullopt;
  Out += Body.substr(Pos);
  llvm::StringRef T = llvm::StringRef(Out).trim();
  if (Chosen->FunctionLike) {
    // A macro of its own for this definition, defined before the copy.
    std::string Name = Macro + "__varsim_" +
                       sanitize(llvm::sys::path::stem(Chosen->File)) + "_" +
                       std::to_string(Chosen->Offset);
    (*FunctionLike)[Name] = "#define " + Name + Chosen->Params + " " + T.str();
    return Name;
  }
  bool Simple =
      !T.empty() &&
      (T.front() == '"' || T.front() == '\'' || llvm::all_of(T, [](char C) {
         return llvm::isAlnum(C) || C == '_' || C == '.';
       }));
  // A list (`V(..), V(..)` in `{ FT }`) stays one: parenthesized, it
  // would be one comma expression.
  int Depth2 = 0;
  bool TopLevelComma = false;
  for (char C : T) {
    Depth2 += C == '(' || C == '[' || C == '{';
    Depth2 -= C == ')' || C == ']' || C == '}';
    TopLevelComma = TopLevelComma || (C == ',' && Depth2 == 0);
  }
  return Simple || TopLevelComma ? T.str() : "(" + T.str() + ")";
}

} // namespace varsim::rewrite::globals::lowering
