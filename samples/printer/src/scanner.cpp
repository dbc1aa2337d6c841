// scan(): Base scans in gray; ColorScan refines it (a feature switch: two
// definitions of the colour step); Logging adds its own 0.5 s.
#include "busy.h"
#include "printer.h"

#include <cstdio>

namespace {

Page scanBase(int number) {
  spend(paperSeconds(1)); // Base: 1 s
  Page page;
  page.title = "scan " + std::to_string(number);
  page.lines = {"scanned text"};
  return page;
}

#ifdef COLORSCAN
// ColorScan's refinement only delegates (0 s) and marks the page.
Page refineColor(Page page) {
  page.color = true;
  return page;
}
#else
Page refineColor(Page page) { return page; }
#endif

} // namespace

Page Printer::scan() {
  ++scans_;
#ifdef LOGGING
  spend(paperSeconds(0.5)); // Logging: 0.5 s
  std::printf("log: scanning page %d\n", scans_);
#endif
  return refineColor(scanBase(scans_));
}
