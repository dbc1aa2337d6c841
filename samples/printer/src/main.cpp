// Prints the page described by the workload file (argv[1]): a "title:" line
// followed by the page's text. Exit code: the number of pages scanned.
#include "printer.h"

#include <cstdio>
#include <fstream>
#include <string>

static bool readPage(const char *path, Page &page) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("title: ", 0) == 0)
      page.title = line.substr(7);
    else if (!line.empty())
      page.lines.push_back(line);
  }
  return true;
}

int main(int argc, char **argv) {
  Page page;
  if (argc != 2 || !readPage(argv[1], page)) {
    std::fprintf(stderr, "usage: printer JOB_FILE\n");
    return 100;
  }
  Printer printer;
  printer.print(page);
  std::printf("done: %d page(s) scanned\n", printer.scans());
  return 0;
}
