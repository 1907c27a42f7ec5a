/* Child processes with captured output and deadlines (see proc.h). */
#define _XOPEN_SOURCE 700 /* getcwd, setpgid, kill */
#include "util/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cu2hip/error.h"
#include "util/buf.h"

extern char **environ;

static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The environment for a child in cwd: ours, with TMPDIR=cwd. Built before
 * fork because the child of a threaded process may only call
 * async-signal-safe functions (no setenv). tmpdir receives the one string
 * allocated here. */
static char **child_environment(const char *cwd, char **tmpdir) {
  size_t n = 0;
  while (environ && environ[n]) n++;
  char **env = malloc((n + 2) * sizeof *env);
  size_t len = strlen(cwd);
  *tmpdir = malloc(len + sizeof "TMPDIR=");
  if (!env || !*tmpdir) {
    free(env);
    free(*tmpdir);
    *tmpdir = NULL;
    return NULL;
  }
  memcpy(*tmpdir, "TMPDIR=", 7);
  memcpy(*tmpdir + 7, cwd, len + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "TMPDIR=", 7) != 0) env[k++] = environ[i];
  env[k++] = *tmpdir;
  env[k] = NULL;
  return env;
}

int c2h_proc_start(c2h_proc *p, char *const argv[], const char *cwd, long timeout_ms) {
  memset(p, 0, sizeof *p);
  p->fd = -1;
  p->code = -1;
  p->out = c2h_strdup("");
  if (!p->out) return C2H_ERR_NOMEM;
  char *tmpdir = NULL;
  char **env = cwd ? child_environment(cwd, &tmpdir) : environ;
  if (!env) return C2H_ERR_NOMEM;
  int fds[2];
  if (pipe(fds) != 0) {
    if (cwd) {
      free(env);
      free(tmpdir);
    }
    return C2H_ERR_IO;
  }
  /* Neither end may leak into children started later (or by other threads). */
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, 0);
    dup2(fds[1], 1); /* dup2 clears close-on-exec on the copies */
    dup2(fds[1], 2);
    if (cwd && chdir(cwd) != 0) _exit(127);
    execve(argv[0], argv, env);
    _exit(127);
  }
  int fork_errno = errno;
  close(fds[1]);
  if (cwd) {
    free(env);
    free(tmpdir);
  }
  if (pid < 0) {
    close(fds[0]);
    errno = fork_errno;
    return C2H_ERR_IO;
  }
  /* Also here, so that a kill right after the start reaches the group. */
  setpgid(pid, pid);
  p->pid = pid;
  p->fd = fds[0];
  p->deadline = timeout_ms > 0 ? now_ms() + timeout_ms : LONG_MAX;
  return 0;
}

void c2h_proc_kill(c2h_proc *p) {
  if (!p->pid || p->exited) return;
  kill(-p->pid, SIGKILL);
  kill(p->pid, SIGKILL);
  if (p->fd >= 0) close(p->fd);
  p->fd = -1;
  int st;
  while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR) {
  }
  p->exited = 1;
  p->code = -1;
}

/* Keeps what fits under the output limit; the rest is read and dropped, so
 * that a chatty child never blocks on a full pipe. */
static void keep_output(c2h_proc *p, const char *chunk, size_t got) {
  if (p->len >= C2H_PROC_OUTPUT_LIMIT) return;
  size_t keep = got;
  if (keep > C2H_PROC_OUTPUT_LIMIT - p->len) keep = C2H_PROC_OUTPUT_LIMIT - p->len;
  char *grown = realloc(p->out, p->len + keep + 1);
  if (!grown) return;
  p->out = grown;
  memcpy(p->out + p->len, chunk, keep);
  p->len += keep;
  p->out[p->len] = '\0';
}

int c2h_proc_wait(c2h_proc *ps, size_t n, int all) {
  struct pollfd *pfd = malloc((n ? n : 1) * sizeof *pfd);
  size_t *owner = malloc((n ? n : 1) * sizeof *owner);
  if (!pfd || !owner) {
    free(pfd);
    free(owner);
    return C2H_ERR_NOMEM;
  }
  for (;;) {
    size_t np = 0, running = 0, done = 0;
    long now = now_ms(), next_deadline = LONG_MAX;
    for (size_t i = 0; i < n; i++) {
      c2h_proc *p = &ps[i];
      if (!p->pid) continue;
      if (!p->exited && p->fd < 0) {
        int st;
        pid_t r = waitpid(p->pid, &st, WNOHANG);
        if (r == p->pid || (r < 0 && errno != EINTR)) {
          p->exited = 1;
          p->code = r == p->pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
          p->signal = r == p->pid && WIFSIGNALED(st) ? WTERMSIG(st) : 0;
        }
      }
      if (!p->exited && now >= p->deadline) {
        c2h_proc_kill(p);
        p->timed_out = 1;
      }
      if (p->exited) {
        done++;
        continue;
      }
      if (p->fd >= 0) {
        pfd[np].fd = p->fd;
        pfd[np].events = POLLIN;
        pfd[np].revents = 0;
        owner[np++] = i;
      }
      if (p->deadline < next_deadline) next_deadline = p->deadline;
      running++;
    }
    if (!running || (!all && done)) break;
    long left = next_deadline - now;
    if (left < 1) left = 1;
    /* Children whose output is closed are polled for their exit. */
    int wait = np == running ? (int)(left > INT_MAX ? INT_MAX : left) : (int)(left < 20 ? left : 20);
    int r = poll(pfd, np, wait);
    if (r < 0 && errno != EINTR) break;
    for (size_t k = 0; r > 0 && k < np; k++) {
      if (!pfd[k].revents) continue;
      c2h_proc *p = &ps[owner[k]];
      char chunk[4096];
      ssize_t got = read(p->fd, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        close(p->fd);
        p->fd = -1;
        continue;
      }
      keep_output(p, chunk, (size_t)got);
    }
  }
  free(pfd);
  free(owner);
  return 0;
}

void c2h_proc_dispose(c2h_proc *p) {
  c2h_proc_kill(p);
  if (p->fd >= 0) close(p->fd);
  free(p->out);
  memset(p, 0, sizeof *p);
  p->fd = -1;
  p->code = -1;
}

char *c2h_proc_failure(const c2h_proc *p, long timeout_ms) {
  c2h_buf b;
  c2h_buf_init(&b);
  int bad;
  if (!p->pid) bad = c2h_buf_printf(&b, "could not be started");
  else if (p->timed_out) bad = c2h_buf_printf(&b, "timed out after %ld s", (timeout_ms + 999) / 1000);
  else if (p->signal) bad = c2h_buf_printf(&b, "was killed by signal %d (%s)", p->signal, strsignal(p->signal));
  else if (p->code == 127 && !p->len) bad = c2h_buf_printf(&b, "could not be run");
  else if (p->code >= 0) bad = c2h_buf_printf(&b, "exited with status %d", p->code);
  else bad = c2h_buf_printf(&b, "ended abnormally");
  if (bad) {
    c2h_buf_dispose(&b);
    return NULL;
  }
  return c2h_buf_detach(&b, NULL);
}

int c2h_proc_run(char *const argv[], const char *cwd, long timeout_ms, char **out) {
  c2h_proc p;
  int rc = -1;
  if (c2h_proc_start(&p, argv, cwd, timeout_ms) == 0 && c2h_proc_wait(&p, 1, 1) == 0) rc = p.code;
  *out = p.out;
  p.out = NULL;
  c2h_proc_dispose(&p);
  return rc;
}

char *c2h_proc_scratch_make(const char *prefix) {
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  c2h_buf b;
  c2h_buf_init(&b);
  if (c2h_buf_printf(&b, "%s/%s.XXXXXX", tmp, prefix) != 0) {
    errno = ENOMEM;
    return NULL;
  }
  if (!mkdtemp(b.data)) {
    int saved = errno;
    c2h_buf_dispose(&b);
    errno = saved;
    return NULL;
  }
  return c2h_buf_detach(&b, NULL);
}

static void remove_tree(const char *path, int depth) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (!S_ISDIR(st.st_mode)) {
    unlink(path);
    return;
  }
  DIR *dir = depth < 16 ? opendir(path) : NULL;
  if (dir) {
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      c2h_buf p;
      c2h_buf_init(&p);
      if (c2h_buf_printf(&p, "%s/%s", path, e->d_name) == 0) remove_tree(p.data, depth + 1);
      c2h_buf_dispose(&p);
    }
    closedir(dir);
  }
  rmdir(path);
}

void c2h_proc_remove_tree(const char *path) {
  if (path) remove_tree(path, 0);
}

static int is_exec(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

char *c2h_proc_find_in_path(const char *name) {
  const char *path = getenv("PATH");
  if (!path) path = "/usr/bin:/bin";
  char cwd[PATH_MAX];
  for (const char *s = path;;) {
    const char *colon = strchr(s, ':');
    size_t n = colon ? (size_t)(colon - s) : strlen(s);
    c2h_buf cand;
    c2h_buf_init(&cand);
    int bad = n ? c2h_buf_printf(&cand, "%.*s/%s", (int)n, s, name)
                : getcwd(cwd, sizeof cwd) ? c2h_buf_printf(&cand, "%s/%s", cwd, name) : -1;
    if (!bad && is_exec(cand.data)) return c2h_buf_detach(&cand, NULL);
    c2h_buf_dispose(&cand);
    if (!colon) break;
    s = colon + 1;
  }
  return NULL;
}
