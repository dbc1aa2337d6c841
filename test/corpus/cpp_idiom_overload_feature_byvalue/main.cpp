#include <cstdio>

// Shapes are described by kind; a short form under an option.
struct Shape {
  int sides = 3;
};

template <typename S> int Describe(S s) { return s.sides + 10; }

#ifdef SHORT_FORM
int Describe(const Shape &s) { return s.sides; }
#endif

template <typename S> int DescribeAll(S *shapes, int n) {
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += Describe(shapes[i]);
  return total;
}

int main() {
  Shape shapes[3];
  int total = DescribeAll(shapes, 3);
  std::printf("total %d\n", total);
#ifdef VERBOSE
  std::printf("verbose\n");
#endif
  return total % 5;
}

// REFUSAL: {{^.*}}/main.cpp:17:14: error: the overload 'Describe(const Shape &)' is defined only where SHORT_FORM holds, beside a function template of its name (main.cpp:8);
// REFUSAL-SAME: this call resolves to 'Describe<Shape>(Shape)' (main.cpp:8) where it is not defined
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
