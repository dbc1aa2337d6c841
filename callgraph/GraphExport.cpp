//===- callgraph/GraphExport.cpp - DOT and GraphML export -----------------===//

#include "callgraph/GraphExport.h"

// Boost's edge iterators trip GCC's -Wmaybe-uninitialized (a false positive
// in the library's optional<pair<iterator>>).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "llvm/Support/raw_os_ostream.h"

#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>
#include <boost/property_map/function_property_map.hpp>

#include <sstream>

namespace varsim::callgraph {

namespace {

using EdgeDesc = boost::graph_traits<Graph>::edge_descriptor;

/// The properties both writers print, computed from the graph on demand.
boost::dynamic_properties properties(const CallGraph &CG, bool ForDot) {
  const Graph &G = CG.graph();
  auto VertexMap = [](auto F) {
    return boost::make_function_property_map<Vertex>(std::move(F));
  };
  auto Region = [&CG](Vertex V) -> const TraceRegion & {
    return CG.regions()[CG[V].Region];
  };
  boost::dynamic_properties DP(boost::ignore_other_properties);
  DP.property("node_id", boost::get(boost::vertex_index, G));
  DP.property("function",
              VertexMap([Region](Vertex V) { return Region(V).Function; }));
  DP.property("kind", VertexMap([Region](Vertex V) {
                return regionKindName(Region(V).Kind).str();
              }));
  DP.property("condition", VertexMap([Region](Vertex V) {
                return Region(V).ConditionText;
              }));
  DP.property("location", VertexMap([Region](Vertex V) {
                return Region(V).File + ":" + std::to_string(Region(V).Line);
              }));
  DP.property("term", VertexMap([&CG](Vertex V) {
                return CG.sequenceText(CG[V].Term);
              }));
  DP.property("calls", VertexMap([&CG](Vertex V) { return CG[V].Calls; }));
  DP.property("inclusive_s",
              VertexMap([&CG](Vertex V) { return CG[V].InclusiveNs * 1e-9; }));
  DP.property("self_s",
              VertexMap([&CG](Vertex V) { return CG[V].SelfNs * 1e-9; }));
  DP.property(
      "kind", boost::make_function_property_map<EdgeDesc>([&G](EdgeDesc E) {
        return std::string(G[E].Kind == EdgeKind::Call ? "call" : "refinement");
      }));
  if (ForDot) {
    DP.property("label", VertexMap([&CG, Region](Vertex V) {
                  std::ostringstream OS;
                  OS << Region(V).Function << "\n[" << Region(V).ConditionText
                     << "] " << CG[V].SelfNs * 1e-9 << " s self\n"
                     << CG.sequenceText(CG[V].Term);
                  return OS.str();
                }));
    DP.property(
        "style", boost::make_function_property_map<EdgeDesc>([&G](EdgeDesc E) {
          return std::string(G[E].Kind == EdgeKind::Call ? "solid" : "dashed");
        }));
  }
  return DP;
}

} // namespace

void writeDot(const CallGraph &CG, llvm::raw_ostream &OS) {
  std::ostringstream Out;
  boost::write_graphviz_dp(Out, CG.graph(), properties(CG, true));
  OS << Out.str();
}

void writeGraphML(const CallGraph &CG, llvm::raw_ostream &OS) {
  std::ostringstream Out;
  boost::write_graphml(Out, CG.graph(),
                       boost::get(boost::vertex_index, CG.graph()),
                       properties(CG, false), /*ordered_vertices=*/true);
  OS << Out.str();
}

} // namespace varsim::callgraph
