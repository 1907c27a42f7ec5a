#ifndef C2H_UTIL_STALE_TEMPS_H
#define C2H_UTIL_STALE_TEMPS_H
/* Temporaries a killed run left behind. Every file cu2hip writes goes
 * first to `.NAME.c2h-PID-XXXXXX` beside its target (file.c); a run killed
 * between creating it and renaming it (SIGINT, SIGKILL) leaves it there.
 * The next run removes those whose process is gone. */
#include <stddef.h>

/* Whether name (a base name in dir) is such a temporary and stale: its
 * process no longer runs, or (a name without a process id, from older
 * versions) it is more than an hour old. */
int c2h_temp_stale(const char *dir, const char *name);

/* Removes the stale temporaries in dir, and with recursive in its folders
 * (links are not followed). Returns how many were removed. */
size_t c2h_remove_stale_temps(const char *dir, int recursive);

#endif
