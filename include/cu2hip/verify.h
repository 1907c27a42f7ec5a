#ifndef CU2HIP_VERIFY_H
#define CU2HIP_VERIFY_H
/* --verify: compiles translated sources for an AMD GPU architecture and
 * reports each compiler error as a `compile-error` diagnostic. The compiler
 * is chosen as `cu2hip doctor` chooses it (docs/doctor.md). */
#include <stddef.h>
#include "diag.h"
#include "error.h"
#ifdef __cplusplus
extern "C" {
#endif

struct c2h_verify_unit;

typedef struct c2h_verify_options {
  const char *offload_arch;    /* gfxNNN[:feature+|-...]; NULL: "gfx942" */
  /* A compiler to use as it is (a path, or a name looked up on PATH); NULL:
   * the first that builds offload_arch: hipcc, else a clang with HIP
   * support (clang++-22 ... clang++-14, clang++, ROCm's clang). */
  const char *compiler;
  /* A HIP installation (the folder holding include/hip and bin/) whose
   * headers the compiles use; NULL: found as doctor and --rocm-version
   * auto find it ($ROCM_PATH, $HIP_PATH, /opt/rocm, /opt/rocm/core-X.Y,
   * /opt/rocm-X.Y.Z, the rocm-sdk Python wheels, /usr). A relative path is
   * taken from the current folder. */
  const char *hip_path;
  /* The ROCm device-library folder given to clang (relative: from the
   * current folder); NULL: found as doctor finds it ($HIP_DEVICE_LIB_PATH,
   * ROCm, Debian's, the test suite's). */
  const char *device_lib_path;
  unsigned jobs;               /* compiles at once; 0: one per core */
  long timeout_ms;             /* per compile; 0: 300 s */
  /* Incremental checks (NULL: every unit is compiled). Called once the
   * compiler is chosen, with a text naming it (its command for the
   * architecture, its `--version` output, the device-library folder and
   * whether the check is syntax only): it sets up_to_date[i] for each unit
   * whose compile with that compiler is known to succeed, and those are not
   * compiled. The other compiles then also list, in the summary, the files
   * they read. Returns 0 or C2H_ERR_NOMEM. */
  int (*up_to_date)(void *ctx, const char *compiler_id, const struct c2h_verify_unit *units, size_t n,
                    unsigned char *up_to_date);
  void *up_to_date_ctx;
  /* Progress (NULL: none): once with done 0 before the first compile, then
   * after each compile; total counts the units compiled (not those up to
   * date), path is the unit just compiled. */
  void (*progress)(void *ctx, size_t done, size_t total, const char *path);
  void *progress_ctx;
} c2h_verify_options;

typedef struct c2h_verify_unit {
  const char *path;            /* a translated source to compile (absolute; a relative one is taken from the
                                  current folder) */
  /* Its flags, after the compiler's own: -I, -D, -U, -std, -include (from
   * a compile database). The compiles run in a private temporary folder,
   * so paths in them must be absolute. Borrowed. */
  const char *const *args;
  size_t n_args;
} c2h_verify_unit;

typedef struct c2h_verify_summary {
  /* No device library for the architecture here: the units were only
   * checked with -nogpulib -fsyntax-only, device code was not compiled to
   * machine code, and `compiled` counts units that passed that check. */
  int syntax_only;
  size_t compiled;             /* units that compiled (or passed the syntax check) */
  size_t failed;               /* units that did not (errors, timeouts, a compiler that could not run) */
  size_t up_to_date;           /* units not compiled: the up_to_date callback knew they compile */
  /* With an up_to_date callback, per unit (owned): whether it compiled in
   * this run, and then the files its compile read, as the compiler listed
   * them (-MD), NULL-terminated; NULL for a unit that was not compiled or
   * failed. */
  char ***reads;
  size_t n_reads;
  /* Per unit (owned, n entries): 1 when it did not compile; 0 when it did
   * or was up to date. */
  unsigned char *unit_failed;
  /* The compile command, as shown to users (owned), e.g.
   * "/usr/bin/clang++-19 -x hip --offload-arch=gfx942 -std=c++17 ... -c FILE". When
   * no device library for the architecture exists here, the code is only
   * checked (-nogpulib -fsyntax-only) and the command says so. */
  char *command;
} c2h_verify_summary;

/* Compiles each unit (jobs at a time, each to an object that is thrown
 * away) with the compiler chosen for o->offload_arch and appends to diags,
 * in unit order whatever the number of jobs, one `compile-error` diagnostic
 * per compiler error (at most 20 per unit; the last one then says how many
 * more there were). The first diagnostic of a unit names the command that
 * was run. A unit that fails without an error at a line of a file gets one
 * diagnostic at line 0 of the unit saying how it failed (exit status and
 * the compiler's last line, or a timeout).
 *
 * Returns 0 when the units were compiled (whether or not they had errors),
 * else C2H_ERR_USAGE (a bad offload_arch, a compiler or device-library
 * path that does not exist or a compiler that does not build for the
 * architecture), C2H_ERR_IO (no compiler here builds for the architecture,
 * or no temporary folder could be made) or C2H_ERR_NOMEM, with err saying
 * what was tried and what to install. sum is set up in every case; free it
 * with c2h_verify_summary_dispose. */
int c2h_verify_run(const c2h_verify_options *o, const c2h_verify_unit *units, size_t n, c2h_diag_list *diags,
                   c2h_verify_summary *sum, c2h_error *err);

void c2h_verify_summary_dispose(c2h_verify_summary *s);

#ifdef __cplusplus
}
#endif
#endif
