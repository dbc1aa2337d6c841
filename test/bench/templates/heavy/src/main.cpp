// Replays N pseudo-random keys (argv[1]) against a 64-entry cache whose
// policy is chosen by #ifdef; every lookup hashes its key (real work, no
// busy-waiting), so the run time is that of the template code below the
// configuration site.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

constexpr std::size_t kSlots = 64;

inline std::uint64_t mix(std::uint64_t X) {
  for (int I = 0; I < 8; ++I) {
    X ^= X >> 31;
    X *= 0x7fb5d329728ea185ULL;
    X ^= X >> 27;
  }
  return X;
}

template <class K> class LruCache {
public:
  bool access(K Key) {
    std::uint64_t H = mix(Key);
    std::size_t Slot = H % kSlots;
    bool Hit = Keys[Slot] == Key;
    Keys[Slot] = Key;
    Age[Slot] = ++Clock;
    return Hit;
  }

private:
  std::array<K, kSlots> Keys{};
  std::array<std::uint64_t, kSlots> Age{};
  std::uint64_t Clock = 0;
};

template <class K> class FifoCache {
public:
  bool access(K Key) {
    std::uint64_t H = mix(Key);
    for (std::size_t I = 0; I < 4; ++I)
      if (Keys[(H + I) % kSlots] == Key)
        return true;
    Keys[Next] = Key;
    Next = (Next + 1) % kSlots;
    return false;
  }

private:
  std::array<K, kSlots> Keys{};
  std::size_t Next = 0;
};

#ifdef LRU
using Cache = LruCache<std::uint64_t>;
#else
using Cache = FifoCache<std::uint64_t>;
#endif

// The configuration site: one dispatch per replay.
long replay(long N) {
  Cache C;
  long Hits = 0;
  std::uint64_t Key = 12345;
  for (long I = 0; I < N; ++I) {
    Key = Key * 6364136223846793005ULL + 1442695040888963407ULL;
    Hits += C.access((Key >> 40) % 200);
  }
  return Hits;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? std::atol(argv[1]) : 1000000;
  std::printf("%ld hits\n", replay(N));
  return 0;
}
