#include "scheduler.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace sched {

const char *toString(State s) {
  switch (s) {
  case State::New:
    return "new";
  case State::Ready:
    return "ready";
  case State::Running:
    return "running";
#ifdef SCHED_PREEMPT
  case State::Preempted:
    return "preempted";
#endif
  case State::Blocked:
    return "blocked";
  case State::Done:
    return "done";
  }
  return "?";
}

Task &Scheduler::spawn(std::string name, int priority, int work,
                       int waitEvery) {
  static int nextId = 1;
  Task &t = tasks_.emplace_back();
  t.id = nextId++;
  t.name = std::move(name);
  t.priority = priority;
  t.remaining = work;
  t.waitEvery = waitEvery;
  makeReady(t);
  return t;
}

void Scheduler::setState(Task &t, State s) {
#ifdef SCHED_TRACE
  static int traced = 0;
  if (traced++ < 6)
    std::printf("  trace: %s %s -> %s\n", t.name.c_str(), toString(t.state),
                toString(s));
#endif
  t.state = s;
  transitions_[s]++;
}

void Scheduler::makeReady(Task &t) {
  setState(t, State::Ready);
#if defined(SCHED_PRIORITY)
  ready_.push(&t);
#else
  ready_.push_back(&t);
#endif
}

Task *Scheduler::next() {
  if (ready_.empty())
    return nullptr;
#if defined(SCHED_PRIORITY)
  Task *t = ready_.top();
  ready_.pop();
#else
  Task *t = ready_.front();
  ready_.pop_front();
#endif
  return t;
}

int Scheduler::run() {
  int clock = 0;
  while (Task *t = next()) {
    setState(*t, State::Running);
    int slice = 0;
    bool blocked = false;
    while (t->remaining > 0) {
      // Busy work standing in for the task's computation.
      volatile unsigned acc = static_cast<unsigned>(t->id);
      for (int spin = 0; spin < 200; ++spin)
        acc = acc * 2654435761u + static_cast<unsigned>(spin);
      --t->remaining;
      ++clock;
      ++slice;
      if (t->waitEvery && t->remaining > 0 && t->remaining % t->waitEvery == 0) {
        blocked = true;
        break;
      }
#ifdef SCHED_PREEMPT
      if (slice >= quantum_ && t->remaining > 0) {
        t->preemptions++;
        setState(*t, State::Preempted);
        break;
      }
#endif
    }
    (void)slice;
#ifdef SCHED_DEADLINE
    if (clock > 1500 && t->priority > 5)
      throw std::runtime_error("deadline missed by " + t->name + " at " +
                               std::to_string(clock));
#endif
    switch (t->state) {
#ifdef SCHED_PREEMPT
    case State::Preempted:
      makeReady(*t);
      continue;
#endif
    case State::Running:
      break;
    default:
      continue;
    }
    if (blocked) {
      setState(*t, State::Blocked);
      blocked_.push_back(t);
    } else if (t->remaining == 0) {
      setState(*t, State::Done);
      if (t->onDone)
        t->onDone(*t);
    } else {
      makeReady(*t);
    }
    // Wake every blocked task once the CPU has moved on.
    if (!blocked && !blocked_.empty()) {
      std::vector<Task *> wake;
      wake.swap(blocked_);
      for (Task *w : wake)
        makeReady(*w);
    }
    if (ready_.empty() && !blocked_.empty()) {
      std::vector<Task *> wake;
      wake.swap(blocked_);
      for (Task *w : wake)
        makeReady(*w);
    }
  }
  (void)quantum_;
  return clock;
}

} // namespace sched
