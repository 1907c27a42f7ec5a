#include <hip/hip_runtime.h>
#include <rccl/rccl.h>

int allreduce(float *buf, size_t count, int nranks, int rank, ncclUniqueId id) {
  ncclComm_t comm;
  hipStream_t stream;
  hipStreamCreate(&stream);
  if (ncclCommInitRank(&comm, nranks, id, rank) != ncclSuccess) return 1;
  ncclAllReduce(buf, buf, count, ncclFloat, ncclSum, comm, stream);
  hipStreamSynchronize(stream);
  ncclCommDestroy(comm);
  hipStreamDestroy(stream);
  return 0;
}
