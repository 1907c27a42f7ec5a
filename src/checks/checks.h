#ifndef C2H_CHECKS_H
#define C2H_CHECKS_H
/* Architecture checks: what renaming cannot fix. Each family reads the
 * annotated tokens and AST facts of one file (a c2h_scan) and adds
 * diagnostics. None edits the source, except to call a function of the
 * compatibility header where one stands in (atomics). One file per family. */
#include "scan/tokens.h"

/* Runs every family. Returns 0 or C2H_ERR_NOMEM. */
int c2h_checks_run(c2h_scan *s);

int c2h_check_ptx(c2h_scan *s);                  /* ptx-inline-asm */
int c2h_check_warp_size(c2h_scan *s);            /* warp-size-literal */
int c2h_check_launcher_blocks(c2h_scan *s);      /* warp-size-literal: block sizes as template arguments */
int c2h_check_warp_masks(c2h_scan *s);           /* warp-mask-32bit: ballot results */
int c2h_check_mask_types(c2h_scan *s);           /* warp-mask-32bit: 32-bit lane-mask types */
int c2h_check_atomics(c2h_scan *s);              /* atomic-* */
int c2h_check_launch_bounds(c2h_scan *s);        /* launch-bounds */
int c2h_check_lds(c2h_scan *s);                  /* lds-limit */
int c2h_check_dynamic_parallelism(c2h_scan *s);  /* dynamic-parallelism */
int c2h_check_texture_surface(c2h_scan *s);      /* texture-reference, surface-reference, texture-object */
int c2h_check_cuda_arch(c2h_scan *s);            /* cuda-arch-check */
int c2h_check_wmma(c2h_scan *s);                 /* wmma */
int c2h_check_device_clock(c2h_scan *s);         /* device-clock */
int c2h_check_cooperative_groups(c2h_scan *s);   /* cooperative-groups-tile */
int c2h_check_thread_scheduling(c2h_scan *s);    /* independent-thread-scheduling */
int c2h_check_cuda_version(c2h_scan *s);         /* cuda-version-check */
int c2h_check_overloads(c2h_scan *s);            /* overload-collision */
int c2h_check_handles(c2h_scan *s);              /* handle-as-integer */
int c2h_check_blas_compute(c2h_scan *s);         /* blas-compute-type */
int c2h_check_warp_size_constexpr(c2h_scan *s);  /* warp-size-constexpr */

/* Which warp sizes the code of each function assumes (warp_size.c): per
 * function of s->facts, the C2H_LANES_* bits of the kernels (with the
 * device functions they reach) that hold it. *lanes is allocated (free). */
int c2h_warp_units(c2h_scan *s, unsigned char **lanes);

/* Per function of s->facts: 1 for a kernel that always runs in blocks of
 * at most 32 threads, as __launch_bounds__ or every launch in the file
 * says (warp_blocks.c). *small is allocated (free). */
int c2h_small_block_kernels(const c2h_scan *s, unsigned char **small);

#endif
