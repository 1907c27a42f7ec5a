# Sourced by the cu2hip run tests, with $work set: finds the HIP CPU runtime
# ($HIP_CPU_PATH, else $CU2HIP_FIXTURES/hip-cpu) and libtbb, exports
# HIP_CPU_PATH, makes $work afresh, and skips (exit 77) when either is absent.
hipcpu=${HIP_CPU_PATH:-${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}/hip-cpu}
[ -f "$hipcpu/include/hip/hip_runtime.h" ] || {
  echo "$(basename "$0"): no HIP CPU runtime at $hipcpu (set HIP_CPU_PATH); skipped"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
printf 'int main(){return 0;}\n' >"$work/tbb.cpp"
${CXX:-g++} "$work/tbb.cpp" -o "$work/tbb" -ltbb >/dev/null 2>&1 || {
  echo "$(basename "$0"): libtbb is not installed (libtbb-dev); skipped"; exit 77; }
export HIP_CPU_PATH=$hipcpu
