#ifndef C2H_CLI_SUPERVISE_H
#define C2H_CLI_SUPERVISE_H
/* Runs the translation in a child process and starts it again when it dies
 * of a crash, without the file it crashed on (cu2hip/journal.h). */
#include "cu2hip/journal.h"

/* Forks. Returns -1 in the child, which goes on with the run and gets the
 * shared journal in *journal (NULL when supervision is off: then no child
 * is made and the caller is the run). In the parent, returns only when the
 * run is over, with the exit code to leave with; the child's standard
 * output is held back until its attempt is known to be the last. Call it
 * before any thread is started. CU2HIP_NO_SUPERVISOR=1 turns it off.
 * `what` names what the run writes to standard output ("the report", "the
 * translation"), for the message when passing it on fails. */
int c2h_cli_supervise(c2h_journal **journal, const char *what);

#endif
