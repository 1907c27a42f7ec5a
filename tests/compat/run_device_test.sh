#!/bin/sh
# run_device_test.sh WORK: compiles every function of cu2hip_compat.h for
# gfx942 (tests/compat/compat_device.hip), then compiles
# tests/compat/compat_atomics_ir.hip to LLVM IR and checks that each of its
# kernels has the atomic operation, memory order and synchronisation scope
# that CUDA's __nv_atomic_* call (or libcu++ atomic) asks for. Skipped (77) without clang++-19
# and the HIP headers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$1
clang=${HIP_CLANG:-clang++-19}
command -v "$clang" >/dev/null 2>&1 || { echo "run_device_test.sh: no $clang; skipped"; exit 77; }
[ -f "${ROCM_PATH:-/usr}/include/hip/hip_runtime.h" ] || { echo "run_device_test.sh: no HIP headers; skipped"; exit 77; }
mkdir -p "$work"
sh "$here/../compile/hip_compile.sh" --device-libs "$work/device-libs" "$here/compat_device.hip"

# The atomics, with the device libraries hip_compile.sh made.
"$clang" -x hip --offload-arch=gfx942 --rocm-path="${ROCM_PATH:-/usr}" --rocm-device-lib-path="$work/device-libs" \
  -std=c++17 --cuda-device-only -O2 -S -emit-llvm "$here/compat_atomics_ir.hip" -o "$work/atomics.ll"
failed=0
# kernel|the IR line its atomic must match (grep -E)
while IFS='|' read -r kernel want; do
  body=$(awk -v k="@$kernel(" 'index($0, "define") == 1 && index($0, k) { on = 1 } on { print } on && /^}/ { exit }' \
    "$work/atomics.ll")
  if [ -z "$body" ]; then
    echo "FAIL $kernel: not in the IR"; failed=1
  elif ! printf '%s\n' "$body" | grep -Eq "$want"; then
    echo "FAIL $kernel: no line matching '$want'"; printf '%s\n' "$body" | grep -E 'atomic|cmpxchg|fence' || true
    failed=1
  fi
done <<'TABLE'
relaxed_device_add|atomicrmw add .* syncscope\("agent-one-as"\) monotonic
release_thread_or|atomicrmw or .* syncscope\("workgroup-one-as"\) release
acquire_block_xor|atomicrmw xor .* syncscope\("workgroup-one-as"\) acquire
acquire_cluster_and|atomicrmw and .* i64 1 syncscope\("agent-one-as"\) acquire
acq_rel_default_sub|atomicrmw sub .* syncscope\("one-as"\) acq_rel
literal_relaxed_device_min|atomicrmw min .* syncscope\("agent-one-as"\) monotonic
seq_cst_system_max|atomicrmw max .* i64 3 seq_cst
relaxed_block_float_add|atomicrmw fadd .* float .* syncscope\("workgroup-one-as"\) monotonic
acquire_device_load|load atomic i32, .* syncscope\("agent-one-as"\) acquire
release_block_store|store atomic i32 5, .* syncscope\("workgroup-one-as"\) release
acq_rel_device_exchange|atomicrmw xchg .* syncscope\("agent-one-as"\) acq_rel
release_acquire_cas|cmpxchg .* syncscope\("agent-one-as"\) acq_rel acquire
seq_cst_struct_cas|cmpxchg .* i64 .* syncscope\("workgroup"\) seq_cst seq_cst
acquire_struct_load|load atomic i64, .* syncscope\("agent-one-as"\) acquire
acquire_block_fence|fence syncscope\("workgroup"\) acquire
seq_cst_system_fence|fence seq_cst
ref_relaxed_thread_add|atomicrmw add .* syncscope\("workgroup-one-as"\) monotonic
ref_release_block_store|store atomic i64 6, .* syncscope\("workgroup-one-as"\) release
ref_acquire_device_float_max|atomicrmw fmax .* float .* syncscope\("agent-one-as"\) acquire
ref_seq_cst_system_double_add|atomicrmw fadd .* double .* seq_cst
ref_acq_rel_device_cas|cmpxchg .* syncscope\("agent-one-as"\) acq_rel acquire
owned_relaxed_device_sub|atomicrmw sub .* syncscope\("agent-one-as"\) monotonic
ref_release_device_fence|fence syncscope\("agent"\) release
TABLE
# A relaxed fence orders nothing: no fence at all.
if awk 'index($0, "define") == 1 && index($0, "@relaxed_fence(") { on = 1 } on { print } on && /^}/ { exit }' \
    "$work/atomics.ll" | grep -Eq '^[[:space:]]+fence'; then
  echo "FAIL relaxed_fence: a relaxed fence emitted one"; failed=1
fi
[ "$failed" = 0 ] && echo "ok     __nv_atomic_* orders and scopes in the gfx942 IR"
exit "$failed"
