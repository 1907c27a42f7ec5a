#ifndef CU2HIP_JOURNAL_H
#define CU2HIP_JOURNAL_H
/* A crash journal: what a run is working on, kept in memory that a
 * supervising process shares with it, so that when the run dies of a crash
 * no handler could catch (a stack overflow inside libclang, say), the
 * supervisor knows which file did it and can start the run again with that
 * file left as it is and reported (check `parse-crash`). It also lets the
 * supervisor stop a file that runs past the per-file time limit where the
 * run cannot stop it (inside libclang's parse): the run is killed and
 * started again with that file left as it is (check `time-limit`).
 *
 * The run side (c2h_project_run, through c2h_project_options.journal) marks
 * each worker's current file; the supervisor side reads the marks after the
 * run died and records the culprits for the next attempt. */
#ifdef __cplusplus
extern "C" {
#endif

typedef struct c2h_journal c2h_journal;

/* Shared, anonymous memory: made before fork(), seen by both processes.
 * Free with c2h_journal_free in each. NULL when it cannot be mapped. */
c2h_journal *c2h_journal_new_shared(void);
void c2h_journal_free(c2h_journal *j);

/* Run side. slot: the worker's number (0-based); begin before a file is
 * read, end after its result is safe. */
void c2h_journal_begin(c2h_journal *j, unsigned slot, const char *path);
void c2h_journal_end(c2h_journal *j, unsigned slot);
/* The signal a previous attempt died of while working on path, or 0. */
int c2h_journal_crashed(const c2h_journal *j, const char *path);
/* Whether the next attempt must run one file at a time (a crash happened
 * while several files were in progress, so the culprit is not known). */
int c2h_journal_serial(const c2h_journal *j);

/* How long a previous attempt had spent on path when the supervisor stopped
 * it at the time limit (ms, at least 1), or 0. */
unsigned long long c2h_journal_timed_out(const c2h_journal *j, const char *path);
/* Run side: the per-file time limit (ms, 0: none), for the supervisor. */
void c2h_journal_set_limit(c2h_journal *j, unsigned long limit_ms);

/* Supervisor side. The wall-clock time after which a file still in
 * progress is stopped (ms, 0: never): the limit, plus a margin for the
 * run's own CPU-time check to act first. */
unsigned long c2h_journal_stop_after_ms(const c2h_journal *j);
/* Whether some file has been in progress longer than that at now_ms (the
 * monotonic clock, c2h_journal_now_ms): then it is recorded as stopped at
 * the limit, *culprit names it, and 1 is returned; the caller kills the
 * run, and calls c2h_journal_clear_marks once it is dead. */
int c2h_journal_overdue(c2h_journal *j, long long now_ms, const char **culprit);
void c2h_journal_clear_marks(c2h_journal *j);
long long c2h_journal_now_ms(void);

/* Supervisor side, after the run died of signal sig: records the culprit
 * (the only file in progress) and returns 1; or, when several files were
 * in progress, asks for a one-at-a-time attempt and returns 1; returns 0
 * when nothing more can be done (no file was in progress, or the journal
 * is full). *culprit is the file recorded, or NULL. Clears the marks. */
int c2h_journal_after_crash(c2h_journal *j, int sig, const char **culprit);

#ifdef __cplusplus
}
#endif
#endif
