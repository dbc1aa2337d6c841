#include "table.h"

int main() {
  Table<int> Ints(40);
  Table<double> Reals(40);
  for (int Round = 0; Round < 3000; ++Round)
    for (std::size_t I = 0; I < 48; ++I) {
      Ints.note(Ints.at(I));
      Reals.note(Reals.at(I % 40));
    }
  long First = 0;
  for (int Round = 0; Round < 500; ++Round)
    First += Ints.sumFirst(44) + static_cast<long>(Reals.sumFirst(40));
  std::printf("first %ld\n", First);
  Ints.describe();
  Reals.describe();
  std::printf("ints %d clamped %u, reals %.1f\n", Ints.Sum, Ints.Clamped,
              Reals.Sum);
  return 0;
}
