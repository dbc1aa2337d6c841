#include <stdio.h>

int db_config(int op, ...);
int db_weight(int op);
void db_show(void);

int main(void) {
  int misuse = 0, weight = 0;
  for (int op = 0; op <= 6; op++) {
    int rc = db_config(op, op * 8);
    misuse += rc != 0;
    printf("config %d -> %d\n", op, rc);
    db_show();
    weight += db_weight(op);
  }
  printf("misuse %d weight %d\n", misuse, weight);
  return misuse;
}
