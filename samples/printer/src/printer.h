// The printer driver of the paper's Figure 2: print() is refined by Logging,
// ColorScan and AutoScan; scan() by ColorScan and Logging.
#ifndef PRINTER_PRINTER_H
#define PRINTER_PRINTER_H

#include <string>
#include <vector>

struct Page {
  std::string title;
  std::vector<std::string> lines;
  bool color = false;
};

class Printer {
public:
  /// Scans one page (with AutoScan/ColorScan) and prints the given one.
  void print(const Page &page);
  /// Scans a page; how depends on the features (see scanner.cpp).
  Page scan();
  int scans() const { return scans_; }

private:
  void printBase(const Page &page);
  int scans_ = 0;
};

#endif // PRINTER_PRINTER_H
