/* The crash journal (cu2hip/journal.h). One fixed-size block of shared
 * memory: no pointers inside, since the two processes map it at the same
 * address only by the accident of fork. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "cu2hip/journal.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define SLOTS 64      /* worker threads at most (project.c caps them at 64) */
#define CULPRITS 256  /* files left out after crashes, at most */
#define PATH_MAX_LEN 4096

typedef struct slot {
  int busy; /* set (release) after path is written */
  char path[PATH_MAX_LEN];
} slot;

struct c2h_journal {
  int serial;
  unsigned n_culprits;
  int culprit_signal[CULPRITS];
  char culprit[CULPRITS][PATH_MAX_LEN];
  slot slots[SLOTS];
};

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
  __atomic_store_n(&s->busy, 1, __ATOMIC_RELEASE);
}

void c2h_journal_end(c2h_journal *j, unsigned slot_no) {
  if (!j || slot_no >= SLOTS) return;
  __atomic_store_n(&j->slots[slot_no].busy, 0, __ATOMIC_RELEASE);
}

int c2h_journal_crashed(const c2h_journal *j, const char *path) {
  if (!j) return 0;
  for (unsigned i = 0; i < j->n_culprits; i++)
    if (strcmp(j->culprit[i], path) == 0) return j->culprit_signal[i];
  return 0;
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
  for (unsigned i = 0; i < SLOTS; i++) j->slots[i].busy = 0;
  return again;
}
