// CRTP building blocks: Stage<D> drives a decoder D through its hooks
// without virtual calls; Audited<D> is a mixin that records what D did.
#ifndef TPL_CRTP_STAGES_H
#define TPL_CRTP_STAGES_H

#include "work.h"

#include <cstdint>
#include <vector>

using Frame = std::vector<int>;

template <class Derived> class Stage {
public:
  // Decodes one frame: the derived decoder's prepare, transform and
  // finish, statically dispatched.
  std::uint32_t run(Frame &F) {
    Derived &D = static_cast<Derived &>(*this);
    D.prepare(F);
    std::uint32_t H = 0;
    for (int &V : F) {
      V = D.transform(V);
      H = H * 16777619u ^ static_cast<std::uint32_t>(V);
    }
    D.finish(F, H);
    return H;
  }
};

template <class Derived> class Audited {
public:
  // Records a frame's hash in the audit log.
  void audit(std::uint32_t Hash) {
    work_ms(0.5); // appending to the audit log
    Log.push_back(Hash);
  }
  std::uint32_t auditDigest() const {
    std::uint32_t D = 0;
    for (std::uint32_t H : Log)
      D = D * 31 + H;
    return D;
  }

private:
  std::vector<std::uint32_t> Log;
};

#endif
