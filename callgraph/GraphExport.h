//===- callgraph/GraphExport.h - DOT and GraphML export ---------*- C++ -*-===//
//
// The calling-context graph written with Boost's own writers, for Graphviz
// and for graph tools (yEd, Gephi, networkx). Every vertex carries its
// function, kind, condition, source location, interaction term, calls, and
// inclusive and self seconds; every edge whether it is a call or a
// refinement.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_GRAPHEXPORT_H
#define VARSIM_CALLGRAPH_GRAPHEXPORT_H

#include "callgraph/CallGraph.h"

#include "llvm/Support/raw_ostream.h"

namespace varsim::callgraph {

void writeDot(const CallGraph &CG, llvm::raw_ostream &OS);
void writeGraphML(const CallGraph &CG, llvm::raw_ostream &OS);

} // namespace varsim::callgraph

#endif // VARSIM_CALLGRAPH_GRAPHEXPORT_H
