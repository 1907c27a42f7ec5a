#ifndef C2H_CLI_DOCTOR_H
#define C2H_CLI_DOCTOR_H

/* Runs `cu2hip doctor ARGS...` (argv[0] is the first argument after
 * "doctor"): reports what this machine offers for building HIP code for an
 * AMD GPU architecture. Returns an exit code: 0 when a compiler here builds
 * HIP code for the architecture, 1 when none does, 2 on a usage error. */
int c2h_cli_doctor(int argc, char **argv);

/* Checks the value of an architecture option (--offload-arch) with the one
 * validator, c2h_arch_parse: every command calls this where it reads the
 * option. Returns 0, or C2H_EXIT_USAGE after "PROG: OPTION: 'VALUE' is not
 * an AMD GPU architecture (...)" and "Try 'PROG --help'." on stderr, VALUE
 * with its control characters escaped. */
int c2h_cli_check_arch(const char *prog, const char *option, const char *value);

#endif
