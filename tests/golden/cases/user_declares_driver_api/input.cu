// The names below come from the project's own header, not from CUDA: they
// stay as they are, in the header and in the files that use them.
#include <stdio.h>
#include "drv_stub.h"

typedef enum local_limit_enum {
  CU_LIMIT_STACK_SIZE = 0,
  CU_LIMIT_PRINTF_FIFO_SIZE = 1
} local_limit;

/* Spelled like the CUDA enum itself (tag and enumerators). */
typedef enum CUevent_flags_enum {
  CU_EVENT_DEFAULT = 0,
  CU_EVENT_BLOCKING_SYNC = 1
} CUevent_flags;

drv_init_fn cuInit;
drv_device_get_fn cuDeviceGet;

static unsigned pick_flags(int spin) {
  return spin ? CU_CTX_SCHED_SPIN : (CU_CTX_SCHED_AUTO | CU_CTX_MAP_HOST);
}

int start(void) {
  CUdevice dev = 0;
  if (!cuInit || cuInit(pick_flags(1)) == CUDA_ERROR_INVALID_VALUE) return -1;
  if (cuDeviceGet(&dev, 0) != 0) return -1;
  printf("device %d, limit kind %d, event flags %d\n", dev, (int)CU_LIMIT_PRINTF_FIFO_SIZE,
         (int)CU_EVENT_BLOCKING_SYNC);
  return dev;
}
