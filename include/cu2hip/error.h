#ifndef CU2HIP_ERROR_H
#define CU2HIP_ERROR_H
/* Errors returned by libcu2hip. Functions that can fail return 0 or a negative
 * c2h_error_code and fill a caller-supplied c2h_error. */
#ifdef __cplusplus
extern "C" {
#endif

typedef enum c2h_error_code {
  C2H_OK = 0,
  C2H_ERR_NOMEM = -1,   /* out of memory */
  C2H_ERR_IO = -2,      /* a file could not be read or written */
  C2H_ERR_RULES = -3,   /* the rule table is invalid */
  C2H_ERR_USAGE = -4,   /* an invalid argument or option */
  C2H_ERR_INPUT = -5,   /* an input is not translatable (binary, too large) */
  C2H_ERR_PARSE = -6,   /* the parser could not build a translation unit */
  C2H_ERR_INTERNAL = -7, /* a bug */
  C2H_ERR_CRASH = -8,    /* the parser crashed on an input (the process is fine) */
  C2H_ERR_NO_SOURCES = -9 /* the inputs hold no CUDA source: nothing to do, nothing written */
} c2h_error_code;

typedef struct c2h_error {
  int code;           /* a c2h_error_code */
  char message[512];  /* human-readable, no trailing newline */
  char path[1024];    /* file the error is about, "" if none */
  unsigned line, col; /* 1-based position in path, 0 if none */
} c2h_error;

/* Resets err to "no error". */
void c2h_error_clear(c2h_error *err);

/* Fills err (printf-style message) and returns code, so callers can write
 * `return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "...")`. path may be NULL. */
int c2h_error_set(c2h_error *err, int code, const char *path, unsigned line, unsigned col,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Writes "path:line:col: error: message" (parts present only) to buf. */
void c2h_error_format(const c2h_error *err, char *buf, unsigned long size);

#ifdef __cplusplus
}
#endif
#endif
