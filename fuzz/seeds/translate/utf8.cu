#include <cuda.h>
​
int été = cudaSuccess; const char *s = "cudaMalloc\
";
