#ifndef C2H_CLI_DOCTOR_H
#define C2H_CLI_DOCTOR_H

/* Runs `cu2hip doctor ARGS...` (argv[0] is the first argument after
 * "doctor"): reports what this machine offers for building HIP code for an
 * AMD GPU architecture. Returns an exit code: 0 when a compiler here builds
 * HIP code for the architecture, 1 when none does, 2 on a usage error. */
int c2h_cli_doctor(int argc, char **argv);

#endif
