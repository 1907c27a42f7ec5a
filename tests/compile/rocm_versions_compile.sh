#!/usr/bin/env bash
# rocm_versions_compile.sh [--all] CU2HIP FIXTURES WORK GOLDEN_CASES EXAMPLES NEWER
#
# Every golden case (GOLDEN_CASES/*/input.*, with its args file) and every
# example (EXAMPLES/*.cu) is translated three times and compiled for gfx942
# (device pass only: a real code-object compile, whose semantic checks also
# cover the host code):
#   5.2       --rocm-version 5.2 against the installed HIP 5.2 headers (/usr);
#   6.3       --rocm-version 6.3 against FIXTURES/rocm-6.3;
#   7.0+sync  --rocm-version 7.0 against FIXTURES/rocm-6.3 with
#             -DHIP_ENABLE_WARP_SYNC_BUILTINS (the _sync warp functions as
#             ROCm 7.0 enables them: 64-bit lane masks are enforced).
# A golden's own --rocm-version argument is replaced by the one above.
# NEWER/*.cu are programs for libraries whose headers only FIXTURES/rocm-6.3
# has (hipBLAS): translated and compiled at 6.3 and 7.0+sync only.
# Compiles against FIXTURES/rocm-6.3 get rocm63_extras.h (beside this script)
# in front: what that set-up lacks (a device-library function of HIP 6.3,
# and ROCm 7.0's __syncwarp), see there.
#
# Every input compiles at 5.2 except the goldens listed, with a reason, in
# golden_no_compile.txt beside this script; those are not compiled at 6.3 and
# 7.0. Everything that compiles at 5.2 must compile at 6.3 and at 7.0+sync. A
# listed golden that compiles at 5.2 fails the test too (the list is kept
# exact). --all compiles every input at every version and only prints the
# counts (to measure).
#
# Exit status: 0 pass, 1 failure, 2 usage or setup error, 77 skipped (no
# FIXTURES/rocm-6.3, no clang++-19). Environment: HIP_CLANG (default
# clang++-19), JOBS (parallel jobs, default 2).
set -u
prog=rocm_versions_compile.sh
all=0
if [ "${1:-}" = --all ]; then all=1; shift; fi
[ $# -eq 6 ] || { echo "usage: $prog [--all] CU2HIP FIXTURES WORK GOLDEN_CASES EXAMPLES NEWER" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
cu2hip=$1 fixtures=$2 work=$3 goldens=$4 examples=$5 newer=$6
# Tasks run in other directories: make the paths absolute.
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
cu2hip=$(abs "$cu2hip") fixtures=$(abs "$fixtures") work=$(abs "$work")
goldens=$(abs "$goldens") examples=$(abs "$examples") newer=$(abs "$newer")
rocm=$fixtures/rocm-6.3
if [ ! -f "$rocm/include/hip/hip_runtime.h" ]; then
    echo "$prog: skipped: no HIP 6.3 headers at $rocm (test fixtures; see docs/fixtures.md)"
    exit 77
fi
clang=${HIP_CLANG:-clang++-19}
command -v "$clang" >/dev/null 2>&1 || { echo "$prog: no $clang; skipped"; exit 77; }
[ -f /usr/include/hip/hip_runtime.h ] || { echo "$prog: no HIP 5.2 headers in /usr/include; skipped"; exit 77; }
jobs=${JOBS:-2}
devlibs=$work/device-libs
mkdir -p "$work" || exit 2
"$here/make_device_libs.sh" "$devlibs" >/dev/null || { echo "$prog: cannot make $devlibs" >&2; exit 2; }
rm -rf "$work/out"

declare -A skip skip70
while read -r name reason; do
    case $name in ''|'#'*) continue ;; esac
    # NAME@7.0: compiles at 5.2 and 6.3, where the _sync calls lose their
    # masks, and not at 7.0, whose 64-bit lane masks it breaks on purpose.
    case $name in *@7.0) name=${name%@7.0}; [ -d "$goldens/$name" ] || { echo "$prog: golden_no_compile.txt: no golden case '$name'" >&2; exit 1; }; skip70[$name]=1; continue ;; esac
    [ -d "$goldens/$name" ] || { echo "$prog: golden_no_compile.txt: no golden case '$name'" >&2; exit 1; }
    [ -n "$reason" ] || { echo "$prog: golden_no_compile.txt: '$name' has no reason" >&2; exit 1; }
    skip[$name]=1
done <"$here/golden_no_compile.txt"

configs="5.2 6.3 7.0"
# One line per translation: CONFIG KIND NAME.
tasks=$work/tasks
: >"$tasks"
for d in "$goldens"/*/; do
    name=$(basename "$d")
    for v in $configs; do
        if [ "$v" != 5.2 ] && [ -n "${skip[$name]:-}" ] && [ $all = 0 ]; then continue; fi
        if [ "$v" = 7.0 ] && [ -n "${skip70[$name]:-}" ] && [ $all = 0 ]; then continue; fi
        echo "$v golden $name" >>"$tasks"
    done
done
for f in "$examples"/*.cu; do
    for v in $configs; do echo "$v example $(basename "$f")" >>"$tasks"; done
done
for f in "$newer"/*.cu; do
    for v in 6.3 7.0; do echo "$v newer $(basename "$f")" >>"$tasks"; done
done

# Translates and compiles one task; prints "ok|FAILED CONFIG KIND NAME".
one() {
    local v=$1 kind=$2 name=$3 dir out args=() line input
    dir=$work/out/$v/$kind/$name
    mkdir -p "$dir"
    if [ "$kind" = golden ]; then
        cp -p "$goldens/$name"/* "$dir/"
        rm -f "$dir"/expected.*
        if [ -f "$dir/args" ]; then
            while IFS= read -r line || [ -n "$line" ]; do
                line=${line%$'\r'}
                case $line in ''|--rocm-version*) ;; *) args+=("$line") ;; esac
            done <"$dir/args"
        fi
        input=$(cd "$dir" && ls input.*)
    else
        if [ "$kind" = example ]; then cp -p "$examples/$name" "$dir/"; else cp -p "$newer/$name" "$dir/"; fi
        input=$name
    fi
    # The translation replaces the input, so headers it includes stay beside it.
    (cd "$dir" && "$cu2hip" -q --fail-on=never ${args[@]+"${args[@]}"} --rocm-version "$v" "$input" \
        >"$dir/translated" 2>"$dir/log")
    if [ $? -ge 2 ]; then echo "FAILED $v $kind $name (cu2hip)"; return; fi
    mv "$dir/translated" "$dir/$input"
    # A translation on stdout that uses cu2hip_compat.h needs it beside it.
    if grep -q '^#include "cu2hip_compat.h"' "$dir/$input"; then
        "$cu2hip" compat-header >"$dir/cu2hip_compat.h" || { echo "FAILED $v $kind $name (compat-header)"; return; }
    fi
    # -I the case's folder: a golden's `-I .` names it for the translation.
    local flags=(-x hip --offload-arch=gfx942 -std=c++17 --cuda-device-only -I "$dir"
                 --rocm-device-lib-path="$devlibs" -c "$dir/$input" -o "$dir/out.o")
    case $v in
        5.2) flags+=(--rocm-path=/usr) ;;
        6.3) flags+=(--hip-path="$rocm" -isystem "$rocm/include" -include "$extras") ;;
        7.0) flags+=(--hip-path="$rocm" -isystem "$rocm/include" -include "$extras"
                     -DHIP_ENABLE_WARP_SYNC_BUILTINS -DC2H_ROCM7) ;;
    esac
    if "$clang" "${flags[@]}" >>"$dir/log" 2>&1; then
        echo "ok $v $kind $name"
    else
        echo "FAILED $v $kind $name"
    fi
}
export -f one
extras=$here/rocm63_extras.h
export work goldens examples newer cu2hip clang rocm devlibs extras

results=$work/results
xargs -P "$jobs" -L 1 bash -c 'one "$@"' _ <"$tasks" | sort -k3,3 -k4,4 -k2,2 >"$results"

status=0
for v in $configs; do
    label=$v; [ "$v" = 7.0 ] && label="7.0+warp-sync"
    echo "$prog: ROCm $label: $(awk -v v="$v" '$2 == v { n[$3]++; if ($1 == "ok") ok[$3]++ }
        END { for (k in n) printf "%s%s %d of %d", (s++ ? ", " : ""),
              k == "newer" ? "6.3-only programs" : k "s", ok[k], n[k] }' "$results") compiled"
done
[ $all = 1 ] && { grep FAILED "$results"; exit 0; }
while read -r res v kind name rest; do
    listed=0
    [ "$kind" = golden ] && [ -n "${skip[$name]:-}" ] && listed=1
    if [ "$res" = ok ] && [ $listed = 1 ]; then
        echo "FAILED $kind $name compiles at 5.2: remove it from tests/compile/golden_no_compile.txt"
        status=1
    elif [ "$res" = FAILED ] && [ $listed = 0 ]; then
        echo "FAILED $v $kind $name $rest"
        sed 's/^/    /' "$work/out/$v/$kind/$name/log" | head -n 40
        status=1
    fi
done <"$results"
exit $status
