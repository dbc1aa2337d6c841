// taskrun: a toy cooperative scheduler running a fixed task set.
#include "scheduler.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

int main() {
  sched::Scheduler s(/*quantum=*/25);
  std::vector<std::string> finished;
  int doneWork = 0;

  auto record = [&finished](const sched::Task &t) {
    finished.push_back(t.name);
  };
  struct Spec {
    const char *name;
    int priority, work, waitEvery;
  };
  const Spec specs[] = {{"compile", 3, 120, 0}, {"index", 7, 90, 30},
                        {"upload", 1, 60, 20},  {"render", 9, 150, 0},
                        {"lint", 5, 40, 0},     {"backup", 2, 200, 50}};
  for (const Spec &sp : specs) {
    sched::Task &t = s.spawn(sp.name, sp.priority, sp.work, sp.waitEvery);
    t.onDone = record;
    if (sp.priority > 4)
      t.onDone = [&record, &doneWork](const sched::Task &task) {
        doneWork += task.priority;
        record(task);
      };
  }

  int ticks = 0;
#ifdef SCHED_DEADLINE
  std::vector<std::string> errors;
  try {
    ticks = s.run();
  } catch (const std::runtime_error &e) {
    errors.emplace_back(e.what());
  }
  for (const auto &e : errors)
    std::printf("error: %s\n", e.c_str());
#else
  ticks = s.run();
#endif

  std::printf("%d ticks, order:", ticks);
  for (const auto &n : finished)
    std::printf(" %s", n.c_str());
  std::printf("\n");
  for (const auto &[state, count] : s.transitions())
    std::printf("  -> %-9s %d\n", sched::toString(state), count);
  std::printf("priority work %d\n", doneWork);
  return static_cast<int>(finished.size());
}
