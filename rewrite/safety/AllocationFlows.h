//===- rewrite/safety/AllocationFlows.h - Where allocation sizes go -*- C++
//-*-===//
//
// The simulator's records hold the members of every variant, so their
// sizeof is larger than the variant's. Passed to malloc/calloc/realloc that
// is harmless (more memory than needed); passed to a project's allocator
// (`POOL_ALLOC(p, 1, sizeof(struct conn))`, `xmalloc(sizeof *c)`) it is
// harmless only if the allocator does nothing else with it: an allocator
// that adds the sizes up and prints them, or compares them with a limit,
// observes the simulator's size where the variant's is expected.
//
// So a size passed to a call that is not the C library's is "gated" by a
// sink key (the callee's parameter: `fn:xmalloc#0`, or for a call through a
// function pointer the pointer's type: `type:void *(void *, unsigned long,
// unsigned long)#2`), and every project function with a body records, per
// integer parameter, where its value flows: only into allocation calls
// (nothing recorded), into another sink (an edge), or anywhere else (an
// escape, with the place and the expression). The layout judge refuses a
// gated size whose sinks reach an escape. A sink with no facts (an
// allocator whose body varsim never parses: a library's, or a function
// pointer no project function matches) is assumed to allocate only.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_ALLOCATIONFLOWS_H
#define VARSIM_REWRITE_SAFETY_ALLOCATIONFLOWS_H

#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::rewrite::safety {

/// True for the C library's allocation and memory functions, whose size
/// argument may be larger than the variant's.
bool libraryAllocation(const clang::FunctionDecl *FD);

/// The named callee of CE: a function, or a function pointer held in a
/// variable or member, called directly or through `*`; null otherwise.
const clang::NamedDecl *namedCallee(const clang::CallExpr *CE);

/// The sink key of argument Arg of CE ("" if the callee is unknown).
std::string sizeSinkKey(const clang::CallExpr *CE, unsigned Arg,
                        clang::ASTContext &Ctx);

/// Records where the integer parameters of FD (a project function with a
/// body) flow.
void collectSizeFlows(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                      ProjectFiles &Files, AllocatorParamFlows &Out);

/// Where a size parameter is used for something else than allocating.
struct SizeEscape {
  SourcePoint Where;     ///< Of the use ("" file: not in the project).
  std::string Allocator; ///< "counting_alloc".
  std::string Parameter; ///< "size".
  std::string Use;       ///< "'p->bytes_out += items * size'".
};

/// The merged flows of every parse.
class SizeFlowIndex {
public:
  explicit SizeFlowIndex(const std::vector<SafetyFacts> &Parses);
  /// The first escape reachable from Sinks, or none.
  std::optional<SizeEscape> escape(const std::vector<std::string> &Sinks) const;

private:
  AllocatorParamFlows Flows;
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_ALLOCATIONFLOWS_H
