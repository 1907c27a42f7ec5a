// A plain enum of the program's own, spelled like the driver's context
// flags: the program's names, left alone.
enum CUctx_flags_enum { CU_CTX_SCHED_AUTO = 0, CU_CTX_SCHED_SPIN = 1 };

int pick(int spin) { return spin ? CU_CTX_SCHED_SPIN : CU_CTX_SCHED_AUTO; }
