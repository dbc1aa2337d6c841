#include <string.h>

#include "debug.h"

static int rejected;
static unsigned long parsed;

struct request {
  char method[8];
  int length;
};

static int parse_request(const char *line, struct request *req) {
  const char *sp = strchr(line, ' ');
  CHECK_OR_RETURN(sp != NULL, -1);
  CHECK_OR_RETURN(sp - line < 8, -2);
  size_t n = sp ? (size_t)(sp - line) : strlen(line);
  if (n > 7)
    n = 7;
  memcpy(req->method, line, n);
  req->method[n] = '\0';
  req->length = sp ? (int)strlen(sp + 1) : 0;
  DBG("method %s length %d", req->method, req->length);
  STAT_INC(parsed);
  return 0;
}

static int handle(const struct request *req) {
  ASSERT(req->length < 40);
  if (strcmp(req->method, "GET") == 0)
    return 200;
  if (strcmp(req->method, "POST") == 0)
    return req->length > 0 ? 201 : 400;
  return 405;
}

int main(void) {
  static const char *const lines[] = {
      "GET /index.html", "POST /form?a=1", "BOGUS", "PROPFIND /dav",
      "DELETE /this/path/is/much/too/long/to/be/accepted/here"};
  int status_sum = 0;
  for (unsigned i = 0; i < sizeof lines / sizeof lines[0]; i++) {
    struct request req = {{0}, 0};
    int rc = parse_request(lines[i], &req);
    if (rc < 0) {
      printf("%-8s rejected (%d)\n", lines[i], rc);
      continue;
    }
    int status = handle(&req);
    printf("%-8s -> %d\n", req.method, status);
    status_sum += status;
  }
  printf("rejected %d parsed %lu sum %d\n", rejected, parsed, status_sum);
  return rejected;
}
