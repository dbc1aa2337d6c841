//===- dataflow/Analysis.h - The whole-program taint analysis -*- C++
//-*-===//
//
// Private to the data-flow checks. ProgramAnalysis holds the
// flow-insensitive cells (globals, fields, parameters, return values,
// escaping locals, memory reached through pointers of one type), walks
// every function body to a fixpoint, then walks once more to record sinks.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DATAFLOW_ANALYSIS_H
#define VARSIM_DATAFLOW_ANALYSIS_H

#include "dataflow/DataFlow.h"
#include "dataflow/MacroFacts.h"
#include "dataflow/Taint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace varsim::dataflow {

/// A control-flow decision that depends on feature data.
struct Sink {
  std::string Function;
  std::optional<unsigned> Region;
  SourcePoint Where;
  Taint Features;
};

class ProgramAnalysis {
public:
  explicit ProgramAnalysis(const AnalysisOptions &Options);

  /// Registers the function bodies and global initializers of one
  /// translation unit; Ctx must outlive run().
  void addTranslationUnit(clang::ASTContext &Ctx);

  /// Runs to the fixpoint and collects the facts.
  DataFlowFacts run();

  // --- For the function walker ---------------------------------------------
  // Every read of the mutable state below (cells, parameter summaries,
  // initial values) is noted for the body being walked, and every change
  // is stamped, so that run() can skip a body none of whose reads changed
  // since its last walk: that walk would repeat the same joins, all
  // no-ops, so the fixpoint and its evidence are the same, only sooner.
  // A new accessor of mutable state must note its reads too.
  // The state is held by key number (CellKey: its key text interned, so
  // that a USR names one cell in every translation unit): the walks read
  // and write cells millions of times, and string-keyed maps spent most
  // of that comparing USRs that share long prefixes.
  using CellKey = unsigned;
  CellKey intern(llvm::StringRef Name);
  const std::string &keyName(CellKey Key) const { return KeyNames[Key]; }
  const Taint &cell(CellKey Key) {
    noteRead(CellReads, Key);
    return Cells[Key];
  }
  /// Adds T to a cell; remembers that something changed.
  void addTo(CellKey Key, const Taint &T) {
    Taint &C = Cells[Key];
    if (Tracing)
      for (const auto &[Feature, O] : T)
        if (!C.count(Feature))
          traceGrowth(Key, Feature);
    if (join(C, T))
      stamp(CellChanges, Key);
  }
  /// VARSIM_DATAFLOW_TRACE: the statement being walked, so that the first
  /// write of each feature into each cell can be printed (to find what
  /// spreads a feature).
  void setTraceWhere(std::string Where) { TraceWhere = std::move(Where); }
  bool tracing() const { return Tracing; }
  void recordSink(Sink S);
  /// Parameter summaries (calls by context): the data of parameter Key
  /// reaches a decision in its function (or in a callee it passes it to);
  /// it flows into the function's return value.
  void markDecides(CellKey ParamKey) {
    if (!Decides[ParamKey]) {
      Decides[ParamKey] = true;
      stamp(DecidesChanges, ParamKey);
    }
  }
  bool decides(CellKey ParamKey) {
    noteRead(DecidesReads, ParamKey);
    return Decides[ParamKey];
  }
  void markReturned(CellKey ParamKey) {
    if (!Returned[ParamKey]) {
      Returned[ParamKey] = true;
      stamp(ReturnedChanges, ParamKey);
    }
  }
  bool returned(CellKey ParamKey) {
    noteRead(ReturnedReads, ParamKey);
    return Returned[ParamKey];
  }
  /// True if F's definition is part of the analysed program.
  bool hasBody(const clang::FunctionDecl *F) {
    return Seen.count(keyName(cachedReturnKey(F))) != 0;
  }
  bool recording() const { return Recording; }
  /// Call-graph order: F runs only before any code that reads a feature
  /// (it is called only from main's statements before the first one that
  /// may reach a feature read): no feature's data can have been written
  /// yet, except by static initializers.
  bool isEarly(const clang::FunctionDecl *F) {
    return Early.count(keyName(cachedReturnKey(F))) != 0;
  }
  /// How many of main's first statements run before any feature read.
  unsigned mainPrefix() const { return MainPrefix; }
  /// What static initializers put in a cell (all an early read can see).
  Taint initialOf(CellKey Key) {
    noteRead(InitReads, Key);
    return InitCells[Key];
  }
  const AnalysisOptions &options() const { return Options; }
  /// True if a pointer may point into the array (a member, global or local
  /// array variable) of Key: a use other than indexing or sizeof somewhere
  /// in the program (IndexedArrays.cpp). Its elements are then memory of
  /// their type too; otherwise only its own cell holds them.
  bool pointedInto(CellKey ArrayKey) const {
    return PointedArrays.count(ArrayKey) != 0;
  }

  static std::string keyOf(const clang::Decl *D);
  static std::string paramKey(const clang::FunctionDecl *F, unsigned Index);
  static std::string returnKey(const clang::FunctionDecl *F);
  /// The control facts of F's exits where F has no region marker: its
  /// callers' contexts time that code.
  static std::string controlKey(const clang::FunctionDecl *F) {
    return returnKey(F) + "#control";
  }
  /// The decisions on feature data in F where F has no region marker: its
  /// callers' contexts time them, so they are facts of the call sites.
  static std::string calleeKey(const clang::FunctionDecl *F) {
    return returnKey(F) + "#callee";
  }
  static std::string memoryKey(clang::QualType Pointee);

  /// The keys above, made once per analysis: a key is a USR or a type's
  /// spelling, and the fixpoint walks each body many times, asking for the
  /// same declarations, callees and types in every walk. Of is a
  /// declaration or a type of the living ASTs, Kind a parameter index or
  /// one of KeyKind.
  enum KeyKind : unsigned {
    DeclKey = ~0u,
    ReturnKey = ~0u - 1,
    ControlKey = ~0u - 2,
    MemoryKey = ~0u - 3,
    CalleeKey = ~0u - 4
  };
  template <class Make>
  CellKey cachedKey(const void *Of, unsigned Kind, Make M) {
    auto [It, New] = Keys.try_emplace({Of, Kind}, 0);
    if (New)
      It->second = intern(M());
    return It->second;
  }
  CellKey cachedReturnKey(const clang::FunctionDecl *F) {
    return cachedKey(F, ReturnKey, [&] { return returnKey(F); });
  }
  /// What the walker derives from the AST alone, kept for the analysis:
  /// the fixpoint walks each body many times. Escaping: per function, its
  /// locals whose address escapes (node-based: a walker keeps a pointer);
  /// WorkIn: per statement, whether it holds a call or a loop.
  struct WalkCaches {
    std::map<const clang::FunctionDecl *, std::set<const clang::VarDecl *>>
        Escaping;
    llvm::DenseMap<const clang::Stmt *, bool> WorkIn;
  };
  WalkCaches &walkCaches() { return Caches; }

private:
  struct Body {
    clang::ASTContext *Ctx = nullptr;
    const clang::FunctionDecl *Function = nullptr; ///< Or a global's init:
    const clang::VarDecl *Global = nullptr;
    const clang::FieldDecl *Field = nullptr;
    std::unique_ptr<MacroFacts> Macros;
    /// What its last walk read (by kind of state), and when it started.
    struct Reads {
      llvm::DenseSet<CellKey> Cells, Decides, Returned, Inits;
    } LastReads;
    uint64_t WalkedAt = 0;
    bool Walked = false;
    /// A function no entry point reaches (findReachable): never walked.
    bool Unreachable = false;
  };
  /// By key: when it last changed (0: never).
  using Stamps = std::vector<uint64_t>;
  void noteRead(llvm::DenseSet<CellKey> Body::Reads::*Kind, CellKey Key) {
    if (Walking)
      (Walking->LastReads.*Kind).insert(Key);
  }
  /// Counts a change; only initial values (read by early code alone) do
  /// not ask for another round, as before the skipping.
  void stamp(Stamps &Kind, CellKey Key, bool Round = true) {
    Changed |= Round;
    Kind[Key] = ++Clock;
  }
  static constexpr auto CellReads = &Body::Reads::Cells;
  static constexpr auto DecidesReads = &Body::Reads::Decides;
  static constexpr auto ReturnedReads = &Body::Reads::Returned;
  static constexpr auto InitReads = &Body::Reads::Inits;
  /// True if something B read in its last walk changed since.
  bool stale(const Body &B) const;
  void walk(Body &B);
  /// Computes Early and MainPrefix from the direct call graph.
  void orderCalls();
  /// Marks the function bodies that no entry point reaches through the
  /// direct call graph (Body::Unreachable) and notes their regions and
  /// names (Reachability.cpp).
  void findReachable();
  /// Adds the arrays of one translation unit that a pointer may point into
  /// (IndexedArrays.cpp).
  void findPointedArrays(clang::ASTContext &Ctx);
  llvm::DenseSet<CellKey> PointedArrays;
  /// Fills Facts' unreachable regions and functions (findReachable's).
  void findUnreachable(DataFlowFacts &Facts) const;

  void traceGrowth(CellKey Key, const std::string &Feature) const;

  const AnalysisOptions &Options;
  bool Tracing = false;
  std::string TraceWhere;
  std::vector<Body> Bodies;
  std::set<std::string> Seen; ///< Bodies by key: headers come many times.
  // By key; a deque, so that a cell read stays valid while a walk interns
  // new keys.
  std::deque<Taint> Cells;
  std::vector<bool> Decides, Returned;
  std::set<std::string> Early;
  unsigned MainPrefix = 0;
  std::deque<Taint> InitCells;
  bool Changed = false;
  bool Recording = false;
  /// When each piece of state last changed (Clock ticks at each change).
  Stamps CellChanges, DecidesChanges, ReturnedChanges, InitChanges;
  uint64_t Clock = 0;
  Body *Walking = nullptr; ///< Whose reads are noted.
  std::vector<Sink> Sinks;
  std::vector<unsigned> UnreachableRegions;
  std::vector<std::string> UnreachableFunctions;
  std::map<std::string, size_t> SinkIndex; ///< By place: loops revisit.
  unsigned TranslationUnits = 0;
  llvm::DenseMap<std::pair<const void *, unsigned>, CellKey> Keys;
  llvm::StringMap<CellKey> KeyIds;
  std::vector<std::string> KeyNames;
  WalkCaches Caches;
};

/// Walks one function body (FunctionWalker.cpp).
void walkFunction(ProgramAnalysis &P, const MacroFacts &Macros,
                  const clang::FunctionDecl &F);
/// Evaluates a global's or field's initializer into its cell.
/// Returns what it put there.
Taint walkInitializer(ProgramAnalysis &P, const MacroFacts &Macros,
                      ProgramAnalysis::CellKey Key, const clang::Expr &Init);

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_ANALYSIS_H
