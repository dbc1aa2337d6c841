#include "ini.h"

#include <ctype.h>
#include <string.h>

static char *skip_space(char *s) {
  while (*s && isspace((unsigned char)*s))
    ++s;
  return s;
}

static void trim_right(char *s) {
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1]))
    s[--n] = '\0';
}

#ifdef INI_ESCAPES
/* Unescapes in place; returns -1 on an unknown escape. */
static int unescape(char *s) {
  char *out = s;
  for (char *in = s; *in; ++in) {
    if (*in != '\\') {
      *out++ = *in;
      continue;
    }
    switch (*++in) {
    case 'n':
      *out++ = '\n';
      break;
    case 't':
      *out++ = '\t';
      break;
    case '\\':
    case ';':
      *out++ = *in;
      break;
    default:
      return -1;
    }
  }
  *out = '\0';
  return 0;
}
#endif

static enum ini_error parse_line(char *line, char *section, size_t seclen,
                                 ini_handler handler, void *user) {
  char *start = skip_space(line);
  trim_right(start);
  switch (*start) {
  case '\0':
    return INI_OK;
  case ';':
  case '#':
    return INI_OK;
  case '[': {
    char *end = strchr(start, ']');
    if (!end)
      return INI_ERR_SECTION;
    *end = '\0';
    strncpy(section, start + 1, seclen - 1);
    section[seclen - 1] = '\0';
    return INI_OK;
  }
  default:
    break;
  }

  char *eq = strchr(start, '=');
  if (!eq)
    return INI_ERR_SYNTAX;
  *eq = '\0';
  char *key = start;
  trim_right(key);
  char *value = skip_space(eq + 1);

#ifdef INI_COMMENTS
  for (char *p = value; *p; ++p) {
#ifdef INI_ESCAPES
    if (*p == '\\' && p[1]) {
      ++p;
      continue;
    }
#endif
    if (*p == ';' && (p == value || isspace((unsigned char)p[-1]))) {
      *p = '\0';
      break;
    }
  }
  trim_right(value);
#endif

#ifdef INI_ESCAPES
  if (unescape(value) != 0)
    return INI_ERR_ESCAPE;
#endif

  if (!handler(user, section, key, value))
    return INI_ERR_HANDLER;
  return INI_OK;
}

int ini_parse_string(const char *text, ini_handler handler, void *user,
                     enum ini_error *first_error) {
  char line[INI_MAX_LINE];
  char section[32] = "";
  int lineno = 0, error_line = 0;
  *first_error = INI_OK;

  while (*text) {
    const char *nl = strchr(text, '\n');
    size_t n = nl ? (size_t)(nl - text) : strlen(text);
    if (n >= sizeof line)
      n = sizeof line - 1;
    memcpy(line, text, n);
    line[n] = '\0';
    text += nl ? (size_t)(nl - text) + 1 : strlen(text);
    ++lineno;

    enum ini_error e = parse_line(line, section, sizeof section, handler, user);
    if (e == INI_OK)
      continue;
    if (!error_line) {
      error_line = lineno;
      *first_error = e;
    }
#ifdef INI_STRICT
    goto done;
#endif
  }
#ifdef INI_STRICT
done:
#endif
  return error_line;
}

const char *ini_error_string(enum ini_error e) {
  switch (e) {
  case INI_OK:
    return "ok";
  case INI_ERR_SECTION:
    return "unterminated section header";
  case INI_ERR_SYNTAX:
    return "expected key = value";
#ifdef INI_ESCAPES
  case INI_ERR_ESCAPE:
    return "unknown escape sequence";
#endif
  case INI_ERR_HANDLER:
    return "rejected by handler";
  default:
    break;
  }
  return "unknown error";
}
