//===- rewrite/globals/MacroValues.cpp - Watched macros' values -----------===//
//
// Reads the Discovered record's macro table and facts; adds nothing: it
// answers which decisions fix a watched macro's value at a use
// (macroDecisions) and what text the macro stands for in a configuration
// (macroValue).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "llvm/Support/Path.h"

namespace varsim::rewrite::globals::lowering {

namespace {

/// The definitions of Macro that a use at Offset of File may expand, as
/// macroValue chooses among them: the definitions of File before the use,
/// the last first, up to the first one that every configuration of the
/// use (At) defines, and only if there is none such, the other files'.
/// An X-macro table (Mbed TLS AES: `#define V(a, b, c, d) 0x##a##b##c##d`
/// / `FT0[256] = { FT };` / `#undef V`, then other `V`s under
/// `!MBEDTLS_AES_FEWER_TABLES` for FT1..FT3) defines `V` before each
/// table: the later tables' definitions, under another option, decide
/// nothing about FT0's.
std::vector<const MacroDef *> reachingDefs(const Discovered &Dx,
                                           const std::vector<MacroDef> &Defs,
                                           const std::string &File,
                                           unsigned Offset,
                                           std::optional<CondPtr> &At) {
  std::vector<const MacroDef *> Out;
  std::vector<const MacroDef *> Before;
  for (const MacroDef &D : Defs)
    if (D.File == File && D.Offset < Offset)
      Before.push_back(&D);
  std::sort(Before.begin(), Before.end(),
            [](const MacroDef *A, const MacroDef *B) {
              return A->Offset > B->Offset;
            });
  for (const MacroDef *D : Before) {
    // Outside feature groups it is defined wherever the use is.
    if (!D->Decides)
      return Out.push_back(D), Out;
    if (!At) {
      auto G = Dx.Groups.find(File);
      At = G == Dx.Groups.end()
               ? makeInt(1)
               : G->second.presenceAt(Dx.structure(File), Offset);
    }
    if (!isSatisfiable(*makeAnd({*At, D->Presence}), Dx.In.Features))
      continue; // Never defined where the use is.
    Out.push_back(D);
    if (!isSatisfiable(*makeAnd({*At, makeNot(D->Presence)}), Dx.In.Features))
      return Out;
  }
  for (const MacroDef &D : Defs)
    if (D.File != File && Dx.unitsRead(D.File))
      Out.push_back(&D);
  return Out;
}

void macroDecisionsAt(const Discovered &Dx, const std::string &Macro,
                      DecisionSet &Out, const std::string &File,
                      unsigned Offset, std::optional<CondPtr> &At, int Depth) {
  if (Depth > 8)
    return;
  if (Dx.In.Features.isFeatureMacro(Macro))
    Out.insert({1, "", 0, Macro});
  auto It = Dx.MacroDefs.find(Macro);
  if (It == Dx.MacroDefs.end())
    return;
  for (const MacroDef *D : reachingDefs(Dx, It->second, File, Offset, At)) {
    if (!Dx.unitsRead(D->File))
      continue;
    if (D->Decides)
      Out.insert(*D->Decides);
    // The names in its body expand at the use too (macroValue).
    forIdentifiers(D->Replacement, [&](size_t, llvm::StringRef Id) {
      if (Dx.Watched.count(Id.str()) && Id != Macro)
        macroDecisionsAt(Dx, Id.str(), Out, File, Offset, At, Depth + 1);
    });
  }
}

} // namespace

/// The decisions that fix a watched macro's value at a use.
void macroDecisions(const Discovered &Dx, const std::string &Macro,
                    DecisionSet &Out, const std::string &File,
                    unsigned Offset) {
  std::optional<CondPtr> At;
  macroDecisionsAt(Dx, Macro, Out, File, Offset, At, 0);
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
  // A braced initializer (zlib's `#define ONCE_INIT {0, 0}`, per branch of
  // a platform #if): in parentheses it would be a GNU statement
  // expression, which file scope does not allow.
  bool Braced = T.starts_with("{") && T.ends_with("}");
  return Simple || TopLevelComma || Braced ? T.str() : "(" + T.str() + ")";
}

} // namespace varsim::rewrite::globals::lowering
