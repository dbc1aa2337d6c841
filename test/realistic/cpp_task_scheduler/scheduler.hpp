#pragma once

#include "task.hpp"

#include <deque>
#include <map>
#include <queue>
#include <vector>

namespace sched {

struct ByPriority {
  bool operator()(const Task *a, const Task *b) const {
    return a->priority != b->priority ? a->priority < b->priority
                                      : a->id > b->id;
  }
};

#if defined(SCHED_PRIORITY)
using ReadyQueue = std::priority_queue<Task *, std::vector<Task *>, ByPriority>;
#else
using ReadyQueue = std::deque<Task *>;
#endif

class Scheduler {
public:
  explicit Scheduler(int quantum) : quantum_(quantum) {}
  Task &spawn(std::string name, int priority, int work, int waitEvery);
  int run();
  const std::map<State, int> &transitions() const { return transitions_; }

private:
  void setState(Task &t, State s);
  void makeReady(Task &t);
  Task *next();
  int quantum_;
  std::deque<Task> tasks_;
  ReadyQueue ready_;
  std::vector<Task *> blocked_;
  std::map<State, int> transitions_;
};

} // namespace sched
