/* The crash journal (cu2hip/journal.h): the file each worker is on and
 * since when, the files earlier attempts crashed on or were stopped on.
 * One fixed-size block of shared memory: no pointers inside, since the two
 * processes map it at the same address only by the accident of fork. (Not
 * the write journal of an output tree, which is cache.c's.) */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "cu2hip/journal.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define SLOTS 64      /* worker threads at most (project.c caps them at 64) */
#define CULPRITS 256  /* files left out after crashes, at most */
#define PATH_MAX_LEN 4096

typedef struct slot {
  int busy; /* set (release) after path and started are written */
  long long started; /* monotonic clock, ms */
  char path[PATH_MAX_LEN];
} slot;

struct c2h_journal {
  int serial;
  unsigned long limit_ms; /* the run's per-file time limit (0: none) */
  unsigned n_culprits;
  int culprit_signal[CULPRITS];             /* 0: stopped at the time limit */
  unsigned long long culprit_ms[CULPRITS]; /* how long a stopped file had run */
  char culprit[CULPRITS][PATH_MAX_LEN];
  slot slots[SLOTS];
};

long long c2h_journal_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

c2h_journal *c2h_journal_new_shared(void) {
  void *p = mmap(NULL, sizeof(c2h_journal), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p; /* anonymous pages start zeroed */
}

void c2h_journal_free(c2h_journal *j) {
  if (j) munmap(j, sizeof *j);
}

void c2h_journal_begin(c2h_journal *j, unsigned slot_no, const char *path) {
  if (!j || slot_no >= SLOTS) return;
  slot *s = &j->slots[slot_no];
  snprintf(s->path, sizeof s->path, "%s", path);
  s->started = c2h_journal_now_ms();
  __atomic_store_n(&s->busy, 1, __ATOMIC_RELEASE);
}

void c2h_journal_end(c2h_journal *j, unsigned slot_no) {
  if (!j || slot_no >= SLOTS) return;
  __atomic_store_n(&j->slots[slot_no].busy, 0, __ATOMIC_RELEASE);
}

int c2h_journal_crashed(const c2h_journal *j, const char *path) {
  if (!j) return 0;
  for (unsigned i = 0; i < j->n_culprits; i++)
    if (j->culprit_signal[i] && strcmp(j->culprit[i], path) == 0) return j->culprit_signal[i];
  return 0;
}

unsigned long long c2h_journal_timed_out(const c2h_journal *j, const char *path) {
  if (!j) return 0;
  for (unsigned i = 0; i < j->n_culprits; i++)
    if (!j->culprit_signal[i] && strcmp(j->culprit[i], path) == 0) return j->culprit_ms[i] ? j->culprit_ms[i] : 1;
  return 0;
}

void c2h_journal_set_limit(c2h_journal *j, unsigned long limit_ms) {
  if (j) __atomic_store_n(&j->limit_ms, limit_ms, __ATOMIC_RELEASE);
}

unsigned long c2h_journal_stop_after_ms(const c2h_journal *j) {
  unsigned long limit = j ? __atomic_load_n(&j->limit_ms, __ATOMIC_ACQUIRE) : 0;
  /* The run itself stops a file at its limit of CPU time wherever it can
   * (between passes, inside long loops): the supervisor is for what it
   * cannot stop, a parse, and counts wall-clock time, which a busy machine
   * stretches. So it waits a quarter of the limit more, and a second. */
  return limit ? limit + limit / 4 + 1000 : 0;
}

int c2h_journal_overdue(c2h_journal *j, long long now_ms, const char **culprit) {
  unsigned long stop = c2h_journal_stop_after_ms(j);
  *culprit = NULL;
  if (!stop || j->n_culprits >= CULPRITS) return 0;
  for (unsigned i = 0; i < SLOTS; i++) {
    slot *s = &j->slots[i];
    if (!__atomic_load_n(&s->busy, __ATOMIC_ACQUIRE)) continue;
    long long ran = now_ms - s->started;
    if (ran < 0 || (unsigned long long)ran < stop) continue;
    unsigned n = j->n_culprits;
    memcpy(j->culprit[n], s->path, PATH_MAX_LEN);
    j->culprit_signal[n] = 0;
    j->culprit_ms[n] = (unsigned long long)ran;
    *culprit = j->culprit[n];
    __atomic_store_n(&j->n_culprits, n + 1, __ATOMIC_RELEASE);
    return 1;
  }
  return 0;
}

void c2h_journal_clear_marks(c2h_journal *j) {
  for (unsigned i = 0; i < SLOTS; i++) j->slots[i].busy = 0;
}

int c2h_journal_serial(const c2h_journal *j) { return j && j->serial; }

int c2h_journal_after_crash(c2h_journal *j, int sig, const char **culprit) {
  unsigned busy = 0, last = 0;
  *culprit = NULL;
  for (unsigned i = 0; i < SLOTS; i++) {
    if (!__atomic_load_n(&j->slots[i].busy, __ATOMIC_ACQUIRE)) continue;
    busy++;
    last = i;
  }
  int again = 0;
  if (busy == 1 && j->n_culprits < CULPRITS) {
    unsigned n = j->n_culprits++;
    memcpy(j->culprit[n], j->slots[last].path, PATH_MAX_LEN);
    j->culprit_signal[n] = sig;
    *culprit = j->culprit[n];
    again = 1;
  } else if (busy > 1 && !j->serial) {
    j->serial = 1; /* the next attempt finds out which one it was */
    again = 1;
  }
  c2h_journal_clear_marks(j);
  return again;
}
