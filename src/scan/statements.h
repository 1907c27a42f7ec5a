#ifndef C2H_SCAN_STATEMENTS_H
#define C2H_SCAN_STATEMENTS_H
/* Statements over tokens (statements.c): where an initialiser ends,
 * whether a name is written, whether one statement always runs before
 * another. What the passes that follow a variable's value need, below any
 * of them. */
#include "tokens.h"

/* The end of an initialiser starting at token a: the `;` or top-level `,`
 * (or unmatched closing bracket) after it; n_toks when none. */
size_t c2h_tok_init_end(const c2h_scan *s, size_t a);

/* Whether the identifier at u is written there (assigned, incremented, its
 * address taken) rather than read. */
int c2h_tok_written(const c2h_scan *s, size_t u);

/* Whether every thread that reaches token `pos` has run the statement
 * holding token `at` first: `at` comes earlier, in a block that holds pos
 * too, and not under a condition or loop of its own within that block,
 * with no conditional directive (#if) in the function before pos. fb: the
 * first token of the function holding both. */
int c2h_tok_runs_before(const c2h_scan *s, size_t at, size_t pos, size_t fb);

#endif
