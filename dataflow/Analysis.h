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
  const Taint &cell(const std::string &Key) {
    noteRead(CellReads, Key);
    return Cells[Key];
  }
  /// Adds T to a cell; remembers that something changed.
  void addTo(const std::string &Key, const Taint &T) {
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
  void markDecides(const std::string &ParamKey) {
    if (Decides.insert(ParamKey).second)
      stamp(DecidesChanges, ParamKey);
  }
  bool decides(const std::string &ParamKey) {
    noteRead(DecidesReads, ParamKey);
    return Decides.count(ParamKey) != 0;
  }
  void markReturned(const std::string &ParamKey) {
    if (Returned.insert(ParamKey).second)
      stamp(ReturnedChanges, ParamKey);
  }
  bool returned(const std::string &ParamKey) {
    noteRead(ReturnedReads, ParamKey);
    return Returned.count(ParamKey) != 0;
  }
  /// True if F's definition is part of the analysed program.
  bool hasBody(const clang::FunctionDecl *F) const {
    return Seen.count(cachedReturnKey(F)) != 0;
  }
  bool recording() const { return Recording; }
  /// Call-graph order: F runs only before any code that reads a feature
  /// (it is called only from main's statements before the first one that
  /// may reach a feature read): no feature's data can have been written
  /// yet, except by static initializers.
  bool isEarly(const clang::FunctionDecl *F) const {
    return Early.count(cachedReturnKey(F)) != 0;
  }
  /// How many of main's first statements run before any feature read.
  unsigned mainPrefix() const { return MainPrefix; }
  /// What static initializers put in a cell (all an early read can see).
  Taint initialOf(const std::string &Key) {
    noteRead(InitReads, Key);
    auto It = InitCells.find(Key);
    return It == InitCells.end() ? Taint() : It->second;
  }
  const AnalysisOptions &options() const { return Options; }

  static std::string keyOf(const clang::Decl *D);
  static std::string paramKey(const clang::FunctionDecl *F, unsigned Index);
  static std::string returnKey(const clang::FunctionDecl *F);
  /// The control facts of F's exits where F has no region marker: its
  /// callers' contexts time that code.
  static std::string controlKey(const clang::FunctionDecl *F) {
    return returnKey(F) + "#control";
  }
  static std::string memoryKey(clang::QualType Pointee);

  /// The keys above, made once per analysis: a key is a USR or a type's
  /// spelling, and the fixpoint walks each body many times, asking for the
  /// same declarations, callees and types in every walk. Of is a
  /// declaration or a type of the living ASTs, Kind a parameter index or
  /// one of KeyKind. References stay valid (node-based map).
  enum KeyKind : unsigned {
    DeclKey = ~0u,
    ReturnKey = ~0u - 1,
    ControlKey = ~0u - 2,
    MemoryKey = ~0u - 3
  };
  template <class Make>
  const std::string &cachedKey(const void *Of, unsigned Kind, Make M) const {
    auto [It, New] = Keys.try_emplace({Of, Kind});
    if (New)
      It->second = M();
    return It->second;
  }
  const std::string &cachedReturnKey(const clang::FunctionDecl *F) const {
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
    clang::ASTContext *Ctx;
    const clang::FunctionDecl *Function = nullptr; ///< Or a global's init:
    const clang::VarDecl *Global = nullptr;
    const clang::FieldDecl *Field = nullptr;
    std::unique_ptr<MacroFacts> Macros;
    /// What its last walk read (by kind of state), and when it started.
    struct Reads {
      std::set<std::string> Cells, Decides, Returned, Inits;
    } LastReads;
    uint64_t WalkedAt = 0;
    bool Walked = false;
  };
  using Stamps = std::map<std::string, uint64_t>;
  void noteRead(std::set<std::string> Body::Reads::*Kind,
                const std::string &Key) {
    if (Walking)
      (Walking->LastReads.*Kind).insert(Key);
  }
  /// Counts a change; only initial values (read by early code alone) do
  /// not ask for another round, as before the skipping.
  void stamp(Stamps &Kind, const std::string &Key, bool Round = true) {
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

  void traceGrowth(const std::string &Key, const std::string &Feature) const;

  const AnalysisOptions &Options;
  bool Tracing = false;
  std::string TraceWhere;
  std::vector<Body> Bodies;
  std::set<std::string> Seen; ///< Bodies by key: headers come many times.
  std::map<std::string, Taint> Cells;
  std::set<std::string> Decides, Returned;
  std::set<std::string> Early;
  unsigned MainPrefix = 0;
  std::map<std::string, Taint> InitCells;
  bool Changed = false;
  bool Recording = false;
  /// When each piece of state last changed (Clock ticks at each change).
  Stamps CellChanges, DecidesChanges, ReturnedChanges, InitChanges;
  uint64_t Clock = 0;
  Body *Walking = nullptr; ///< Whose reads are noted.
  std::vector<Sink> Sinks;
  std::map<std::string, size_t> SinkIndex; ///< By place: loops revisit.
  unsigned TranslationUnits = 0;
  mutable std::map<std::pair<const void *, unsigned>, std::string> Keys;
  WalkCaches Caches;
};

/// Walks one function body (FunctionWalker.cpp).
void walkFunction(ProgramAnalysis &P, const MacroFacts &Macros,
                  const clang::FunctionDecl &F);
/// Evaluates a global's or field's initializer into its cell.
/// Returns what it put there.
Taint walkInitializer(ProgramAnalysis &P, const MacroFacts &Macros,
                      const std::string &Key, const clang::Expr &Init);

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_ANALYSIS_H
