// A traffic light state machine whose states depend on features.
#include <cstdio>

enum class Light {
  Red,
  Green,
  Yellow,
#ifdef BLINK
  Blinking,
#endif
#ifdef PEDESTRIAN
  Walk,
#endif
};

static Light next(Light l, int tick) {
  (void)tick; // only some features look at the time
  switch (l) {
  case Light::Red:
#ifdef PEDESTRIAN
    if (tick % 3 == 0)
      return Light::Walk;
#endif
    return Light::Green;
  case Light::Green:
    return Light::Yellow;
  case Light::Yellow:
#ifdef BLINK
    if (tick > 6)
      return Light::Blinking;
#endif
    return Light::Red;
#ifdef BLINK
  case Light::Blinking:
    return Light::Blinking;
#endif
#ifdef PEDESTRIAN
  case Light::Walk:
    return Light::Green;
#endif
  }
  return Light::Red;
}

int main() {
  Light l = Light::Red;
  int reds = 0;
  for (int tick = 0; tick < 12; ++tick) {
    l = next(l, tick);
    std::printf("%d:%d ", tick, static_cast<int>(l));
    reds += l == Light::Red;
  }
  std::printf("\nreds %d\n", reds);
  return reds * 10 + static_cast<int>(l);
}
