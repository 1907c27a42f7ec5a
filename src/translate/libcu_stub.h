/* The parse stub's declarations of libcu++'s atomics (<cuda/atomic>,
 * <cuda/std/atomic>). */
#ifndef C2H_TRANSLATE_LIBCU_STUB_H
#define C2H_TRANSLATE_LIBCU_STUB_H

/* The text the parse stub of CUDA header `header` holds besides the shim,
 * or NULL when it needs none. Static storage. */
const char *c2h_libcu_stub(const char *header);

#endif
