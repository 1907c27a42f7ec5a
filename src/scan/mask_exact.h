#ifndef C2H_SCAN_MASK_EXACT_H
#define C2H_SCAN_MASK_EXACT_H
/* Proofs that dropping a lane mask loses nothing. HIP before ROCm 7.0 has
 * no mask argument: its warp functions act on the lanes that run them. A
 * mask is exact to drop when every lane that runs the call is in it, and
 * this module proves that from the code around the call rather than from
 * the mask's value alone. */
#include "tokens.h"

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

#endif
