// The decoder class, with or without the auditing mixin: CRTP classes
// chosen by #ifdef.
#ifndef TPL_CRTP_DECODER_H
#define TPL_CRTP_DECODER_H

#include "stages.h"

#ifdef AUDIT
class Decoder : public Stage<Decoder>, public Audited<Decoder> {
public:
  void prepare(Frame &) { work_ms(1.0); } // entropy decoding
  int transform(int V) const { return (V * 7 + 3) % 256; }
  void finish(Frame &, std::uint32_t Hash) { audit(Hash); }
  std::uint32_t digest() const { return auditDigest(); }
};
#else
class Decoder : public Stage<Decoder> {
public:
  void prepare(Frame &) { work_ms(1.0); } // entropy decoding
  int transform(int V) const { return (V * 7 + 3) % 256; }
  void finish(Frame &, std::uint32_t) {}
  std::uint32_t digest() const { return 0; }
};
#endif

#endif
