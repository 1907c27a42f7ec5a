#ifndef CU2HIP_JOURNAL_H
#define CU2HIP_JOURNAL_H
/* A crash journal: what a run is working on, kept in memory that a
 * supervising process shares with it, so that when the run dies of a crash
 * no handler could catch (a stack overflow inside libclang, say), the
 * supervisor knows which file did it and can start the run again with that
 * file left as it is and reported (check `parse-crash`).
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
