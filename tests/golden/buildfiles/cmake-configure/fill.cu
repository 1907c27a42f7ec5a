__global__ void k(float*p){p[threadIdx.x]=1.f;}
