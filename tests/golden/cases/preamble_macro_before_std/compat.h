#ifndef COMPAT_H
#define COMPAT_H
#include <vector>
// The old name of a helper that became the standard one.
#define accumulate sum_range
#include <numeric>
#endif
