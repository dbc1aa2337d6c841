// A scheduler whose decisions have feature-dependent conditions.
#include <cstdio>
#include <vector>

struct Task {
  int id, priority, deadline, cost;
};

int main() {
  std::vector<Task> tasks{{1, 3, 10, 4}, {2, 1, 5, 2}, {3, 5, 8, 3}, {4, 2, 20, 6}};
  int clock = 0, done = 0;
  for (int round = 0; round < 3
#ifdef LONG_RUN
                      + 2
#endif
       ;
       ++round) {
    for (const Task &t : tasks) {
      if (t.cost > round
#ifdef PRIORITY
          && t.priority >= 2
#endif
#ifdef DEADLINES
          && clock + t.cost <= t.deadline + round * 4
#endif
      ) {
        clock += t.cost;
        ++done;
        std::printf("round %d run %d at %d\n", round, t.id, clock);
      }
    }
  }
  std::printf("%d runs, clock %d\n", done, clock);
  return done;
}
