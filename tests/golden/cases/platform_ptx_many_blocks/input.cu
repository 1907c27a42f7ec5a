// Each branch HIP never compiles gets its one inline-PTX note, however many
// such branches the file has (here 34, each with two asm statements).
#include <cuda_runtime.h>

#ifndef USE_ROCM
__device__ unsigned lane0() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane1() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane2() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane3() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane4() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane5() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane6() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane7() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane8() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane9() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane10() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane11() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane12() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane13() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane14() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane15() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane16() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane17() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane18() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane19() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane20() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane21() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane22() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane23() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane24() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane25() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane26() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane27() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane28() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane29() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane30() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane31() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane32() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
#ifndef USE_ROCM
__device__ unsigned lane33() { unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
#endif
