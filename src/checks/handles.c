/* handle-as-integer: CUDA handles that are integers in CUDA and pointers
 * in HIP, used as integers. CUdeviceptr, cudaTextureObject_t,
 * cudaSurfaceObject_t, CUtexObject and CUsurfObject are unsigned long long
 * in CUDA; hipDeviceptr_t is void * and hipTextureObject_t /
 * hipSurfaceObject_t point to opaque structs. Arithmetic, bit operations
 * and assignments from other integers (`d + offset`, `obj >> 32`,
 * `*(CUdeviceptr *)buf = n`) do not compile on a void * or mean pointer
 * arithmetic. The parse records the operations (front/handles.c); this reports
 * them, except the CUdeviceptr arithmetic it can write for HIP with the
 * same meaning (a byte offset whose value is used as an address, an
 * integer assigned to one, `d += n` on a variable), which it rewrites. */
#include <string.h>

#include "checks.h"
#include "util/buf.h"

static const char *hip_name(const char *cuda) {
  if (strncmp(cuda, "CUdeviceptr", 11) == 0) return "hipDeviceptr_t (void *)";
  if (strcmp(cuda, "cudaTextureObject_t") == 0 || strcmp(cuda, "CUtexObject") == 0)
    return "hipTextureObject_t (a pointer)";
  return "hipSurfaceObject_t (a pointer)";
}

static int add(c2h_scan *s, size_t at, const char *text) { return c2h_edit_add(s->edits, at, at, text, strlen(text)); }

/* Writes a CUdeviceptr operation the parse could place (front.h,
 * c2h_handle_use.fix) for hipDeviceptr_t, a void *: byte arithmetic on a
 * char * computes the address CUDA's integer arithmetic did, and an integer
 * assigned becomes the address it holds. Returns 1 when the bytes are
 * already being edited (then the use is reported), else 0 or an error. */
static int rewrite(c2h_scan *s, const c2h_handle_use *u, size_t first, size_t last) {
  size_t touched_begin = u->fix == C2H_HANDLE_COMPOUND ? u->end : u->fix_begin;
  if (c2h_edit_overlaps(s->edits, touched_begin, u->fix_end) ||
      (u->fix == C2H_HANDLE_OFFSET && c2h_edit_overlaps(s->edits, u->begin, u->end)))
    return 1;
  const char *what;
  int rc = 0;
  if (u->fix == C2H_HANDLE_OFFSET) {
    what = "moves the address by bytes; it becomes (hipDeviceptr_t)(...) with the address as (char *)(...), "
           "the same address";
    rc = add(s, u->fix_begin, "(hipDeviceptr_t)(");
    if (rc == 0) rc = add(s, u->begin, "(char *)(");
    if (rc == 0) rc = add(s, u->end, ")");
    if (rc == 0) rc = add(s, u->fix_end, ")");
  } else if (u->fix == C2H_HANDLE_FROM_INT) {
    what = "stores an address held in an integer; the value becomes (hipDeviceptr_t)(uintptr_t)(...), the "
           "same address";
    rc = add(s, u->fix_begin, "(hipDeviceptr_t)(uintptr_t)(");
    if (rc == 0) rc = add(s, u->fix_end, ")");
  } else {
    /* `d += n` becomes `d = (hipDeviceptr_t)((char *)(d) + (n))`. */
    size_t op = last + 1;
    while (op < s->facts->n_toks && !c2h_tok_is(s, op, "+=") && !c2h_tok_is(s, op, "-=")) op++;
    if (op >= s->facts->n_toks || s->facts->toks[op].begin >= u->fix_begin) return 1;
    const c2h_token *o = &s->facts->toks[op];
    c2h_buf text;
    c2h_buf_init(&text);
    rc = c2h_buf_printf(&text, "= (hipDeviceptr_t)((char *)(%.*s) %c (", (int)(u->end - u->begin),
                        s->src + u->begin, s->src[o->begin]);
    if (rc == 0) rc = c2h_edit_add(s->edits, o->begin, u->fix_begin, text.data, text.len);
    c2h_buf_dispose(&text);
    if (rc == 0) rc = add(s, u->fix_end, "))");
    what = "moves the address by bytes; it becomes an assignment of (hipDeviceptr_t)((char *)(...) + ...), "
           "the same address";
  }
  if (rc) return rc;
  return c2h_scan_diag(s, first, last, C2H_SEV_NOTE, C2H_CHECK_HANDLE_AS_INTEGER, NULL,
                       "CUdeviceptr is an integer in CUDA but HIP's hipDeviceptr_t is void *: this '%s' %s", u->op,
                       what);
}

int c2h_check_handles(c2h_scan *s) {
  for (size_t i = 0; i < s->facts->n_handle_uses; i++) {
    const c2h_handle_use *u = &s->facts->handle_uses[i];
    size_t first, last;
    c2h_tok_range(s, u->begin, u->end, &first, &last);
    if (first >= s->facts->n_toks) continue;
    if (last > first) last--;
    /* A macro that expands its argument twice shows the same operation twice. */
    int seen = 0;
    for (size_t k = 0; k < i && !seen; k++)
      seen = s->facts->handle_uses[k].begin == u->begin && s->facts->handle_uses[k].end == u->end &&
             strcmp(s->facts->handle_uses[k].op, u->op) == 0;
    if (seen) continue;
    if (u->fix != C2H_HANDLE_REPORT) {
      int rc = rewrite(s, u, first, last);
      if (rc < 0) return rc;
      if (rc == 0) continue;
    }
    int assign = strcmp(u->op, "=") == 0;
    int rc = c2h_scan_diag(s, first, last, C2H_SEV_ERROR, C2H_CHECK_HANDLE_AS_INTEGER, NULL,
                           "%s is an integer in CUDA but HIP's %s is not: %s%s%s does not compile "
                           "there (or becomes pointer arithmetic); do the integer work on a "
                           "uintptr_t or unsigned long long and convert with reinterpret_cast "
                           "where the API takes or returns the handle",
                           u->type, hip_name(u->type), assign ? "assigning another integer to it" : "'",
                           assign ? "" : u->op, assign ? "" : "' on it");
    if (rc) return rc;
  }
  return 0;
}
