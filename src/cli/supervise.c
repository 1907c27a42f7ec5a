/* The supervising process. libclang recovers from most crashes of its own,
 * but not from all (a stack overflow has nowhere to run a handler), and a
 * crash anywhere in a run would take every file of it down. So the run is
 * a child; when it dies of a crash signal, the journal names the file it
 * was on, and a new attempt redoes the run with that file left as it is
 * and reported. The outputs an attempt wrote are complete files (atomic
 * writes), and translating twice gives the same bytes, so a new attempt
 * simply redoes everything; standard output is kept in a memory file and
 * passed on only from the last attempt, so nothing is printed twice.
 * The same way, a file still in progress well past the per-file time limit
 * (a parse that libclang gives no way to interrupt) is stopped: the run is
 * killed and redone with that file left as it is (`time-limit`). */
#define _GNU_SOURCE /* memfd_create */
#include "supervise.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cu2hip/exit_codes.h"

static volatile sig_atomic_t g_child;

/* Interrupts and termination requests are the child's to act on; the
 * parent follows its fate. */
static void forward(int sig) {
  if (g_child > 0) kill((pid_t)g_child, sig);
}

static int is_crash(int sig) {
  return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT || sig == SIGSYS ||
         sig == SIGTRAP;
}

/* Copies the memory file to standard output. */
static int pass_on(int fd) {
  char buf[65536];
  if (lseek(fd, 0, SEEK_SET) < 0) return -1;
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n == 0) return 0;
    if (n < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(STDOUT_FILENO, buf + off, (size_t)(n - off));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return -1;
      off += w;
    }
  }
}

/* Dies the way the child died, so that a shell sees the same status. */
static int die_like(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);
  return 128 + sig;
}

/* Waits for the child. Every 50 ms (or as soon as the child ends: SIGCHLD
 * is blocked, and waited for) it looks for a file in progress past the time
 * limit the run set (libclang's parse cannot be interrupted from inside);
 * then it kills the child, reaps it and returns 1 with *overdue naming the
 * file. Returns 0 when the child ended by itself. */
static int wait_or_stop(pid_t pid, c2h_journal *j, int *status, const char **overdue) {
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  *overdue = NULL;
  for (;;) {
    pid_t got = waitpid(pid, status, WNOHANG);
    if (got == pid || (got < 0 && errno != EINTR)) return 0;
    if (c2h_journal_overdue(j, c2h_journal_now_ms(), overdue)) {
      kill(pid, SIGKILL);
      while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
      }
      return 1;
    }
    struct timespec nap = {0, 50 * 1000 * 1000};
    sigtimedwait(&chld, NULL, &nap);
  }
}

int c2h_cli_supervise(c2h_journal **journal, const char *what) {
  *journal = NULL;
  const char *off = getenv("CU2HIP_NO_SUPERVISOR");
  if (off && *off && strcmp(off, "0") != 0) return -1;
  c2h_journal *j = c2h_journal_new_shared();
  int out = j ? memfd_create("cu2hip-stdout", MFD_CLOEXEC) : -1;
  if (out < 0) { /* no isolation to be had: run unsupervised */
    c2h_journal_free(j);
    return -1;
  }
  fflush(NULL);
  static const int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  pid_t parent = getpid();
  sigset_t chld, old_mask;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &old_mask);
  for (int attempt = 1;; attempt++) {
    if (ftruncate(out, 0) != 0 || lseek(out, 0, SEEK_SET) != 0) break;
    pid_t pid = fork();
    if (pid < 0) break;
    if (pid == 0) {
      sigprocmask(SIG_SETMASK, &old_mask, NULL);
      /* The child: dies with the parent (SIGKILL to the parent must stop
       * the run), writes its standard output to the memory file. */
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(C2H_EXIT_INTERNAL);
      for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) signal(forwarded[i], SIG_DFL);
      if (dup2(out, STDOUT_FILENO) < 0) _exit(C2H_EXIT_INTERNAL);
      close(out);
      *journal = j;
      return -1;
    }
    g_child = pid;
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) signal(forwarded[i], forward);
    int status = 0;
    const char *overdue = NULL;
    if (wait_or_stop(pid, j, &status, &overdue)) {
      /* Stopped at the time limit: the new attempt leaves that file as it
       * is and reports it; the files in progress beside it are redone. */
      g_child = 0;
      c2h_journal_clear_marks(j);
      fprintf(stderr, "cu2hip: %s ran past the per-file time limit; running again without it\n", overdue);
      continue;
    }
    g_child = 0;
    if (WIFEXITED(status)) {
      int code = WEXITSTATUS(status);
      if (pass_on(out) != 0) {
        /* A full disk or a closed pipe on stdout: what it held is lost,
         * which must not pass for success (nor for mere diagnostics). */
        int e = errno;
        fprintf(stderr, "cu2hip: cannot write %s to standard output: %s\n", what, strerror(e));
        if (code < C2H_EXIT_USAGE) code = C2H_EXIT_USAGE;
      }
      close(out);
      c2h_journal_free(j);
      sigprocmask(SIG_SETMASK, &old_mask, NULL);
      return code;
    }
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    const char *culprit = NULL;
    if (!is_crash(sig) || !c2h_journal_after_crash(j, sig, &culprit)) {
      if (is_crash(sig))
        fprintf(stderr, "cu2hip: internal error: the run crashed (%s) outside of any file; nothing more is "
                        "written\n", strsignal(sig));
      close(out);
      c2h_journal_free(j);
      sigprocmask(SIG_SETMASK, &old_mask, NULL);
      return is_crash(sig) ? C2H_EXIT_INTERNAL : die_like(sig);
    }
    if (culprit)
      fprintf(stderr, "cu2hip: crashed (%s) while translating %s; running again without it\n", strsignal(sig),
              culprit);
    else
      fprintf(stderr, "cu2hip: crashed (%s) with several files in progress; running again one file at a time\n",
              strsignal(sig));
  }
  /* fork or the memory file failed: this process runs, unsupervised but
   * still leaving out the files earlier attempts crashed on. */
  sigprocmask(SIG_SETMASK, &old_mask, NULL);
  close(out);
  for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) signal(forwarded[i], SIG_DFL);
  *journal = j;
  return -1;
}
