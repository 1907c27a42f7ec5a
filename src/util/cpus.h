#ifndef C2H_UTIL_CPUS_H
#define C2H_UTIL_CPUS_H
/* How many CPUs this process may run on: the count of its affinity mask
 * (taskset, a container's or CI runner's cpuset), else the online CPUs;
 * at least 1. Default worker counts come from it, so that a process held
 * to one core does not run two workers on it. */
unsigned c2h_usable_cpus(void);

/* CPU time of the calling thread in milliseconds, not wall time: a file's
 * time limit must not depend on how busy the machine is. */
unsigned long long c2h_thread_cpu_ms(void);

#endif
