// evdemo: schedules I/O, signal and user events on the loop.
#include <cstdio>
#include <string>

#include "loop.hpp"

int main() {
  ev::Loop loop;
  int counter = 0;
  auto bump = [&counter](int by) {
    return [&counter, by] {
      counter += by;
      return counter;
    };
  };

  loop.post({ev::Kind::Io, "read", bump(1), 1});
  loop.post({ev::Kind::Signal, "sigusr1", bump(10), 5});
  loop.post({ev::Kind::User, "refresh", bump(2), 2});
#ifdef TIMERS
  loop.postAfter(30, {ev::Kind::Timer, "flush", bump(100), 9});
  loop.postAfter(10, {ev::Kind::Timer, "tick", [&loop] {
                        return static_cast<int>(loop.now());
                      }, 3});
#endif
  loop.post({ev::Kind::Io, "write", bump(3), 1});
  loop.post({ev::Kind::User, "chained", [&loop, &bump] {
               loop.post({ev::Kind::User, "follow-up", bump(7), 4});
               return -1;
             }, 0});

  int total = loop.run();
  std::printf("dispatched %zu events, total %d, counter %d\n",
              loop.dispatched(), total, counter);
  std::printf("history (%zu):", loop.history().size());
  for (int h : loop.history())
    std::printf(" %d", h);
  std::printf("\n");
#ifdef TIMERS
  std::printf("virtual clock at %llu\n",
              static_cast<unsigned long long>(loop.now()));
#endif
  return total % 32;
}
