// print(): the refinement chain of the paper's Figure 3, written as feature
// blocks in composition order (AutoScan, ColorScan, Logging, Base); log()
// has one definition per presence of Logging.
#include "printer.h"
#include "busy.h"

#include <cstdio>

namespace {

#ifdef LOGGING
void log(const char *message) {
  spend(paperSeconds(1)); // Logging: 1 s
  std::printf("log: %s\n", message);
}
#else
// Without Logging, log() does nothing: a feature switch in the simulator.
void log(const char *message) { (void)message; }
#endif

} // namespace

void Printer::printBase(const Page &page) {
  spend(paperSeconds(2)); // Base: 2 s
  std::printf("printing '%s' (%zu lines%s)\n", page.title.c_str(),
              page.lines.size(), page.color ? ", color" : "");
  for (const std::string &line : page.lines)
    std::printf("  | %s\n", line.c_str());
}

void Printer::print(const Page &page) {
#ifdef AUTOSCAN
  spend(paperSeconds(1)); // AutoScan: 1 s
  std::printf("auto-scan: '%s'\n", scan().title.c_str());
#endif
#ifdef COLORSCAN
  spend(paperSeconds(5)); // ColorScan: 5 s
  std::printf("color-scan: %s\n", scan().color ? "color" : "gray");
#endif
  log("Execute printer job.");
  printBase(page);
}
