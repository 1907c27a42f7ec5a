#ifndef C2H_SCAN_H
#define C2H_SCAN_H
/* The rewrite passes over an annotated token stream: each pass finds the
 * sites it handles (includes, CUDA names and calls, kernel launches) and
 * records edits and diagnostics. */
#include "cu2hip/rules.h"
#include "cu2hip/translate.h"
#include "edit/edit.h"
#include "front/front.h"

typedef struct c2h_scan {
  const char *path;
  const char *src;
  size_t len;
  const c2h_tu_facts *facts;
  const c2h_rules *rules;
  c2h_version target;
  c2h_version pytorch; /* target PyTorch release; 0: unknown (c2h_rule_for_pytorch) */
  c2h_launch_syntax launch_syntax;
  c2h_wave64_mode wave64;
  /* The warp model, built once before the passes: per function of facts,
   * the C2H_LANES_* bits of the kernels that hold it (checks/warp_size.c);
   * NULL: not built. Read through c2h_scan_lanes_at. */
  const unsigned char *warp_lanes;
  c2h_include_renamer rename_include; /* --rename; NULL: none */
  void *rename_ctx;
  /* The file's constants by name (constants.h), built once by
   * c2h_constants_new before the passes; NULL: names have no values. */
  struct c2h_constants *constants;
  c2h_edit_list *edits;
  c2h_diag_list *diags;
  c2h_file_stats *stats;
  /* Filled by the passes for c2h_scan_needed_includes. */
  struct {
    const c2h_rule *first_use; /* the first rename of the library's names */
    size_t token;
  } used_libraries[32];
  size_t n_used_libraries;
  const char *included_libraries[32]; /* libraries of the CUDA headers #included */
  size_t n_included_libraries;
  /* When the file's time limit runs out, in c2h_scan_now_ms() time; 0: no
   * limit. Loops that can run long on pathological inputs stop early once
   * c2h_scan_expired() says so: the translator discards the whole result
   * then, so what they leave undone does not matter. */
  unsigned long long deadline_ms;
  /* The file is #included by another of the run (`#include "kernel.cu"`):
   * what it defines may be used there too. */
  int included;
  int compat;      /* cu2hip_compat.h may stand in for names HIP lacks */
  int used_compat; /* set by c2h_scan_uses_compat: code became one of its functions */
  /* Set by c2h_scan_includes: an #include of a CUDA header whose names
   * the compatibility header provides (cooperative_groups/reduce.h) became
   * the compatibility header's, at byte compat_include_at. */
  int compat_included;
  size_t compat_include_at;
  /* Set by c2h_scan_uses_compat: the byte offset of the first code that
   * became a function of the header (when used_compat is set). */
  size_t first_compat_use;
  /* Set by c2h_scan_includes: 1 + the index in `edits` of the line it
   * added for a header that needs hip/hip_runtime.h before it (0: none).
   * c2h_scan_needed_includes empties that line when it puts the runtime
   * header first in the file, which then serves both. */
  size_t runtime_needed_edit;
  /* The entries of rules/pytorch.yaml as the target PyTorch release names
   * them (c2h_scan_pytorch_rule), kept for the whole translation because
   * the passes remember entries they used. */
  c2h_rule pytorch_rules[64];
  const c2h_rule *pytorch_of[64];
  size_t n_pytorch_rules;
} c2h_scan;

/* Entry r as the target PyTorch release names it: r itself, or a copy
 * (owned by s) with the newer release's HIP name. */
const c2h_rule *c2h_scan_pytorch_rule(c2h_scan *s, const c2h_rule *r);

/* #include lines that name CUDA headers. */
int c2h_scan_includes(c2h_scan *s);
/* Whether the file is a PyTorch extension: it #includes a torch, ATen, c10
 * or THC header, or names the at::, c10:: or torch:: namespaces. */
int c2h_scan_is_torch_extension(const c2h_scan *s);
/* Whether the parse resolved the #include on this line to a file of the
 * project (also one written with <...>, found through -I). */
int c2h_scan_project_include(const c2h_scan *s, unsigned line);
/* Adds the HIP header of each library the file uses but does not include.
 * Runs after c2h_scan_includes and c2h_scan_names. */
int c2h_scan_needed_includes(c2h_scan *s);
/* Code at byte `at` became a function of cu2hip_compat.h: the file needs
 * the header (c2h_scan_needed_includes adds it before the first such use). */
void c2h_scan_uses_compat(c2h_scan *s, size_t at);
/* Whether the path names a header (.h, .cuh, .hpp, .inl, ...), which its
 * includers compile, rather than a source. */
int c2h_scan_is_header_path(const char *path);
/* Kernel launches (only with C2H_LAUNCH_HIP). Run before c2h_scan_names. */
int c2h_scan_launches(c2h_scan *s);
/* CUDA identifiers: renames, call rewrites, unsupported APIs. */
int c2h_scan_names(c2h_scan *s);
/* Cooperative-groups shuffles of values HIP's shuffles do not take (a
 * vector type, a struct): rewritten to cu2hip_compat.h's, or reported. */
int c2h_scan_cg_shuffles(c2h_scan *s);
/* threadIdx.x & co. as a whole argument of min/max get an (unsigned int)
 * cast for targets whose HIP makes them class objects (before 6.3). */
int c2h_scan_coords(c2h_scan *s);
/* The `register` storage class, which C++17 and so clang reject, is
 * dropped (but on explicit-register asm variables). */
int c2h_scan_register(c2h_scan *s);
/* A user's operator+= (-=, *=, /=) on a CUDA vector type, which HIP's
 * member operator makes ambiguous: removed when it does what HIP's does,
 * else reported. Runs after the other passes (it skips definitions they
 * edited). */
int c2h_scan_vector_ops(c2h_scan *s);
/* Cheap: whether the bytes use `register` as a keyword (outside comments
 * and literals), so that a file with no CUDA in it is translated too. */
int c2h_bytes_use_register(const char *bytes, size_t len);

/* ---- the scan's clock and diagnostics (tokens.c) ---- */

/* The calling thread's CPU time in milliseconds (time limits count the
 * work done on a file, not how long the machine made it wait). */
unsigned long long c2h_scan_now_ms(void);
/* Whether s->deadline_ms is set and has passed. Cheap enough to call once
 * per function or per few thousand tokens, not per token. */
int c2h_scan_expired(const c2h_scan *s);

/* The warp sizes code assumes, per function (c2h_scan.warp_lanes). */
enum { C2H_LANES_32 = 1, C2H_LANES_64 = 2, C2H_LANES_SMALL = 4 /* only kernels of <= 32-thread blocks hold it */ };
/* The C2H_LANES_* bits of the device function whose body holds token i
 * (the outermost one), or 0 when no model was built or i is in none. */
unsigned c2h_scan_lanes_at(const c2h_scan *s, size_t i);
/* The index in facts->functions of that device function, or (size_t)-1. */
size_t c2h_scan_device_function_at(const c2h_scan *s, size_t i);
/* Whether the code at token i is written for 32-lane warps only (not for
 * warpSize, and not run by blocks of at most 32 threads alone), and the
 * half-wave rewrites are on: each half of the wavefront is one CUDA warp. */
int c2h_scan_half_wave_at(const c2h_scan *s, size_t i);
/* Adds a diagnostic spanning tokens [first, last]. In a platform branch
 * (c2h_tok_platform) it is dropped: HIP code is ported already, and code
 * HIP never compiles needs no port; inline PTX there gets one note per
 * branch instead, saying so. */
int c2h_scan_diag(c2h_scan *s, size_t first, size_t last, c2h_severity sev, c2h_check check,
                  const char *replacement, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

#endif
