// Simulated work: the costs of the paper's Figure 3, scaled from seconds to
// tens of milliseconds (1 s in the paper = 10 ms here).
#ifndef PRINTER_BUSY_H
#define PRINTER_BUSY_H

/// Spins (no sleep: the time must be CPU time in this thread, as real work
/// would be) for the given number of milliseconds on std::chrono::steady_clock.
void spend(double milliseconds);

/// Paper seconds to milliseconds of busy work.
constexpr double paperSeconds(double seconds) { return seconds * 10.0; }

#endif // PRINTER_BUSY_H
