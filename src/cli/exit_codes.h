#ifndef C2H_CLI_EXIT_CODES_H
#define C2H_CLI_EXIT_CODES_H
/* Exit codes of the cu2hip command (documented in README.md and docs/cli.md). */
typedef enum c2h_exit_code {
#define X(id, value, meaning) id = value,
#include "cu2hip/exit_codes.def"
#undef X
} c2h_exit_code;
#endif
