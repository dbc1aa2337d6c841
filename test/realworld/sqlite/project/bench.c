/* Workload of the real-programs suite for SQLite: inserts (prepared, in a
 * transaction), an index, indexed point and range queries, a join with
 * aggregates, LIKE, an ORDER BY without an index; on a database file in
 * /tmp (removed at exit), so that the page cache and the page size matter.
 * Prints every query's result; about 1 s native. */
#include "sqlite3.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static sqlite3 *Db;

static void check(int rc, const char *what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    fprintf(stderr, "bench: %s: %s\n", what, sqlite3_errmsg(Db));
    exit(1);
  }
}

static int print_row(void *label, int n, char **values, char **names) {
  (void)names;
  printf("%s:", (const char *)label);
  for (int i = 0; i < n; ++i)
    printf(" %s", values[i] ? values[i] : "NULL");
  printf("\n");
  return 0;
}

static void query(const char *label, const char *sql) {
  check(sqlite3_exec(Db, sql, print_row, (void *)label, NULL), label);
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 60000;
  char path[64];
  snprintf(path, sizeof path, "/tmp/varsim-realworld-sqlite-%d.db",
           (int)getpid());
  unlink(path);
  check(sqlite3_open(path, &Db), "open");
  check(sqlite3_exec(Db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                         "CREATE TABLE customer(id INTEGER PRIMARY KEY, "
                         "name TEXT, city INTEGER);"
                         "CREATE TABLE orders(id INTEGER PRIMARY KEY, "
                         "customer INTEGER, amount INTEGER, note TEXT);",
                     NULL, NULL, NULL),
        "schema");
  sqlite3_stmt *ins_c, *ins_o;
  check(sqlite3_prepare_v2(Db, "INSERT INTO customer VALUES(?1, ?2, ?3)", -1,
                           &ins_c, NULL),
        "prepare");
  check(sqlite3_prepare_v2(Db, "INSERT INTO orders VALUES(?1, ?2, ?3, ?4)", -1,
                           &ins_o, NULL),
        "prepare");
  check(sqlite3_exec(Db, "BEGIN", NULL, NULL, NULL), "begin");
  unsigned seed = 12345;
  char text[64];
  for (int i = 0; i < rows / 4; ++i) {
    snprintf(text, sizeof text, "customer-%d-%s", i, i % 3 ? "retail" : "corp");
    sqlite3_bind_int(ins_c, 1, i);
    sqlite3_bind_text(ins_c, 2, text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(ins_c, 3, i % 97);
    check(sqlite3_step(ins_c), "insert customer");
    sqlite3_reset(ins_c);
  }
  for (int i = 0; i < rows; ++i) {
    seed = seed * 1103515245u + 12345u;
    snprintf(text, sizeof text, "order %u note %d", seed % 100000, i);
    sqlite3_bind_int(ins_o, 1, i);
    sqlite3_bind_int(ins_o, 2, (int)(seed % (unsigned)(rows / 4)));
    sqlite3_bind_int(ins_o, 3, (int)((seed >> 8) % 10000));
    sqlite3_bind_text(ins_o, 4, text, -1, SQLITE_TRANSIENT);
    check(sqlite3_step(ins_o), "insert order");
    sqlite3_reset(ins_o);
  }
  check(sqlite3_exec(Db, "COMMIT", NULL, NULL, NULL), "commit");
  sqlite3_finalize(ins_c);
  sqlite3_finalize(ins_o);

  check(sqlite3_exec(Db, "CREATE INDEX orders_customer ON orders(customer);"
                         "CREATE INDEX orders_amount ON orders(amount);"
                         "ANALYZE;",
                     NULL, NULL, NULL),
        "index");
  /* Indexed point queries through one prepared statement. */
  sqlite3_stmt *point;
  check(sqlite3_prepare_v2(Db,
                           "SELECT count(*), sum(amount) FROM orders "
                           "WHERE customer = ?1",
                           -1, &point, NULL),
        "prepare");
  long long total = 0;
  for (int i = 0; i < rows; ++i) {
    sqlite3_bind_int(point, 1, (i * 7) % (rows / 4));
    check(sqlite3_step(point), "point query");
    total += sqlite3_column_int64(point, 0) + sqlite3_column_int64(point, 1);
    sqlite3_reset(point);
  }
  sqlite3_finalize(point);
  printf("point queries: %lld\n", total);
  query("range", "SELECT count(*), min(id), max(id) FROM orders "
                 "WHERE amount BETWEEN 1000 AND 1500");
  query("join", "SELECT c.city, count(*), sum(o.amount) FROM customer c "
                "JOIN orders o ON o.customer = c.id WHERE c.city < 5 "
                "GROUP BY c.city ORDER BY c.city");
  /* A join on an unindexed column: an automatic index, where enabled. */
  query("auto-index join",
        "SELECT count(*) FROM customer a JOIN customer b ON a.city = b.id "
        "WHERE a.name LIKE '%corp'");
  query("like", "SELECT count(*) FROM orders WHERE note LIKE 'order 1%'");
  query("top", "SELECT id, amount FROM orders ORDER BY note DESC LIMIT 3");
  sqlite3_close(Db);
  unlink(path);
  return 0;
}
