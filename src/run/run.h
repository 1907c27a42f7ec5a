#ifndef C2H_RUN_RUN_H
#define C2H_RUN_RUN_H
/* `cu2hip run`: translate into a build folder, build the translation with
 * the host C++ compiler against AMD's HIP CPU runtime (HIP-CPU, 64-lane
 * wavefronts) and the completion header src/run/cu2hip_hipcpu.h, run it,
 * and exit with its status (docs/run.md). A driver on top of the library:
 * translation itself is the CLI's ordinary run, with the output folder and
 * --launch-syntax hip set by the CLI. */
#include <stddef.h>

#include "cu2hip/cu2hip.h"

typedef struct c2h_run_options {
  const char *hip_cpu_path; /* --hip-cpu-path; NULL: $HIP_CPU_PATH, $CU2HIP_FIXTURES/hip-cpu */
  const char *build_dir;    /* --build-dir; NULL: a fresh temporary folder */
  int keep;                 /* --keep: leave the build folder */
  int quiet;                /* -q: no progress lines */
  char **args;              /* the program's arguments (after --), borrowed from argv */
  size_t n_args;
  /* Set by c2h_run_prepare (owned): */
  char *hipcpu;   /* the HIP-CPU folder (holding include/hip/hip_runtime.h) */
  char *dir;      /* the build folder */
  int temporary;  /* dir was made here (removed after a successful run) */
} c2h_run_options;

/* Takes the options of `cu2hip run` out of argv (argv[0] is the program,
 * argv[1] "run"): --hip-cpu-path DIR, --build-dir DIR, --keep, and
 * everything after "--" (the program's arguments). What is left goes to the
 * CLI's ordinary option parsing: *out_argv (owned by the caller, the
 * strings borrowed) with *out_argc entries, argv[0] first. Returns -1 to go
 * on, or an exit code after a message (usage, --help). */
int c2h_run_split_args(int argc, char **argv, c2h_run_options *o, int *out_argc, char ***out_argv);

/* The usage text of `cu2hip run`. */
extern const char c2h_run_usage[];

/* Finds the HIP-CPU folder and makes the build folder. Returns -1 to go on,
 * or an exit code after a message (2: no HIP-CPU, or the build folder
 * cannot be made). */
int c2h_run_prepare(c2h_run_options *o);

/* After translation into o->dir: writes cu2hip_compat.h and the completion
 * header there, compiles the translated sources of `sum` (.cu .hip .cpp .cc
 * .cxx .c++; headers are included) with -I for the build folder's copies of
 * the inputs' folders and of the `clang_args` -I folders below them, links,
 * and runs the program with o->args in the folder of inputs[0]. Returns the
 * exit code: the program's status (128 + signal when killed), or
 * C2H_EXIT_RUN_CANNOT_BUILD / C2H_EXIT_RUN_BUILD_FAILED after a message
 * naming what stops it, or C2H_EXIT_USAGE / C2H_EXIT_INTERNAL. */
int c2h_run_build_and_exec(c2h_run_options *o, const c2h_project_summary *sum, const char *const *inputs,
                           size_t n_inputs, const char *const *clang_args, size_t n_clang_args);

/* Removes the build folder unless --keep was given or `code` says the run
 * failed (then its path is printed), and frees what c2h_run_prepare set. */
void c2h_run_finish(c2h_run_options *o, int code);

#endif
