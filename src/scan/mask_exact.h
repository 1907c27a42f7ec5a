#ifndef C2H_SCAN_MASK_EXACT_H
#define C2H_SCAN_MASK_EXACT_H
/* Proofs that dropping a lane mask loses nothing. HIP before ROCm 7.0 has
 * no mask argument: its warp functions act on the lanes that run them. A
 * mask is exact to drop when every lane that runs the call is in it, and
 * this module proves that from the code around the call rather than from
 * the mask's value alone. */
#include "scan.h"

/* Whether every lane that runs the call whose name is token `call` is a
 * lane of the mask spelled by tokens [first, last]: the full mask or
 * __activemask(); `(1 << k) - 1`, `0xffffffff >> (32 - k)` or a constant
 * of k low bits under a guard `lane < k`; a ballot of the guard's own
 * predicate; or a parameter of the enclosing function that every caller
 * in the file passes such a mask. */
int c2h_mask_covers_active(const c2h_scan *s, size_t call, size_t first, size_t last);

/* Whether every use of the variable named at token v within [first, last)
 * (v itself left out) is, alone, the lane mask of a _sync intrinsic or
 * __syncwarp, or, when masks are dropped (`dropped`), an argument of a
 * function of the file that only uses it so: then the value only names
 * lanes. */
int c2h_mask_only_mask_uses(const c2h_scan *s, size_t first, size_t last, size_t v, int dropped);

/* Whether the ballot call whose name is token `call` only produces a lane
 * mask that is dropped: it initialises (or is assigned to) a variable that
 * serves only as lane masks, with masks dropped (ROCm before 7.0). Then
 * its own mask does not matter. */
int c2h_mask_ballot_only_dropped(const c2h_scan *s, size_t call);

/* Whether every thread that reaches token `pos` has run the statement
 * holding token `at` first: `at` comes earlier, in a block that holds pos
 * too, and not under a condition or loop of its own within that block,
 * with no conditional directive (#if) in the function before pos. fb: the
 * first token of the function holding both. */
int c2h_tok_runs_before(const c2h_scan *s, size_t at, size_t pos, size_t fb);

/* Whether tokens [a, b) hold a conditional directive (#if, #ifdef, #else,
 * ...) at the start of a line. */
int c2h_tok_has_conditional(const c2h_scan *s, size_t a, size_t b);

#endif
