#!/usr/bin/env bash
# Per-file and per-process speed of cu2hip against a baseline binary, both
# measured in the same run (interleaved, so machine load hits both alike),
# reported as ratios. Numbers are never pass/fail.
#
# usage: bench/speed.sh BASELINE_CU2HIP [NEW_CU2HIP] [--files N] [--rounds R]
#   BASELINE_CU2HIP  an older build to compare with (e.g. one built from an
#                    earlier commit: git worktree add /tmp/old REV; cmake ...)
#   NEW_CU2HIP       default build/cu2hip
#
# Corpus: N files (default 60) from bench/gen_corpus.py, each including 2-6
# of the usual C/C++ headers. Rows:
#   one process, one core   cu2hip -q --jobs 1 -o OUT corpus/ under taskset -c 0
#                           (new: with a warm on-disk parse cache, and with
#                           --no-parse-cache)
#   one process per file    cu2hip -q FILE >/dev/null for every file, one after
#                           another (new: warm cache); total and per file
#   a 100-line file         the median wall time of one process on one file
#   -j2 / -j1               wall-time speed-up of the second worker (new)
# Each row keeps the best of R rounds (default 3) of wall time; CPU time is
# that run's user+sys.
set -u
usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
old=$1
shift
new=$here/../build/cu2hip
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then new=$1; shift; fi
files=60 rounds=3
while [ $# -gt 0 ]; do
  case $1 in
    --files) files=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) usage ;;
  esac
done
for t in "$old" "$new"; do [ -x "$t" ] || { echo "speed.sh: $t is not executable" >&2; exit 2; }; done
work=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-speed.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_corpus.py" "$work/corpus" --files "$files" >&2
# A 100-line file: the first 100 lines of a generated one, cut at a blank
# line so that it still parses.
small=$work/small.cu
awk 'NR > 100 && /^$/ { exit } { print }' "$(ls "$work"/corpus/*.cu | head -1)" >"$small"
export CU2HIP_CACHE_DIR=$work/parse-cache
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

# measure NAME CMD...: wall and CPU seconds of one run, appended to $work/NAME.
measure() {
  local name=$1 t0 t1 c0 c1
  shift
  c0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  c1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  awk -v a="$t0" -v b="$t1" -v c="$c0" -v d="$c1" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "%.4f %.4f\n", b - a, (d - c) / hz }' >>"$work/$name"
}
one_process() { rm -rf "$work/out"; "${pin[@]}" "$1" -q --jobs 1 "${@:2}" -o "$work/out" "$work/corpus"; }
jobs_run() { rm -rf "$work/out"; "$1" -q --jobs "$2" --no-incremental -o "$work/out" "$work/corpus"; }
per_file() { for f in "$work"/corpus/*.cu; do "$1" -q "$f"; done; }
small_file() { "$1" -q "$small"; }

# Warm the new build's parse cache (and the page cache for both).
one_process "$new"
one_process "$old"
for r in $(seq 1 "$rounds"); do
  echo "round $r/$rounds" >&2
  measure old-one one_process "$old"
  measure new-one one_process "$new"
  measure new-one-nocache one_process "$new" --no-parse-cache
  measure old-per per_file "$old"
  measure new-per per_file "$new"
  for i in 1 2 3 4 5; do
    measure old-small small_file "$old"
    measure new-small small_file "$new"
  done
  measure new-j1 jobs_run "$new" 1
  measure new-j2 jobs_run "$new" 2
done
best() { sort -n "$work/$1" | head -1; }
median() { sort -n "$work/$1" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
row() { # label name
  set -- "$1" $(best "$2")
  printf '%-44s %8.2f s wall %8.2f s CPU\n' "$1" "$2" "$3"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
div() { awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { printf f, a / b }'; }
echo
echo "corpus: $files generated files, $(cat "$work"/corpus/*.cu | wc -l) lines; best of $rounds rounds"
row "baseline: one process, one core" old-one
row "new: one process, one core (warm cache)" new-one
row "new: one process, one core (--no-parse-cache)" new-one-nocache
row "baseline: one process per file (total)" old-per
row "new: one process per file (total, warm)" new-per
row "new: --jobs 1" new-j1
row "new: --jobs 2" new-j2
ow=$(best old-one | cut -d' ' -f1) nw=$(best new-one | cut -d' ' -f1) nn=$(best new-one-nocache | cut -d' ' -f1)
op=$(best old-per | cut -d' ' -f1) np=$(best new-per | cut -d' ' -f1)
j1=$(best new-j1 | cut -d' ' -f1) j2=$(best new-j2 | cut -d' ' -f1)
echo
echo "one process, one core: $(ratio "$ow" "$nw")x faster than the baseline (warm cache), $(ratio "$ow" "$nn")x without the cache; $(div "$files" "$nw" %.1f) files/s"
echo "one process per file:  $(ratio "$op" "$np")x faster in total; $(div "$np" "$files" %.3f) s per file (baseline $(div "$op" "$files" %.3f) s)"
echo "a $(wc -l <"$small")-line file, one process: median $(median new-small | xargs printf '%.3f') s wall (baseline $(median old-small | xargs printf '%.3f') s)"
echo "--jobs 2 over --jobs 1: $(ratio "$j1" "$j2")x"
