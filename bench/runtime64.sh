#!/usr/bin/env bash
# runtime64.sh: translate real self-checking CUDA programs, build them
# against the HIP CPU runtime (64-lane wavefronts) with `cu2hip run`, and
# run them: one line per program with the result of the --wave64=report
# translation and of the default translation, then totals. Results: PASS
# (exit 0), FAIL (exit N), cannot-build (what the CPU runtime lacks),
# does-not-build (first compiler error), timeout. See bench/README.md.
#
# usage: bench/runtime64.sh [--cu2hip PATH] [--timeout SEC] [--work DIR] [NAME...]
#   NAME: run only the programs whose name contains NAME
# Needs the corpus in $CU2HIP_FIXTURES/corpus and HIP-CPU in
# $HIP_CPU_PATH or $CU2HIP_FIXTURES/hip-cpu.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cu2hip=$here/../build/cu2hip
limit=600
work=
filters=()
while [ $# -gt 0 ]; do
  case $1 in
    --cu2hip) cu2hip=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) filters+=("$1"); shift ;;
  esac
done
fixtures=${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}
samples=$fixtures/corpus/cuda-samples
[ -d "$samples/Samples" ] || { echo "runtime64.sh: no cuda-samples in $fixtures/corpus" >&2; exit 2; }
[ -x "$cu2hip" ] || { echo "runtime64.sh: no cu2hip at $cu2hip (--cu2hip PATH)" >&2; exit 2; }
[ -n "$work" ] || work=$(mktemp -d "${TMPDIR:-/tmp}/runtime64.XXXXXX")
mkdir -p "$work"

# NAME|FOLDER below Samples|program arguments (small inputs: the CPU runs
# every thread of every block).
programs=(
  "simpleVoteIntrinsics|0_Introduction/simpleVoteIntrinsics|"
  "vectorAdd|0_Introduction/vectorAdd|"
  "simpleAtomicIntrinsics|0_Introduction/simpleAtomicIntrinsics|"
  "simpleTemplates|0_Introduction/simpleTemplates|"
  "asyncAPI|0_Introduction/asyncAPI|"
  "matrixMul|0_Introduction/matrixMul|-wA=128 -hA=128 -wB=128 -hB=128"
  "mergeSort|0_Introduction/mergeSort|"
  "shfl_scan|2_Concepts_and_Techniques/shfl_scan|"
  "reduction|2_Concepts_and_Techniques/reduction|--n=262144"
  "threadFenceReduction|2_Concepts_and_Techniques/threadFenceReduction|--n=262144"
  "scalarProd|2_Concepts_and_Techniques/scalarProd|"
  "sortingNetworks|2_Concepts_and_Techniques/sortingNetworks|"
  "histogram|2_Concepts_and_Techniques/histogram|"
  "scan|2_Concepts_and_Techniques/scan|"
  "inlinePTX|2_Concepts_and_Techniques/inlinePTX|"
  "warpAggregatedAtomicsCG|3_CUDA_Features/warpAggregatedAtomicsCG|"
  "binaryPartitionCG|3_CUDA_Features/binaryPartitionCG|"
)

# --wave64 exists only once the translation rewrites are in.
if "$cu2hip" --help 2>&1 | grep -q -- '--wave64'; then
  report_opt=(--wave64=report)
  note=""
else
  report_opt=()
  note="note: this cu2hip has no --wave64 option: the report column is the default translation"
fi

# result OUT CODE: the one-word result of a run, with its reason.
result() {
  local out=$1 code=$2
  case $code in
    0) echo "PASS" ;;
    124) echo "timeout" ;;
    125) echo "cannot-build ($(grep -m1 'cannot build for the CPU runtime' "$out" | sed 's/.* uses //'))" ;;
    126) echo "does-not-build ($(sed -n '/does not build against the CPU runtime/,$p' "$out" | tail -n +2 |
                                 grep -m1 'error:' | sed 's/^.*error: //' | cut -c1-70))" ;;
    *) echo "FAIL (exit $code)" ;;
  esac
}

printf '%-26s %-40s %s\n' "program" "--wave64=report" "default"
declare -A total
start=$SECONDS
for entry in "${programs[@]}"; do
  IFS='|' read -r name folder args <<<"$entry"
  if [ ${#filters[@]} -gt 0 ]; then
    keep=0
    for f in "${filters[@]}"; do [[ $name == *"$f"* ]] && keep=1; done
    [ $keep = 1 ] || continue
  fi
  [ -d "$samples/Samples/$folder" ] || { printf '%-26s %s\n' "$name" "(not in the corpus)"; continue; }
  cols=()
  for mode in report default; do
    opts=()
    [ $mode = report ] && opts=("${report_opt[@]}")
    out=$work/$name.$mode.log
    # shellcheck disable=SC2086 # program arguments are words
    timeout "$limit" "$cu2hip" run -q --build-dir "$work/$name.$mode" "${opts[@]}" -I "$samples/Common" \
      "$samples/Samples/$folder" "$samples/Common/helper_cuda.h" "$samples/Common/helper_functions.h" \
      -- $args >"$out" 2>&1
    r=$(result "$out" $?)
    cols+=("$r")
    total[$mode.${r%% *}]=$(( ${total[$mode.${r%% *}]:-0} + 1 ))
  done
  printf '%-26s %-40s %s\n' "$name" "${cols[0]}" "${cols[1]}"
done
for mode in report default; do
  line="$mode:"
  for k in PASS FAIL cannot-build does-not-build timeout; do line+=" $k ${total[$mode.$k]:-0}"; done
  echo "$line"
done
echo "time: $((SECONDS - start)) s; logs and build folders in $work"
[ -n "$note" ] && echo "$note"
exit 0
