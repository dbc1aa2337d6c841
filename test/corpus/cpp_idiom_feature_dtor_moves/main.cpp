#include <cstdio>
#include <string>
#include <utility>

class Line {
public:
  explicit Line(std::string text) : text_(std::move(text)) {}
#ifdef WITH_CLOSE_NOTE
  ~Line() { std::printf("closing line of %zu chars\n", text_.size()); }
#endif
  const std::string &text() const { return text_; }

private:
  std::string text_;
};

int main() {
  Line a("a line long enough to live on the heap, not in the string");
  Line b = std::move(a);
  std::printf("moved-from holds %zu chars, target %zu\n", a.text().size(),
              b.text().size());
  return static_cast<int>(a.text().size() % 7);
}

// The refusal, pinned (run_corpus.py checks these lines with FileCheck).
// REFUSAL: {{^.*}}/main.cpp:9:3: error: the destructor 'Line::~Line' runs at the end of every 'Line' object's lifetime, under WITH_CLOSE_NOTE:
// REFUSAL-SAME: its member 'text_' moves differently from how it copies; declare the copy and move operations in every configuration
// REFUSAL-NEXT: {{^.*}}/main.cpp:19:12: error: this construction of a 'Line' from a 'Line' selects the move constructor 'Line::Line(Line &&)' (implicit) in configuration ''
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
