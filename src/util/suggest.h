#ifndef C2H_UTIL_SUGGEST_H
#define C2H_UTIL_SUGGEST_H
/* "Did you mean ...?": the known names closest to a mistyped one. */
#include <stddef.h>
#include <stdio.h>

#define C2H_SUGGEST_MAX 3

/* Edit distance between a and b ignoring ASCII case: insertions, deletions,
 * substitutions and swaps of two neighbouring characters cost 1 each.
 * Returns limit + 1 as soon as the distance is known to exceed limit. */
size_t c2h_edit_distance(const char *a, const char *b, size_t limit);

/* Collects the candidates closest to `typed` that are close enough to be a
 * typo of it (a distance of about a third of its length, 1 to 3). Names
 * are not copied: they must outlive the struct. */
typedef struct c2h_suggest {
  const char *typed;
  size_t limit;                       /* largest distance still suggested */
  size_t best;                        /* distance of the names kept */
  const char *names[C2H_SUGGEST_MAX]; /* in the order added */
  size_t n;
} c2h_suggest;

void c2h_suggest_init(c2h_suggest *s, const char *typed);

/* Considers one known name; an exact match (case included) is ignored. */
void c2h_suggest_add(c2h_suggest *s, const char *candidate);

/* Writes "; did you mean A?" (or "A or B", "A, B or C"), each name after
 * `prefix` ("--" for options); nothing when there is no suggestion.
 * Returns the number of names written. */
size_t c2h_suggest_print(FILE *out, const c2h_suggest *s, const char *prefix);

/* The same text into buf (always terminated; "" when there is none), for
 * messages built before they are printed. */
size_t c2h_suggest_format(char *buf, size_t size, const c2h_suggest *s, const char *prefix);

#endif
