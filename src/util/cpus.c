/* The CPUs this process may run on (cpus.h). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "util/cpus.h"

#include <sched.h>
#include <time.h>
#include <unistd.h>

unsigned c2h_usable_cpus(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return (unsigned)n;
  }
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? (unsigned)online : 1u;
}

unsigned long long c2h_thread_cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (unsigned long long)ts.tv_sec * 1000u + (unsigned long long)ts.tv_nsec / 1000000u;
}
