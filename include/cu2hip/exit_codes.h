#ifndef CU2HIP_EXIT_CODES_H
#define CU2HIP_EXIT_CODES_H
/* Exit codes of the cu2hip command (documented in README.md), for the CLI
 * and the drivers beside it (cu2hip run). */
typedef enum c2h_exit_code {
#define X(id, value, meaning) id = value,
#include "cu2hip/exit_codes.def"
#undef X
} c2h_exit_code;
#endif
