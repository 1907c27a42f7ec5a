#ifndef C2H_UTIL_PROC_H
#define C2H_UTIL_PROC_H
/* Child processes: start a program with an argument vector in a folder,
 * collect what it prints (stdout and stderr together), wait for several at
 * once, and kill those that run past their deadline. Used to run compilers
 * (`cu2hip doctor`, --verify) and tools that report on the machine. */
#include <stddef.h>
#include <sys/types.h>

enum { C2H_PROC_OUTPUT_LIMIT = 1 << 20 }; /* bytes kept of a child's output */

typedef struct c2h_proc {
  pid_t pid;     /* 0: not started */
  int fd;        /* read end of the child's stdout+stderr, -1 when closed */
  char *out;     /* what it printed, NUL-terminated (at most C2H_PROC_OUTPUT_LIMIT bytes) */
  size_t len;
  long deadline; /* monotonic milliseconds after which it is killed */
  int exited;    /* reaped */
  int code;      /* exit status; -1 when killed by a signal or timed out */
  int timed_out;
  int signal;    /* the signal that ended it, 0 when it exited (or timed out) */
} c2h_proc;

/* Starts argv[0] (a path: PATH is not searched) with stdin from /dev/null
 * and stdout and stderr into one pipe, in its own process group (so that a
 * kill reaches the programs it runs). With cwd, the child runs there with
 * TMPDIR=cwd, so that its temporary files stay in a folder the caller
 * removes. timeout_ms <= 0: no time limit. A program that cannot be executed
 * exits with status 127 and prints nothing. Returns 0, C2H_ERR_NOMEM, or
 * C2H_ERR_IO when no pipe or process could be made (errno says why). p is
 * set up in every case, so c2h_proc_dispose may always be called. */
int c2h_proc_start(c2h_proc *p, char *const argv[], const char *cwd, long timeout_ms);

/* Reads the output of the started processes among ps[0..n) and reaps them;
 * kills (with its process group) each one still running at its deadline.
 * Returns when every started process has exited (all != 0), or when at
 * least one has (all == 0; a process that had exited before the call
 * counts). Returns 0, or C2H_ERR_NOMEM (nothing waited for). */
int c2h_proc_wait(c2h_proc *ps, size_t n, int all);

/* Kills a started process that has not exited (and its group) and reaps it. */
void c2h_proc_kill(c2h_proc *p);

/* Kills the process if it still runs, closes its pipe and frees its output;
 * p is left not started. */
void c2h_proc_dispose(c2h_proc *p);

/* Why a finished process p did not exit with status 0, for a message
 * ("timed out after 10 s", "was killed by signal 9 (Killed)", "exited with
 * status 3", "could not be started", "could not be run"); timeout_ms is
 * the limit it was started with. The caller frees it; NULL when out of
 * memory. */
char *c2h_proc_failure(const c2h_proc *p, long timeout_ms);

/* Runs argv to completion (in cwd when not NULL); its output in *out (the
 * caller frees it; NULL when out of memory). Returns the exit status, -1
 * when it could not be started, was killed or timed out. */
int c2h_proc_run(char *const argv[], const char *cwd, long timeout_ms, char **out);

/* A new private folder $TMPDIR/PREFIX.XXXXXX (/tmp when TMPDIR is unset),
 * to run children in (see c2h_proc_start's cwd). Returns its path (the
 * caller frees it), or NULL with errno. */
char *c2h_proc_scratch_make(const char *prefix);

/* Removes path and, for a folder (not a symbolic link), what it holds. */
void c2h_proc_remove_tree(const char *path);

/* The path of an executable `name` on PATH, searched as execvp would (an
 * empty PATH entry is the current folder, given as an absolute path), or
 * NULL. The caller frees it. */
char *c2h_proc_find_in_path(const char *name);

#endif
