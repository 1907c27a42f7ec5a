#ifndef C2H_SCAN_MASK_VALUE_H
#define C2H_SCAN_MASK_VALUE_H
/* The value of a warp lane mask argument, followed through the names that
 * spell it: macros, const/constexpr variables, enumerators and local
 * variables that are never assigned after their declaration. */
#include "tokens.h"

typedef enum c2h_mask_kind {
  C2H_MASK_UNKNOWN, /* a parameter, a computed value, a ballot result, ... */
  C2H_MASK_PARTIAL, /* a constant that leaves lanes out (0x0000ffff) */
  C2H_MASK_FULL32,  /* every lane of a 32-lane warp: 0xffffffff, ~0u, 32-bit -1 */
  C2H_MASK_FULL64,  /* every lane of a wavefront: 0xffffffffffffffffULL, ~0ull, -1 into 64 bits */
  C2H_MASK_ACTIVE   /* __activemask(): the lanes that run the call */
} c2h_mask_kind;

typedef struct c2h_mask_value {
  c2h_mask_kind kind;
  /* When the argument is a name defined in this file: the name's token at
   * the definition, and the tokens a widening rewrites. n_toks otherwise. */
  size_t def_name;
  int is_macro;
  size_t value_first, value_last; /* the macro's value or the initialiser */
  size_t type_first, type_last;   /* a variable's integer type words; n_toks when
                                     not rewritable (auto, several declarators) */
  unsigned width; /* the value's type width in bits (32, 64); 0 when not known */
  unsigned long long value; /* as a 64-bit mask holds it, when width is known */
} c2h_mask_value;

/* Resolves the mask spelled by tokens [first, last]. */
void c2h_mask_resolve(const c2h_scan *s, size_t first, size_t last, c2h_mask_value *out);

/* The one definition of the name at token u that c2h_mask_resolve follows
 * (a #define, a const/constexpr variable or enumerator, or a local
 * variable never written after its declaration): its name token and its
 * value's tokens. 0 when there is none or more than one. */
int c2h_mask_name_value(const c2h_scan *s, size_t u, size_t *def, size_t *value_first, size_t *value_last);
#endif
