#!/usr/bin/env bash
# run_cli_test.sh CU2HIP WORK: `cu2hip run` on the small CUDA programs of
# tests/run/programs/: a self-checking warp program passes (exit 0), its
# arguments after -- reach it and its exit status comes back, the temporary
# build folder is removed after success, inline assembly is reported as
# cannot-build (125) at its line, a compiler error as does-not-build (126),
# a missing runtime is a usage error (2) naming --hip-cpu-path, -o is
# refused, a cooperative-groups program with an event query passes, and
# grid synchronisation is reported as cannot-build (125) at its line. Skipped (77) without the HIP CPU runtime or libtbb.
set -u
cu2hip=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
progs=$here/programs
. "$here/hipcpu_env.sh"
mkdir -p "$work/tmp"
fail=0
check() { # check NAME WANT_CODE GOT_CODE
  if [ "$2" != "$3" ]; then
    echo "FAIL $1: exit $3, want $2"; sed 's/^/  | /' "$work/out" | head -30; fail=1
  else
    echo "ok   $1"
  fi
}
has() { # has NAME TEXT
  grep -qF -- "$2" "$work/out" || { echo "FAIL $1: no '$2' in:"; sed 's/^/  | /' "$work/out" | head -30; fail=1; }
}

# 1. The warp program passes; its temporary build folder is gone after.
TMPDIR=$work/tmp "$cu2hip" run -q "$progs/warp_vote" >"$work/out" 2>&1
check "warp program passes" 0 $?
has "warp program passes" "PASS: sum 6000 (want 6000)"
[ -z "$(ls -A "$work/tmp")" ] || { echo "FAIL temporary build folder left: $(ls "$work/tmp")"; fail=1; }

# 2. Arguments pass through, and the program's status comes back.
"$cu2hip" run -q --build-dir "$work/b2" "$progs/warp_vote" -- 100 7 >"$work/out" 2>&1
check "arguments and exit status" 7 $?
has "arguments and exit status" "PASS: sum 590 (want 590)"
[ -x "$work/b2/cu2hip-program" ] || { echo "FAIL --build-dir: no program in $work/b2"; fail=1; }

# 3. Inline assembly cannot be built for the CPU: said at its line.
"$cu2hip" run -q --build-dir "$work/b3" "$progs/asm/asm.cu" >"$work/out" 2>&1
check "inline assembly" 125 $?
has "inline assembly" "asm.cu:5: cannot build for the CPU runtime: asm.cu uses inline assembly"

# 4. Any other compiler error: does not build, with the compiler's words.
"$cu2hip" run -q --build-dir "$work/b4" "$progs/broken" >"$work/out" 2>&1
check "compiler error" 126 $?
has "compiler error" "the translated program does not build against the CPU runtime"
has "compiler error" "not_declared_anywhere"
has "compiler error" "the build folder is $work/b4"

# 5. No runtime: a usage error naming the ways to give one.
"$cu2hip" run -q --hip-cpu-path "$work/none" "$progs/asm/asm.cu" >"$work/out" 2>&1
check "missing runtime" 2 $?
has "missing runtime" "--hip-cpu-path"
HIP_CPU_PATH=$work/none "$cu2hip" run -q "$progs/asm/asm.cu" >"$work/out" 2>&1
check "missing runtime (\$HIP_CPU_PATH)" 2 $?
has "missing runtime (\$HIP_CPU_PATH)" "\$HIP_CPU_PATH"

# 7. Cooperative groups (tiles of a 2-D block, shuffles, meta groups) and
# hipEventQuery: built and right.
"$cu2hip" run -q --build-dir "$work/b7" "$progs/cg_tile" >"$work/out" 2>&1
check "cooperative groups and event query" 0 $?
has "cooperative groups and event query" "PASS: sum 1149 (want 1149)"

# 8. Grid synchronisation cannot be built for the CPU: said at its line.
"$cu2hip" run -q --build-dir "$work/b8" "$progs/grid_sync" >"$work/out" 2>&1
check "grid synchronisation" 125 $?
has "grid synchronisation" "grid_sync.cu:10: cannot build for the CPU runtime: it uses grid synchronisation (grid_group::sync)"

# 6. -o has no place in run.
"$cu2hip" run -o "$work/o" "$progs/asm/asm.cu" >"$work/out" 2>&1
check "-o refused" 2 $?
has "-o refused" "--build-dir"

exit $fail
